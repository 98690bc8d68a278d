/**
 * The daily counts of cms/src/lib/statistics-reports.js on a real SQLite database (knex and
 * better-sqlite3, the CMS's own driver): storing a batch adds to the counts, a new table is filled
 * from batches already stored, the reports sum the counts, and retention removes old days.
 * The same code runs against the real CMS on SQLite and PostgreSQL in
 * tests/integration/analytics.test.ts; `npm run bench:statistics` measures it at a million events.
 */
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
type Knex = {
  (table: string): { insert: (row: object) => Promise<unknown>; count: (column: string) => Promise<unknown> };
  raw: (sql: string, params?: unknown[]) => Promise<unknown> & { transacting: (trx: unknown) => Promise<unknown> };
  schema: {
    createTable: (name: string, build: (table: Record<string, (...args: unknown[]) => unknown>) => void) => Promise<void>;
    hasTable: (name: string) => Promise<boolean>;
  };
  transaction: <T>(work: (trx: unknown) => Promise<T>) => Promise<T>;
  destroy: () => Promise<void>;
};
const knexFactory = require('knex') as (config: object) => Knex;
const reports = require('../src/lib/statistics-reports.js') as {
  ensureStatisticsIndex: (strapi: unknown) => Promise<number>;
  storeBatch: (strapi: unknown, batch: { session: string | null; events: object[] }, now?: Date) => Promise<void>;
  mostReadArticles: (strapi: unknown, options: { since: Date; limit: number }) => Promise<unknown>;
  summary: (strapi: unknown, options: { from: Date; to: Date; top: number }) => Promise<{
    pageviewsPerDay: Array<{ day: string; views: number }>;
    topPages: Array<{ url: string; views: number }>;
    topReferrers: Array<{ host: string; views: number }>;
    eventsByKind: Array<{ eventType: string; count: number }>;
  }>;
  deleteExpiredStatistics: (strapi: unknown, now?: Date) => Promise<number>;
};

let knex: Knex;
let strapi: object;

/**
 * A stand-in for the parts of Strapi the module uses, over a real SQLite database; as in Strapi,
 * the document service writes inside the open transaction.
 */
function strapiOver(connection: Knex) {
  let open: Knex | undefined;
  return {
    db: {
      connection,
      dialect: { client: 'sqlite' },
      transaction: (work: (context: { trx: unknown }) => Promise<unknown>) =>
        connection.transaction(async (trx) => {
          open = trx as Knex;
          try {
            return await work({ trx });
          } finally {
            open = undefined;
          }
        }),
    },
    documents: () => ({
      create: async ({ data }: { data: { session: string | null; events: object[] } }) =>
        (open ?? connection)('statistics').insert({
          session: data.session,
          events: JSON.stringify(data.events),
          created_at: Date.now(),
        }),
    }),
  };
}

const view = (url: string, extra: object = {}) => ({ eventType: 'Pageview', url, session: 's', ...extra });
const article = (documentId: string) => view(`/news/${documentId}/x`, { contentType: 'article', documentId });

beforeEach(async () => {
  knex = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  await knex.schema.createTable('statistics', (table) => {
    table.increments?.('id');
    table.string?.('session');
    table.text?.('events');
    table.bigInteger?.('created_at');
  });
  strapi = strapiOver(knex);
});

afterEach(async () => {
  await knex.destroy();
});

describe('daily counts of analytics events', () => {
  it('fills a new counts table from the batches already stored, once', async () => {
    const yesterday = Date.UTC(2026, 10, 23, 22, 0);
    await knex('statistics').insert({
      events: JSON.stringify([view('/a', { referrerHost: 'x.example' }), view('/a'), { eventType: 'SessionStart' }]),
      created_at: yesterday,
    });
    expect(await reports.ensureStatisticsIndex(strapi)).toBe(3);
    expect(await reports.ensureStatisticsIndex(strapi)).toBe(0);
    const day = new Date(Date.UTC(2026, 10, 23));
    const result = await reports.summary(strapi, { from: day, to: day, top: 10 });
    expect(result.pageviewsPerDay).toEqual([{ day: '2026-11-23', views: 2 }]);
    expect(result.topPages).toEqual([{ url: '/a', views: 2 }]);
    expect(result.topReferrers).toEqual([{ host: 'x.example', views: 1 }]);
    expect(result.eventsByKind).toEqual([
      { eventType: 'Pageview', count: 2 },
      { eventType: 'SessionStart', count: 1 },
    ]);
  });

  it('adds each stored batch to its day, and the reports sum the days asked for', async () => {
    await reports.ensureStatisticsIndex(strapi);
    const day1 = new Date(Date.UTC(2026, 10, 20, 12));
    const day2 = new Date(Date.UTC(2026, 10, 21, 12));
    await reports.storeBatch(strapi, { session: null, events: [article('a1'), article('a2'), view('/b')] }, day1);
    await reports.storeBatch(strapi, { session: null, events: [article('a1'), view('/b'), view('/b')] }, day2);
    const both = await reports.summary(strapi, { from: day1, to: day2, top: 2 });
    expect(both.pageviewsPerDay).toEqual([
      { day: '2026-11-20', views: 3 },
      { day: '2026-11-21', views: 3 },
    ]);
    expect(both.topPages).toEqual([
      { url: '/b', views: 3 },
      { url: '/news/a1/x', views: 2 },
    ]);
    const second = await reports.summary(strapi, { from: day2, to: day2, top: 10 });
    expect(second.eventsByKind).toEqual([{ eventType: 'Pageview', count: 3 }]);
    expect(await reports.mostReadArticles(strapi, { since: day1, limit: 5 })).toEqual([
      { documentId: 'a1', views: 2 },
      { documentId: 'a2', views: 1 },
    ]);
    expect(await reports.mostReadArticles(strapi, { since: day2, limit: 5 })).toEqual([
      { documentId: 'a1', views: 1 },
    ]);
    const [{ batches }] = (await knex('statistics').count('id as batches')) as Array<{ batches: number }>;
    expect(batches).toBe(2);
  });

  it('cuts very long values, so a URL cannot break the key', async () => {
    await reports.ensureStatisticsIndex(strapi);
    const now = new Date(Date.UTC(2026, 10, 22, 8));
    await reports.storeBatch(strapi, { session: null, events: [view(`/${'x'.repeat(2000)}`)] }, now);
    const { topPages } = await reports.summary(strapi, { from: now, to: now, top: 1 });
    expect(topPages[0]?.url).toHaveLength(500);
  });

  it('deletes batches and counts past the retention period', async () => {
    await reports.ensureStatisticsIndex(strapi);
    const old = new Date(Date.UTC(2025, 8, 1, 12));
    const recent = new Date(Date.UTC(2026, 10, 1, 12));
    await reports.storeBatch(strapi, { session: null, events: [view('/old')] }, old);
    await reports.storeBatch(strapi, { session: null, events: [view('/new')] }, recent);
    await knex.raw('UPDATE statistics SET created_at = ? WHERE events LIKE ?', [old.getTime(), '%/old%']);
    expect(await reports.deleteExpiredStatistics(strapi, new Date(Date.UTC(2026, 10, 24)))).toBe(1);
    const { topPages } = await reports.summary(strapi, { from: old, to: recent, top: 10 });
    expect(topPages).toEqual([{ url: '/new', views: 1 }]);
  });
});
