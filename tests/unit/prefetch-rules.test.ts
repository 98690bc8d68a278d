/**
 * The rules of prefetch (docs/product.md#constants, decision 070): not on slow-2g, not with
 * Save-Data; which links are prefetched.
 */
import { describe, expect, it } from 'vitest';
import { MAX_PENDING, mayPrefetchInView, prefetchTarget, START_DELAY_MS } from '../../src/client/prefetch.ts';

describe('mayPrefetchInView', () => {
  it('prefetches on fast and unknown connections', () => {
    expect(mayPrefetchInView(undefined)).toBe(true);
    expect(mayPrefetchInView({ effectiveType: '4g' })).toBe(true);
    expect(mayPrefetchInView({ effectiveType: '2g', saveData: false })).toBe(true);
  });

  it('does not prefetch on slow-2g or with Save-Data', () => {
    expect(mayPrefetchInView({ effectiveType: 'slow-2g' })).toBe(false);
    expect(mayPrefetchInView({ effectiveType: '4g', saveData: true })).toBe(false);
  });

  it('uses the spec constants', () => {
    expect(START_DELAY_MS).toBe(1000);
    expect(MAX_PENDING).toBe(4);
  });
});

/** An anchor as `prefetchTarget` reads it: `href` resolved against `base`, no other attributes. */
function anchor(href: string, base: string, data: Record<string, string> = {}): HTMLAnchorElement {
  return {
    dataset: data,
    target: '',
    href: new URL(href, base).href,
    hasAttribute: () => false,
    closest: () => null,
    getAttribute: (name: string) => (name === 'href' ? href : null),
  } as unknown as HTMLAnchorElement;
}

describe('prefetchTarget', () => {
  const dutchPage = new URL('https://portal.test/news/tag/economie') as unknown as Location;
  const englishPage = new URL('https://portal.test/en/news/tag/economie') as unknown as Location;

  it('prefetches a page of the same locale', () => {
    expect(prefetchTarget(anchor('/news/abc/titel', dutchPage.href), dutchPage)?.pathname).toBe(
      '/news/abc/titel',
    );
    expect(prefetchTarget(anchor('/en/jobs', englishPage.href), englishPage)?.pathname).toBe('/en/jobs');
  });

  it('never prefetches a page of the other locale (its visit moves the locale cookie)', () => {
    expect(prefetchTarget(anchor('/news/abc/titel', englishPage.href), englishPage)).toBeNull();
    expect(prefetchTarget(anchor('/en/jobs', dutchPage.href), dutchPage)).toBeNull();
  });

  it('never prefetches the page itself, other origins or data-reload links', () => {
    expect(prefetchTarget(anchor('/news/tag/economie', dutchPage.href), dutchPage)).toBeNull();
    expect(prefetchTarget(anchor('https://elders.test/news', dutchPage.href), dutchPage)).toBeNull();
    expect(prefetchTarget(anchor('/jobs', dutchPage.href, { reload: '' }), dutchPage)).toBeNull();
  });
});
