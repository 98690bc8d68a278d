/**
 * Browser loaders: every route's loader reads the portal's JSON data endpoint (`/__data/<path>`),
 * never the CMS. All loaders of one navigation share one request (the endpoint answers every
 * matched route at once), so a navigation costs one round trip.
 */
import { type LoaderFunction, redirect } from 'react-router';
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

/** The loader of route `id` in the browser. */
export function clientLoader(id: string): LoaderFunction {
  return async ({ request }) => {
    const payload = await fetchPayload(request);
    if ('redirect' in payload) {
      if (payload.external) {
        window.location.assign(payload.redirect);
        return leave();
      }
      throw redirect(payload.redirect, payload.status);
    }
    if (Object.hasOwn(payload.loaderData, id)) return payload.loaderData[id];
    const error = payload.errors ? Object.values(payload.errors)[0] : undefined;
    if (error) throw deserializeError(error);
    return null;
  };
}
