/**
 * CMS entries → search documents: rich text to plain text, paths, dates, keywords and
 * the per-locale page documents with Dutch fallback.
 */
import { describe, expect, it } from 'vitest';
import {
  articleDocuments,
  blocksToText,
  eventDocuments,
  magazineDocuments,
  pageDocuments,
  pagePath,
  vacancyDocuments,
} from '../../src/server/search/documents.server.ts';
import type { Article, Event, Magazine, Page, StrapiBlocks, Vacancy } from '../../src/shared/cms-types.ts';

const BODY: StrapiBlocks = [
  { type: 'heading', level: 2, children: [{ type: 'text', text: 'Een langere piek' }] },
  {
    type: 'paragraph',
    children: [
      { type: 'text', text: 'Lees ' },
      { type: 'link', url: 'https://example.nl', children: [{ type: 'text', text: 'het rapport' }] },
      { type: 'text', text: ' van ', bold: true },
      { type: 'text', text: 'Thuiswinkel.' },
    ],
  },
  {
    type: 'list',
    format: 'unordered',
    children: [
      { type: 'list-item', children: [{ type: 'text', text: 'Eerste punt' }] },
      {
        type: 'list',
        format: 'unordered',
        children: [{ type: 'list-item', children: [{ type: 'text', text: 'Genest punt' }] }],
      },
    ],
  },
  {
    type: 'image',
    image: { url: '/uploads/x.jpg', alternativeText: null, width: 1, height: 1, formats: null },
    children: [{ type: 'text', text: '' }],
  },
];

describe('blocksToText', () => {
  it('joins headings, paragraphs, links and (nested) list items as sentences', () => {
    expect(blocksToText(BODY)).toBe(
      'Een langere piek. Lees het rapport van Thuiswinkel. Eerste punt. Genest punt',
    );
    expect(blocksToText(null)).toBe('');
  });
});

describe('pagePath', () => {
  it('maps home to /, empty layouts to /l/{id} and others to /{slug}', () => {
    expect(pagePath({ slug: 'home', documentId: 'a', layout: 'default' })).toBe('/');
    expect(pagePath({ slug: 'nieuwsbrief-actie', documentId: 'b1', layout: 'empty' })).toBe('/l/b1');
    expect(pagePath({ slug: 'over-ons', documentId: 'c', layout: null })).toBe('/over-ons');
  });
});

describe('document mapping', () => {
  it('maps an article with tags, topic and author as keywords', () => {
    const [doc] = articleDocuments([
      {
        id: 1,
        documentId: 'art1',
        title: 'Titel',
        slug: 'titel',
        summary: 'Samenvatting',
        body: BODY,
        publishDate: '2026-11-20T08:00:00.000Z',
        author: 'Sanne de Vries',
        tags: [{ id: 1, documentId: 't', name: 'Retouren', slug: 'retouren' }],
        topic: { id: 1, documentId: 'tp', name: 'E-commerce', slug: 'ecommerce' },
      } as Article,
    ]);
    expect(doc).toMatchObject({
      id: 'news:art1',
      type: 'news',
      locale: null,
      path: '/news/art1/titel',
      date: '2026-11-20T08:00:00.000Z',
      recencyAt: Date.parse('2026-11-20T08:00:00.000Z'),
      summary: 'Samenvatting',
      expiresAt: null,
    });
    expect(doc!.keywords).toBe('Retouren · E-commerce · Sanne de Vries');
  });

  it('dates a vacancy by publication and hides it after validThrough', () => {
    const [doc] = vacancyDocuments([
      {
        id: 2,
        documentId: 'vac1',
        title: 'Orderpicker',
        slug: 'orderpicker',
        employer: 'Polderpak',
        location: 'Venlo',
        publishedAt: '2026-11-01T00:00:00.000Z',
        validThrough: '2026-12-31T23:00:00.000Z',
      } as Vacancy,
    ]);
    expect(doc).toMatchObject({
      id: 'vacancy:vac1',
      path: '/jobs/vacature/vac1/orderpicker',
      date: '2026-11-01T00:00:00.000Z',
      expiresAt: Date.parse('2026-12-31T23:00:00.000Z'),
    });
    expect(doc!.keywords).toContain('vacature');
    expect(doc!.keywords).toContain('Polderpak');
  });

  it('gives every locale its own pages plus the Dutch ones it has no translation of', () => {
    const page = (documentId: string, title: string, locale: string): Page =>
      ({
        id: documentId,
        documentId,
        title,
        slug: documentId,
        locale,
        layout: 'default',
        blocks: [],
      }) as Page;
    const docs = pageDocuments({
      nl: [page('a', 'Adverteren', 'nl'), page('b', 'Privacy', 'nl')],
      en: [page('a', 'Advertising', 'en')],
    });
    expect(docs.map((doc) => [doc.id, doc.locale, doc.title])).toEqual([
      ['page:nl:a', 'nl', 'Adverteren'],
      ['page:nl:b', 'nl', 'Privacy'],
      ['page:en:a', 'en', 'Advertising'],
      ['page:en:b', 'en', 'Privacy'],
    ]);
  });
});

describe('eventDocuments', () => {
  it('indexes a summary once when the description opens with it', () => {
    const summary = 'Netwerkborrel met een korte presentatie over de arbeidsmarkt.';
    const [doc] = eventDocuments([
      {
        documentId: 'ev1',
        title: 'Netwerkborrel',
        slug: 'netwerkborrel',
        summary,
        description: [
          { type: 'paragraph', children: [{ type: 'text', text: summary }] },
          { type: 'paragraph', children: [{ type: 'text', text: 'Aanmelden kan tot de dag zelf.' }] },
        ],
        startsAt: '2026-12-24T16:00:00.000Z',
        venue: 'Venlo',
      } as unknown as Event,
    ]);
    expect(doc?.summary).toBe(summary);
    expect(doc?.body).toBe('Aanmelden kan tot de dag zelf.');
  });
});

describe('magazineDocuments and vacancyDocuments', () => {
  const summary = 'Hoe stadshubs en microdepots de laatste kilometer veranderen.';
  const description: StrapiBlocks = [
    { type: 'paragraph', children: [{ type: 'text', text: summary }] },
    { type: 'heading', level: 2, children: [{ type: 'text', text: 'In dit nummer' }] },
  ];

  it('index a summary once when the description opens with it', () => {
    const [magazine] = magazineDocuments([
      {
        documentId: 'm1',
        title: 'Magazine 2026 #4',
        slug: 'm-4',
        issue: '2026 #4',
        date: '2026-11-01',
        summary,
        description,
      } as unknown as Magazine,
    ]);
    const [vacancy] = vacancyDocuments([
      {
        documentId: 'v1',
        title: 'Planner',
        slug: 'planner',
        summary,
        description,
        publishedAt: '2026-11-01T08:00:00.000Z',
      } as unknown as Vacancy,
    ]);
    for (const doc of [magazine, vacancy]) {
      expect(doc?.summary).toBe(summary);
      expect(doc?.body).toBe('In dit nummer');
    }
  });

  it('keep a description that does not open with the summary whole', () => {
    const [doc] = magazineDocuments([
      {
        documentId: 'm2',
        title: 'Magazine 2026 #5',
        slug: 'm-5',
        issue: '2026 #5',
        date: '2026-12-01',
        summary: 'Iets anders.',
        description,
      } as unknown as Magazine,
    ]);
    expect(doc?.body).toBe(`${summary} In dit nummer`);
  });
});
