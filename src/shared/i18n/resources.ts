/**
 * Every locale's translations at once, in i18next's resource shape (locale → namespace → texts),
 * for code that needs all of them synchronously: the tests comparing the locales and checking the
 * keys the views use. Pages load namespaces per route through `translations.ts`.
 */
import type { Locale } from './locale.ts';
import type { TranslationTree } from './translations.ts';

const FILES = import.meta.glob<TranslationTree>('./locales/*/*.json', { eager: true, import: 'default' });

/** The namespaces of `locale`, by name. */
function namespacesOf(locale: Locale): Record<string, TranslationTree> {
  const prefix = `./locales/${locale}/`;
  return Object.fromEntries(
    Object.entries(FILES)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, tree]) => [path.slice(prefix.length, -'.json'.length), tree]),
  );
}

/** All translations, by locale and namespace. */
export const resources: Record<Locale, Record<string, TranslationTree>> = {
  nl: namespacesOf('nl'),
  en: namespacesOf('en'),
};
