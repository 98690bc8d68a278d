/**
 * One detail page of each CMS collection, from the seeded CMS: the newest article, the first
 * upcoming event, a vacancy, a magazine, a subscription, a partner, a tag page and an editor's page. The end-to-end
 * suites that visit every page family (accessibility, translations) start from these.
 */
import type { StrapiList } from '../../src/shared/cms-types.ts';
import { cms } from './portal.ts';

/** The path of the first document of a CMS collection, built by `path`. */
async function first<T>(query: string, path: (doc: T) => string): Promise<string> {
  const { body } = await cms<StrapiList<T>>(query);
  const doc = body.data[0];
  if (!doc) throw new Error(`the seed has nothing for ${query}`);
  return path(doc);
}

/**
 * Paths of one detail page per collection (Dutch, without locale prefix).
 * @throws Error when the seed has no document of a collection
 */
export function detailPagePaths(): Promise<string[]> {
  type Doc = { documentId: string; slug: string; link: string };
  return Promise.all([
    first<Doc>('/articles?fields[0]=slug&sort=publishDate:desc', (d) => `/news/${d.documentId}/${d.slug}`),
    first<Doc>('/events?fields[0]=slug&sort=startsAt:asc', (d) => `/events/${d.slug}`),
    first<Doc>('/vacancies?fields[0]=slug', (d) => `/jobs/vacature/${d.documentId}/${d.slug}`),
    first<Doc>('/magazines?fields[0]=slug', (d) => `/magazines/${d.documentId}/${d.slug}`),
    first<Doc>('/subscriptions?fields[0]=slug', (d) => `/abonnementen/${d.slug}`),
    first<Doc>('/partners?fields[0]=link', (d) => `/partners/${d.link}`),
    first<Doc>('/tags?fields[0]=slug&sort=name:asc', (d) => `/news/tag/${d.slug}`),
    first<Doc>('/authors?fields[0]=slug&sort=name:asc', (d) => `/redactie/${d.slug}`),
  ]);
}

/**
 * Home, one detail page per collection ({@link detailPagePaths}) and the section pages: the start of
 * every list of page families.
 * @throws Error when the seed has no document of a collection
 */
export async function sectionPagePaths(): Promise<string[]> {
  return [
    '/',
    ...(await detailPagePaths()),
    '/nieuws',
    '/nieuws/archief',
    '/events',
    '/jobs',
    '/magazines',
    '/abonnementen',
    '/partners',
    '/logistiek',
    '/tags-overzicht',
  ];
}
