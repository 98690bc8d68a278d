/**
 * Texts of the machine-readable responses (feed channel titles and descriptions, error bodies),
 * from the same translation files as the pages (`src/shared/i18n/locales/<locale>/feeds.json`),
 * through the portal's own translate function (src/shared/i18n/compiled-t.ts, i18next's results
 * without i18next: docs/decisions/072-translations-per-route.md).
 *
 * The feeds carry Dutch content, so they use the Dutch texts; the English feed (`/en/rss.xml`,
 * translated articles, docs/decisions/061-untranslated-content.md) the English ones. The two files
 * are imported here rather than through `translations.ts`, whose page translators load a page's
 * files on demand.
 */
import { createCompiledT, type TranslationTree } from '../../shared/i18n/compiled-t.ts';
import en from '../../shared/i18n/locales/en/feeds.json' with { type: 'json' };
import nl from '../../shared/i18n/locales/nl/feeds.json' with { type: 'json' };

const TREES: Record<string, TranslationTree> = { nl, en };
/** Dutch first; a key missing in English falls back to the Dutch text. */
const t = createCompiledT((locale) => TREES[locale], 'nl', 'nl');

/** Keys of the `feeds` texts. */
export type FeedTextKey = keyof typeof nl.feeds;

/**
 * The text `feeds.<key>` in `locale` (default Dutch) with `{{name}}` placeholders filled from `values`.
 * @returns the translated text (the key itself for a missing key, as i18next does).
 */
export function feedText(
  key: FeedTextKey,
  values: Record<string, string> = {},
  locale: 'nl' | 'en' = 'nl',
): string {
  return t(`feeds.${key}`, { ...values, lng: locale });
}
