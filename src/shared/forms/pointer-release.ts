/**
 * A field's blur reaches the form only after the pointer press that caused it is over
 * (docs/decisions/110-forms-a-first-visitor-can-fill-in.md).
 *
 * Messages show on blur (docs/product.md#states). A mouse press on another control moves the
 * focus away at `mousedown`; a message that appeared then pushed everything below the field down
 * before `mouseup`, so the release landed elsewhere and the click was lost (type 5000 attendees,
 * click the consent box: it stayed unchecked). Holding the blur until the press has ended and its
 * click has been handled lets the click reach the control the visitor pressed; the message shows
 * right after, with the same markup and `aria-describedby` as always. A blur without a pointer
 * press (Tab, a script) is reported at once.
 *
 * A mouse's click follows its `pointerup` in the same task, so the held blurs run in a task after
 * it. A touch or pen moves the focus at the tap that follows its `pointerup`, so a press by them
 * lasts until its `click` (or, when no click comes, for {@link TAP_WAIT_MS}).
 */

/** How long a touch or pen press may wait for its click before the held blurs run anyway. */
const TAP_WAIT_MS = 800;

let pressed = false;
let tapTimer: ReturnType<typeof setTimeout> | undefined;
const waiting = new Set<() => void>();

/** Ends the press: the held blurs run in the next task, after the click of this press. */
function release(): void {
  if (!pressed) return;
  pressed = false;
  clearTimeout(tapTimer);
  setTimeout(() => {
    const tasks = [...waiting];
    waiting.clear();
    for (const task of tasks) task();
  }, 0);
}

/** Starts watching `doc`'s pointer presses (once per document; the forms module does it on load). */
export function watchPointerPresses(doc: Document): void {
  const marked = doc as Document & { __portalPointerWatch?: true };
  if (marked.__portalPointerWatch) return;
  marked.__portalPointerWatch = true;
  doc.addEventListener(
    'pointerdown',
    (event) => {
      if (!event.isPrimary) return;
      clearTimeout(tapTimer);
      pressed = true;
    },
    true,
  );
  doc.addEventListener(
    'pointerup',
    (event) => {
      if (!event.isPrimary) return;
      if (event.pointerType === 'mouse') release();
      else tapTimer = setTimeout(release, TAP_WAIT_MS);
    },
    true,
  );
  doc.addEventListener('click', release, true);
  doc.addEventListener('pointercancel', release, true);
  doc.addEventListener('dragend', release, true);
  doc.defaultView?.addEventListener('blur', release);
}

/** True while a pointer press is under way. */
export function pointerPressed(): boolean {
  return pressed;
}

/**
 * Runs `task` now, or — during a pointer press — once the press and its click are over.
 * @returns a function that cancels a task still waiting
 */
export function afterPointerPress(task: () => void): () => void {
  if (!pressed) {
    task();
    return () => {};
  }
  waiting.add(task);
  return () => {
    waiting.delete(task);
  };
}

if (typeof document !== 'undefined') watchPointerPresses(document);
