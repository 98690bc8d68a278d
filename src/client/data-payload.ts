/**
 * Reads an answer of the data endpoint (`/__data/<path>`): JSON, or, when a deferred value was
 * still pending on the server, NDJSON (docs/decisions/105-streaming-documents.md, addendum): the
 * first line is the router state with a marker `{"__deferred": "<id>"}` for each pending value,
 * each later line `{"id", "value"}` or `{"id", "failed": true}` as that value settles
 * (src/server/render/deferred.server.ts). The payload is handed on after the first line; each
 * marker becomes a promise ({@link streamedValueOf}) that the rest of the stream settles.
 */
import type { DataPayload } from '../shared/route-state.ts';

/** What the data endpoint may answer; the `Accept` of every data request. */
export const DATA_ACCEPT = 'application/x-ndjson, application/json';

interface Pending {
  promise: Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** For each streamed payload: the promise of its deferred value `id`. */
const streams = new WeakMap<object, (id: string) => Promise<unknown>>();

/** True when `response` is a data endpoint answer this module reads (JSON or NDJSON). */
export function isDataAnswer(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return type.includes('application/json') || type.includes('application/x-ndjson');
}

/**
 * The payload of a data endpoint answer; for NDJSON, as soon as its first line is in.
 * @throws SyntaxError when the body is not the JSON it should be; TypeError or the abort's
 *   DOMException when the network fails before the first line
 */
export async function readPayload(response: Response): Promise<DataPayload> {
  if (!response.headers.get('content-type')?.includes('application/x-ndjson') || !response.body) {
    return (await response.json()) as DataPayload;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  const nextLine = async (): Promise<string | null> => {
    for (;;) {
      const end = buffered.indexOf('\n');
      if (end >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        return line;
      }
      const { done, value } = await reader.read();
      if (done) return buffered ? buffered : null;
      buffered += value;
    }
  };
  const first = await nextLine();
  if (first === null) throw new SyntaxError('The data endpoint sent an empty stream');
  const payload = JSON.parse(first) as DataPayload;
  const values = new Map<string, Pending>();
  /** Set when the stream has ended: what is not in `values` by then never comes. */
  let ended: unknown;
  const deferredEntry = (id: string): Pending => {
    let entry = values.get(id);
    if (!entry) {
      let resolve!: Pending['resolve'];
      let reject!: Pending['reject'];
      const promise = new Promise<unknown>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      // A section renders its fallback on a rejection; it is never an unhandled one.
      promise.catch(() => {});
      entry = { promise, resolve, reject };
      values.set(id, entry);
      if (ended !== undefined) reject(ended);
    }
    return entry;
  };
  streams.set(payload, (id) => deferredEntry(id).promise);
  void (async () => {
    let cause: unknown = new Error('The data stream ended before this value');
    try {
      for (let line = await nextLine(); line !== null; line = await nextLine()) {
        if (!line) continue;
        const settled = JSON.parse(line) as { id: string; value?: unknown; failed?: true };
        if (settled.failed)
          deferredEntry(settled.id).reject(new Error(`Deferred value ${settled.id} failed`));
        else deferredEntry(settled.id).resolve(settled.value);
      }
    } catch (error) {
      cause = error;
    }
    // What never came (a cut connection) shows its section's fallback.
    ended = cause;
    for (const entry of values.values()) entry.reject(cause);
  })();
  return payload;
}

/**
 * For a payload that {@link readPayload} read from a stream: the promise of deferred value `id`;
 * else undefined (a JSON answer carries its values in place).
 */
export function streamedValueOf(payload: DataPayload): ((id: string) => Promise<unknown>) | undefined {
  return streams.get(payload);
}
