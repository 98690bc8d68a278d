/**
 * i18next instances for server and browser. Translations live in
 * `locales/<locale>/<feature>.json`; every file of a locale is merged into that locale's single
 * `translation` namespace (so features add a file instead of editing a shared one). Both locales
 * are bundled (they are small): no translation file is fetched at run time. One instance per locale
 * is created once and reused for every request in that locale.
 */
import { createInstance, type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale.ts';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

/** Deep-merges `source` into `target`. @throws Error when two files define the same key. */
function merge(target: Tree, source: Tree, file: string, prefix = ''): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && (existing === undefined || typeof existing === 'object')) {
      target[key] = existing ?? {};
      merge(target[key] as Tree, value, file, `${prefix}${key}.`);
    } else if (existing !== undefined) {
      throw new Error(`Translation key ${prefix}${key} is defined twice (again in ${file})`);
    } else {
      target[key] = value;
    }
  }
}

/** All translations, by locale, in i18next's resource shape. */
export const resources: Resource = Object.fromEntries(
  LOCALES.map((locale) => {
    const translation: Tree = {};
    for (const [file, tree] of Object.entries(files)) {
      if (file.startsWith(`./locales/${locale}/`)) merge(translation, tree, file);
    }
    return [locale, { translation }];
  }),
);

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
