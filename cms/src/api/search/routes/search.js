/**
 * Site search served from PostgreSQL (src/lib/search-index.js; docs/decisions/066-postgres-full-text-search.md),
 * public read, no content type:
 *
 * - `GET /api/search/backend` → `{ backend: 'postgres' | 'none', database: 'postgres' | 'sqlite' }`:
 *   the portal asks once which search to use.
 * - `GET /api/search?q=&locale=nl|en&type=&page=&pageSize=` → `{ hits, total, counts, page,
 *   pageCount, pageSize, mode, terms, corrections }` (the portal's SearchResponse without
 *   highlighting; hits carry title, summary and body as plain text; `corrections` the query words
 *   corrected, `{ word, suggestion }`, docs/decisions/111-search-tolerates-swapped-letters.md). 400 `ValidationError` on bad input, 501
 *   `NotImplementedError` when the CMS does not run on PostgreSQL.
 */
module.exports = {
  routes: [
    { method: 'GET', path: '/search/backend', handler: 'search.backend', config: { auth: false } },
    { method: 'GET', path: '/search', handler: 'search.find', config: { auth: false } },
  ],
};
