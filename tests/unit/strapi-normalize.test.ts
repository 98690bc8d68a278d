import { describe, expect, it } from 'vitest';
import {
  flattenV4,
  normalizePagination,
  normalizeResponse,
  normalizeV3Value,
  trimMediaFormats,
} from '../../src/server/cms/normalize.server.ts';
import type { Article, Page } from '../../src/shared/cms-types.ts';

const media = (id: number, url: string) => ({
  id,
  attributes: {
    url,
    alternativeText: 'alt',
    width: 1200,
    height: 800,
    formats: { thumbnail: { url: `/t${url}`, width: 234, height: 156 } },
  },
});

describe('normalizeResponse — v5 (already flat)', () => {
  it('keeps v5 entries, relations and media unchanged', () => {
    const body = {
      data: [
        {
          id: 1,
          documentId: 'doc1',
          title: 'Vijf',
          cover: { id: 4, documentId: 'med4', url: '/uploads/a.jpg', formats: null },
          tags: [{ id: 2, documentId: 'tag2', name: 'Nieuws' }],
          topic: null,
        },
      ],
      meta: { pagination: { page: 2, pageSize: 10, pageCount: 3, total: 25 } },
    };
    const result = normalizeResponse<Article>(body, 'v5');
    expect(result).toEqual(body);
    expect(result).not.toBe(body);
  });

  it('turns a missing data member into null and missing meta into {}', () => {
    expect(normalizeResponse({ data: null }, 'v5')).toEqual({ data: null, meta: {} });
    expect(normalizeResponse(null, 'v5')).toEqual({ data: null, meta: {} });
  });

  it('does not flatten v5 JSON fields that happen to contain a data key', () => {
    const body = { data: { id: 1, documentId: 'x', events: { data: [1, 2] } }, meta: {} };
    expect(normalizeResponse(body, 'v5')).toEqual(body);
  });
});

