/**
 * The page's side of the service worker (src/client/service-worker.ts,
 * docs/decisions/059-installable-app.md): registration, and activation of a new worker, which
 * waits after installing until a page activates it together with the new-build check and its
 * reload (./build-version.ts). Browsers without service workers, and development (no worker is
 * built), skip all of this.
 */

/** The worker's URL, written by the client build at the site's root (vite.config.ts). */
export const SERVICE_WORKER_URL = '/service-worker.js';

/** How long the page waits for a new worker to install or take over, in ms, before going on without it. */
export const WORKER_WAIT_MS = 5000;

/** True when this page can have a service worker (production build, supporting browser). */
function workersAvailable(): boolean {
  return !import.meta.env.DEV && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/** Resolves with `promise`'s value, or with `fallback` after `ms`. */
function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms))]);
}

/** The registration's worker once it has installed and waits, or null (none, failed, or too slow). */
function installedWorker(registration: ServiceWorkerRegistration, ms: number): Promise<ServiceWorker | null> {
  if (registration.waiting) return Promise.resolve(registration.waiting);
  const installing = registration.installing;
  if (!installing) return Promise.resolve(null);
  const installed = new Promise<ServiceWorker | null>((resolve) => {
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed') resolve(installing);
      else if (installing.state === 'redundant') resolve(null);
    });
  });
  return within(installed, ms, null);
}

/**
 * Asks the browser for the newest worker and lets it take over this page: checks the worker
 * script for changes, waits for a new one to install, tells it to activate and waits for it to
 * control the page, each step at most {@link WORKER_WAIT_MS}. Resolves when done or given up;
 * never rejects (a page without a worker, or offline, simply goes on).
 */
export async function activateNewWorker(ms = WORKER_WAIT_MS): Promise<void> {
  if (!workersAvailable() || !navigator.serviceWorker.controller) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return;
    await within(
      registration.update().catch(() => undefined),
      ms,
      undefined,
    );
    const worker = await installedWorker(registration, ms);
    if (!worker) return;
    const tookOver = new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
    });
    worker.postMessage({ type: 'SKIP_WAITING' });
    await within(tookOver, ms, undefined);
  } catch {
    // No worker this time: the reload that follows still loads the new build from the network.
  }
}

/** What the page is told about its worker. */
export interface WorkerEvents {
  /** A new worker installed and waits (found at start or by the browser's update check). */
  onWaiting: () => void;
  /** Another page made a new worker take over this page (not the first worker's arrival). */
  onTakenOver: () => void;
}

/**
 * Registers the worker (scope `/`) and reports a waiting worker and a takeover. Registration
 * failures are ignored: the site works without a worker, only not offline.
 */
export async function registerServiceWorker(events: WorkerEvents): Promise<void> {
  if (!workersAvailable()) return;
  const hadController = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) events.onTakenOver();
  });
  try {
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
    if (registration.waiting && hadController) events.onWaiting();
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        // Only an update waits; the first worker activates at once and claims the page.
        if (installing.state === 'installed' && navigator.serviceWorker.controller) events.onWaiting();
      });
    });
  } catch {
    // Refused (private mode, policy): the site works without offline reading.
  }
}
