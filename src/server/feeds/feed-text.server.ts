/**
 * Texts of the machine-readable responses (feed channel titles and descriptions, error bodies),
 * from the same translation files as the pages (`src/shared/i18n/locales/<locale>/feeds.json`).
 *
 * The feeds carry Dutch content, so they use the Dutch texts; the English feed (`/en/rss.xml`,
 * translated articles, docs/decisions/061-untranslated-content.md) the English ones. The shared i18n module is not
 * imported here: it collects the translation files with Vite's `import.meta.glob`, and this code
 * runs under tsx in production (only the render module is built by Vite).
 */
import { createInstance } from 'i18next';
import en from '../../shared/i18n/locales/en/feeds.json' with { type: 'json' };
import nl from '../../shared/i18n/locales/nl/feeds.json' with { type: 'json' };

const i18n = createInstance();
void i18n.init({
  lng: 'nl',
  fallbackLng: 'nl',
  supportedLngs: ['nl', 'en'],
  resources: { nl: { translation: nl }, en: { translation: en } },
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Keys of the `feeds` texts. */
export type FeedTextKey = keyof typeof nl.feeds;

/**
 * The text `feeds.<key>` in `locale` (default Dutch) with `{{name}}` placeholders filled from `values`.
 * @returns the translated text (i18next returns the key itself for a missing key).
 */
export function feedText(
  key: FeedTextKey,
  values: Record<string, string> = {},
  locale: 'nl' | 'en' = 'nl',
): string {
  return i18n.t(`feeds.${key}`, { ...values, lng: locale });
}
