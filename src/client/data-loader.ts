/**
 * Browser data: every route's loader reads the portal's JSON data endpoint (`/__data/<path>`),
 * never the CMS. React Router's `dataStrategy` (https://reactrouter.com/api/data-routers/createBrowserRouter#optsdatastrategy)
 * makes one request per navigation: the routes that must load (`match.shouldLoad`, which honours
 * each route's `shouldRevalidate`) share the one answer, in which the endpoint answers every
 * matched route at once. Actions post the form to the same endpoint.
 */

import { type ActionFunction, type DataStrategyFunction, type LoaderFunction, redirect } from 'react-router';
import { type DataPayload, deserializeError } from '../shared/route-state.ts';
import { reviveDeferred } from '../shared/ui/deferred.tsx';
import { dataUrl } from '../shared/urls.ts';
import { DATA_ACCEPT, isDataAnswer, readPayload, streamedValueOf } from './data-payload.ts';
import { clearPrefetchedPayloads, takePrefetchedPayload } from './prefetch.ts';
import { KEEP_PREFETCHED } from './service-worker-messages.ts';

/** What `dataStrategy` hands each loader as its `context`: the navigation's one payload. */
interface NavigationPayload {
  payload: () => Promise<DataPayload>;
}

/**
 * Fetches the data endpoint's answer for the page `request` asks for. When the network fails
 * (offline) and the service worker controls the page, the browser loads the page itself instead,
 * which the worker answers with the kept news item or the offline page
 * (docs/decisions/059-installable-app.md). A navigation to another page first takes the payload
 * prefetched for it, if any (src/client/prefetch.ts); a revalidation of the current page never does.
 */
async function fetchPayload(request: Request): Promise<DataPayload> {
  const target = new URL(request.url);
  const here = window.location;
  if (request.method === 'GET' && target.pathname + target.search !== here.pathname + here.search) {
    const key = dataUrl(target);
    const prefetched = takePrefetchedPayload(key);
    if (prefetched) {
      try {
        const payload = await prefetched;
        // Now it is read: the service worker keeps it for offline reading if it is a news item.
        navigator.serviceWorker?.controller?.postMessage({ type: KEEP_PREFETCHED, url: key });
        return payload;
      } catch {
        // The prefetch failed: load it now.
      }
    }
  }
  let response: Response;
  try {
    response = await fetch(dataUrl(new URL(request.url)), {
      headers: { Accept: DATA_ACCEPT },
      // Revalidate: anonymous answers may be kept a minute (PUBLIC_PAGE_CACHE), and one kept from
      // before a sign-in or sign-out must not be shown after it.
      cache: 'no-cache',
      signal: request.signal,
    });
  } catch (error) {
    // fetch() rejects with a TypeError on a network failure (an abort is a DOMException).
    if (error instanceof TypeError && navigator.serviceWorker?.controller) {
      window.location.assign(request.url);
      return leave();
    }
    throw error;
  }
  if (!isDataAnswer(response)) {
    throw new Error(`Unexpected response ${response.status} from the data endpoint`);
  }
  return readPayload(response);
}

/** A never-settling promise, for a navigation that leaves the single-page app. */
const leave = () => new Promise<never>(() => {});

/** Turns a redirect payload into a router redirect (or leaves the app for an external one). */
function followRedirect(payload: {
  redirect: string;
  status: number;
  external: boolean;
}): never | Promise<never> {
  if (payload.external) {
    window.location.assign(payload.redirect);
    return leave();
  }
  throw redirect(payload.redirect, payload.status);
}

/** Route `id`'s part of a payload: its data, or the error it threw, or where to go instead. */
function sliceFor(id: string, payload: DataPayload, part: 'loaderData' | 'actionData'): unknown {
  if ('redirect' in payload) return followRedirect(payload);
  const values = payload[part];
  // A deferred value that failed on the server comes as a marker: its section shows its fallback;
  // one still pending there (a streamed answer) is a promise the rest of the stream settles.
  if (values && Object.hasOwn(values, id)) return reviveDeferred(values[id], streamedValueOf(payload));
  const error = payload.errors ? Object.values(payload.errors)[0] : undefined;
  if (error) throw deserializeError(error);
  return null;
}

/**
 * One data request per navigation or revalidation: the loaders that must run read the same
 * answer; actions (one route at a time) run their own handler.
 */
export const dataStrategy: DataStrategyFunction = async ({ request, matches }) => {
  let shared: Promise<DataPayload> | undefined;
  const context: NavigationPayload = { payload: () => (shared ??= fetchPayload(request)) };
  const loading = matches.filter((match) => match.shouldLoad);
  const results = await Promise.all(
    loading.map(
      async (match) => [match.route.id, await match.resolve((handler) => handler(context))] as const,
    ),
  );
  return Object.fromEntries(results);
};

/** The loader of route `id` in the browser: its part of the navigation's payload. */
export function clientLoader(id: string): LoaderFunction {
  return async ({ request, context }) => {
    const source = context as Partial<NavigationPayload> | undefined;
    const payload = await (source?.payload ? source.payload() : fetchPayload(request));
    return sliceFor(id, payload, 'loaderData');
  };
}

/**
 * The action of route `id` in the browser: posts the submitted form to the data endpoint, which
 * runs the server action (and the CSRF origin check) and answers its data or where to go next.
 */
export function clientAction(id: string): ActionFunction {
  return async ({ request }) => {
    // A form post may change what any page shows: prefetched payloads are stale from now on.
    clearPrefetchedPayloads();
    const response = await fetch(dataUrl(new URL(request.url)), {
      method: request.method,
      body: await request.formData(),
      headers: { Accept: 'application/json' },
      signal: request.signal,
    });
    if (!response.headers.get('content-type')?.includes('application/json')) {
      throw new Error(`Unexpected response ${response.status} from the data endpoint`);
    }
    const payload = (await response.json()) as DataPayload;
    clearPrefetchedPayloads();
    return sliceFor(id, payload, 'actionData');
  };
}
