/**
 * The browser's side of deferred sections (src/shared/ui/deferred.tsx,
 * docs/decisions/105-streaming-documents.md): a deferred value of the streamed document is read
 * from the inert data block React streamed with its section, `<script type="application/json"
 * id="deferred:<id>">`, as soon as the parser has put it in the document.
 */
import {
  type DeferredBlock,
  deferredElementId,
  settledPromise,
  trackDeferred,
} from '../shared/ui/deferred.tsx';

/** Deferred values whose data block has not been parsed yet, by id. */
const waiting = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
let observer: MutationObserver | undefined;

/** The block with `id`'s value, once the parser has added it, or undefined. */
function readBlock(id: string): DeferredBlock | undefined {
  const text = document.getElementById(deferredElementId(id))?.textContent;
  return text ? (JSON.parse(text) as DeferredBlock) : undefined;
}

/** Settles every waiting value whose block is there; with `final`, rejects the ones still missing. */
function settleWaiting(final: boolean): void {
  for (const [id, settle] of waiting) {
    const block = readBlock(id);
    if (block && 'value' in block) settle.resolve(block.value);
    else if (block || final) settle.reject(new Error(`Deferred value ${id} did not arrive`));
    else continue;
    waiting.delete(id);
  }
  if (waiting.size === 0) {
    observer?.disconnect();
    observer = undefined;
  }
}

/**
 * The promise of deferred value `id` (a `{"__deferred": "<id>"}` marker of the page's state): settled
 * at once when its data block is already in the document, else when the parser adds it. When the
 * document has been parsed without it (the server gave up on the section), it rejects and the
 * section keeps its fallback.
 */
export function deferredFromDocument(id: string): Promise<unknown> {
  const block = readBlock(id);
  if (block) {
    return settledPromise(
      'value' in block
        ? { ok: true, value: block.value }
        : { ok: false, error: new Error(`Deferred value ${id} failed`) },
      id,
    );
  }
  const promise = new Promise<unknown>((resolve, reject) => waiting.set(id, { resolve, reject }));
  if (!observer) {
    observer = new MutationObserver(() => settleWaiting(false));
    observer.observe(document, { childList: true, subtree: true });
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', () => settleWaiting(true), { once: true });
    }
  }
  if (document.readyState !== 'loading') settleWaiting(true);
  return trackDeferred(promise, id);
}
