/**
 * Images on the portal against the real CMS and its demo seed (docs/decisions/069): the CMS stores
 * WebP variants of every upload in `formats`; pages render `<picture>` with a WebP `<source>` and
 * the original's formats as `<img srcset>`, `sizes` per place, `width`/`height` of the file in
 * `src` on every `<img>`, `fetchpriority="high"` (and no lazy loading) on the largest image above
 * the fold, lazy loading below it; the WebP files answer through the portal's `/uploads` proxy.
 */
import { Window } from 'happy-dom';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { Article, Event, StrapiList, StrapiMedia } from '../../src/shared/cms-types.ts';
import { IMAGE_SIZES } from '../../src/shared/ui/image-sizes.ts';
import { articlePath, EVENTS_PATH, eventPath, JOBS_PATH } from '../../src/shared/urls.ts';
import { cms, createTestApp } from '../support/portal.ts';

let portal: PortalApp;
let latest: Article;
let event: Event;
const window = new Window();

/** The parsed document of a portal page (answering 200). */
async function page(path: string): Promise<Document> {
  const response = await request(portal.app).get(path).expect(200);
  return new window.DOMParser().parseFromString(response.text, 'text/html') as unknown as Document;
}

/** The widths of a `srcset` value (`a.jpg 500w, b.jpg 750w` → [500, 750]) and its URLs. */
function parseSrcSet(value: string | null): Array<{ url: string; width: number }> {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .filter((parts) => parts.length === 2)
    .map(([url, descriptor]) => ({ url: url ?? '', width: Number(descriptor?.replace(/w$/, '')) }));
}

/** Every stored file of a media entry (original and formats) by URL, with its size. */
function filesOf(media: StrapiMedia): Map<string, { width: number; height: number; mime?: string }> {
  const files = new Map<string, { width: number; height: number; mime?: string }>();
  files.set(media.url, { width: media.width ?? 0, height: media.height ?? 0, mime: media.mime });
  for (const format of Object.values(media.formats ?? {})) if (format) files.set(format.url, format);
  return files;
}

beforeAll(async () => {
  portal = await createTestApp();
  const articles = await cms<StrapiList<Article>>(
    '/articles?sort=publishDate:desc&pagination[pageSize]=1&populate[cover]=true',
  );
  latest = articles.body.data[0]!;
  const events = await cms<StrapiList<Event>>(
    '/events?filters[image][id][$notNull]=true&pagination[pageSize]=1&populate[image]=true',
  );
  event = events.body.data[0]!;
});

afterAll(() => portal?.close());

describe('WebP variants in the CMS', () => {
  it('stores a WebP of the original and of every format of the seeded covers', () => {
    const cover = latest.cover!;
    expect(cover.mime).toBe('image/jpeg');
    const formats = cover.formats ?? {};
    for (const name of ['thumbnail', 'small', 'medium', 'large'] as const) {
      const original = formats[name];
      const webp = formats[`webp_${name}`];
      expect({ name, mime: webp?.mime }).toEqual({ name, mime: 'image/webp' });
      expect([webp?.width, webp?.height]).toEqual([original?.width, original?.height]);
      expect(webp?.url).toMatch(/^\/uploads\/webp_[a-z]+_.+\.webp$/);
    }
    expect(formats.webp_original).toMatchObject({
      width: cover.width,
      height: cover.height,
      mime: 'image/webp',
    });
  });
});

