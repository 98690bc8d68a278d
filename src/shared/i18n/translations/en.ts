/** The English translations, one namespace (a chunk of its own in the browser build). */
import { mergeTranslations, type TranslationTree } from '../merge-translations.ts';

/** Every `locales/en/*.json` file merged. */
export const translation: TranslationTree = mergeTranslations(
  import.meta.glob<TranslationTree>('../locales/en/*.json', { eager: true, import: 'default' }),
);
