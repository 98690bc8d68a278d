/**
 * Reload on a new deployment (docs/product.md#states): after each navigation and every 5 minutes the
 * browser fetches `builds/latest.json` with a timestamp query; when its id differs from the build
 * the page was loaded with, the page reloads. A chunk that fails to load (an old chunk removed by
 * a deployment) reloads too. Reloads are at most one per 10 000 ms (docs/product.md#constants reload guard).
 */

export const RELOAD_GUARD_MS = 10_000;
const CHECK_INTERVAL_MS = 5 * 60_000;
const GUARD_KEY = 'portal:last-reload';

/** Reloads the page unless it already reloaded less than 10 s ago. Returns whether it reloaded. */
export function guardedReload(
  now = Date.now(),
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
): boolean {
  const last = Number(storage.getItem(GUARD_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(GUARD_KEY, String(now));
  window.location.reload();
  return true;
}

/** Asks the server for the current build id; reloads when it changed. Network errors are ignored. */
export async function checkBuildVersion(currentId: string): Promise<void> {
  try {
    const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return;
    const { id } = (await response.json()) as { id?: string };
    if (id && currentId !== 'dev' && id !== currentId) guardedReload();
  } catch {
    // Offline or a deployment in progress: try again later.
  }
}

/** Starts the periodic check and the chunk-error reload. */
export function watchBuildVersion(currentId: string): void {
  setInterval(() => void checkBuildVersion(currentId), CHECK_INTERVAL_MS);
  window.addEventListener('vite:preloadError', (event) => {
    if (guardedReload()) event.preventDefault();
  });
}
