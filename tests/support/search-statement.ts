/**
 * The PostgreSQL search statement of the CMS (`searchStatement` of cms/src/lib/search-index.js,
 * docs/decisions/066-postgres-full-text-search.md) as the plan test and the search bench run it
 * with `EXPLAIN (ANALYZE, BUFFERS)`.
 */

/** Builds one search's SQL with knex's `?` placeholders and their values, in order. */
export type SearchStatement = (input: {
  /** tsquery text */
  query: string;
  /** the uncorrected tsquery text, when `query` has typo corrections */
  exact: string | null;
  locale: string;
  type: string | null;
  limit: number;
  offset: number;
  /** ms since the epoch */
  now: number;
}) => { sql: string; bindings: unknown[] };

/** knex's `?` placeholders as PostgreSQL's `$1`, `$2`… (`??`, knex's identifier placeholder, is left). */
export function numbered(sql: string): string {
  let index = 0;
  return sql.replace(/\?(?!\?)/g, () => `$${++index}`);
}
