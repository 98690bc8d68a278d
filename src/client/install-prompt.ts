/**
 * The install prompt (docs/product.md#states): when the browser offers to install the
 * portal (`beforeinstallprompt`,
 * https://wicg.github.io/manifest-incubations/#beforeinstallpromptevent-interface), its own
 * prompt is prevented and the portal's install dialog is shown instead, unless the visitor
 * dismissed it within the last 30 days (./install-offer.ts). The dialog is a separate chunk
 * (./install-dialog.ts), fetched only when the browser fires the event.
 */
import { type BeforeInstallPromptEvent, recentlyDismissed } from './install-offer.ts';

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
