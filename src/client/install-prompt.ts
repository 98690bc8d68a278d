/**
 * The install prompt (docs/product.md#states): when the browser offers to install the
 * portal (`beforeinstallprompt`,
 * https://wicg.github.io/manifest-incubations/#beforeinstallpromptevent-interface), its own
 * prompt is prevented and the portal's install dialog is shown instead, unless the visitor
 * dismissed it within the last 30 days. The dialog is a separate chunk (./install-dialog.ts),
 * fetched only when the browser fires the event.
 */

/** The browser's install offer (Chromium; not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  /** Shows the browser's install prompt; once per event. */
  prompt(): Promise<unknown>;
  /** Settles with the visitor's answer to `prompt()`. */
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

/** `localStorage` key of the last dismissal: its time, ms since the epoch. */
export const INSTALL_DISMISSED_KEY = 'install-prompt-dismissed';

/** How long a dismissal keeps the dialog away: 30 days, in ms. */
export const INSTALL_DISMISS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * True when a dismissal stored as `stored` (the raw `localStorage` value) still holds at `now`
 * (ms). A missing, unreadable or future value does not hold.
 */
export function dismissalHolds(stored: string | null, now: number): boolean {
  if (stored === null || !/^\d+$/.test(stored)) return false;
  const at = Number(stored);
  return at <= now && now - at < INSTALL_DISMISS_MS;
}

/** True when the visitor dismissed the dialog within the last 30 days (storage errors: false). */
export function recentlyDismissed(now = Date.now()): boolean {
  try {
    return dismissalHolds(window.localStorage.getItem(INSTALL_DISMISSED_KEY), now);
  } catch {
    return false;
  }
}

/** Remembers a dismissal at `now` (ms); a storage failure only means the dialog may come back. */
export function rememberDismissal(now = Date.now()): void {
  try {
    window.localStorage.setItem(INSTALL_DISMISSED_KEY, String(now));
  } catch {
    // Not remembered.
  }
}

/**
 * Listens for the browser's install offer for the life of the page: prevents the browser's own
 * prompt and, unless dismissed recently, loads and opens the install dialog. A failed chunk load
 * shows nothing.
 */
export function watchInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    if (recentlyDismissed()) return;
    import('./install-dialog.ts').then(
      (module) => module.openInstallDialog(event as BeforeInstallPromptEvent),
      () => {
        // The chunk did not load (offline, new build): no dialog this time.
      },
    );
  });
}
