/**
 * The paged news lists against the real CMS (decision 099): the topic pages, `/nieuws` and the
 * news archive go through all their articles with `?pagina=n` links that work without JavaScript,
 * `<link rel="prev">`/`<link rel="next">` in the head, a canonical URL per page, and a 404 past
 * the last page or for a malformed page number; the header's "Nieuws" and the home page's
 * "Naar het nieuwsarchief" lead there; the page cache keeps each page apart. Expected articles,
 * counts and months are read from the CMS and computed here (own time-zone grouping), never
 * copied from the portal's code.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { Article, StrapiList } from '../../src/shared/cms-types.ts';
import { cms, createTestApp, decodeHtml, headOf, PUBLIC_URL } from '../support/portal.ts';

let portal: PortalApp;

beforeAll(async () => {
  portal = await createTestApp();
});

afterAll(() => portal.close());

/** GET through the portal, as a Dutch browser. */
const get = (path: string) => request(portal.app).get(path).set('Accept-Language', 'nl');

/** GET of a page that must answer 200; a failure names the path and the answer's start. */
async function ok(path: string): Promise<request.Response> {
  const response = await get(path);
  expect(
    response.status,
    `${path}: ${mainOf(response.text)
      .replace(/<[^>]+>/g, ' ')
      .slice(0, 400)}`,
  ).toBe(200);
  return response;
}

/** The `<main>` element of a document. */
function mainOf(html: string): string {
  const start = html.indexOf('<main');
  const end = html.indexOf('</main>');
  return start >= 0 && end > start ? decodeHtml(html.slice(start, end)) : '';
}

/** The documentIds of the article links in `html`, in order, each once. */
function articleIds(html: string): string[] {
  return [
    ...new Set([...html.matchAll(/href="(?:\/en)?\/news\/(?!tag\/)([^/"]+)\/[^"]+"/g)].map((m) => m[1]!)),
  ];
}

/** The href of `<link rel="{rel}">` in the head, or null. */
function headLink(html: string, rel: 'prev' | 'next' | 'canonical'): string | null {
  const match = headOf(html).match(new RegExp(`<link rel="${rel}" href="([^"]+)"`));
  return match ? decodeHtml(match[1]!) : null;
}

/** The href of the pager's visible `rel` link in `<main>`, or null. */
function pagerLink(html: string, rel: 'prev' | 'next'): string | null {
  const main = mainOf(html);
  const nav = main.slice(main.indexOf('<nav class="pagination"'));
  const match = nav.match(new RegExp(`<a href="([^"]+)" rel="${rel}"`));
  return match ? match[1]! : null;
}

/** Every published article matching `filter` (a query-string fragment), newest first, ties by id. */
async function cmsArticles(filter = ''): Promise<Array<Pick<Article, 'documentId' | 'publishDate'>>> {
  const out: Array<Pick<Article, 'documentId' | 'publishDate'>> = [];
  for (let page = 1; ; page += 1) {
    const { body } = await cms<StrapiList<Article>>(
      `/articles?fields[0]=publishDate&sort[0]=publishDate:desc&sort[1]=id:desc&pagination[page]=${page}&pagination[pageSize]=100${filter}`,
    );
    out.push(...body.data);
    if (page >= (body.meta.pagination?.pageCount ?? 1)) return out;
  }
}

/**
 * Walks every page of the list at `path` (`size` articles a page) and checks each against
 * `expected`: the articles in order, the head and pager links, the canonical URL; then the 404s.
 */
async function checkPagedList(path: string, expected: string[], size: number): Promise<void> {
  const pageCount = Math.max(1, Math.ceil(expected.length / size));
  const url = (page: number) => (page === 1 ? path : `${path}?pagina=${page}`);
  for (let page = 1; page <= pageCount; page += 1) {
    const response = await ok(url(page));
    const html = response.text;
    expect(articleIds(mainOf(html).split('<nav class="pagination"')[0] ?? ''), `${url(page)}`).toEqual(
      expected.slice((page - 1) * size, page * size),
    );
    expect(headLink(html, 'canonical')).toBe(`${PUBLIC_URL}${url(page)}`);
    expect(headLink(html, 'prev')).toBe(page > 1 ? `${PUBLIC_URL}${url(page - 1)}` : null);
    expect(headLink(html, 'next')).toBe(page < pageCount ? `${PUBLIC_URL}${url(page + 1)}` : null);
    if (pageCount > 1) {
      expect(pagerLink(html, 'prev')).toBe(page > 1 ? url(page - 1) : null);
      expect(pagerLink(html, 'next')).toBe(page < pageCount ? url(page + 1) : null);
      expect(mainOf(html)).toContain(`aria-current="page" aria-label="Pagina ${page} van ${pageCount}"`);
    }
  }
  await get(`${path}?pagina=${pageCount + 1}`).expect(404);
  for (const bad of ['abc', '0', '-1', '02', '1.5', '']) await get(`${path}?pagina=${bad}`).expect(404);
  // Page 1 under its query is page 1, with the bare path as its canonical URL.
  expect(headLink((await get(`${path}?pagina=1`).expect(200)).text, 'canonical')).toBe(
    `${PUBLIC_URL}${path}`,
  );
}

