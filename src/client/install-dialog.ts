/**
 * The install dialog (docs/product.md#states), loaded on demand by ./install-prompt.ts:
 * a modal `<dialog>` (focus stays inside, Escape closes) named by its heading and described by its
 * text, with "Installeren" and "Niet nu". "Installeren" shows the browser's prompt; when the
 * visitor accepts, the dialog closes and an `Install` event is sent at once through the analytics
 * queue (docs/analytics.md). "Niet nu", Escape and a refusal in the browser's prompt are
 * remembered for 30 days. Built with DOM calls and `textContent` only (Trusted Types, decision 051).
 */
import { recordEvent } from '../shared/analytics/events.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../shared/i18n/locale.ts';
import en from '../shared/i18n/locales/en/install.json' with { type: 'json' };
import nl from '../shared/i18n/locales/nl/install.json' with { type: 'json' };
import { addTexts, fixedT } from '../shared/i18n/translations.ts';
import { type BeforeInstallPromptEvent, rememberDismissal } from './install-offer.ts';
import './install-dialog.css';

/** The open dialog, if any: one at a time. */
let open: HTMLDialogElement | null = null;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<HTMLElementTagNameMap[K]> = {},
): HTMLElementTagNameMap[K] {
  return Object.assign(document.createElement(tag), properties);
}

/** The page's locale (`<html lang>`), Dutch when it is not one of the portal's. */
function pageLocale(): Locale {
  const lang = document.documentElement.lang;
  return (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : DEFAULT_LOCALE;
}

/**
 * Shows the install dialog for `offer`.
 * @returns the dialog element (already open), or the one that is open already
 */
export function openInstallDialog(offer: BeforeInstallPromptEvent): HTMLDialogElement {
  if (open) return open;
  const locale = pageLocale();
  // The dialog's texts come with its chunk: no page declares them (decision 072).
  addTexts(locale, 'install', { en, nl }[locale]);
  const t = fixedT(locale);
  const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;

  const dialog = element('dialog', { className: 'install-prompt' });
  dialog.setAttribute('aria-labelledby', 'install-prompt-title');
  dialog.setAttribute('aria-describedby', 'install-prompt-text');
  const title = element('h2', { id: 'install-prompt-title', textContent: t('install.title') });
  const text = element('p', { id: 'install-prompt-text', textContent: t('install.text') });
  const install = element('button', {
    type: 'button',
    className: 'button',
    textContent: t('install.accept'),
  });
  const later = element('button', {
    type: 'button',
    className: 'button button--secondary',
    textContent: t('install.dismiss'),
  });
  const actions = element('div', { className: 'install-prompt__actions' });
  actions.append(install, later);
  dialog.append(title, text, actions);

  let accepted = false;
  const finish = (outcome: 'accepted' | 'dismissed') => {
    if (outcome === 'accepted') accepted = true;
    else rememberDismissal();
    dialog.close();
  };

  install.addEventListener('click', async () => {
    install.disabled = true;
    later.disabled = true;
    try {
      await offer.prompt();
      const choice = await offer.userChoice;
      finish(choice.outcome === 'accepted' ? 'accepted' : 'dismissed');
    } catch {
      // The offer was used up or withdrawn: close without remembering anything.
      dialog.close();
    }
  });
  later.addEventListener('click', () => finish('dismissed'));
  // Escape: the browser closes the dialog after this event.
  dialog.addEventListener('cancel', () => rememberDismissal());
  dialog.addEventListener('close', () => {
    dialog.remove();
    open = null;
    if (accepted) {
      recordEvent({ eventType: 'Install', url: `${location.pathname}${location.search}` }, true);
    }
    if (returnFocus?.isConnected) returnFocus.focus();
  });

  document.body.append(dialog);
  open = dialog;
  dialog.showModal();
  install.focus();
  return dialog;
}
