/**
 * Swapped letters and the "Bedoelde je …?" link of `/zoeken` against the real CMS and its demo
 * content (docs/decisions/111-search-tolerates-swapped-letters.md), on whichever backend the CMS
 * offers: the SQLite pass searches with the portal's MiniSearch index, the PostgreSQL pass
 * (`TEST_DATABASE=postgres`) with the CMS's full-text search; the same tests run on both.
 * - `retuor` and `retoru` (two neighbouring letters of `retour` swapped: one edit in the Damerau /
 *   optimal string alignment distance, two in Levenshtein's) find the articles about `retour`, and
 *   the search names the corrected word with `retour`;
 * - the page shows "Bedoelde je retour?" (English: "Did you mean retour?") as a plain link to the
 *   search for `retour`, with the type filter kept; words found as typed get no such link.
 * Before decision 111 both words found nothing on either backend.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import { siteSearchFor } from '../../src/server/search/search-index.server.ts';
import type { SearchResponse } from '../../src/server/search/site-search.server.ts';
import type { HighlightSegment } from '../../src/shared/features/search/search-types.ts';
import { cmsDatabase } from '../support/cms-database.ts';
import { cms, createTestApp, decodeHtml } from '../support/portal.ts';

const backend = cmsDatabase().client === 'postgres' ? 'postgres' : 'minisearch';
let portal: PortalApp;

async function search(query: string, locale: 'nl' | 'en' = 'nl'): Promise<SearchResponse> {
  return siteSearchFor(portal.strapi).search({ query, locale });
}

/** The marked words of highlighted text. */
const marks = (segments: HighlightSegment[]) => segments.filter((segment) => segment.mark).map((s) => s.text);

/** The "Bedoelde je …?" paragraph of a search page, decoded, or null. */
function suggestionOf(html: string): string | null {
  const paragraph = /<p class="search__suggestion">(.*?)<\/p>/s.exec(html)?.[1];
  return paragraph === undefined ? null : decodeHtml(paragraph);
}

beforeAll(async () => {
  portal = await createTestApp();
});

afterAll(async () => {
  await portal?.close();
});

describe(`swapped letters on ${backend}`, () => {
  it('is the backend the CMS offers', async () => {
    await search('retour');
    expect(siteSearchFor(portal.strapi).backend).toBe(backend);
  });

  it('finds the retour articles for retuor and retoru and names the correction', async () => {
    const right = await search('retour');
    // The demo content has about 30 items with "retour" (whole word or start of a word).
    expect(right.total).toBeGreaterThanOrEqual(10);
    for (const typo of ['retuor', 'retoru']) {
      const result = await search(typo);
      expect(result.total, typo).toBeGreaterThan(0);
      expect(result.total, typo).toBeLessThanOrEqual(right.total);
      // Every hit of the first page is about retour: a word starting with it is highlighted.
      expect(result.hits.length, typo).toBeGreaterThan(0);
      for (const hit of result.hits) {
        const marked = [...marks(hit.title), ...marks(hit.snippet)].map((word) => word.toLowerCase());
        expect(
          marked.some((word) => word.startsWith('retour')),
          `${typo}: ${hit.path} ${JSON.stringify(marked)}`,
        ).toBe(true);
      }
      expect(result.corrections, typo).toEqual([{ word: typo, suggestion: 'retour' }]);
    }
    expect(right.corrections).toEqual([]);
    // A capital and another word as typed keep their place; only the swapped word is corrected.
    const mixed = await search('Retoru winkel');
    expect(mixed.total).toBeGreaterThan(0);
    expect(mixed.corrections).toEqual([{ word: 'Retoru', suggestion: 'retour' }]);
  });

  it('names other corrected typing errors, and none for words found as typed', async () => {
    expect((await search('logistek')).corrections).toEqual([{ word: 'logistek', suggestion: 'logistiek' }]);
    for (const query of ['logistiek', 'retouren', 'belgie', 'qwxzvbnm', 'retour logistiek']) {
      expect((await search(query)).corrections, query).toEqual([]);
    }
  });

  it('offers "Bedoelde je retour?" as a plain link on /zoeken', async () => {
    for (const typo of ['retuor', 'retoru']) {
      const response = await request(portal.app).get(`/zoeken?q=${typo}`).expect(200);
      expect(suggestionOf(response.text), typo).toMatch(
        /^Bedoelde je <a href="\/zoeken\?q=retour"[^>]*>retour<\/a>\?$/,
      );
    }
    const filtered = await request(portal.app).get('/zoeken?q=Retoru+winkel&type=news').expect(200);
    expect(suggestionOf(filtered.text)).toMatch(
      /^Bedoelde je <a href="\/zoeken\?q=retour\+winkel&type=news"[^>]*>retour winkel<\/a>\?$/,
    );
    for (const query of ['retour', 'logistiek', 'qwxzvbnm']) {
      const response = await request(portal.app).get(`/zoeken?q=${query}`).expect(200);
      expect(suggestionOf(response.text), query).toBeNull();
    }
  });

  it('offers "Did you mean retour?" on /en/zoeken', async () => {
    const response = await request(portal.app).get('/en/zoeken?q=retuor').expect(200);
    expect(suggestionOf(response.text)).toMatch(
      /^Did you mean <a href="\/en\/zoeken\?q=retour"[^>]*>retour<\/a>\?$/,
    );
  });

  it.runIf(backend === 'postgres')('answers the corrections from the CMS search API', async () => {
    const { status, body } = await cms<{ total: number; corrections: unknown }>('/search?q=retuor&locale=nl');
    expect(status).toBe(200);
    expect(body.total).toBeGreaterThan(0);
    expect(body.corrections).toEqual([{ word: 'retuor', suggestion: 'retour' }]);
  });
});
