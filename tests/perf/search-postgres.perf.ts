/**
 * `npm run bench:search-postgres`: the CMS's PostgreSQL full-text search (cms/src/lib/search-index.js,
 * docs/decisions/066-postgres-full-text-search.md) with SEARCH_SCALE_DOCS (default 100 000)
 * synthetic Dutch news articles over the vocabulary of the demo seed, in two corpora one after the
 * other in the same table: `uniform` (every word equally likely, the text of `bench:search-scale`)
 * and `zipf` (word frequencies following Zipf's law, s = 1, the words ranked by their frequency in
 * the demo seed's texts, as in real news text: a few words in nearly every article, most in few).
 * SEARCH_BENCH_CORPORA=uniform|zipf picks one. A fresh PostgreSQL server (Debian's package) and the
 * real CMS on it (no demo seed); the articles go into the search table by bulk SQL
 * (`INSERT … SELECT FROM unnest(...)`, 1 000 rows a statement; PostgreSQL computes the generated
 * tsvectors, the indexes and the triggers). Prints per corpus: load time, table and index sizes,
 * median / p95 / max of 200 varied queries through the CMS's `GET /api/search` (HTTP, time to the
 * last byte), and once the time from an article published (and unpublished) through the CMS's
 * REST API to its being found (gone) by that endpoint (5 writes). With a CMS that exports
 * `searchStatement`, also the plans (`EXPLAIN (ANALYZE, BUFFERS)`) of the most and the least
 * frequent query word of the last corpus. Figures only; nothing is asserted about time or size.
 * Run on its own (not part of `npm test`).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startPostgres, withPostgresClient } from '../../scripts/lib/postgres.mjs';
import { freePort, startCms } from '../../scripts/lib/processes.mjs';
import { numbered, type SearchStatement } from '../support/search-statement.ts';
import { queryMix, random, vocabulary, zipfPicker } from './synthetic-articles.ts';

const COUNT = Number(process.env.SEARCH_SCALE_DOCS ?? 100_000);
const BODY_WORDS = Number(process.env.SEARCH_SCALE_BODY_WORDS ?? 350);
const CORPORA = (process.env.SEARCH_BENCH_CORPORA ?? 'uniform,zipf').split(',') as Array<'uniform' | 'zipf'>;
const BATCH = 1000;

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** What the CMS's search module exports to the bench (only newer versions have `searchStatement`). */
interface SearchModule {
  searchStatement?: SearchStatement;
}

