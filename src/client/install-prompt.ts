/**
 * The install prompt (docs/product.md#states): when the browser offers to install the
 * portal (`beforeinstallprompt`,
 * https://wicg.github.io/manifest-incubations/#beforeinstallpromptevent-interface), its own
 * prompt is prevented and the portal's install dialog is shown instead, unless the visitor
 * dismissed it within the last 30 days (./install-offer.ts). The dialog is a separate chunk
 * (./install-dialog.ts), fetched only when the browser fires the event, and opened once the page
 * has loaded and the browser is idle (at most 3 s after `load`).
 */
import { type BeforeInstallPromptEvent, recentlyDismissed } from './install-offer.ts';
import { whenIdle } from './yield-to-browser.ts';

/**
 * Listens for the browser's install offer for the life of the page: prevents the browser's own
 * prompt and, unless dismissed recently, loads and opens the install dialog. A failed chunk load
 * shows nothing.
 */
export function watchInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    if (recentlyDismissed()) return;
    // Not in the middle of page start: the dialog (its chunk, its render) waits until the page has
    // loaded and the browser is idle, so the page the visitor came for comes first (decision 108).
    afterPageStart(() =>
      import('./install-dialog.ts').then(
        (module) => module.openInstallDialog(event as BeforeInstallPromptEvent),
        () => {
          // The chunk did not load (offline, new build): no dialog this time.
        },
      ),
    );
  });
}

/** The longest wait for an idle moment after `load` before the dialog opens anyway, ms. */
const IDLE_TIMEOUT_MS = 3000;

/** Runs `work` once the document has loaded and the browser is idle. */
function afterPageStart(work: () => void): void {
  const idle = () => whenIdle(work, IDLE_TIMEOUT_MS);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
