/** The Dutch translations, one namespace (a chunk of its own in the browser build). */
import { mergeTranslations, type TranslationTree } from '../merge-translations.ts';

/** Every `locales/nl/*.json` file merged. */
export const translation: TranslationTree = mergeTranslations(
  import.meta.glob<TranslationTree>('../locales/nl/*.json', { eager: true, import: 'default' }),
);
