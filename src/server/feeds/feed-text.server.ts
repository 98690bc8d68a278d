/**
 * Texts of the machine-readable responses (feed channel titles and descriptions, error bodies),
 * from the same translation files as the pages (`src/shared/i18n/locales/<locale>/feeds.json`),
 * through i18next (src/shared/i18n/translations.ts).
 *
 * The feeds carry Dutch content, so they use the Dutch texts; the English feed (`/en/rss.xml`,
 * translated articles, docs/decisions/061-untranslated-content.md) the English ones. The two files
 * are imported here and added to i18next's store at once, so the feeds need not wait for the
 * server's start-up load of every namespace.
 */
import en from '../../shared/i18n/locales/en/feeds.json' with { type: 'json' };
import nl from '../../shared/i18n/locales/nl/feeds.json' with { type: 'json' };
import { addTexts, fixedT } from '../../shared/i18n/translations.ts';

addTexts('nl', 'feeds', nl);
addTexts('en', 'feeds', en);

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
  return fixedT(locale, 'feeds')(`feeds.${key}`, values);
}