describe('normalizeResponse — v4', () => {
  it('flattens a single entry with documentId = String(id)', () => {
    const result = normalizeResponse(
      { data: { id: 12, attributes: { title: 'Vier', slug: 'vier' } }, meta: {} },
      'v4',
    );
    expect(result).toEqual({ data: { id: 12, documentId: '12', title: 'Vier', slug: 'vier' }, meta: {} });
  });

  it('flattens nested relations (one, many, null, empty) and media recursively', () => {
    const body = {
      data: [
        {
          id: 1,
          attributes: {
            title: 'Artikel',
            cover: { data: media(3, '/uploads/c.jpg') },
            gallery: { data: [media(4, '/uploads/g1.jpg'), media(5, '/uploads/g2.jpg')] },
            tags: { data: [] },
            topic: {
              data: {
                id: 9,
                attributes: {
                  name: 'Logistiek',
                  slug: 'logistiek',
                  articles: { data: [{ id: 1, attributes: { title: 'Artikel' } }] },
                },
              },
            },
            seo: { id: 77, metaTitle: 'SEO', shareImage: { data: null } },
          },
        },
      ],
      meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
    };

    const result = normalizeResponse<Article>(body, 'v4');

    expect(result.meta).toEqual({ pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } });
    expect(result.data).toEqual([
      {
        id: 1,
        documentId: '1',
        title: 'Artikel',
        cover: {
          id: 3,
          documentId: '3',
          url: '/uploads/c.jpg',
          alternativeText: 'alt',
          width: 1200,
          height: 800,
          formats: { thumbnail: { url: '/t/uploads/c.jpg', width: 234, height: 156 } },
        },
        gallery: [
          expect.objectContaining({ id: 4, documentId: '4', url: '/uploads/g1.jpg' }),
          expect.objectContaining({ id: 5, documentId: '5', url: '/uploads/g2.jpg' }),
        ],
        tags: [],
        topic: {
          id: 9,
          documentId: '9',
          name: 'Logistiek',
          slug: 'logistiek',
          articles: [{ id: 1, documentId: '1', title: 'Artikel' }],
        },
        seo: { id: 77, metaTitle: 'SEO', shareImage: null },
      },
    ]);
  });

  it('flattens media and relations inside dynamic-zone components', () => {
    const body = {
      data: {
        id: 3,
        attributes: {
          title: 'Home',
          blocks: [
            {
              id: 1,
              __component: 'blocks.image',
              caption: 'Foto',
              image: { data: media(6, '/uploads/i.jpg') },
            },
            {
              id: 2,
              __component: 'blocks.content-list',
              kind: 'news',
              topic: { data: { id: 4, attributes: { slug: 'ecommerce' } } },
            },
          ],
        },
      },
      meta: {},
    };
    const page = normalizeResponse<Page>(body, 'v4').data as Page;
    expect(page.blocks?.[0]).toMatchObject({
      __component: 'blocks.image',
      image: { id: 6, documentId: '6', url: '/uploads/i.jpg' },
    });
    expect(page.blocks?.[1]).toEqual({
      id: 2,
      __component: 'blocks.content-list',
      kind: 'news',
      topic: { id: 4, documentId: '4', slug: 'ecommerce' },
    });
  });

  it('is detected by shape when no version is given, and on a v5 client answering in v4 format', () => {
    const body = { data: { id: 1, attributes: { title: 'x' } }, meta: {} };
    expect(normalizeResponse(body).data).toEqual({ id: 1, documentId: '1', title: 'x' });
    expect(normalizeResponse(body, 'v5').data).toEqual({ id: 1, documentId: '1', title: 'x' });
  });

  it('converts offset pagination (start/limit) to page-based', () => {
    const result = normalizeResponse(
      { data: [], meta: { pagination: { start: 20, limit: 10, total: 45 } } },
      'v4',
    );
    expect(result.meta.pagination).toEqual({ page: 3, pageSize: 10, pageCount: 5, total: 45 });
  });

  it('does not mutate its input', () => {
    const body = { data: { id: 1, attributes: { cover: { data: media(2, '/u.jpg') } } }, meta: {} };
    const copy = structuredClone(body);
    normalizeResponse(body, 'v4');
    expect(body).toEqual(copy);
  });
});

describe('normalizeResponse — v3', () => {
  it('wraps an array as { data, meta: {} } with documentId and camelCase timestamps', () => {
    const body = [
      {
        id: 1,
        title: 'Drie',
        created_at: '2020-01-01T00:00:00.000Z',
        updated_at: '2020-01-02T00:00:00.000Z',
        published_at: '2020-01-03T00:00:00.000Z',
        cover: { id: 5, url: '/uploads/d.jpg', formats: null, created_at: '2020-01-01T00:00:00.000Z' },
        tags: [{ id: 2, name: 'Tag', created_at: '2020-01-01T00:00:00.000Z' }],
        seo: { id: 3, metaTitle: 'Component' },
      },
    ];
    expect(normalizeResponse(body, 'v3')).toEqual({
      data: [
        {
          id: 1,
          documentId: '1',
          title: 'Drie',
          createdAt: '2020-01-01T00:00:00.000Z',
          updatedAt: '2020-01-02T00:00:00.000Z',
          publishedAt: '2020-01-03T00:00:00.000Z',
          cover: {
            id: 5,
            documentId: '5',
            url: '/uploads/d.jpg',
            formats: null,
            createdAt: '2020-01-01T00:00:00.000Z',
          },
          tags: [{ id: 2, documentId: '2', name: 'Tag', createdAt: '2020-01-01T00:00:00.000Z' }],
          seo: { id: 3, metaTitle: 'Component' },
        },
      ],
      meta: {},
    });
  });

  it('wraps a single object and maps MongoDB _id', () => {
    expect(normalizeResponse({ _id: 'a1b2', id: 'a1b2', __v: 0, name: 'Site' }, 'v3')).toEqual({
      data: { id: 'a1b2', documentId: 'a1b2', name: 'Site' },
      meta: {},
    });
    expect(normalizeResponse({ _id: 'c3', name: 'Mongo' }, 'v3').data).toEqual({
      id: 'c3',
      documentId: 'c3',
      name: 'Mongo',
    });
  });

  it('is detected when no version is given (bare array / object without data)', () => {
    expect(normalizeResponse([{ id: 4, title: 't' }])).toEqual({
      data: [{ id: 4, documentId: '4', title: 't' }],
      meta: {},
    });
    expect(normalizeResponse({ id: 4, title: 't' })).toEqual({
      data: { id: 4, documentId: '4', title: 't' },
      meta: {},
    });
  });

  it('normalizeV3Value keeps components (no timestamps) untouched', () => {
    expect(normalizeV3Value({ id: 1, label: 'Home', url: '/' })).toEqual({ id: 1, label: 'Home', url: '/' });
  });
});

