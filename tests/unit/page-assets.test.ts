/**
 * The list of each page's own files for the prefetcher (src/server/render/page-assets.server.ts,
 * docs/decisions/108-page-start-in-short-tasks.md): every page route, less what every page loads,
 * cached for a year under the build id, 404 for another build, an unknown locale or no build.
 */
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ClientAssets } from '../../src/server/context.server.ts';
import { pageAssetsRouter, pageFilesOf, pageModules } from '../../src/server/render/page-assets.server.ts';
import { PAGE_ROUTES } from '../../src/shared/routes.tsx';

/** Assets as productionAssets gives them: every module becomes one chunk under /assets/. */
const assets: ClientAssets = {
  entry: '/assets/entry.js',
  styles: ['/assets/app.css'],
  modulePreloads: ['/assets/entry.js', '/assets/vendor.js'],
  integrity: {},
  forPage: (modules) => {
    const own = modules.map((source) => `/assets/${source.replace(/\W+/g, '_')}.js`);
    return {
      styles: [
        '/assets/app.css',
        ...(modules.some((m) => m.includes('news-detail')) ? ['/assets/news.css'] : []),
      ],
      modulePreloads: ['/assets/entry.js', '/assets/vendor.js', ...own],
      integrity: Object.fromEntries(own.map((url) => [url, `sha384-${url.length}`])),
    };
  },
};

describe('page files', () => {
  it('lists every page route with its own chunks and integrity, without the base files', () => {
    const files = pageFilesOf(assets, 'nl');
    expect(Object.keys(files ?? {})).toEqual(PAGE_ROUTES.map((route) => route.name));
    const newsItem = files?.['news-id-slug'];
    const detail = '/assets/src_shared_pages_news_detail_news_detail_page_tsx.js';
    expect(newsItem?.scripts).toContainEqual([detail, `sha384-${detail.length}`]);
    expect(newsItem?.scripts.map(([url]) => url)).not.toContain('/assets/vendor.js');
    expect(newsItem?.scripts.map(([url]) => url)).not.toContain('/assets/entry.js');
    expect(newsItem?.styles).toEqual(['/assets/news.css']);
    // The locale's translation files: the English list names English files.
    expect(pageModules(['news-id-slug'], 'en').some((m) => m.startsWith('src/shared/i18n/locales/en/'))).toBe(
      true,
    );
    expect(pageModules(['news-id-slug'], 'en').at(-1)).toBe(
      'src/shared/pages/news-detail/news-detail.page.tsx',
    );
  });

  it('answers the running build for a year, and 404 for another build, another locale or no build', async () => {
    const app = express().use(pageAssetsRouter({ assets, buildId: 'b-1' }));
    const answer = await request(app).get('/__page-assets/b-1/nl.json').expect(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.body['news-id-slug'].scripts.length).toBeGreaterThan(0);
    await request(app).get('/__page-assets/b-0/nl.json').expect(404);
    await request(app).get('/__page-assets/b-1/de.json').expect(404);
    const development = express().use(
      pageAssetsRouter({ assets: { ...assets, forPage: undefined }, buildId: 'b-1' }),
    );
    const none = await request(development).get('/__page-assets/b-1/nl.json').expect(404);
    expect(none.headers['cache-control']).toBe('no-store');
  });
});
