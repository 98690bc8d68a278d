/**
 * What the demo seed (cms/database/seed) gives a newcomer on the first start, so that each part of
 * the portal shows something:
 *
 * - a week of page views (cms/database/seed/page-views.js), so `GET /api/statistics/most-read`
 *   answers with articles and the home page and the news items show "Meest gelezen"
 *   (docs/analytics.md);
 * - a landing page in the empty layout, the subscription offer, in Dutch and English, at
 *   `/l/{documentId}` (the portal's `l-id` route), linked from the home page.
 *
 * The test CMS is shared with every other file, which may add page views of their own: the seed's
 * are told apart by their sessions (`demo-…`).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { Article, Page, StrapiList } from '../../src/shared/cms-types.ts';
import { storedRows } from '../support/cms-database.ts';
import { cms, createTestApp, decodeHtml } from '../support/portal.ts';

let portal: PortalApp;

beforeAll(async () => {
  portal = await createTestApp();
});

afterAll(() => portal?.close());

interface StoredEvent {
  eventType: string;
  session: string | null;
  contentType?: string;
  documentId?: string;
  at: number;
}

/** The "Meest gelezen" section of a page, or '' when it has none. */
function mostReadOf(html: string): string {
  return (
    /<section aria-labelledby="most-read-title" class="most-read">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? ''
  );
}

describe('the demo page views', () => {
  it('are a week of visits to published articles, which most-read ranks', async () => {
    // The seed's sessions are `demo-<day>-<n>` (PostgreSQL writes jsonb as text with spaces, so the
    // pattern names the value only).
    const rows = await storedRows<{ events: string; created_at: unknown }>(
      'SELECT events, created_at FROM statistics WHERE CAST(events AS TEXT) LIKE ?',
      '%demo-20%',
    );
    // Each batch is stored on the day of its visits, which a recount of the daily counts goes by.
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    for (const row of rows) {
      const created = Number.isFinite(Number(row.created_at))
        ? Number(row.created_at)
        : Date.parse(String(row.created_at));
      const batch = JSON.parse(row.events) as StoredEvent[];
      expect(new Set(batch.map((event) => dayOf(event.at)))).toEqual(new Set([dayOf(created)]));
    }
    const events = rows
      .flatMap((row) => JSON.parse(row.events) as StoredEvent[])
      .filter((event) => event.session?.startsWith('demo-'));
    const views = new Map<string, number>();
    for (const event of events) {
      if (event.eventType === 'Pageview' && event.contentType === 'article' && event.documentId) {
        views.set(event.documentId, (views.get(event.documentId) ?? 0) + 1);
      }
    }
    expect(views.size).toBeGreaterThanOrEqual(5);
    // Spread over several days of the last seven, none in the future.
    const days = new Set(events.map((event) => dayOf(event.at)));
    expect(days.size).toBeGreaterThanOrEqual(5);
    expect(Math.max(...events.map((event) => event.at))).toBeLessThanOrEqual(Date.now());
    expect(Math.min(...events.map((event) => event.at))).toBeGreaterThan(Date.now() - 8 * 86_400_000);

    const ids = [...views.keys()];
    const { body } = await cms<StrapiList<Article>>(
      `/articles?fields[0]=slug&pagination[pageSize]=20&${ids.map((id, i) => `filters[documentId][$in][${i}]=${id}`).join('&')}`,
    );
    expect(body.data.map((article) => article.documentId).sort()).toEqual(ids.sort());

    const ranking = await cms<{ data: Array<{ documentId: string; views: number }> }>(
      '/statistics/most-read?days=7&limit=20',
    );
    expect(ranking.status).toBe(200);
    const ranked = new Map(ranking.body.data.map((entry) => [entry.documentId, entry.views]));
    const seedTop = [...views.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
    for (const [documentId, count] of seedTop) {
      expect(ranked.get(documentId) ?? 0).toBeGreaterThanOrEqual(count);
    }
  });

  it('show "Meest gelezen" on the home page and on a news item', async () => {
    const home = decodeHtml(
      (await request(portal.app).get('/').set('Accept-Language', 'nl').expect(200)).text,
    );
    const block = mostReadOf(home);
    expect(block).toContain('Meest gelezen');
    const links = [...block.matchAll(/<a href="(\/news\/[^"]+)"/g)].map((match) => match[1] ?? '');
    expect(links.length).toBeGreaterThanOrEqual(1);
    const item = decodeHtml(
      (
        await request(portal.app)
          .get(links[0] ?? '')
          .expect(200)
      ).text,
    );
    expect(mostReadOf(item)).toContain('Meest gelezen');
  });
});

describe('the demo landing page', () => {
  /** The landing page in a locale, as the CMS serves it. */
  async function landing(locale: 'nl' | 'en'): Promise<Page> {
    const { body } = await cms<StrapiList<Page>>(
      `/pages?filters[slug][$eq]=abonnement-actie&locale=${locale}&fields[0]=title&fields[1]=layout&fields[2]=slug`,
    );
    expect(body.data).toHaveLength(1);
    return body.data[0] as Page;
  }

  it('answers at /l/{documentId} in the empty layout, in Dutch and English', async () => {
    const [nl, en] = await Promise.all([landing('nl'), landing('en')]);
    expect(nl.layout).toBe('empty');
    expect(en.layout).toBe('empty');
    expect(en.documentId).toBe(nl.documentId);

    const dutch = await request(portal.app).get(`/l/${nl.documentId}`).expect(200);
    const dutchHtml = decodeHtml(dutch.text);
    expect(dutchHtml).toContain(`<h1>${nl.title}</h1>`);
    expect(dutch.text).toContain('class="layout-empty"');
    expect(dutch.text).not.toContain('class="site-header"');
    expect(dutchHtml).toContain('href="/abonnementen"');

    const english = await request(portal.app).get(`/en/l/${nl.documentId}`).expect(200);
    const englishHtml = decodeHtml(english.text);
    expect(englishHtml).toContain('<html lang="en">');
    expect(englishHtml).toContain(`<h1>${en.title}</h1>`);
    expect(englishHtml).toContain('href="/en/abonnementen"');
  });

  it('is linked from the home page, so a newcomer finds its address', async () => {
    const { documentId } = await landing('nl');
    const home = (await request(portal.app).get('/').set('Accept-Language', 'nl').expect(200)).text;
    expect(home).toContain(`href="/l/${documentId}"`);
    const english = (await request(portal.app).get('/en').expect(200)).text;
    expect(english).toContain(`href="/en/l/${documentId}"`);
  });
});
