/**
 * The router state the server hands to the browser, as JSON: loader data, action data and route
 * errors (errors are class instances, so they are tagged on the way out and rebuilt on the way
 * in). Used for the first render (inline JSON) and for the data endpoint of client navigations.
 */
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, isRouteErrorResponse } from 'react-router';

/**
 * A route error in transferable form. A server error (status 500 or more, or any error that is
 * not a response) carries the id of the request it happened in, which the error page shows so a
 * visitor can quote it (docs/decisions/092-request-ids.md).
 */
export type SerializedRouteError =
  | { __type: 'RouteErrorResponse'; status: number; statusText: string; data: unknown; requestId?: string }
  | { __type: 'Error'; message: string; requestId?: string };

/** Router state in transferable form. */
export interface SerializedRouterState {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, SerializedRouteError> | null;
}

/** The state the browser hydrates from (inline JSON in the document). */
export interface BrowserState {
  router: SerializedRouterState;
  assets: {
    styles: string[];
    modulePreloads: string[];
    integrity?: Record<string, string>;
    devPreamble?: string;
  };
  /** Build id for new-version detection (`builds/latest.json`). */
  buildId: string;
}

/** Answer of the data endpoint for one client navigation. */
export type DataPayload = SerializedRouterState | { redirect: string; status: number; external: boolean };

/**
 * Tags route errors for JSON. Messages of unexpected errors are replaced by a generic text unless
 * `exposeMessages` (development), so internals never reach the browser. `requestId`, when given,
 * goes with every server error (status ≥ 500 or not a response).
 */
export function serializeErrors(
  errors: Record<string, unknown> | null | undefined,
  exposeMessages: boolean,
  requestId?: string,
): Record<string, SerializedRouteError> | null {
  if (!errors) return null;
  const out: Record<string, SerializedRouteError> = {};
  for (const [id, error] of Object.entries(errors)) {
    const serialized: SerializedRouteError = isRouteErrorResponse(error)
      ? { __type: 'RouteErrorResponse', status: error.status, statusText: error.statusText, data: error.data }
      : {
          __type: 'Error',
          message: exposeMessages && error instanceof Error ? error.message : 'Internal Server Error',
        };
    if (requestId !== undefined && isServerError(serialized)) serialized.requestId = requestId;
    out[id] = serialized;
  }
  return out;
}

/** True for an error the server is to blame for: status 500 or more, or not a response at all. */
function isServerError(error: SerializedRouteError): boolean {
  return error.__type === 'Error' || error.status >= 500;
}

/**
 * Rebuilds one serialised error (an ErrorResponse for status errors, otherwise an Error), with its
 * request id ({@link requestIdOfError}).
 */
export function deserializeError(error: SerializedRouteError): unknown {
  const rebuilt =
    error.__type === 'RouteErrorResponse'
      ? new ErrorResponseImpl(error.status, error.statusText, error.data)
      : new Error(error.message);
  if (error.requestId !== undefined) requestIds.set(rebuilt, error.requestId);
  return rebuilt;
}

/** Request ids of rebuilt errors; the errors themselves stay as React Router makes them. */
const requestIds = new WeakMap<object, string>();

/**
 * The id of the request in which a rebuilt route error happened (a server error that went through
 * {@link serializeErrors} with an id), or undefined.
 */
export function requestIdOfError(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? requestIds.get(error) : undefined;
}

/** Rebuilds the errors of a serialised router state. */
export function deserializeErrors(
  errors: Record<string, SerializedRouteError> | null,
): Record<string, unknown> | null {
  if (!errors) return null;
  return Object.fromEntries(Object.entries(errors).map(([id, error]) => [id, deserializeError(error)]));
}

/**
 * JSON for an inline `<script type="application/json">`: `<`, U+2028 and U+2029 are escaped so
 * the content can never close the element or break parsing (OWASP XSS prevention, rule 3.1).
 */
export function toInlineJson(value: unknown): string {
  // It is the largest string of a page (decision 068): most pages have none of the three
  // characters, and `includes` finds that out faster than the regular expression's pass.
  const json = JSON.stringify(value);
  if (!json.includes('<') && !json.includes('\u2028') && !json.includes('\u2029')) return json;
  return json.replace(INLINE_UNSAFE, (char) => INLINE_ESCAPES[char]!);
}

const INLINE_UNSAFE = /[<\u2028\u2029]/g;
const INLINE_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};
