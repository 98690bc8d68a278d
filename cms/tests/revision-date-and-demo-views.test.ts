/**
 * The rules of two parts of issue 35 without a CMS (the real CMS runs them in
 * tests/integration/article-revision-date.test.ts and tests/integration/demo-content.test.ts):
 *
 * - when a publication is a revision (cms/src/lib/article-revision-date.js,
 *   docs/decisions/113-cms-sets-revision-date.md): a locale published before, a change a reader
 *   sees, and no date the editor set;
 * - the demo page views (cms/database/seed/page-views.js): the last 7 UTC days, nothing before an
 *   article's publication or after the seed time, at most 14 views of one article.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
type Version = Record<string, unknown>;
const { isRevision, localesOf } = require('../src/lib/article-revision-date.js') as {
  isRevision: (before: Version[], after: Version[]) => boolean;
  localesOf: (locale: unknown, defaultLocale: string) => string[] | null;
};
const { buildPageViews } = require('../database/seed/page-views.js') as {
  buildPageViews: (
    random: unknown,
    now: Date,
    articles: Array<{ documentId: string; slug: string; publishDate: string; english: boolean }>,
  ) => Array<{ createdAt: Date; events: Array<{ eventType: string; documentId?: string; at: number; url?: string }> }>;
};
const { createRandom } = require('../database/seed/random.js') as { createRandom: (seed: number) => unknown };

const version = (overrides: Version = {}): Version => ({
  locale: 'nl',
  modifiedDate: null,
  title: 'Titel',
  summary: 'Samenvatting',
  body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Tekst' }] }],
  author: 'Redactie',
  cover: { id: 1 },
  gallery: [{ id: 2 }, { id: 3 }],
  tags: [{ documentId: 't1' }, { documentId: 't2' }],
  topic: { documentId: 'logistiek' },
  authorProfile: null,
  ...overrides,
});

describe('a revision', () => {
  it('is a publication with a change a reader sees of a locale that was published', () => {
    expect(isRevision([version()], [version({ summary: 'Gecorrigeerd' })])).toBe(true);
    expect(isRevision([version()], [version({ body: [] })])).toBe(true);
    expect(isRevision([version()], [version({ gallery: [{ id: 3 }, { id: 2 }] })])).toBe(true);
    expect(isRevision([version()], [version({ topic: null })])).toBe(true);
  });

  it('is not a first publication, a re-publish a reader cannot tell apart, or a date the editor set', () => {
    expect(isRevision([], [version()])).toBe(false);
    expect(isRevision([version({ locale: 'nl' })], [version({ locale: 'en', title: 'Title' })])).toBe(false);
    expect(isRevision([version()], [version()])).toBe(false);
    // Tags are a set; the slug and SEO are not what a reader reads.
    expect(isRevision([version()], [version({ tags: [{ documentId: 't2' }, { documentId: 't1' }] })])).toBe(false);
    expect(isRevision([version({ slug: 'a' })], [version({ slug: 'b' })])).toBe(false);
    const set = '2026-12-01T09:15:00.000Z';
    expect(isRevision([version()], [version({ title: 'Nieuw', modifiedDate: set })])).toBe(false);
    // The same instant in another form is no change of the date.
    expect(isRevision([version({ modifiedDate: set })], [version({ title: 'Nieuw', modifiedDate: new Date(set) })])).toBe(
      true,
    );
  });

  it('names the locales of the action as Strapi does: one, a list, or all', () => {
    expect(localesOf(undefined, 'nl')).toEqual(['nl']);
    expect(localesOf('en', 'nl')).toEqual(['en']);
    expect(localesOf(['nl', 'en'], 'nl')).toEqual(['nl', 'en']);
    expect(localesOf('*', 'nl')).toBeNull();
  });
});

describe('the demo page views', () => {
  const now = new Date('2026-12-03T10:20:00Z');
  const articles = Array.from({ length: 20 }, (_, index) => ({
    documentId: `a${index}`,
    slug: `artikel-${index}`,
    // Two today, the others every four days back; one in the future.
    publishDate: new Date(now.getTime() - (index < 2 ? index * 3_600_000 : index * 4 * 86_400_000)).toISOString(),
    english: index % 3 === 0,
  }));
  articles.push({ documentId: 'later', slug: 'later', publishDate: '2026-12-04T08:00:00Z', english: false });
  const batches = buildPageViews(createRandom(52), now, articles);
  const events = batches.flatMap((batch) => batch.events);
  const articleViews = events.filter((event) => event.eventType === 'Pageview' && event.documentId);

  it('fall on the last 7 UTC days, one batch a day on the day of its events, none after the seed time', () => {
    const days = batches.map((batch) => batch.createdAt.toISOString().slice(0, 10));
    expect(days.length).toBeGreaterThanOrEqual(5);
    expect(days.every((day) => day >= '2026-11-27' && day <= '2026-12-03')).toBe(true);
    for (const batch of batches) {
      const day = batch.createdAt.toISOString().slice(0, 10);
      expect(batch.events.every((event) => new Date(event.at).toISOString().slice(0, 10) === day)).toBe(true);
    }
    expect(Math.max(...events.map((event) => event.at))).toBeLessThanOrEqual(now.getTime());
  });

  it('read no article before its publication, the newest twelve only, at most 14 times each', () => {
    const published = new Map(articles.map((article) => [article.documentId, Date.parse(article.publishDate)]));
    for (const view of articleViews) {
      expect(view.at).toBeGreaterThanOrEqual(published.get(view.documentId ?? '') ?? Number.NaN);
    }
    const counts = new Map<string, number>();
    for (const view of articleViews) counts.set(view.documentId ?? '', (counts.get(view.documentId ?? '') ?? 0) + 1);
    expect(counts.has('later')).toBe(false);
    expect([...counts.keys()].every((id) => Number(id.slice(1)) < 12)).toBe(true);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(14);
    expect(counts.size).toBeGreaterThanOrEqual(5);
    expect(articleViews.some((view) => view.url?.startsWith('/en/news/'))).toBe(true);
  });

  it('are the same for the same seed time', () => {
    expect(buildPageViews(createRandom(52), now, articles)).toEqual(batches);
  });
});
