/**
 * The names of topics and job categories in the page's language
 * (docs/decisions/112-english-pages-speak-english.md). The CMS keeps one, Dutch, name per topic and
 * job category (neither type is localised): Dutch pages show that name as the editors wrote it;
 * English pages show the English name the translations give for its slug (`taxonomy.topics.<slug>`,
 * `taxonomy.jobCategories.<slug>` in `locales/en/common.json`), and the CMS's name for a slug
 * they do not know (a category an editor added later).
 */
import { useTranslation } from 'react-i18next';
import type { JobCategory, Topic } from '../cms-types.ts';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locale.ts';
import type { TFunction } from '../i18n/translations.ts';
import { useLocale } from './root-data.ts';

/** What a name is made from: the CMS's (Dutch) name and the slug the translations know it by. */
type Named = Pick<Topic | JobCategory, 'name' | 'slug'>;

/** The translation group of each kind of name. */
const GROUPS = { topic: 'taxonomy.topics', jobCategory: 'taxonomy.jobCategories' } as const;

/**
 * The name of a topic or job category on a page in `locale`.
 * @param kind which translation group the slug is looked up in
 * @param entry the CMS entry (its `name` in Dutch, its `slug`)
 * @param locale the page's language
 * @param t a translation function of `locale` (i18next's)
 * @returns the CMS name in Dutch; in another language the translation of the slug, else the CMS name
 */
export function taxonomyName(kind: keyof typeof GROUPS, entry: Named, locale: Locale, t: TFunction): string {
  if (locale === DEFAULT_LOCALE || !entry.slug) return entry.name;
  return t(`${GROUPS[kind]}.${entry.slug}`, { defaultValue: entry.name });
}

/** Names of topics and job categories in the page's language, for views ({@link taxonomyName}). */
export interface TaxonomyNames {
  /** A topic's name (`E-commerce`, `Logistiek` / `Logistics`, `Fulfilment`). */
  topic: (topic: Named) => string;
  /** A job category's name. */
  jobCategory: (category: Named) => string;
}

/** {@link TaxonomyNames} of the current page's language. */
export function useTaxonomyNames(): TaxonomyNames {
  const { t } = useTranslation();
  const locale = useLocale();
  return {
    topic: (topic) => taxonomyName('topic', topic, locale, t),
    jobCategory: (category) => taxonomyName('jobCategory', category, locale, t),
  };
}
