/**
 * Ends the current task so the browser can paint and handle input before the rest of the work
 * runs: `scheduler.yield()` where the browser has it (Chromium 129+; the continuation keeps its
 * priority, https://developer.mozilla.org/docs/Web/API/Scheduler/yield), else a `MessageChannel`
 * message, which, unlike a nested `setTimeout`, is not clamped to 4 ms. Page start splits its
 * work with it, so no task of it blocks input for long (docs/decisions/108-page-start-in-short-tasks.md).
 * @returns a promise that resolves in a later task; it never rejects
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/**
 * Runs `work` when the browser is idle (`requestIdleCallback`, at most `timeoutMs` later), or
 * after `timeoutMs` where it has no idle callbacks (Safari before 18). For work nobody waits for:
 * the prefetch of the links in view.
 * @param timeoutMs the longest wait, ms
 */
export function whenIdle(work: () => void, timeoutMs: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: timeoutMs });
  else setTimeout(work, timeoutMs);
}
