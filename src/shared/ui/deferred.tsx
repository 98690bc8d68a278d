/**
 * Deferred sections (docs/decisions/105-streaming-documents.md): a loader awaits what its page
 * exists for and returns promises for the rest (React Router 7's data APIs, "Streaming with
 * Suspense"); the view renders such a value with {@link Deferred}, React Router's `<Await>` inside
 * `<Suspense>`, whose fallback is the section's heading and a link to its full list.
 *
 * How a value crosses from the server to the browser's hydration, without a script that runs:
 * - The server tags each deferred promise with an id (`<route id>:<key>`, {@link trackDeferred}) and
 *   writes `{"__deferred": "<id>"}` in its place in the page's state.
 * - When the promise settles, the section's own markup carries its value in an inert
 *   `<script type="application/json" id="deferred:<id>">` data block, which React streams with the
 *   section (and moves into place with it). The page's CSP does not apply to data blocks.
 * - The browser turns each marker into a promise that settles when that data block is in the
 *   document ({@link deferredFromDocument}), so hydration never fetches what the server sent.
 * - Client navigations read `/__data`: a value that has settled is sent as it is, a failed one as
 *   `{"__deferred": null}` ({@link reviveDeferred} makes it a rejected promise), and one still
 *   pending as a marker that a later line of the streamed answer settles (src/client/data-payload.ts).
 *
 * A promise that has settled is rendered at once, on both sides ({@link settledOf}): `<Await>`
 * would suspend once on any promise it has not seen before, even one settled long ago.
 */
import { type ReactNode, Suspense } from 'react';
import { Await } from 'react-router';
import { toInlineJson } from '../route-state.ts';

/** The key of a deferred value's stand-in in serialised loader data. */
export const DEFERRED_MARKER = '__deferred';

/** A loader value that is either there (client navigations) or still coming (a streamed document). */
export type Deferrable<T> = T | Promise<T>;

/** How a tracked promise settled. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

const settledPromises = new WeakMap<Promise<unknown>, Settled<unknown>>();
const deferredIds = new WeakMap<Promise<unknown>, string>();

/**
 * Tags `promise` as deferred value `id` and records how it settles; returns the same promise.
 * A rejection is handled here (it renders the section's fallback), so it is never unhandled.
 */
export function trackDeferred<T>(promise: Promise<T>, id: string): Promise<T> {
  deferredIds.set(promise, id);
  promise.then(
    (value) => settledPromises.set(promise, { ok: true, value }),
    (error: unknown) => settledPromises.set(promise, { ok: false, error }),
  );
  return promise;
}

/** How `promise` settled, or undefined while it is pending or when it was never tracked. */
export function settledOf<T>(promise: Promise<T>): Settled<T> | undefined {
  return settledPromises.get(promise) as Settled<T> | undefined;
}

/** The id {@link trackDeferred} gave `promise`, if any. */
export function deferredIdOf(promise: Promise<unknown>): string | undefined {
  return deferredIds.get(promise);
}

/** The `id` of the data block that carries deferred value `id`. */
export function deferredElementId(id: string): string {
  return `deferred:${id}`;
}

/** What a data block holds: the value, or that the deferred call failed. */
export type DeferredBlock = { value: unknown } | { failed: true };

/** A promise that has settled with `settled`, known to {@link settledOf} at once. */
export function settledPromise<T>(settled: Settled<T>, id?: string): Promise<T> {
  const promise = settled.ok ? Promise.resolve(settled.value) : Promise.reject(settled.error);
  promise.catch(() => {});
  settledPromises.set(promise, settled);
  if (id !== undefined) deferredIds.set(promise, id);
  return promise;
}

/**
 * Turns the stand-ins of one route's serialised loader data into values again: `{"__deferred": null}`
 * (a deferred call that failed, from `/__data`) into a rejected promise, and with `fromDocument`
 * each `{"__deferred": "<id>"}` into the promise `fromDocument(id)` returns. Other values are kept.
 * @param data one route's loader data (any JSON value); objects are copied, never changed
 */
export function reviveDeferred(data: unknown, fromDocument?: (id: string) => Promise<unknown>): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  let revived: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(data)) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, DEFERRED_MARKER)) continue;
    const id = (value as Record<string, unknown>)[DEFERRED_MARKER];
    revived ??= { ...(data as Record<string, unknown>) };
    revived[key] =
      typeof id === 'string' && fromDocument
        ? fromDocument(id)
        : settledPromise({ ok: false, error: new Error(`Deferred value ${key} failed`) });
  }
  return revived ?? data;
}

/** The inert data block that carries a settled deferred value into the document. */
function DeferredData({ id, block }: { id: string; block: DeferredBlock }) {
  return (
    <script
      type="application/json"
      id={deferredElementId(id)}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: toInlineJson(block) }}
    />
  );
}

/**
 * A section whose data may still be coming: `children(value)` once `resolve` has settled with a
 * value, `fallback` until then and when it failed (the error is the server's to log; the
 * section's fallback is what a reader without it sees). The same tree on the server and in the
 * browser: `<Suspense>` around React Router's `<Await>`.
 * @param props.resolve the loader's value, or its promise
 * @param props.fallback the section's heading and a link to its full list, sized like the section
 * @param props.children renders the section from its value
 */
export function Deferred<T>({
  resolve,
  fallback,
  children,
}: {
  resolve: Deferrable<T>;
  fallback: ReactNode;
  children: (value: T) => ReactNode;
}) {
  const promise = resolve instanceof Promise ? resolve : undefined;
  const id = promise ? deferredIdOf(promise) : undefined;
  const settled = promise ? settledOf(promise) : undefined;
  const failed = (
    <>
      {fallback}
      {id ? <DeferredData id={id} block={{ failed: true }} /> : null}
    </>
  );
  return (
    <Suspense fallback={fallback}>
      {settled && !settled.ok ? (
        failed
      ) : (
        <Await resolve={settled?.ok ? settled.value : resolve} errorElement={failed}>
          {(value: T) => (
            <>
              {children(value)}
              {id ? <DeferredData id={id} block={{ value }} /> : null}
            </>
          )}
        </Await>
      )}
    </Suspense>
  );
}
