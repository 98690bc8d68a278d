/**
 * The English overlay of translated content (src/server/cms/translations.server.ts, decision 061)
 * with the CMS as an undici MockAgent: Dutch pages ask nothing more, English pages ask once for
 * the English versions of the documents read, replace only the translated fields the documents
 * carry, and leave untranslated documents Dutch; a detail learns the languages it exists in.
 */
import qs from 'qs';
import { MockAgent } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { StrapiClient } from '../../src/server/cms/strapi-client.server.ts';
import { translateDetail, translateList } from '../../src/server/cms/translations.server.ts';
import type { Article } from '../../src/shared/cms-types.ts';

const ORIGIN = 'http://cms.test';
const agent = new MockAgent();
agent.disableNetConnect();
afterAll(() => agent.close());

/** The English versions the mock CMS has: only document `b`. */
const ENGLISH: Record<string, Partial<Article>> = {
  b: { documentId: 'b', title: 'English B', summary: 'Summary B', updatedAt: '2026-11-26T00:00:00.000Z' },
};
const requests: Array<Record<string, unknown>> = [];
agent
  .get(ORIGIN)
  .intercept({ path: () => true, method: 'GET' })
  .reply((options) => {
    const query = qs.parse(new URL(options.path, ORIGIN).search.slice(1)) as {
      locale?: string;
      filters?: { documentId?: { $in?: string[] } };
    };
    requests.push(query);
    const ids = query.filters?.documentId?.$in ?? [];
    const data = query.locale === 'en' ? ids.flatMap((id) => (ENGLISH[id] ? [ENGLISH[id]] : [])) : [];
    return {
      statusCode: 200,
      data: { data, meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: data.length } } },
      responseOptions: { headers: { 'content-type': 'application/json' } },
    };
  })
  .persist();

const strapi = new StrapiClient({ url: ORIGIN, dispatcher: agent, cache: false });
const dutch = (documentId: string): Article => ({
  id: 1,
  documentId,
  title: `Titel ${documentId}`,
  slug: `titel-${documentId}`,
  summary: `Samenvatting ${documentId}`,
  publishDate: '2026-11-01T10:00:00.000Z',
});

describe('translateList', () => {
  it('marks Dutch documents nl and asks the CMS nothing on Dutch pages', async () => {
    requests.length = 0;
    const list = await translateList({ strapi, locale: 'nl' }, 'articles', [dutch('a'), dutch('b')]);
    expect(list.map((a) => [a.title, a.locale])).toEqual([
      ['Titel a', 'nl'],
      ['Titel b', 'nl'],
    ]);
    expect(requests).toHaveLength(0);
  });

  it('replaces the texts of translated documents under /en in one call, keeping order, slug and the rest', async () => {
    requests.length = 0;
    const list = await translateList({ strapi, locale: 'en' }, 'articles', [dutch('a'), dutch('b')]);
    expect(list.map((a) => [a.documentId, a.title, a.summary, a.slug, a.locale])).toEqual([
      ['a', 'Titel a', 'Samenvatting a', 'titel-a', 'nl'],
      ['b', 'English B', 'Summary B', 'titel-b', 'en'],
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      locale: 'en',
      filters: { documentId: { $in: ['a', 'b'] } },
      // Only the translated fields the list's documents carry (no body, no seo).
      fields: ['title', 'summary', 'updatedAt'],
    });
  });
});

describe('translateDetail', () => {
  it('gives a document the languages it exists in, and its English texts only under /en', async () => {
    const english = await translateDetail({ strapi, locale: 'en' }, 'articles', dutch('b'));
    expect([english.title, english.locale, english.locales]).toEqual(['English B', 'en', ['nl', 'en']]);
    const sameInDutch = await translateDetail({ strapi, locale: 'nl' }, 'articles', dutch('b'));
    expect([sameInDutch.title, sameInDutch.locale, sameInDutch.locales]).toEqual([
      'Titel b',
      'nl',
      ['nl', 'en'],
    ]);
    const untranslated = await translateDetail({ strapi, locale: 'en' }, 'articles', dutch('a'));
    expect([untranslated.title, untranslated.locale, untranslated.locales]).toEqual([
      'Titel a',
      'nl',
      ['nl'],
    ]);
  });
});
