/**
 * The demo content's pictures (cms/database/seed/images.js): at least 40 distinct article covers,
 * and no picture twice on one page: the home page, the topic pages and the tag pages.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { Article, StrapiList, Tag } from '../../src/shared/cms-types.ts';
import { cms, createTestApp } from '../support/portal.ts';

let portal: PortalApp;

beforeAll(async () => {
  portal = await createTestApp();
});

afterAll(() => portal?.close());

/** The pictures in a page's main content, by file (the responsive variants of one file count once). */
function picturesOf(html: string): string[] {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return [...main.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((match) =>
    (match[1] ?? '').replace(/^\/uploads\/(?:thumbnail_|small_|medium_|large_)?/, ''),
  );
}

describe('demo pictures', () => {
  it('gives the articles at least 40 distinct covers', async () => {
    const { body } = await cms<StrapiList<Article>>(
      '/articles?fields[0]=slug&populate[cover][fields][0]=hash&pagination[pageSize]=100',
    );
    const covers = new Set(body.data.map((article) => article.cover?.hash).filter(Boolean));
    expect(covers.size).toBeGreaterThanOrEqual(40);
  });

  it('never shows one picture twice on the home page, a topic page or a tag page', async () => {
    const { body: tags } = await cms<StrapiList<Tag>>(
      '/tags?fields[0]=slug&pagination[pageSize]=8&sort=name:asc',
    );
    const paths = [
      '/',
      '/ecommerce',
      '/logistiek',
      '/fulfilment',
      ...tags.data.map((tag) => `/news/tag/${tag.slug}`),
    ];
    for (const path of paths) {
      const pictures = picturesOf((await request(portal.app).get(path).expect(200)).text);
      expect({ path, repeated: pictures.filter((src, index) => pictures.indexOf(src) !== index) }).toEqual({
        path,
        repeated: [],
      });
    }
  });
});
