/**
 * The server's side of deferred sections (src/shared/ui/deferred.tsx,
 * docs/decisions/105-streaming-documents.md): finds the promises the loaders returned in their
 * data (top-level values of a route's data object), tags them, and stands in for them in what is
 * serialised: a marker in the document's state, the settled value on `/__data`.
 */
import { DEFERRED_MARKER, deferredIdOf, settledOf, trackDeferred } from '../../shared/ui/deferred.tsx';

/**
 * A loader's deferred value: `promise` itself, marked handled at once, since the loader may throw
 * (a 404, a CMS outage) before anything awaits it, and an unhandled rejection ends the process.
 * Its failure still reaches the section (its fallback) and the log ({@link trackLoaderData}).
 */
export function deferredValue<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/** The deferred values of one render. */
export interface DeferredValues {
  /** Every route's loader data, each deferred promise replaced by `{"__deferred": "<id>"}`. */
  loaderData: Record<string, unknown>;
  /** The deferred promises, tracked (none rejects unhandled). */
  promises: Promise<unknown>[];
  /** How many of them are still pending now; a section of each may stream after the shell. */
  pending: number;
  /**
   * Settles when every deferred value has: true when each resolved, false when one failed (its
   * section shows its fallback; such a page is not kept as a fresh cached page).
   */
  settled: Promise<boolean>;
}

/** The promises among the top-level values of one route's loader data, with their keys. */
function deferredEntries(data: unknown): Array<[string, Promise<unknown>]> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return [];
  return Object.entries(data).filter(
    (entry): entry is [string, Promise<unknown>] => entry[1] instanceof Promise,
  );
}

/**
 * Tags and tracks the deferred promises of `loaderData` (route id → data) and makes its
 * serialisable form. Waits one turn of the event loop (`setImmediate`), so the values whose data
 * was already in memory count as settled (they render at once, in the shell).
 * @param onError hears each deferred promise's rejection (the server's log)
 */
export async function trackLoaderData(
  loaderData: Record<string, unknown>,
  onError: (error: unknown, id: string) => void,
): Promise<DeferredValues> {
  const promises: Promise<unknown>[] = [];
  let serialisable: Record<string, unknown> | undefined;
  for (const [routeId, data] of Object.entries(loaderData)) {
    const entries = deferredEntries(data);
    if (entries.length === 0) continue;
    const copy = { ...(data as Record<string, unknown>) };
    for (const [key, promise] of entries) {
      const id = `${routeId}:${key}`;
      trackDeferred(promise, id);
      promise.catch((error: unknown) => onError(error, id));
      promises.push(promise);
      copy[key] = { [DEFERRED_MARKER]: id };
    }
    serialisable ??= { ...loaderData };
    serialisable[routeId] = copy;
  }
  // A value from the CMS client's cache settles after a few promise jobs, not at once: one turn
  // of the event loop lets every such chain finish, so that section is rendered in the shell.
  if (promises.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
  return {
    loaderData: serialisable ?? loaderData,
    promises,
    pending: promises.filter((promise) => settledOf(promise) === undefined).length,
    settled: Promise.allSettled(promises).then((results) =>
      results.every((result) => result.status === 'fulfilled'),
    ),
  };
}

/**
 * `loaderData` with every deferred value awaited, for `/__data`: a resolved value as it is, a
 * failed one as `{"__deferred": null}` (the browser renders that section's fallback), and whether
 * one failed.
 * @param onError hears each deferred promise's rejection
 */
export async function awaitLoaderData(
  loaderData: Record<string, unknown>,
  onError: (error: unknown, id: string) => void,
): Promise<{ loaderData: Record<string, unknown>; failed: boolean }> {
  let awaited: Record<string, unknown> | undefined;
  let failed = false;
  for (const [routeId, data] of Object.entries(loaderData)) {
    const entries = deferredEntries(data);
    if (entries.length === 0) continue;
    const copy = { ...(data as Record<string, unknown>) };
    await Promise.all(
      entries.map(async ([key, promise]) => {
        try {
          copy[key] = await promise;
        } catch (error) {
          onError(error, `${routeId}:${key}`);
          failed = true;
          copy[key] = { [DEFERRED_MARKER]: null };
        }
      }),
    );
    awaited ??= { ...loaderData };
    awaited[routeId] = copy;
  }
  return { loaderData: awaited ?? loaderData, failed };
}

/** The media type of a streamed `/__data` answer (https://github.com/ndjson/ndjson-spec). */
export const NDJSON = 'application/x-ndjson';

/** One line after the first of a streamed `/__data` answer: deferred value `id` has settled. */
export type DeferredLine = { id: string; value: unknown } | { id: string; failed: true };

/**
 * The deferred values of `tracked` for a streamed `/__data` answer (decision 105, addendum): the
 * loader data with each settled value in place (a failed one as `{"__deferred": null}`) and a
 * marker `{"__deferred": "<id>"}` for each pending one, and the pending ones by id. The browser
 * reads the first line as the router state, and each later line ({@link DeferredLine}) settles
 * the marker of its id.
 */
export function splitPending(tracked: DeferredValues): {
  loaderData: Record<string, unknown>;
  pending: Map<string, Promise<unknown>>;
} {
  const byId = new Map<string, Promise<unknown>>();
  for (const promise of tracked.promises) {
    const id = deferredIdOf(promise);
    if (id !== undefined) byId.set(id, promise);
  }
  const pending = new Map<string, Promise<unknown>>();
  const loaderData: Record<string, unknown> = {};
  for (const [routeId, data] of Object.entries(tracked.loaderData)) {
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      loaderData[routeId] = data;
      continue;
    }
    const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
    for (const [key, value] of Object.entries(copy)) {
      const id = (value as Record<string, unknown> | null)?.[DEFERRED_MARKER];
      const promise = typeof id === 'string' ? byId.get(id) : undefined;
      if (!promise || typeof id !== 'string') continue;
      const settled = settledOf(promise);
      if (!settled) pending.set(id, promise);
      else copy[key] = settled.ok ? settled.value : { [DEFERRED_MARKER]: null };
    }
    loaderData[routeId] = copy;
  }
  return { loaderData, pending };
}

/**
 * The lines that follow the first of a streamed `/__data` answer: one {@link DeferredLine} per
 * pending value, each as it settles (newline-terminated JSON). The CMS deadline of the request
 * (decision 048) bounds each call, so the stream ends.
 */
export async function* deferredLines(pending: Map<string, Promise<unknown>>): AsyncGenerator<string> {
  const waiting = new Map(
    [...pending].map(([id, promise]) => [
      id,
      promise.then(
        (value): DeferredLine => ({ id, value }),
        (): DeferredLine => ({ id, failed: true }),
      ),
    ]),
  );
  while (waiting.size > 0) {
    const line = await Promise.race(waiting.values());
    waiting.delete(line.id);
    yield `${JSON.stringify(line)}\n`;
  }
}
