/**
 * Surrogate keys (src/server/http/surrogate-keys.server.ts) and the shared-cache guard
 * (src/server/http/shared-cache.server.ts): which CMS reads name which keys, the 8 KB bound with
 * its fallback to list keys, the keys a change purges, and that cookies and surrogate keys never
 * go out on a public answer.
 */
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  CACHE_TAG_HEADER,
  SURROGATE_KEY_HEADER,
  sharedCacheGuard,
} from '../../src/server/http/shared-cache.server.ts';
import {
  keysOfChange,
  MAX_SURROGATE_KEY_BYTES,
  SurrogateKeys,
} from '../../src/server/http/surrogate-keys.server.ts';

/** A Strapi 5 document id of 24 characters. */
function documentId(n: number): string {
  return `doc${String(n).padStart(21, '0')}`;
}

describe('SurrogateKeys', () => {
  it('names a document read by id, even when the CMS did not find it', () => {
    const keys = new SurrogateKeys();
    keys.recordRead('/articles/abc123', { data: { documentId: 'abc123', topic: { documentId: 't1' } } });
    keys.recordRead('/events/missing1', undefined);
    expect(keys.list()).toEqual(['news-abc123', 'topic-t1', 'event-missing1']);
  });

  it('names a list, its items and their populated relations; the site settings as `site`', () => {
    const keys = new SurrogateKeys();
    keys.recordRead('/site', { data: { documentId: 'site1', navigation: [] } });
    keys.recordRead('/articles', {
      data: [
        { documentId: 'a1', tags: [{ documentId: 'g1' }, { documentId: 'g2' }] },
        { documentId: 'a2', tags: [] },
      ],
    });
    keys.recordRead('/vacancies', { data: [{ documentId: 'v1', category: { documentId: 'c1' } }] });
    expect(keys.list()).toEqual([
      'site',
      'news-list',
      'news-a1',
      'tag-g1',
      'tag-g2',
      'news-a2',
      'vacancy-list',
      'vacancy-v1',
      'job-category-c1',
    ]);
    expect(keys.headerValue()).toBe(keys.list().join(' '));
  });

  it('ignores paths no page caches by (statistics, account data) and unsafe ids', () => {
    const keys = new SurrogateKeys();
    keys.recordRead('/statistics/most-read', { data: [{ documentId: 'x' }] });
    keys.recordRead('/event-registrations/availability', { data: [] });
    keys.recordRead('/articles/a%20b', undefined);
    expect(keys.list()).toEqual([]);
    expect(keys.headerValue()).toBeNull();
  });

  it('stays within 8 KB by replacing the document keys of the largest type with its list key', () => {
    const keys = new SurrogateKeys();
    keys.recordRead('/site', { data: {} });
    keys.recordRead('/articles/lead0000000000000000000a', {
      data: { documentId: 'lead0000000000000000000a' },
    });
    keys.recordRead('/tags', {
      data: Array.from({ length: 400 }, (_, n) => ({ documentId: documentId(n) })),
    });
    expect(Buffer.byteLength(keys.list().join(' '))).toBeGreaterThan(MAX_SURROGATE_KEY_BYTES);
    const value = keys.headerValue() ?? '';
    expect(Buffer.byteLength(value)).toBeLessThanOrEqual(MAX_SURROGATE_KEY_BYTES);
    expect(value.split(' ')).toEqual(['site', 'news-lead0000000000000000000a', 'tag-list']);
  });
});

describe('keysOfChange', () => {
  it('purges the document and its list; the site settings purge every page', () => {
    expect(keysOfChange('api::article.article', 'abc')).toEqual(['news-abc', 'news-list']);
    expect(keysOfChange('job-category', 'c1')).toEqual(['job-category-c1', 'job-category-list']);
    expect(keysOfChange('site', 'x')).toEqual(['site']);
    expect(keysOfChange('statistic', 'x')).toEqual([]);
  });
});

describe('sharedCacheGuard', () => {
  /** An app whose one route answers with `headers` (and a cookie when `cookie`). */
  function appWith(headers: Record<string, string>, cookie = false) {
    const app = express();
    app.use((_req, res, next) => {
      sharedCacheGuard(res);
      next();
    });
    app.get('/', (_req, res) => {
      res.set(headers);
      if (cookie) res.cookie('i18n_redirected', 'en');
      res.send('ok');
    });
    return app;
  }

  const PUBLIC = {
    'Cache-Control': 'public, max-age=60, s-maxage=60',
    [SURROGATE_KEY_HEADER]: 'news-a site',
    [CACHE_TAG_HEADER]: 'news-a,site',
  };

  it('keeps a public answer without cookies as it is', async () => {
    const response = await request(appWith(PUBLIC)).get('/').expect(200);
    expect(response.headers['cache-control']).toBe(PUBLIC['Cache-Control']);
    expect(response.headers['surrogate-key']).toBe('news-a site');
    expect(response.headers['cache-tag']).toBe('news-a,site');
  });

  it('makes an answer that sets a cookie private and drops its surrogate keys', async () => {
    const response = await request(appWith(PUBLIC, true)).get('/').expect(200);
    expect(response.headers['set-cookie']?.[0]).toContain('i18n_redirected=en');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['surrogate-key']).toBeUndefined();
    expect(response.headers['cache-tag']).toBeUndefined();
    const bare = await request(appWith({}, true)).get('/').expect(200);
    expect(bare.headers['cache-control']).toBe('private, no-cache');
  });

  it('leaves private answers private and without surrogate keys', async () => {
    const response = await request(appWith({ ...PUBLIC, 'Cache-Control': 'private, no-store' }, true)).get(
      '/',
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['surrogate-key']).toBeUndefined();
  });
});
