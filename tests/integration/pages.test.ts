/**
 * The portal's pages against the real CMS: status codes, content from the CMS, head tags,
 * redirects (301 for wrong slugs, CMS rules), 404 pages that name the path, layouts.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { Article, Page, StrapiList, Tag } from '../../src/shared/cms-types.ts';
import { cms, createTestApp, decodeHtml, headOf, PUBLIC_URL } from '../support/portal.ts';

let portal: PortalApp;
let latest: Article;
/** The newest article without an English version (which article that is depends on the seed). */
let dutchOnly: Article;
let withTags: Article;
let busiestTag: { tag: Tag; total: number };

beforeAll(async () => {
  portal = await createTestApp();
  const articles = await cms<StrapiList<Article>>(
    '/articles?sort=publishDate:desc&pagination[pageSize]=100&populate=tags',
  );
  latest = articles.body.data[0]!;
  const english = await cms<StrapiList<Article>>(
    '/articles?locale=en&fields[0]=title&pagination[pageSize]=100',
  );
  const translated = new Set(english.body.data.map((article) => article.documentId));
  dutchOnly = articles.body.data.find((article) => !translated.has(article.documentId))!;
  withTags = articles.body.data.find((a) => (a.tags?.length ?? 0) > 0)!;
  const tags = await cms<StrapiList<Tag>>('/tags?pagination[pageSize]=100');
  const counts = await Promise.all(
    tags.body.data.map(async (tag) => {
      const list = await cms<StrapiList<Article>>(
        `/articles?filters[tags][slug][$eq]=${tag.slug}&pagination[pageSize]=1`,
      );
      return { tag, total: list.body.meta.pagination?.total ?? 0 };
    }),
  );
  busiestTag = counts.sort((a, b) => b.total - a.total)[0]!;
});

afterAll(() => portal.close());