describe('news item hero', () => {
  it('is a <picture> with a WebP source and the formats as srcset, sized, with high priority and no lazy loading', async () => {
    const document = await page(articlePath(latest));
    const img = document.querySelector('.article__cover img');
    expect(img).not.toBeNull();
    const picture = img!.parentElement!;
    expect(picture.tagName).toBe('PICTURE');
    const source = picture.querySelector('source');
    expect(source?.getAttribute('type')).toBe('image/webp');
    const webp = parseSrcSet(source!.getAttribute('srcset'));
    expect(new Set(webp.map((item) => item.width)).size).toBeGreaterThanOrEqual(4);
    for (const item of webp) expect(item.url).toMatch(/\.webp$/);
    expect(source!.getAttribute('sizes')).toBe(IMAGE_SIZES.articleHero);

    const originals = parseSrcSet(img!.getAttribute('srcset'));
    expect(new Set(originals.map((item) => item.width)).size).toBeGreaterThanOrEqual(4);
    for (const item of originals) expect(item.url).toMatch(/\.jpg$/);
    expect(img!.getAttribute('sizes')).toBe(IMAGE_SIZES.articleHero);
    // Every candidate's width descriptor is the stored file's width.
    const files = filesOf(latest.cover!);
    for (const item of [...webp, ...originals]) expect(files.get(item.url)?.width).toBe(item.width);

    // width/height: those of the file in `src`.
    const src = files.get(img!.getAttribute('src') ?? '');
    expect(src).toBeDefined();
    expect([Number(img!.getAttribute('width')), Number(img!.getAttribute('height'))]).toEqual([
      src!.width,
      src!.height,
    ]);
    expect(img!.getAttribute('fetchpriority')).toBe('high');
    expect(img!.hasAttribute('loading')).toBe(false);
  });

  it('is the only high-priority image; the teasers further down load lazily', async () => {
    const document = await page(articlePath(latest));
    expect(document.querySelectorAll('img[fetchpriority="high"]').length).toBe(1);
    const teasers = [...document.querySelectorAll('.related img')];
    expect(teasers.length).toBeGreaterThan(0);
    // "Meer nieuws" has at most as many columns as teasers (three, else two), and sizes to match.
    const cards = document.querySelectorAll('.related .card').length;
    const sizes = cards >= 3 ? IMAGE_SIZES.relatedCard3 : IMAGE_SIZES.relatedCard2;
    for (const img of teasers) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('decoding')).toBe('async');
      expect(img.getAttribute('sizes')).toBe(sizes);
    }
  });
});

describe('home', () => {
  it('gives the lead story high priority and the other teasers lazy loading', async () => {
    const document = await page('/');
    const lead = document.querySelector('.card--lead img');
    expect(lead?.getAttribute('fetchpriority')).toBe('high');
    expect(lead?.hasAttribute('loading')).toBe(false);
    expect(lead?.getAttribute('sizes')).toBe(IMAGE_SIZES.lead);
    expect(document.querySelectorAll('img[fetchpriority="high"]').length).toBe(1);
    const rest = [...document.querySelectorAll('.grid--news .card:not(.card--lead) img')];
    expect(rest.length).toBeGreaterThan(2);
    for (const img of rest) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('decoding')).toBe('async');
      expect(img.parentElement?.querySelector('source[type="image/webp"]')).not.toBeNull();
    }
  });
});

describe('event', () => {
  it('gives the event picture high priority and a WebP source', async () => {
    const document = await page(eventPath(event));
    const img = document.querySelector('.event__image img');
    expect(img?.getAttribute('fetchpriority')).toBe('high');
    expect(img?.hasAttribute('loading')).toBe(false);
    expect(img?.getAttribute('sizes')).toBe(IMAGE_SIZES.eventHero);
    expect(img?.parentElement?.querySelector('source[type="image/webp"]')?.getAttribute('sizes')).toBe(
      IMAGE_SIZES.eventHero,
    );
  });
});

describe('every <img>', () => {
  it('has a width and a height on the home page, a news item, an event, /events and /jobs', async () => {
    let count = 0;
    for (const path of ['/', articlePath(latest), eventPath(event), EVENTS_PATH, JOBS_PATH]) {
      const document = await page(path);
      for (const img of document.querySelectorAll('img')) {
        count += 1;
        const size = {
          path,
          src: img.getAttribute('src'),
          width: img.getAttribute('width'),
          height: img.getAttribute('height'),
        };
        expect(size).toEqual({
          ...size,
          width: expect.stringMatching(/^[1-9]\d*$/),
          height: expect.stringMatching(/^[1-9]\d*$/),
        });
      }
    }
    expect(count).toBeGreaterThan(10);
  });
});

describe('WebP files', () => {
  it('answer 200 with image/webp through the portal', async () => {
    const document = await page(articlePath(latest));
    const urls = [...document.querySelectorAll('source[type="image/webp"]')].flatMap((source) =>
      parseSrcSet(source.getAttribute('srcset')).map((item) => item.url),
    );
    expect(urls.length).toBeGreaterThanOrEqual(5);
    for (const url of new Set(urls)) {
      const response = await request(portal.app).get(url);
      expect({ url, status: response.status, type: response.headers['content-type'] }).toEqual({
        url,
        status: 200,
        type: 'image/webp',
      });
      const body = response.body as Buffer;
      expect(body.subarray(8, 12).toString('ascii')).toBe('WEBP');
    }
  });
});
