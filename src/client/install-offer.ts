/**
 * The browser's install offer and the visitor's "not now" (docs/product.md#states), shared by the
 * prompt that listens for the offer (./install-prompt.ts, in the start chunk) and the dialog that
 * answers it (./install-dialog.ts, its own chunk): a dismissal is remembered in `localStorage` for
 * 30 days.
 */

/**
 * The browser's install offer (Chromium; not in TypeScript's DOM types;
 * https://wicg.github.io/manifest-incubations/#beforeinstallpromptevent-interface).
 */
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
