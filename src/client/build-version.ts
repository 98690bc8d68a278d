/**
 * Reload on a new deployment (docs/product.md#states): after each navigation and every 5 minutes the
 * browser fetches `builds/latest.json` with a timestamp query; when its id differs from the build
 * the page was loaded with, the page reloads. A chunk that fails to load (an old chunk removed by
 * a deployment) reloads too. Reloads are at most one per 10 000 ms (docs/product.md#constants reload guard).
 *
 * The service worker follows the same check (docs/decisions/059-installable-app.md): before such a
 * reload the page lets the new deployment's worker take over, so the reloaded page runs the new
 * JavaScript under the new worker; a new worker that installed on its own takes over when the
 * check finds the page current (no reload) or old (then with the reload); and a page whose worker
 * another page replaced checks at once.
 */
import { activateNewWorker, registerServiceWorker } from './service-worker-registration.ts';

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

/** The id of the build the server runs now, or null when it cannot be read (offline, deploying). */
async function latestBuildId(): Promise<string | null> {
  try {
    const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return null;
    const { id } = (await response.json()) as { id?: string };
    return id ?? null;
  } catch {
    return null;
  }
}

/** True while this page activates a worker or reloads (its own takeover needs no second check). */
let updating = false;

/**
 * Asks the server for the current build id; when it changed, lets the new worker take over and
 * reloads. With `activateWaiting`, a waiting worker also takes over when the page is current.
 * Network errors are ignored (try again later).
 */
export async function checkBuildVersion(currentId: string, activateWaiting = false): Promise<void> {
  if (updating) return;
  const id = await latestBuildId();
  if (!id || currentId === 'dev') return;
  const old = id !== currentId;
  if (!old && !activateWaiting) return;
  updating = true;
  try {
    await activateNewWorker();
    if (old) guardedReload();
  } finally {
    updating = false;
  }
}

/** Starts the periodic check, the chunk-error reload and the service worker. */
export function watchBuildVersion(currentId: string): void {
  setInterval(() => void checkBuildVersion(currentId), CHECK_INTERVAL_MS);
  window.addEventListener('vite:preloadError', (event) => {
    if (guardedReload()) event.preventDefault();
  });
  void registerServiceWorker({
    onWaiting: () => void checkBuildVersion(currentId, true),
    onTakenOver: () => void checkBuildVersion(currentId),
  });
}