describe('/nieuws', () => {
  it('goes through all news, twelve a page', async () => {
    const expected = (await cmsArticles()).map((a) => a.documentId);
    expect(expected.length).toBeGreaterThan(24);
    const first = (await get('/nieuws').expect(200)).text;
    expect(mainOf(first)).toContain('<h1>Nieuws</h1>');
    expect(mainOf(first)).toContain(`${expected.length} artikelen, het nieuwste eerst.`);
    expect(mainOf(first)).toContain('href="/nieuws/archief"');
    await checkPagedList('/nieuws', expected, 12);
    const english = (await get('/en/nieuws?pagina=2').expect(200)).text;
    expect(mainOf(english)).toContain('<h1>News</h1>');
    expect(headLink(english, 'next')).toBe(`${PUBLIC_URL}/en/nieuws?pagina=3`);
  });

  it('is where the header\'s "Nieuws" leads, marked as the current section there and on a news item', async () => {
    const navLink = (html: string) =>
      html
        .slice(html.indexOf('<nav aria-label="Hoofdnavigatie">'))
        .match(/<a href="([^"]+)"( aria-current="page")?>Nieuws<\/a>/);
    const onHome = navLink((await get('/').expect(200)).text);
    expect(onHome?.[1]).toBe('/nieuws');
    expect(onHome?.[2]).toBeUndefined();
    expect(navLink((await get('/nieuws?pagina=2').expect(200)).text)?.[2]).toBe(' aria-current="page"');
    const [article] = (await cmsArticles()).slice(0, 1);
    const item = await get(`/news/${article!.documentId}/x`);
    const itemHtml = item.status === 301 ? (await get(item.headers.location!).expect(200)).text : item.text;
    expect(navLink(itemHtml)?.[2]).toBe(' aria-current="page"');
  });

  it('is linked from the home page, beside the news archive', async () => {
    const main = mainOf((await get('/').expect(200)).text);
    expect(main).toContain('<a href="/nieuws">Al het nieuws</a>');
    expect(main).toContain('<a href="/nieuws/archief">Naar het nieuwsarchief</a>');
  });

  it('keeps every page apart in the page cache', async () => {
    const cached = await createTestApp(undefined, { pageCacheTtlMs: 60_000 });
    try {
      const one = await request(cached.app).get('/nieuws').expect(200).expect('X-Cache', 'MISS');
      const two = await request(cached.app).get('/nieuws?pagina=2').expect(200).expect('X-Cache', 'MISS');
      const twoAgain = await request(cached.app).get('/nieuws?pagina=2').expect(200).expect('X-Cache', 'HIT');
      expect(headLink(one.text, 'canonical')).toBe(`${PUBLIC_URL}/nieuws`);
      expect(headLink(two.text, 'canonical')).toBe(`${PUBLIC_URL}/nieuws?pagina=2`);
      expect(twoAgain.text).toBe(two.text);
      await request(cached.app).get('/nieuws?pagina=999').expect(404);
    } finally {
      await cached.close();
    }
  });
});

