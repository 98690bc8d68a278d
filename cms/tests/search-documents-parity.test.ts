/**
 * The CMS's PostgreSQL search table (src/lib/search-index.js) must hold the same text as the
 * portal's MiniSearch documents (src/server/search/documents.server.ts), so both backends find the
 * same items by the same fields. This test maps the same CMS items with both and fails when they
 * disagree on id, type, title, keywords, summary, body, path or date.
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
import type { Article, Event, Magazine, Page, Vacancy } from '../../src/shared/cms-types.ts';

const require = createRequire(import.meta.url);
const { rowOf } = require('../src/lib/search-index.js') as {
  rowOf: (uid: string, item: unknown, locale?: string | null) => Record<string, unknown>;
};

const blocks = [
  { type: 'heading', level: 2, children: [{ type: 'text', text: 'Kop zonder punt' }] },
  {
    type: 'paragraph',
    children: [
      { type: 'text', text: 'Een alinea met een ' },
      { type: 'link', url: 'https://example.test', children: [{ type: 'text', text: 'koppeling' }] },
      { type: 'text', text: '.' },
    ],
  },
  {
    type: 'list',
    format: 'unordered',
    children: [
      { type: 'list-item', children: [{ type: 'text', text: 'eerste punt' }] },
      { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'genest' }] }] },
    ],
  },
  { type: 'image', image: { url: '/x.png' }, children: [{ type: 'text', text: '' }] },
];

/** The fields both sides store. */
function shared(row: Record<string, unknown>) {
  const { id, type, locale, title, keywords, summary, body, path, date } = row;
  return { id, type, locale, title, keywords, summary, body, path, date };
}

describe('search documents: CMS table and portal index', () => {
  it('agree for an article, an event, a vacancy and a magazine', () => {
    const article = {
      documentId: 'art1',
      title: 'Logistiek in België',
      slug: 'logistiek-belgie',
      summary: 'Samenvatting.',
      body: blocks,
      publishDate: '2026-11-20T08:00:00.000Z',
      author: 'Eva',
      tags: [{ name: 'Vervoer' }, { name: 'Havens' }],
      topic: { name: 'Logistiek' },
    };
    expect(shared(rowOf('api::article.article', article))).toEqual(
      shared(articleDocuments([article as unknown as Article])[0] as unknown as Record<string, unknown>),
    );
    const event = {
      documentId: 'ev1',
      title: 'Congres',
      slug: 'congres',
      summary: 'Jaarlijks.',
      description: blocks,
      startsAt: '2026-12-01T09:00:00.000Z',
      venue: 'Jaarbeurs',
      organiser: 'Vereniging',
      address: { city: 'Utrecht' },
      topic: null,
    };
    expect(shared(rowOf('api::event.event', event))).toEqual(
      shared(eventDocuments([event as unknown as Event])[0] as unknown as Record<string, unknown>),
    );
    // A description that opens with the summary (as the demo events' do) indexes it once.
    const opening = {
      ...event,
      documentId: 'ev2',
      summary: 'Over de arbeidsmarkt.',
      description: [{ type: 'paragraph', children: [{ type: 'text', text: 'Over de arbeidsmarkt.' }] }, ...blocks],
    };
    const row = rowOf('api::event.event', opening);
    expect(row.body).not.toContain('Over de arbeidsmarkt.');
    expect(shared(row)).toEqual(
      shared(eventDocuments([opening as unknown as Event])[0] as unknown as Record<string, unknown>),
    );
    const vacancy = {
      documentId: 'vac1',
      title: 'Planner',
      slug: 'planner',
      summary: 'Plannen.',
      description: blocks,
      employer: 'Transport BV',
      location: 'Tilburg',
      validThrough: '2027-01-01',
      publishedAt: '2026-11-01T10:00:00.000Z',
      category: { name: 'Logistiek' },
      reviewStatus: 'approved',
    };
    expect(shared(rowOf('api::vacancy.vacancy', vacancy))).toEqual(
      shared(vacancyDocuments([vacancy as unknown as Vacancy])[0] as unknown as Record<string, unknown>),
    );
    const magazine = {
      documentId: 'mag1',
      title: 'Magazine 12',
      slug: 'magazine-12',
      issue: '2026-12',
      date: '2026-11-15',
      summary: 'Nummer twaalf.',
      description: blocks,
    };
    expect(shared(rowOf('api::magazine.magazine', magazine))).toEqual(
      shared(magazineDocuments([magazine as unknown as Magazine])[0] as unknown as Record<string, unknown>),
    );
    // A vacancy's or a magazine's description that opens with the summary (as the demo
    // magazines' do) indexes it once, on both sides.
    const lead = [{ type: 'paragraph', children: [{ type: 'text', text: 'Over stadshubs.' }] }, ...blocks];
    const openingVacancy = { ...vacancy, documentId: 'vac2', summary: 'Over stadshubs.', description: lead };
    const openingMagazine = { ...magazine, documentId: 'mag2', summary: 'Over stadshubs.', description: lead };
    const vacancyRow = rowOf('api::vacancy.vacancy', openingVacancy);
    const magazineRow = rowOf('api::magazine.magazine', openingMagazine);
    expect(vacancyRow.body).not.toContain('Over stadshubs.');
    expect(magazineRow.body).not.toContain('Over stadshubs.');
    expect(shared(vacancyRow)).toEqual(
      shared(vacancyDocuments([openingVacancy as unknown as Vacancy])[0] as unknown as Record<string, unknown>),
    );
    expect(shared(magazineRow)).toEqual(
      shared(magazineDocuments([openingMagazine as unknown as Magazine])[0] as unknown as Record<string, unknown>),
    );
  });

  it('agree for pages of every block type, per locale', () => {
    const page = {
      documentId: 'pg1',
      title: 'Over ons',
      slug: 'over-ons',
      layout: 'default',
      seo: { metaDescription: 'Wie we zijn.' },
      topic: { name: 'Vereniging' },
      blocks: [
        { __component: 'blocks.rich-text', body: blocks },
        { __component: 'blocks.call-to-action', title: 'Word lid', text: 'Meld je aan' },
        { __component: 'blocks.content-list', title: 'Laatste nieuws' },
        { __component: 'blocks.image', caption: 'Het kantoor' },
        { __component: 'blocks.gallery', title: 'Foto’s' },
      ],
    };
    const portal = pageDocuments({ nl: [page as unknown as Page], en: [] });
    expect(portal.map((doc) => doc.id)).toEqual(['page:nl:pg1', 'page:en:pg1']);
    for (const doc of portal) {
      expect(shared(rowOf('api::page.page', page, doc.locale))).toEqual(
        shared(doc as unknown as Record<string, unknown>),
      );
    }
  });
});