describe('flattenV4 and normalizePagination', () => {
  it('flattens a relation count wrapper to its attributes', () => {
    expect(flattenV4({ articles: { data: { attributes: { count: 3 } } } })).toEqual({
      articles: { count: 3 },
    });
  });

  it('keeps scalars, arrays of scalars and unrelated objects', () => {
    expect(flattenV4([1, 'a', null, { data: 'string payload' }])).toEqual([
      1,
      'a',
      null,
      { data: 'string payload' },
    ]);
  });

  it('accepts numeric strings and derives pageCount when missing', () => {
    expect(normalizePagination({ page: '1', pageSize: '10', total: '31' })).toEqual({
      page: 1,
      pageSize: 10,
      pageCount: 4,
      total: 31,
    });
    expect(normalizePagination('nope')).toBeUndefined();
    expect(normalizePagination({ foo: 1 })).toBeUndefined();
  });
});

describe('trimMediaFormats', () => {
  const thumbnail = {
    name: 'thumbnail_a.jpg',
    hash: 'thumbnail_a_1',
    ext: '.jpg',
    mime: 'image/jpeg',
    path: null,
    width: 234,
    height: 156,
    size: 8.02,
    sizeInBytes: 8023,
    url: '/uploads/thumbnail_a_1.jpg',
  };
  const body = {
    data: [
      {
        id: 1,
        title: 'Een',
        cover: { id: 7, url: '/uploads/a_1.jpg', width: 1200, height: 800, formats: { thumbnail } },
        blocks: [
          {
            type: 'image',
            image: { url: '/uploads/b.jpg', formats: { small: { ...thumbnail, width: 500 } } },
          },
        ],
        // Not an upload (no url beside it): left as it is.
        settings: { formats: { thumbnail: { name: 'x' } } },
      },
    ],
    meta: {},
  };

  it('keeps url, width, height, mime and sizeInBytes of every format of every upload', () => {
    const trimmed = trimMediaFormats(body) as typeof body;
    const kept = { url: thumbnail.url, width: 234, height: 156, mime: 'image/jpeg', sizeInBytes: 8023 };
    expect(trimmed.data[0]!.cover.formats.thumbnail).toEqual(kept);
    expect(trimmed.data[0]!.blocks[0]!.image.formats.small).toEqual({ ...kept, width: 500 });
    expect(trimmed.data[0]!.settings).toBe(body.data[0]!.settings);
    expect(trimmed.data[0]!.title).toBe('Een');
  });

  it('changes nothing in its input and returns answers without uploads as they are', () => {
    const copy = structuredClone(body);
    trimMediaFormats(body);
    expect(body).toEqual(copy);
    const plain = { data: [{ id: 1, title: 'x' }], meta: { pagination: { page: 1 } } };
    expect(trimMediaFormats(plain)).toBe(plain);
    expect(trimMediaFormats(null)).toBeNull();
  });
});
