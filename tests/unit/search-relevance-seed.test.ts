/**
 * The relevance fixture (tests/fixtures/search-relevance.json) on the demo seed of every day of
 * the coming weeks, in the portal's MiniSearch index.
 *
 * The demo seed's dates and title choices follow the day it runs (cms/database/seed/articles.js),
 * so the integration test (tests/integration/search-relevance.test.ts) sees another seed each
 * day, and twice it failed only on the day CI ran (decision 066, addenda of 2026-12-02). This test
 * builds the seed in memory for each of the next {@link DAYS} days, maps it as the CMS stores it
 * and the portal indexes it (src/server/search/documents.server.ts), and runs the 30 queries with
 * the seed time as now: a ranking that fails on some day of the coming weeks fails here first.
 * PostgreSQL's ranking is checked by the integration test's PostgreSQL pass only.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  articleDocuments,
  eventDocuments,
  magazineDocuments,
  pageDocuments,
  vacancyDocuments,
} from '../../src/server/search/documents.server.ts';
import { SearchIndex } from '../../src/server/search/search-index.server.ts';
import type { Article, Event, Magazine, Page, Vacancy } from '../../src/shared/cms-types.ts';
import fixture from '../fixtures/search-relevance.json' with { type: 'json' };

const require = createRequire(import.meta.url);
const { buildArticles } = require('../../cms/database/seed/articles.js');
const catalog = require('../../cms/database/seed/catalog.js');
const { buildLandingPage, buildPages } = require('../../cms/database/seed/pages.js');
const { createRandom } = require('../../cms/database/seed/random.js');
const { SEEDS } = require('../../cms/database/seed/index.js');
const { slugify } = require('../../cms/database/seed/util.js');

/** Days ahead checked: CI runs of the next six weeks meet a seed this test has seen. */
const DAYS = 42;
const DAY_MS = 86_400_000;

// The seed modules are untyped CommonJS; their specs are read as loose records.
// biome-ignore lint/suspicious/noExplicitAny: untyped seed specs (cms/database/seed)
type Spec = Record<string, any>;

/** The searchable documents of the demo seed made at `now`, as the portal indexes them. */
function seedDocuments(now: Date) {
  const topics = new Map<string, string>(catalog.TOPICS.map((topic: Spec) => [topic.slug, topic.name]));
  const categories = new Map<string, string>(
    catalog.JOB_CATEGORIES.map((category: Spec) => [category.slug, category.name]),
  );
  const topic = (slug: string | null | undefined) => (slug ? { name: topics.get(slug) ?? slug } : null);
  const articles = buildArticles(createRandom(SEEDS.articles), now).map(
    (article: Spec, index: number) =>
      ({
        ...article,
        documentId: `a${index}`,
        slug: slugify(article.title),
        topic: topic(article.topic),
        tags: article.tags.map((name: string) => ({ name })),
      }) as unknown as Article,
  );
  const events = catalog
    .buildEvents(now)
    .map((event: Spec, index: number) => ({ ...event, documentId: `e${index}`, topic: topic(event.topic) }));
  const vacancies = catalog
    .buildVacancies(createRandom(SEEDS.vacancies), now)
    .filter((vacancy: Spec) => vacancy.reviewStatus === 'approved')
    .map((vacancy: Spec, index: number) => ({
      ...vacancy,
      documentId: `v${index}`,
      publishedAt: now.toISOString(),
      category: { name: categories.get(vacancy.category) ?? vacancy.category },
      topic: topic(vacancy.topic),
    }));
  const magazines = catalog
    .buildMagazines(now)
    .map((magazine: Spec, index: number) => ({ ...magazine, documentId: `m${index}` }));
  // As the seed makes them: the landing page first, linked from the home page (cms/database/seed).
  const pages = (locale: 'nl' | 'en') =>
    [buildLandingPage(locale), ...buildPages(locale, { landing: '/l/p-abonnement-actie' })].map(
      (page: Spec) => ({
        ...page,
        documentId: `p-${page.slug}`,
        topic: topic(page.topic),
      }),
    );
  return [
    ...articleDocuments(articles),
    ...eventDocuments(events as unknown as Event[]),
    ...vacancyDocuments(vacancies as unknown as Vacancy[]),
    ...magazineDocuments(magazines as unknown as Magazine[]),
    ...pageDocuments({ nl: pages('nl') as unknown as Page[], en: pages('en') as unknown as Page[] }),
  ];
}

describe('the relevance fixture on the demo seed of the coming days (MiniSearch)', () => {
  it(`puts the expected titles first on each of the next ${DAYS} days`, async () => {
    const start = Date.now();
    const misses: string[] = [];
    for (let day = 0; day < DAYS; day += 1) {
      const now = new Date(start + day * DAY_MS);
      const documents = seedDocuments(now);
      const index = new SearchIndex({ source: async () => documents, clock: () => now.getTime() });
      for (const { q, title, top } of fixture.queries) {
        const { hits } = await index.search({ query: q, locale: 'nl', now: now.getTime() });
        const titles = hits.slice(0, top).map((hit) => hit.title.map((segment) => segment.text).join(''));
        const pattern = new RegExp(title, 'i');
        if (titles.length < top || !titles.every((found) => pattern.test(found))) {
          misses.push(`${now.toISOString().slice(0, 10)}: ${q} → ${JSON.stringify(titles)}`);
        }
      }
    }
    expect(misses).toEqual([]);
    // About 80 ms a day here; the limit leaves room for a loaded machine.
  }, 60_000);
});
