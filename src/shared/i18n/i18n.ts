/**
 * i18next instances for server and browser. Each locale's translations are one module
 * (`translations/<locale>.ts`, merged from `locales/<locale>/*.json`), loaded on demand: the
 * browser loads only its page's locale before it hydrates (src/client/entry-client.tsx), the server
 * loads every locale at start (src/server/route-modules.server.ts); no translation file is fetched
 * as JSON at run time (docs/decisions/065-per-route-javascript.md). One instance per locale is
 * created once and reused for every request in that locale.
 */
import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale.ts';
import type { TranslationTree } from './merge-translations.ts';

const TRANSLATION_MODULES = import.meta.glob<{ translation: TranslationTree }>('./translations/*.ts');

const loaded = new Map<Locale, TranslationTree>();
const instances = new Map<Locale, i18n>();

/**
 * Loads the translations of `locales` (default: every locale) once; later calls resolve at once.
 * @throws Error when a locale has no translations module
 */
export async function loadTranslations(locales: readonly Locale[] = LOCALES): Promise<void> {
  await Promise.all(
    locales.map(async (locale) => {
      if (loaded.has(locale)) return;
      const load = TRANSLATION_MODULES[`./translations/${locale}.ts`];
      if (!load) throw new Error(`No translations module for locale ${locale}`);
      loaded.set(locale, (await load()).translation);
    }),
  );
}

/** Whether `locale`'s translations are loaded (then {@link getI18n} can serve it). */
export function hasTranslations(locale: Locale): boolean {
  return loaded.has(locale);
}

/**
 * Returns the shared, initialised i18next instance for `locale` (created on first use). Missing
 * keys fall back to the Dutch text when the Dutch translations are loaded.
 * @throws Error when `locale`'s translations are not loaded ({@link loadTranslations})
 */
export function getI18n(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    const translation = loaded.get(locale);
    if (!translation) throw new Error(`Translations for locale ${locale} are not loaded`);
    const fallback = loaded.get(DEFAULT_LOCALE);
    instance = createInstance();
    void instance.use(initReactI18next).init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      resources: {
        [locale]: { translation },
        ...(fallback && locale !== DEFAULT_LOCALE ? { [DEFAULT_LOCALE]: { translation: fallback } } : {}),
      },
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(locale, instance);
  }
  return instance;
}