describe('home', () => {
  it('renders the whole document in Dutch with the latest news from the CMS', async () => {
    const response = await request(portal.app).get('/').expect(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const html = decodeHtml(response.text);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain(latest.title);
    expect(html).toContain('Laatste nieuws');
    expect(html).toContain('Komende evenementen');
    expect(html).toContain('Nieuwste vacatures');
    expect(html).toContain('type="module"');
    // The CMS home page's own content lists are not repeated below the fixed sections.
    expect(html.split('>Laatste nieuws</h2>').length - 1).toBe(1);
  });

  it('puts title, description, canonical and hreflang links in <head>', async () => {
    const response = await request(portal.app).get('/').expect(200);
    const head = headOf(response.text);
    expect(head).toMatch(/<title>[^<]+<\/title>/);
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL}/"`);
    expect(head).toContain(`hrefLang="nl" href="${PUBLIC_URL}/"`);
    expect(head).toContain(`hrefLang="en" href="${PUBLIC_URL}/en"`);
    expect(head).toContain(`hrefLang="x-default" href="${PUBLIC_URL}/"`);
    expect(head).toContain('property="og:locale" content="nl_NL"');
  });

  it('answers HEAD without a body', async () => {
    const response = await request(portal.app).head('/').expect(200);
    expect(response.text ?? '').toBe('');
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  it('gives crawlers the complete document', async () => {
    const response = await request(portal.app)
      .get('/')
      .set('User-Agent', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')
      .expect(200);
    expect(response.text).toContain('</html>');
    expect(decodeHtml(response.text)).toContain(latest.title);
  });

  it('sends security headers and no X-Powered-By', async () => {
    const response = await request(portal.app).get('/').expect(200);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
    // Not helmet's `no-referrer`: with it browsers send `Origin: null` on form posts.
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it("meets Mozilla Observatory's tests for an https deployment (decision 051)", async () => {
    // The test app's public URL is https. Without a client build the script hashes are absent;
    // tests/e2e/content-security-policy.test.ts checks them on the production build.
    // `/en` sets the locale cookie, so its attributes are checked too.
    const response = await request(portal.app).get('/en').expect(200);
    const csp = response.headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/(^|;)default-src 'none'(;|$)/);
    expect(csp).toMatch(/(^|;)frame-ancestors 'self'(;|$)/);
    expect(csp).toMatch(/(^|;)object-src 'none'(;|$)/);
    expect(csp).toMatch(/(^|;)base-uri 'none'(;|$)/);
    expect(csp).toMatch(/(^|;)form-action 'self'(;|$)/);
    // The service worker (decision 059): only the origin's own script may be one.
    expect(csp).toMatch(/(^|;)worker-src 'self'(;|$)/);
    expect(csp).toMatch(/(^|;)upgrade-insecure-requests(;|$)/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|data:[^;]*script|https?:/);
    const hsts = /max-age=(\d+)/.exec(response.headers['strict-transport-security'] ?? '');
    expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(15_552_000);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; SameSite=(Lax|Strict)/i);
    }
  });
});

describe('news item', () => {
  it("answers its data with the page's Cache-Control, private with a session (decision 059)", async () => {
    const path = `/news/${withTags.documentId}/${withTags.slug}`;
    const page = await request(portal.app).get(path).set('Cookie', 'i18n_redirected=nl').expect(200);
    const data = await request(portal.app)
      .get(`/__data${path}`)
      .set('Cookie', 'i18n_redirected=nl')
      .expect(200);
    expect(data.headers['cache-control']).toMatch(/^public/);
    expect(data.headers['cache-control']).toBe(page.headers['cache-control']);
    const signedIn = await request(portal.app)
      .get(`/__data${path}`)
      .set('Cookie', 'i18n_redirected=nl; strapi_jwt=aaa.bbb.ccc')
      .expect(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    // A form post's answer is never stored.
    const post = await request(portal.app)
      .post(`/__data${path}`)
      .set('Origin', PUBLIC_URL)
      .type('form')
      .send({});
    expect(post.headers['cache-control']).toMatch(/no-store/);
  });

  it('shows the article with its tags as links', async () => {
    const response = await request(portal.app)
      .get(`/news/${withTags.documentId}/${withTags.slug}`)
      .expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain(`<h1>${withTags.title}</h1>`);
    for (const tag of withTags.tags ?? []) expect(html).toContain(`href="/news/tag/${tag.slug}"`);
    const head = headOf(response.text);
    expect(head).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/news/${withTags.documentId}/${withTags.slug}"`,
    );
    expect(head).toContain('property="og:type" content="article"');
    expect(head).toContain('property="article:published_time"');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(response.text)?.[1];
    const json = JSON.parse(ld ?? 'null');
    expect(json).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: withTags.title,
      datePublished: withTags.publishDate,
      mainEntityOfPage: `${PUBLIC_URL}/news/${withTags.documentId}/${withTags.slug}`,
    });
    expect(json.image[0]).toMatch(/^https:\/\/portal\.test\/uploads\//);
    expect(json.publisher.name).toBeTruthy();
  });

  it('redirects a wrong slug with 301 to the canonical URL, in the same locale', async () => {
    await request(portal.app)
      .get(`/news/${latest.documentId}/oude-titel`)
      .expect(301)
      .expect('Location', `/news/${latest.documentId}/${latest.slug}`);
    await request(portal.app)
      .get(`/en/news/${latest.documentId}/old-title`)
      .expect(301)
      .expect('Location', `/en/news/${latest.documentId}/${latest.slug}`);
  });

  it('answers 404 naming the path for an unknown document', async () => {
    const response = await request(portal.app).get('/news/doesnotexist123/iets').expect(404);
    expect(decodeHtml(response.text)).toContain('Pagina niet gevonden: /news/doesnotexist123/iets');
    expect(response.text).toContain('Er is iets fout gegaan');
    expect(response.text).toContain('Terug naar home');
  });

  it('renders English chrome under /en around the Dutch article, which does not pretend to be English', async () => {
    // docs/decisions/061-untranslated-content.md: the content is marked Dutch, the canonical is
    // the Dutch URL, and there is no English alternate.
    expect(dutchOnly, 'an article without an English version').toBeDefined();
    const response = await request(portal.app)
      .get(`/en/news/${dutchOnly.documentId}/${dutchOnly.slug}`)
      .expect(200);
    expect(response.text).toContain('<html lang="en">');
    expect(response.text).toContain('<article class="article" lang="nl">');
    const head = headOf(response.text);
    expect(head).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/news/${dutchOnly.documentId}/${dutchOnly.slug}"`,
    );
    expect(head).toContain(
      `hrefLang="nl" href="${PUBLIC_URL}/news/${dutchOnly.documentId}/${dutchOnly.slug}"`,
    );
    expect(head).not.toContain('hrefLang="en"');
    expect(head).toContain('content="nl_NL"');
    expect(head).not.toContain('content="en_GB"');
  });
});

