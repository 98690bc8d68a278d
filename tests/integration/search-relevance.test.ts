/**
 * Site search quality on whichever backend the CMS offers (docs/decisions/066-postgres-full-text-search.md):
 * the SQLite pass searches with the portal's MiniSearch index, the PostgreSQL pass
 * (`TEST_DATABASE=postgres`) with the CMS's full-text search; the same tests run on both.
 * - relevance: the 30 queries of tests/fixtures/search-relevance.json over the demo seed, each
 *   with the titles a reader expects first; the hit rate is printed and must be 30/30;
 * - typing errors: `logistek` finds the `logistiek` articles, `belgie` finds `België`, and a
 *   word with two letters swapped finds the article that has it right.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp, type PortalApp } from '../../src/server/app.ts';
import { siteSearchFor } from '../../src/server/search/search-index.server.ts';
import type { SearchHit } from '../../src/shared/features/search/search-types.ts';
import fixture from '../fixtures/search-relevance.json' with { type: 'json' };
import { type PublishedArticle, publishArticle } from '../support/cms-admin.ts';
import { cmsDatabase } from '../support/cms-database.ts';
import { PUBLIC_URL } from '../support/portal.ts';

const backend = cmsDatabase().client === 'postgres' ? 'postgres' : 'minisearch';
const suffix = Math.random()
  .toString(36)
  .replace(/[^a-z]/g, '')
  .slice(0, 6)
  .padEnd(6, 'q');
const created: PublishedArticle[] = [];
let portal: PortalApp;

/** The plain text of a highlighted title. */
const text = (segments: SearchHit['title']) => segments.map((segment) => segment.text).join('');

async function search(query: string): Promise<SearchHit[]> {
  return (await siteSearchFor(portal.strapi).search({ query, locale: 'nl' })).hits;
}

/** Publishes an article through the CMS's REST API; deleted after the tests. */
async function publish(title: string, summary: string): Promise<string> {
  const article = await publishArticle({ title, summary, slug: `zoektest-${created.length}-${suffix}` });
  created.push(article);
  return `/news/${article.documentId}/${article.slug}`;
}

const paths: Record<string, string> = {};

beforeAll(async () => {
  // Written before the portal exists, so the MiniSearch index's first build holds them.
  paths.belgium = await publish(
    `Pakketdienst ${suffix}bode opent depot in België`,
    `Het depot bij Antwerpen bedient klanten in België en Nederland.`,
  );
  paths.swapped = await publish(
    `Proef met kwartiervracht${suffix} in de binnenstad`,
    'Bezorgers rijden in kwartierblokken door de stad.',
  );
  portal = await createApp({
    mode: 'test',
    strapiUrl: inject('cmsUrl'),
    publicUrl: PUBLIC_URL,
    assets: { entry: '/assets/entry-client.js', styles: ['/assets/app.css'], modulePreloads: [] },
    cmsTimeoutMs: 5000,
    pageCacheTtlMs: 0,
    stateDir: null,
  });
});

afterAll(async () => {
  await portal?.close();
  for (const article of created) await article.remove();
});

describe(`site search on ${backend}`, () => {
  it('is the backend the CMS offers', async () => {
    await search('logistiek');
    expect(siteSearchFor(portal.strapi).backend).toBe(backend);
  });

  it('puts the articles a reader expects first for the 30 queries of the relevance fixture', async () => {
    expect(fixture.queries).toHaveLength(30);
    const misses: string[] = [];
    for (const { q, title, top } of fixture.queries) {
      const titles = (await search(q)).slice(0, top).map((hit) => text(hit.title));
      const pattern = new RegExp(title, 'i');
      if (titles.length < top || !titles.every((found) => pattern.test(found))) {
        misses.push(`${q} → ${JSON.stringify(titles)}`);
      }
    }
    const hits = fixture.queries.length - misses.length;
    console.info(
      `[search-relevance] ${backend}: ${hits}/${fixture.queries.length} queries with the expected titles first (${Math.round((100 * hits) / fixture.queries.length)} %)${misses.length ? `; missed: ${misses.join('; ')}` : ''}`,
    );
    expect(misses).toEqual([]);
  });

  it('forgives typing errors: logistek finds the logistiek articles', async () => {
    const right = await search('logistiek');
    const typo = await search('logistek');
    expect(right.length).toBeGreaterThan(0);
    expect(typo.length).toBeGreaterThan(0);
    // The best "logistiek" article is among the first three for the misspelt word, and all of
    // those are about logistiek (title or snippet).
    expect(typo.slice(0, 3).map((hit) => hit.path)).toContain(right[0]?.path);
    for (const hit of typo.slice(0, 3)) {
      expect(`${text(hit.title)} ${text(hit.snippet)}`.toLowerCase()).toContain('logistie');
    }
  });

  it('finds België for belgie', async () => {
    const hits = await search(`belgie ${suffix}bode`);
    expect(hits.map((hit) => hit.path)).toEqual([paths.belgium]);
    expect(text(hits[0]?.title ?? [])).toContain('België');
    const plain = await search('belgie');
    expect(plain.length).toBeGreaterThan(0);
    expect(`${text(plain[0]?.title ?? [])} ${text(plain[0]?.snippet ?? [])}`).toContain('België');
  });

  it('finds a word with two letters swapped', async () => {
    const hits = await search(`kwatriervracht${suffix}`);
    expect(hits[0]?.path).toBe(paths.swapped);
    // The word as written in the article is highlighted.
    expect(hits[0]?.title.some((segment) => segment.mark && segment.text === `kwartiervracht${suffix}`)).toBe(
      true,
    );
  });
});
