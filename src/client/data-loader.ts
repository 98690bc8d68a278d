/**
 * Browser loaders: every route's loader reads the portal's JSON data endpoint (`/__data/<path>`),
 * never the CMS. All loaders of one navigation share one request (the endpoint answers every
 * matched route at once), so a navigation costs one round trip.
 */
import { type ActionFunction, type LoaderFunction, redirect } from 'react-router';
import { type DataPayload, deserializeError } from '../shared/route-state.ts';

const inflight = new Map<string, Promise<DataPayload>>();

/** URL of the data endpoint for a page URL. */
export function dataUrl(pageUrl: URL): string {
  return `/__data${pageUrl.pathname}${pageUrl.search}`;
}

function fetchPayload(request: Request): Promise<DataPayload> {
  const url = new URL(request.url);
  const key = url.pathname + url.search;
  let promise = inflight.get(key);
  if (!promise) {
    promise = fetch(dataUrl(url), { headers: { Accept: 'application/json' }, signal: request.signal }).then(
      async (response) => {
        if (!response.headers.get('content-type')?.includes('application/json')) {
          throw new Error(`Unexpected response ${response.status} from the data endpoint`);
        }
        return (await response.json()) as DataPayload;
      },
    );
    inflight.set(key, promise);
    // The loaders of one navigation are called together; later navigations fetch afresh.
    const forget = () => setTimeout(() => inflight.delete(key), 0);
    promise.then(forget, forget);
  }
  return promise;
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

/**
 * The action of route `id` in the browser: posts the submitted form to the data endpoint, which
 * runs the server action (and the CSRF origin check) and answers its data or where to go next.
 */
export function clientAction(id: string): ActionFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const response = await fetch(dataUrl(url), {
      method: request.method,
      body: await request.formData(),
      headers: { Accept: 'application/json' },
      signal: request.signal,
    });
    if (!response.headers.get('content-type')?.includes('application/json')) {
      throw new Error(`Unexpected response ${response.status} from the data endpoint`);
    }
    const payload = (await response.json()) as DataPayload;
    if ('redirect' in payload) return followRedirect(payload);
    if (payload.actionData && Object.hasOwn(payload.actionData, id)) return payload.actionData[id];
    const error = payload.errors ? Object.values(payload.errors)[0] : undefined;
    if (error) throw deserializeError(error);
    return null;
  };
}

/** The loader of route `id` in the browser. */
export function clientLoader(id: string): LoaderFunction {
  return async ({ request }) => {
    const payload = await fetchPayload(request);
    if ('redirect' in payload) return followRedirect(payload);
    if (Object.hasOwn(payload.loaderData, id)) return payload.loaderData[id];
    const error = payload.errors ? Object.values(payload.errors)[0] : undefined;
    if (error) throw deserializeError(error);
    return null;
  };
}
