/**
 * i18next instances for server and browser. Both locales' resources are bundled (they are small),
 * so no translation file is fetched at run time. One instance per locale is created once and reused
 * for every request in that locale.
 */
import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale.ts';
import en from './locales/en.json';
import nl from './locales/nl.json';

export const resources = { nl: { translation: nl }, en: { translation: en } } as const;

const instances = new Map<Locale, i18n>();

/** Returns the shared, initialised i18next instance for `locale` (created on first use). */
export function getI18n(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    void instance.use(initReactI18next).init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      resources,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(locale, instance);
  }
  return instance;
}
