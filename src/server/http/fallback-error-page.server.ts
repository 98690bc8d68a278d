/**
 * The static error page for failures outside React (the shell itself could not render): the
 * error page's texts from the translation files (`error.*` in common.json), in the locale of the
 * page's path, with the request's id for the visitor to quote (docs/decisions/092-request-ids.md).
 * Needs the translations loaded (the render module loads them all at start).
 */
import escapeHtml from 'escape-html';
import { type Locale, localizePath } from '../../shared/i18n/locale.ts';
import { fixedT } from '../../shared/i18n/translations.ts';

/**
 * The whole HTML document.
 * @param locale the page's locale (`splitLocale(path).locale`)
 * @param requestId the request's id; the sentence that quotes it is left out without one
 */
export function fallbackErrorPage(locale: Locale, requestId: string | undefined): string {
  const t = fixedT(locale);
  const title = escapeHtml(t('error.title'));
  const id = requestId
    ? `<p>${escapeHtml(t('error.requestId'))} <code>${escapeHtml(requestId)}</code></p>`
    : '';
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${title}</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main><h1>${title}</h1><p>${escapeHtml(t('error.unexpected'))}</p>${id}<p><a href="${localizePath('/', locale)}">${escapeHtml(t('error.backHome'))}</a></p></main></body></html>`;
}
