import { describe, expect, it } from 'vitest';
import {
  fillOfflinePage,
  isNeverKept,
  isNewsItemData,
  isNewsItemPath,
  isStorable,
  offlineLocaleOf,
  titleOf,
} from '../../src/client/offline-rules.ts';

/** A response as the worker sees it. */
function response(cacheControl: string | null, status = 200, type = 'basic') {
  return {
    status,
    type,
    headers: new Headers(cacheControl === null ? {} : { 'Cache-Control': cacheControl }),
  };
}

describe('what the service worker keeps', () => {
  it('keeps news item pages and their data answers, in both languages', () => {
    expect(isNewsItemPath('/news/abc123/een-titel')).toBe(true);
    expect(isNewsItemPath('/en/news/abc123/a-title')).toBe(true);
    expect(isNewsItemData('/__data/news/abc123/een-titel')).toBe(true);
    expect(isNewsItemData('/__data/en/news/abc123/a-title')).toBe(true);
  });

  it('keeps no other page: tag pages, lists, other content, account pages', () => {
    for (const path of [
      '/',
      '/news',
      '/news/tag/logistiek',
      '/events/beurs',
      '/jobs/vacature/1/x',
      '/account',
    ]) {
      expect(isNewsItemPath(path), path).toBe(false);
    }
    expect(isNewsItemData('/__data/news/tag/logistiek')).toBe(false);
    expect(isNewsItemData('/news/abc123/een-titel')).toBe(false);
  });

  it('never keeps account and form pages, with or without /en', () => {
    for (const path of [
      '/account',
      '/inloggen',
      '/registreren',
      '/jobs/mijn',
      '/jobs/mijn/12',
      '/jobs/plaatsen',
      '/en/account',
      '/wachtwoord-reset?code=x',
      '/nieuwsbrief/afmelden',
    ]) {
      expect(isNeverKept(path), path).toBe(true);
    }
    expect(isNeverKept('/jobs')).toBe(false);
    expect(isNeverKept('/accountancy-nieuws')).toBe(false);
  });

  it('keeps only public 200 answers of the own origin (RFC 9111 directives)', () => {
    expect(isStorable(response('public, max-age=60, s-maxage=300, stale-while-revalidate=600'))).toBe(true);
    expect(isStorable(response('Public, Max-Age=60'))).toBe(true);
    // Signed-in visitors and answers that set a cookie (src/server/http/cache-policy.server.ts).
    expect(isStorable(response('private, no-store'))).toBe(false);
    expect(isStorable(response('private, no-cache'))).toBe(false);
    expect(isStorable(response('no-store'))).toBe(false);
    expect(isStorable(response('public, no-store'))).toBe(false);
    expect(isStorable(response(null))).toBe(false);
    expect(isStorable(response('public, max-age=60', 404))).toBe(false);
    expect(isStorable(response('public, max-age=60', 0, 'opaqueredirect'))).toBe(false);
    expect(isStorable(response('public, max-age=60', 200, 'cors'))).toBe(false);
  });
});

describe('the offline page', () => {
  const template =
    '<html lang="nl"><body><h1>Je bent offline</h1><!--recent:start--><section><h2>Eerder gelezen</h2><ul><!--recent:items--></ul></section><!--recent:end--><a class="button" href="/" data-retry>Opnieuw proberen</a></body></html>';

  it('is English under /en, else Dutch', () => {
    expect(offlineLocaleOf('/en')).toBe('en');
    expect(offlineLocaleOf('/en/jobs')).toBe('en');
    expect(offlineLocaleOf('/energie')).toBe('nl');
    expect(offlineLocaleOf('/')).toBe('nl');
  });

  it('lists the kept items in the given order and retries the requested URL', () => {
    const html = fillOfflinePage(template, '/events?page=2&q="x"', [
      { path: '/news/b/tweede', titleHtml: 'Tweede &amp; laatste' },
      { path: '/news/a/eerste', titleHtml: 'Eerste' },
    ]);
    expect(html).toContain(
      '<ul><li><a href="/news/b/tweede">Tweede &amp; laatste</a></li><li><a href="/news/a/eerste">Eerste</a></li></ul>',
    );
    expect(html).toContain('<a class="button" href="/events?page=2&amp;q=&quot;x&quot;" data-retry>');
  });

  it('leaves the list out when nothing is kept', () => {
    const html = fillOfflinePage(template, '/jobs', []);
    expect(html).not.toContain('<section>');
    expect(html).not.toContain('recent:');
    expect(html).toContain('href="/jobs" data-retry');
  });

  it('treats a $ in a URL as text, not a replacement pattern', () => {
    const html = fillOfflinePage(template, "/zoeken?q=$&$'", [{ path: '/news/a/$&', titleHtml: '$1 $&' }]);
    expect(html).toContain('href="/zoeken?q=$&amp;$&#39;" data-retry');
    expect(html).toContain('<a href="/news/a/$&amp;">$1 $&</a>');
  });

  it('reads a kept page title from og:title, else <title>, and refuses markup', () => {
    expect(
      titleOf('<title>Nieuws | Site</title><meta property="og:title" content="Nieuws &amp; meer"/>'),
    ).toBe('Nieuws &amp; meer');
    expect(titleOf('<head><title>Alleen titel</title></head>')).toBe('Alleen titel');
    expect(titleOf('<head></head>')).toBeNull();
    expect(titleOf('<meta property="og:title" content="a <b>"/>')).toBeNull();
  });
});
