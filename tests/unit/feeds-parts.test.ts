/**
 * Sitemap parts (sitemaps.org: at most 50,000 URLs and 50 MB per file): a type with more documents
 * than fit in one file is split into `{name}.xml`, `{name}-p2.xml`, … with the newest `lastmod` of
 * each part in the index. The CMS is an undici MockAgent serving 50,001 events, every third of
 * them also in English (updated half a second after its Dutch version; decision 061).
 */
import qs from 'qs';
import { MockAgent } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { StrapiClient } from '../../src/server/cms/strapi-client.server.ts';
import {
  buildSitemapFile,
  buildSitemapIndex,
  DOCS_PER_FILE,
} from '../../src/server/feeds/sitemaps.server.ts';

const ORIGIN = 'http://cms.test';
const SITE = 'https://www.example.nl';
const EVENT_COUNT = 2 * DOCS_PER_FILE + 1;
const BASE = Date.parse('2026-01-01T00:00:00.000Z');

/** Event `i`: ids sort in creation order; the first one was edited last of all. */
function event(i: number) {
  const updated = i === 0 ? BASE + EVENT_COUNT * 1000 : BASE + i * 1000;
  return {
    id: i + 1,
    documentId: `e${String(i).padStart(6, '0')}`,
    slug: `event-${i}`,
    updatedAt: new Date(updated).toISOString(),
  };
}

const EVENTS = Array.from({ length: EVENT_COUNT }, (_, i) => event(i));
const EVENTS_BY_UPDATE = [...EVENTS].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
/** Every third event has an English version, edited half a second after the Dutch one. */
const translated = (i: number) => i % 3 === 0;
const ENGLISH = EVENTS.filter((_, i) => translated(i)).map((e) => ({
  ...e,
  updatedAt: new Date(Date.parse(e.updatedAt) + 500).toISOString(),
}));
const ENGLISH_BY_UPDATE = [...ENGLISH].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));

const agent = new MockAgent();
agent.disableNetConnect();
afterAll(() => agent.close());

const requests: string[] = [];
agent
  .get(ORIGIN)
  .intercept({ path: () => true, method: 'GET' })
  .reply((options) => {
    requests.push(options.path);
    const url = new URL(options.path, ORIGIN);
    const query = qs.parse(url.search.slice(1)) as {
      sort?: string[];
      locale?: string;
      filters?: { documentId?: { $gte?: string; $lte?: string } };
      pagination?: { page?: string; pageSize?: string };
    };
    const page = Number(query.pagination?.page ?? 1);
    const pageSize = Number(query.pagination?.pageSize ?? 25);
    const json = (data: unknown[], total: number) => ({
      statusCode: 200,
      data: { data, meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } } },
      responseOptions: { headers: { 'content-type': 'application/json' } },
    });
    if (url.pathname !== '/api/events') return json([], 0);
    const english = query.locale === 'en';
    const byUpdate = query.sort?.[0] === 'updatedAt:desc';
    const range = query.filters?.documentId;
    const list = (
      english ? (byUpdate ? ENGLISH_BY_UPDATE : ENGLISH) : byUpdate ? EVENTS_BY_UPDATE : EVENTS
    ).filter(
      (e) => (!range?.$gte || e.documentId >= range.$gte) && (!range?.$lte || e.documentId <= range.$lte),
    );
    return json(list.slice((page - 1) * pageSize, page * pageSize), list.length);
  })
  .persist();

const strapi = new StrapiClient({ url: ORIGIN, dispatcher: agent, cache: false });
const ctx = { strapi, siteUrl: SITE, now: Date.parse('2026-06-01T12:00:00.000Z') };

describe('sitemap parts', () => {
  // Pages through 50,001 events (and their English versions) from the mock CMS: like the next test,
  // a workload of seconds on a busy machine, not a timing.
  it('lists every part of a large type in the index with the newest lastmod of that part', {
    timeout: 60_000,
  }, async () => {
    const xml = await buildSitemapIndex(ctx);
    const entries = [...xml.matchAll(/<loc>([^<]+)<\/loc>\s*(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(entries).toEqual([
      // `/events` is in pages.xml and changes with its newest event.
      [`${SITE}/sitemaps/pages.xml`, event(0).updatedAt],
      // The first event's English version is the newest change of all.
      [`${SITE}/sitemaps/events.xml`, ENGLISH[0]?.updatedAt],
      [`${SITE}/sitemaps/events-p2.xml`, event(2 * DOCS_PER_FILE - 1).updatedAt],
      [`${SITE}/sitemaps/events-p3.xml`, event(2 * DOCS_PER_FILE).updatedAt],
    ]);
  });

  it('serves each part with at most 50,000 URLs and under 50 MB, and 404 past the last part', {
    timeout: 60_000,
  }, async () => {
    const part2 = await buildSitemapFile(ctx, 'events-p2.xml');
    expect(part2).not.toBeNull();
    const locs = [...(part2 ?? '').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // A part holds DOCS_PER_FILE documents: each in Dutch, and in English when translated
    // (decision 061), so never more than 50,000 URLs.
    const dutch = locs.filter((loc) => !loc?.startsWith(`${SITE}/en/`));
    const english = locs.filter((loc) => loc?.startsWith(`${SITE}/en/`));
    expect(dutch).toHaveLength(DOCS_PER_FILE);
    const inPart = Array.from({ length: DOCS_PER_FILE }, (_, k) => DOCS_PER_FILE + k);
    expect(english).toEqual(inPart.filter(translated).map((i) => `${SITE}/en/events/event-${i}`));
    expect(locs.length).toBeLessThanOrEqual(50_000);
    expect(Buffer.byteLength(part2 ?? '')).toBeLessThan(50 * 1024 * 1024);
    expect(dutch[0]).toBe(`${SITE}/events/event-${DOCS_PER_FILE}`);
    expect(dutch[1]).toBe(`${SITE}/events/event-${DOCS_PER_FILE + 1}`);
    expect(dutch.at(-1)).toBe(`${SITE}/events/event-${2 * DOCS_PER_FILE - 1}`);
    const part3 = await buildSitemapFile(ctx, 'events-p3.xml');
    // Event 50,000 has no English version.
    expect(translated(2 * DOCS_PER_FILE)).toBe(false);
    expect([...(part3 ?? '').matchAll(/<loc>/g)]).toHaveLength(1);
    expect(await buildSitemapFile(ctx, 'events-p4.xml')).toBeNull();
    // Parts are read in stable documentId order, 100 per request.
    expect(requests.some((path) => decodeURIComponent(path).includes('sort[0]=documentId:asc'))).toBe(true);
  });
});
