/**
 * Every section can be found (the seeded CMS navigation): the header links to news (`/nieuws`) and its topics,
 * the agenda, vacancies, magazines, subscriptions, partners, advertising and contact; the footer to
 * the newsletter, tags, sitemap, RSS and privacy; the home page's blocks link to their full lists;
 * `/partners` lists every partner, and the sitemap names it.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { Partner, StrapiList } from '../../src/shared/cms-types.ts';
import { cms, createTestApp, decodeHtml } from '../support/portal.ts';

let portal: PortalApp;

beforeAll(async () => {
  portal = await createTestApp();
});

afterAll(() => portal.close());

/** The hrefs inside the first element matching `open` … `close` in `html`. */
function linksIn(html: string, open: RegExp, close: string): string[] {
  const start = html.search(open);
  const end = html.indexOf(close, start);
  return [...html.slice(start, end).matchAll(/href="([^"]+)"/g)].map((match) => match[1] ?? '');
}

describe('site navigation', () => {
  it('reaches every section from the header and the service pages from the footer', async () => {
    const html = decodeHtml(
      (await request(portal.app).get('/events').set('Accept-Language', 'nl').expect(200)).text,
    );
    const header = linksIn(html, /<nav aria-label="Hoofdnavigatie">/, '</nav>');
    for (const path of [
      '/nieuws',
      '/ecommerce',
      '/logistiek',
      '/fulfilment',
      '/events',
      '/jobs',
      '/magazines',
      '/abonnementen',
      '/partners',
      '/adverteren',
      '/contact',
    ]) {
      expect(header).toContain(path);
    }
    const footer = linksIn(html, /<nav aria-label="Voettekstnavigatie">/, '</nav>');
    for (const path of ['/nieuwsbrief', '/tags-overzicht', '/sitemap', '/rss.xml', '/privacy']) {
      expect(footer).toContain(path);
    }
    // Every footer and header link answers (no dead ends).
    for (const path of [...new Set([...header, ...footer])]) {
      const response = await request(portal.app).get(path).set('Accept-Language', 'nl');
      expect([200, 301], path).toContain(response.status);
    }
  });

  it('links the English footer only to pages that exist in English (no RSS there)', async () => {
    const html = decodeHtml((await request(portal.app).get('/en/events').expect(200)).text);
    const footer = linksIn(html, /<nav aria-label="Footer navigation">/, '</nav>');
    expect(footer).toContain('/en/sitemap');
    expect(footer.some((href) => href.endsWith('rss.xml'))).toBe(false);
  });

  it("links the home page's news, event and vacancy blocks to their full lists", async () => {
    // Warm, so that no section streams with its fallback beside it (decision 105).
    await request(portal.app).get('/').set('Accept-Language', 'nl').expect(200);
    const html = decodeHtml(
      (await request(portal.app).get('/').set('Accept-Language', 'nl').expect(200)).text,
    );
    const more = [...html.matchAll(/<p class="section-more"><a href="([^"]+)">([^<]+)<\/a>/g)].map(
      (match) => [match[1], match[2]],
    );
    expect(more).toEqual([
      ['/nieuws', 'Al het nieuws'],
      ['/nieuws/archief', 'Naar het nieuwsarchief'],
      ['/events', 'Alle evenementen in de agenda'],
      ['/jobs', 'Alle vacatures'],
    ]);
  });
});

describe('/partners', () => {
  it('lists every partner by name with a link to its page, in Dutch and English', async () => {
    const { body } = await cms<StrapiList<Partner>>('/partners?fields[0]=name&fields[1]=link&sort=name:asc');
    expect(body.data.length).toBeGreaterThan(0);
    const html = decodeHtml(
      (await request(portal.app).get('/partners').set('Accept-Language', 'nl').expect(200)).text,
    );
    expect(html).toContain('<h1>Partners</h1>');
    const names = [
      ...html.matchAll(/<h2 class="partners-overview__name"><a href="([^"]+)">([^<]+)<\/a>/g),
    ].map((match) => [match[1], match[2]]);
    expect(names).toEqual(body.data.map((partner) => [`/partners/${partner.link}`, partner.name]));
    const english = decodeHtml((await request(portal.app).get('/en/partners').expect(200)).text);
    expect(english).toContain(`href="/en/partners/${body.data[0]?.link}"`);
  });

  it('is in the pages sitemap in both languages', async () => {
    const xml = (await request(portal.app).get('/sitemaps/pages.xml').expect(200)).text;
    expect(xml).toContain('/partners</loc>');
    expect(xml).toContain('/en/partners</loc>');
  });
});
