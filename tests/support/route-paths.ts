/**
 * Paths that exercise route matching: every kind of first segment (static, dynamic, splat, the
 * English prefix, none), case, trailing slashes, queries, percent-encoding and empty segments.
 * Used to compare matching by first segment (src/shared/route-segments.ts) with React Router's
 * matching of the whole table.
 */
export const ROUTE_TEST_PATHS: readonly string[] = [
  '/',
  '/?q=1',
  '/en',
  '/en/',
  '/news/abc123/een-titel',
  '/news/tag/logistiek',
  '/en/news/tag/logistiek',
  '/NEWS/TAG/Logistiek',
  '/jobs',
  '/jobs/',
  '/Jobs?page=2',
  '/jobs/cat/7',
  '/jobs/plaatsen',
  '/jobs/mijn/5',
  '/jobs/vacature/x1/chauffeur',
  '/jobs/onbekend/pad/heel/diep',
  '/zoeken?q=logistiek',
  '/en/zoeken',
  '/sitemap/2024/05',
  '/een-cms-pagina',
  '/een-cms-pagina/',
  '/onbekend/pad/diep',
  '/en/niet/bestaand/pad',
  '/enx/jobs',
  '/%6Aobs',
  '/caf%C3%A9',
  '//jobs',
  '/l/abc',
  '/c',
  '/nieuwsbrief/afmelden',
  '/tags-overzicht/a',
];