describe('news by tag', () => {
  it('lists the tag’s articles with pagination links', async () => {
    const { tag, total } = busiestTag;
    const response = await request(portal.app).get(`/news/tag/${tag.slug}`).expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain(`Nieuws over ${tag.name}`);
    expect(html).toContain(`${total} artikel`);
    // The demo seed gives its busiest tag more than one page (12 a page): the pagination is always checked.
    expect(total).toBeGreaterThan(12);
    expect(html).toContain(`href="/news/tag/${tag.slug}?page=2"`);
    const second = await request(portal.app).get(`/news/tag/${tag.slug}?page=2`).expect(200);
    expect(headOf(second.text)).toContain(`href="${PUBLIC_URL}/news/tag/${tag.slug}?page=2"`);
  });

  it('answers 404 for an unknown tag and for pages out of range or malformed', async () => {
    await request(portal.app).get('/news/tag/bestaat-niet').expect(404);
    await request(portal.app).get(`/news/tag/${busiestTag.tag.slug}?page=999`).expect(404);
    await request(portal.app).get(`/news/tag/${busiestTag.tag.slug}?page=abc`).expect(404);
    await request(portal.app).get(`/news/tag/${busiestTag.tag.slug}?page=0`).expect(404);
  });
});

describe('CMS pages and layouts', () => {
  it('renders a generic page with its blocks in the default layout', async () => {
    const page = await cms<StrapiList<Page>>('/pages?filters[slug][$eq]=adverteren');
    const response = await request(portal.app).get('/adverteren').expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain(`<h1>${page.body.data[0]!.title}</h1>`);
    expect(html).toContain('class="site-header"');
    expect(html).toContain('class="site-footer"');
  });

  it('redirects /home to / and 404s unknown slugs', async () => {
    await request(portal.app).get('/home').expect(301).expect('Location', '/');
    const response = await request(portal.app).get('/bestaat-niet').expect(404);
    expect(decodeHtml(response.text)).toContain('Pagina niet gevonden: /bestaat-niet');
    const deep = await request(portal.app).get('/a/b/c/d').expect(404);
    expect(decodeHtml(deep.text)).toContain('Pagina niet gevonden: /a/b/c/d');
  });

  it('renders /l/{id} in the empty layout', async () => {
    const pages = await cms<StrapiList<Page>>('/pages?filters[layout][$eq]=empty');
    const landing = pages.body.data[0]!;
    const response = await request(portal.app).get(`/l/${landing.documentId}`).expect(200);
    expect(decodeHtml(response.text)).toContain(`<h1>${landing.title}</h1>`);
    expect(response.text).toContain('class="layout-empty"');
    expect(response.text).not.toContain('class="site-header"');
    await request(portal.app).get('/l/doesnotexist123').expect(404);
  });

  it('renders the contact card /c in the empty layout from the site settings', async () => {
    const site = await cms<{ data: { name: string; contact: { email: string } } }>('/site?populate=contact');
    const response = await request(portal.app).get('/c').expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain(site.body.data.name);
    expect(html).toContain(`mailto:${site.body.data.contact.email}`);
    expect(html).not.toContain('class="site-header"');
  });

  it('takes header navigation and footer links from the site single type', async () => {
    const site = await cms<{ data: { navigation: Array<{ label: string; url: string }> } }>(
      '/site?populate=navigation&locale=en',
    );
    const response = await request(portal.app).get('/en').expect(200);
    const html = decodeHtml(response.text);
    for (const item of site.body.data.navigation) expect(html).toContain(`>${item.label}</a>`);
  });
});