describe('PostgreSQL full-text search at scale', () => {
  it(`stores ${COUNT} articles and answers queries`, { timeout: 7_200_000 }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-pgfts-'));
    const postgres = await startPostgres();
    let cms: Awaited<ReturnType<typeof startCms>> | undefined;
    try {
      cms = await startCms({
        port: await freePort(),
        mailCapturePort: await freePort(),
        mailCaptureDir: path.join(dir, 'mail'),
        env: {
          DATABASE_CLIENT: 'postgres',
          DATABASE_URL: postgres.url,
          SEED: 'false',
          LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
        timeoutMs: 300_000,
      });
      const cmsUrl = cms.url;
      const search = async (q: string) => {
        const response = await fetch(`${cmsUrl}/api/search?q=${encodeURIComponent(q)}`);
        const body = (await response.json()) as { total: number };
        if (response.status !== 200)
          throw new Error(`search ${q}: ${response.status} ${JSON.stringify(body)}`);
        return body;
      };
      const words = vocabulary();
      const report: string[] = [
        `[search-postgres] ${COUNT} articles of ~${BODY_WORDS + 42} words, vocabulary ${words.length} words, PostgreSQL ${postgres.url.replace(/\/\/.*@/, '//')}`,
      ];
      let sentence = (_n: number) => '';
      let lastQueries: string[] = [];

      for (const corpus of CORPORA) {
        // ---- load
        const next = random(2026);
        const pick =
          corpus === 'zipf'
            ? zipfPicker(next)
            : () => words[Math.floor(next() * words.length)] ?? 'logistiek';
        sentence = (n: number) => Array.from({ length: n }, pick).join(' ');
        const now = Date.now();
        const titles: string[] = [];
        await withPostgresClient(postgres.url, async (client) => {
          await client.query('TRUNCATE portal_search_documents');
          await client.query(
            "DO $$ BEGIN IF to_regclass('portal_search_words') IS NOT NULL THEN TRUNCATE portal_search_words; END IF; END $$",
          );
        });
        const loadStarted = performance.now();
        await withPostgresClient(postgres.url, async (client) => {
          for (let start = 0; start < COUNT; start += BATCH) {
            const n = Math.min(BATCH, COUNT - start);
            const columns: string[][] = [[], [], [], [], [], [], []];
            for (let i = start; i < start + n; i += 1) {
              const title = sentence(8);
              titles.push(title);
              const date = new Date(now - i * 3_600_000).toISOString();
              const row = [
                `news:a${i}`,
                `a${i}`,
                title,
                sentence(4),
                sentence(30),
                sentence(BODY_WORDS),
                date,
              ];
              for (const [column, value] of row.entries()) columns[column]?.push(value);
            }
            await client.query(
              `INSERT INTO portal_search_documents
                 (id, document_id, type, title, keywords, summary, body, path, date, recency_at)
               SELECT id, doc, 'news', title, keywords, summary, body, '/news/' || doc || '/artikel', date, date::timestamptz
               FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
                 AS t(id, doc, title, keywords, summary, body, date)`,
              columns,
            );
          }
          await client.query('VACUUM ANALYZE portal_search_documents');
        });
        const loadS = (performance.now() - loadStarted) / 1000;
        const sizes = await withPostgresClient(postgres.url, async (client) => {
          const { rows } = await client.query(
            `SELECT pg_relation_size('portal_search_documents_search_idx') AS gin,
                    pg_indexes_size('portal_search_documents') AS indexes,
                    coalesce(pg_total_relation_size(to_regclass('portal_search_words')), 0) AS words,
                    pg_relation_size('portal_search_documents') AS heap,
                    pg_total_relation_size('portal_search_documents') AS total,
                    (SELECT count(*) FROM portal_search_documents)::int AS rows`,
          );
          return rows[0] as {
            gin: string;
            indexes: string;
            words: string;
            heap: string;
            total: string;
            rows: number;
          };
        });
        expect(sizes.rows).toBe(COUNT);

        // ---- queries through the CMS endpoint
        const queries = queryMix(titles, next, pick);
        lastQueries = queries;
        for (const query of queries.slice(0, 20)) await search(query);
        const times: number[] = [];
        const byMatches = { broad: [] as number[], middle: [] as number[], narrow: [] as number[] };
        let hits = 0;
        for (const query of queries) {
          const begin = performance.now();
          const result = await search(query);
          const ms = performance.now() - begin;
          times.push(ms);
          hits += result.total > 0 ? 1 : 0;
          (result.total > 10_000
            ? byMatches.broad
            : result.total > 1000
              ? byMatches.middle
              : byMatches.narrow
          ).push(ms);
        }
        const classLine = (name: string, values: number[]) =>
          `${name}: ${values.length} queries, median ${percentile(values, 0.5).toFixed(1)} ms, p95 ${percentile(values, 0.95).toFixed(1)} ms`;
        report.push(
          `== corpus ${corpus}`,
          `load (bulk INSERT … SELECT unnest, 1 000 rows a statement, incl. tsvectors, indexes, triggers) + VACUUM ANALYZE: ${loadS.toFixed(1)} s`,
          `full-text GIN index: ${mb(Number(sizes.gin))}; all indexes of the table: ${mb(Number(sizes.indexes))}; word table with its trigram index: ${mb(Number(sizes.words))}; table heap: ${mb(Number(sizes.heap))}; table with TOAST and indexes: ${mb(Number(sizes.total))}`,
          `queries via GET /api/search: median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms, ${hits}/200 with results`,
          `  by results: ${classLine('over 10 000', byMatches.broad)}; ${classLine('1 001–10 000', byMatches.middle)}; ${classLine('up to 1 000 (or none)', byMatches.narrow)}`,
        );
        console.info(report.join('\n'));
        report.length = 0;
        // A sanity check of the generated text: a third of the queries are typos or words found
        // nowhere, and in the Zipf corpus many title words are Dutch stop words (`een`, `het`).
        expect(hits).toBeGreaterThan(60);
      }

      // ---- the plans of the most and the least frequent word of the last corpus
      const module = createRequire(path.resolve('cms/package.json'))(
        path.resolve('cms/src/lib/search-index.js'),
      ) as SearchModule;
      if (module.searchStatement) {
        const statement = module.searchStatement;
        await withPostgresClient(postgres.url, async (client) => {
          const single = [...new Set(lastQueries.filter((q) => /^\p{L}+$/u.test(q)))];
          const frequency = await Promise.all(
            single.map(async (q) => {
              const { rows } = await client.query(
                `SELECT (to_tsquery('dutch', quote_literal(portal_unaccent(lower($1))) || ':*'))::text AS query`,
                [q],
              );
              const query = String(rows[0]?.query ?? '');
              const count = query
                ? Number(
                    (
                      await client.query(
                        'SELECT count(*) AS n FROM portal_search_documents WHERE search @@ $1::tsquery',
                        [query],
                      )
                    ).rows[0]?.n,
                  )
                : 0;
              return { q, query, count };
            }),
          );
          const found = frequency.filter((f) => f.count > 0).sort((a, b) => b.count - a.count);
          for (const choice of [found[0], found.at(-1)]) {
            if (!choice) continue;
            const sql = statement({
              query: choice.query,
              exact: null,
              locale: 'nl',
              type: null,
              limit: 10,
              offset: 0,
              now: Date.now(),
            });
            const { rows } = await client.query(
              `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${numbered(sql.sql)}`,
              sql.bindings,
            );
            report.push(
              `== plan of "${choice.q}" (${choice.count} matches)`,
              ...rows.map((row) => String(Object.values(row)[0])),
            );
          }
        });
      }

      // ---- a write through the CMS, until it is found; an unpublish, until it is gone
      const admin = await fetch(`${cmsUrl}/admin/register-admin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'bench@example.test',
          password: 'Bench2026!wachtwoord',
          firstname: 'Bench',
          lastname: 'Mark',
        }),
      });
      const adminJwt = ((await admin.json()) as { data: { token: string } }).data.token;
      const tokenResponse = await fetch(`${cmsUrl}/admin/api-tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminJwt}` },
        body: JSON.stringify({ name: 'bench', type: 'full-access', lifespan: null }),
      });
      const token = ((await tokenResponse.json()) as { data: { accessKey: string } }).data.accessKey;
      const writes: number[] = [];
      const removals: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const word = `schaalproef${randomUUID()
          .replace(/[^a-f]/g, '')
          .slice(0, 8)}`;
        const begin = performance.now();
        const created = await fetch(`${cmsUrl}/api/articles?status=published`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            data: {
              title: `${word} ${sentence(6)}`,
              slug: word,
              summary: sentence(30),
              publishDate: new Date().toISOString(),
            },
          }),
        });
        expect(created.status).toBe(201);
        while ((await search(word)).total === 0) await new Promise((resolve) => setTimeout(resolve, 5));
        writes.push(performance.now() - begin);
        const { documentId } = ((await created.json()) as { data: { documentId: string } }).data;
        const removed = performance.now();
        const deleted = await fetch(`${cmsUrl}/api/articles/${documentId}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(deleted.status).toBe(204);
        while ((await search(word)).total !== 0) await new Promise((resolve) => setTimeout(resolve, 5));
        removals.push(performance.now() - removed);
      }
      report.push(
        `publish through the CMS REST API until found: ${writes.map((ms) => ms.toFixed(0)).join(', ')} ms (median ${percentile(writes, 0.5).toFixed(0)} ms)`,
        `delete through the CMS REST API until gone: ${removals.map((ms) => ms.toFixed(0)).join(', ')} ms (median ${percentile(removals, 0.5).toFixed(0)} ms)`,
      );
      console.info(report.join('\n'));
    } finally {
      await cms?.stop();
      await postgres.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
