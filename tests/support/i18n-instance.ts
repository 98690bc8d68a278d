/**
 * An i18next instance over the tests' own texts (not the portal's files), for tests of what
 * happens when a text is missing: `i18nOver('nl', { nl: { forms: { … } } })`. Missing keys are
 * not reported (the portal's instances report them on the console, src/shared/i18n/translations.ts).
 */
import i18next, { type i18n } from 'i18next';
import type { Locale } from '../../src/shared/i18n/locale.ts';
import type { TranslationTree } from '../../src/shared/i18n/translations.ts';

/** A ready instance in `locale`, Dutch as fallback, with `texts` (locale → namespace `common`). */
export function i18nOver(locale: Locale, texts: Partial<Record<Locale, TranslationTree>> = {}): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: 'nl',
    defaultNS: 'common',
    ns: ['common'],
    resources: Object.fromEntries(Object.entries(texts).map(([code, tree]) => [code, { common: tree }])),
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
