/**
 * The PostgreSQL site search uses its GIN indexes by itself (docs/decisions/066-postgres-full-text-search.md):
 * with 20 000 extra rows in the search table (of a locale no search shows, removed afterwards) and
 * fresh statistics, `EXPLAIN (ANALYZE, BUFFERS)` of the CMS's own search statement
 * (`searchStatement` of cms/src/lib/search-index.js) for a word in every row and for a word in
 * five rows finds the matches with a Bitmap Index Scan on `portal_search_documents_search_idx`, the
 * title candidates on `portal_search_documents_title_search_idx`, and never scans the table. The
 * typo corrections' statement (`correctionsStatement`: each swap of two neighbouring letters looked
 * up in the documents, decision 111) does the same. No planner setting is changed.
 * `TEST_DATABASE=postgres` only.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPostgresClient } from '../../scripts/lib/postgres.mjs';
import { cmsDatabase } from '../support/cms-database.ts';
import { numbered, type SearchStatement } from '../support/search-statement.ts';

const database = cmsDatabase();
const onPostgres = database.client === 'postgres';
const ROWS = 20_000;
const HIDDEN_LOCALE = 'zz';

interface SearchModule {
  searchStatement: SearchStatement;
  correctionsStatement: (
    words: Array<string | null>,
    visibility: { locale: string; now: number },
  ) => { sql: string; bindings: unknown[] };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan tree. */
function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

const url = database.client === 'postgres' ? database.url : '';

describe.runIf(onPostgres)('PostgreSQL search plans', () => {
  beforeAll(async () => {
    await withPostgresClient(url, async (client) => {
      // Long bodies, as real articles have: their tsvectors are stored out of line (TOAST).
      await client.query(
        `INSERT INTO portal_search_documents (id, document_id, type, locale, title, keywords, summary, body, path, date, recency_at)
         SELECT 'plan:' || i, 'plan' || i, 'news', $1, 'Planproef bericht ' || i || CASE WHEN i % 4000 = 0 THEN ' zeldzaamwoord' ELSE '' END,
           'planproef', 'Samenvatting van planproef ' || i, repeat('Veelvoorkomend planproef tekst nummer ' || i || ' over vervoer en opslag. ', 60),
           '/news/plan' || i || '/planproef', '2026-01-01', now() - i * interval '1 hour'
         FROM generate_series(1, ${ROWS}) AS i`,
        [HIDDEN_LOCALE],
      );
      await client.query('ANALYZE portal_search_documents');
    });
  }, 300_000);

  afterAll(async () => {
    await withPostgresClient(url, async (client) => {
      await client.query('DELETE FROM portal_search_documents WHERE locale = $1', [HIDDEN_LOCALE]);
      await client.query(
        "DELETE FROM portal_search_words WHERE word LIKE 'planproef%' OR word = 'zeldzaamwoord' OR word = 'bericht'",
      );
      await client.query('ANALYZE portal_search_documents');
    });
  });

  const search = createRequire(path.resolve('cms/package.json'))(
    path.resolve('cms/src/lib/search-index.js'),
  ) as SearchModule;

  for (const [word, matches] of [
    ['planproef', ROWS],
    ['zeldzaamwoord', ROWS / 4000],
  ] as const) {
    it(`finds "${word}" (${matches} rows) through the GIN indexes, without a table scan`, async () => {
      const { plan, counted } = await withPostgresClient(url, async (client) => {
        const query = String(
          (await client.query("SELECT to_tsquery('dutch', $1)::text AS q", [`${word}:*`])).rows[0]?.q,
        );
        const statement = search.searchStatement({
          query,
          exact: null,
          locale: HIDDEN_LOCALE,
          type: null,
          limit: 10,
          offset: 0,
          now: Date.now(),
        });
        const explained = await client.query(
          `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${numbered(statement.sql)}`,
          statement.bindings,
        );
        const result = await client.query(numbered(statement.sql), statement.bindings);
        return {
          plan: ((explained.rows[0]?.['QUERY PLAN'] ?? []) as Array<{ Plan: PlanNode }>)[0]?.Plan as PlanNode,
          counted: result.rows[0]?.counts as Record<string, number>,
        };
      });
      expect(counted).toEqual({ news: matches });
      const all = nodes(plan);
      const indexScans = all
        .filter((node) => node['Node Type'] === 'Bitmap Index Scan')
        .map((node) => node['Index Name']);
      expect(indexScans).toContain('portal_search_documents_search_idx');
      expect(indexScans).toContain('portal_search_documents_title_search_idx');
      const tableScans = all.filter(
        (node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'portal_search_documents',
      );
      expect(tableScans, JSON.stringify(plan)).toEqual([]);
    });
  }

  it('looks up the swapped letters of a word through the GIN index, without a table scan', async () => {
    const { plan, rows } = await withPostgresClient(url, async (client) => {
      // `planproef` is in every row, `zeldzaamwoord` in five, the third word in none.
      const statement = search.correctionsStatement(['planporef', 'zeldzaamwoodr', 'qwxzvbnmkj'], {
        locale: HIDDEN_LOCALE,
        now: Date.now(),
      });
      const explained = await client.query(
        `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${numbered(statement.sql)}`,
        statement.bindings,
      );
      const result = await client.query(numbered(statement.sql), statement.bindings);
      return {
        plan: ((explained.rows[0]?.['QUERY PLAN'] ?? []) as Array<{ Plan: PlanNode }>)[0]?.Plan as PlanNode,
        rows: result.rows as Array<{ i: number; found: boolean; swapped: string[] }>,
      };
    });
    expect(rows.map(({ i, found, swapped }) => ({ i, found, swapped }))).toEqual([
      { i: 1, found: false, swapped: ['planproef'] },
      { i: 2, found: false, swapped: ['zeldzaamwoord'] },
      { i: 3, found: false, swapped: [] },
    ]);
    const all = nodes(plan);
    expect(
      all.filter((node) => node['Node Type'] === 'Bitmap Index Scan').map((node) => node['Index Name']),
    ).toContain('portal_search_documents_search_idx');
    const tableScans = all.filter(
      (node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'portal_search_documents',
    );
    expect(tableScans, JSON.stringify(plan)).toEqual([]);
    // The statement runs twice (EXPLAIN ANALYZE, then for its rows) over 20 000 rows that all hold
    // `planproef`: a few seconds on an idle machine, over 30 s beside the other test passes of npm test.
  }, 120_000);
});
