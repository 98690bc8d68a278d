/**
 * Every locale's translations at once, merged, for code that needs all of them synchronously
 * (tests comparing the locales, and the i18next oracle of tests/unit/compiled-t.test.ts). Pages
 * use `translatorFor` from `translations.ts`, which loads the files per route.
 */
import type { TranslationTree } from './compiled-t.ts';
import type { Locale } from './locale.ts';
import { mergeTranslations } from './merge-translations.ts';

const FILES = import.meta.glob<TranslationTree>('./locales/*/*.json', { eager: true, import: 'default' });

/** The merged files of `locale`. */
function localeTree(locale: Locale): TranslationTree {
  const prefix = `./locales/${locale}/`;
  return mergeTranslations(
    Object.fromEntries(Object.entries(FILES).filter(([path]) => path.startsWith(prefix))),
  );
}

/** All translations, by locale, in i18next's resource shape (one namespace, `translation`). */
export const resources: Record<Locale, { translation: TranslationTree }> = {
  nl: { translation: localeTree('nl') },
  en: { translation: localeTree('en') },
};