describe('the news archive', () => {
  /** `YYYY-MM` of an instant in Europe/Amsterdam. */
  const monthOf = (iso: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit' })
      .format(new Date(iso))
      .slice(0, 7);

  it('lists every month with news and its number of articles', async () => {
    const articles = await cmsArticles();
    const counts = new Map<string, number>();
    for (const article of articles)
      counts.set(monthOf(article.publishDate), (counts.get(monthOf(article.publishDate)) ?? 0) + 1);
    const main = mainOf((await get('/nieuws/archief').expect(200)).text);
    expect(main).toContain('<h1>Nieuwsarchief</h1>');
    const listed = [
      ...main.matchAll(
        /<a href="\/nieuws\/archief\/(\d{4})\/(\d{2})">[^<]+<\/a> <span class="news-archive__count">(\d+) artikel/g,
      ),
    ].map((m) => [`${m[1]}-${m[2]}`, Number(m[3])] as const);
    expect(new Map(listed)).toEqual(counts);
    // Newest month first.
    expect(listed.map(([month]) => month)).toEqual([...counts.keys()].sort().reverse());
  });

  it("pages through a month's articles, newest first, and links the months around it", async () => {
    const articles = await cmsArticles();
    const months = [...new Set(articles.map((a) => monthOf(a.publishDate)))].sort();
    // The month with the most news, so its paging is exercised when it has more than a page.
    const byCount = months
      .map((month) => [month, articles.filter((a) => monthOf(a.publishDate) === month)] as const)
      .sort((a, b) => b[1].length - a[1].length);
    const [month, inMonth] = byCount[0]!;
    const [year, mm] = month.split('-');
    const path = `/nieuws/archief/${year}/${mm}`;
    await checkPagedList(
      path,
      inMonth.map((a) => a.documentId),
      12,
    );
    const main = mainOf((await get(path).expect(200)).text);
    const index = months.indexOf(month);
    if (index > 0) expect(main).toContain(`href="/nieuws/archief/${months[index - 1]!.replace('-', '/')}"`);
    if (index < months.length - 1)
      expect(main).toContain(`href="/nieuws/archief/${months[index + 1]!.replace('-', '/')}"`);
    // The month's links are not the pager's prev/next.
    expect(main.match(/rel="prev"/g)?.length ?? 0).toBe(0);
    // A month without its leading zero moves to the two-digit URL, keeping the query.
    const early = months.find((entry) => /-0\d$/.test(entry));
    expect(early, 'a month from January to September with news').toBeDefined();
    const [earlyYear, earlyMonth] = early!.split('-');
    const short = await get(`/nieuws/archief/${earlyYear}/${Number(earlyMonth)}?pagina=1`).expect(301);
    expect(short.headers.location).toBe(`/nieuws/archief/${earlyYear}/${earlyMonth}?pagina=1`);
    await get('/nieuws/archief/2026/13').expect(404);
    await get('/nieuws/archief/1999/01').expect(404);
  });

  it('is in the pages sitemap, in both languages', async () => {
    const xml = (await ok('/sitemaps/pages.xml')).text;
    for (const path of ['/nieuws', '/nieuws/archief', '/en/nieuws', '/en/nieuws/archief'])
      expect(xml).toContain(`<loc>${PUBLIC_URL}${path}</loc>`);
  });
});

describe('topic pages', () => {
  it('go through all their articles, nine a page', async () => {
    for (const slug of ['ecommerce', 'logistiek', 'fulfilment']) {
      const expected = (await cmsArticles(`&filters[topic][slug][$eq]=${slug}`)).map((a) => a.documentId);
      expect(expected.length, slug).toBeGreaterThan(9);
      const first = await ok(`/${slug}`);
      expect(mainOf(first.text)).toContain(`${expected.length} artikelen`);
      await checkPagedList(`/${slug}`, expected, 9);
    }
  });

  it('show the events and vacancies on page 1 only, and say which page a later one is', async () => {
    const second = mainOf((await get('/ecommerce?pagina=2').expect(200)).text);
    expect(second).toMatch(/Nieuws over [^<]+, pagina 2 van \d+/);
    expect(second).not.toContain('id="topic-events"');
    expect(mainOf((await get('/ecommerce').expect(200)).text)).toContain('id="topic-events"');
    expect((await get('/ecommerce?pagina=2').expect(200)).text).toMatch(/<title>[^<]+ · Pagina 2 \|/);
  });

  it('page in English under /en, and on client navigations (data endpoint)', async () => {
    const english = (await get('/en/ecommerce?pagina=2').expect(200)).text;
    expect(headLink(english, 'canonical')).toBe(`${PUBLIC_URL}/en/ecommerce?pagina=2`);
    expect(headLink(english, 'prev')).toBe(`${PUBLIC_URL}/en/ecommerce`);
    expect(pagerLink(english, 'prev')).toBe('/en/ecommerce');
    const expected = (await cmsArticles('&filters[topic][slug][$eq]=ecommerce')).map((a) => a.documentId);
    const response = await get('/__data/ecommerce?pagina=2').expect(200);
    const data = response.body.loaderData.ecommerce;
    expect(data.pagination.page).toBe(2);
    expect((data.articles as Article[]).map((a) => a.documentId)).toEqual(expected.slice(9, 18));
    await get('/__data/ecommerce?pagina=99').expect(404);
  });
});
