/**
 * The search index on deterministic documents: ranking (title above body, recent above
 * old), folding, typing errors, AND with OR fallback, locale and expiry, type filter, pagination,
 * and the build lifecycle (refresh with a fake source, coalescing, failures, staleness).
 */
import { describe, expect, it } from 'vitest';
import type { SearchDocument } from '../../src/server/search/documents.server.ts';
import { recencyBoost, SearchIndex } from '../../src/server/search/search-index.server.ts';
import type { HighlightSegment } from '../../src/shared/features/search/search-types.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const DAY = 86_400_000;

let counter = 0;
function doc(fields: Partial<SearchDocument> & { title: string }): SearchDocument {
  counter += 1;
  const id = fields.id ?? `news:doc${counter}`;
  return {
    id,
    type: 'news',
    locale: null,
    keywords: '',
    summary: '',
    body: '',
    path: `/news/${id}/x`,
    date: new Date(NOW - 10 * DAY).toISOString(),
    recencyAt: NOW - 10 * DAY,
    expiresAt: null,
    ...fields,
  };
}

function indexOf(docs: SearchDocument[], options: { maxAgeMs?: number; clock?: () => number } = {}) {
  return new SearchIndex({ source: async () => docs, clock: options.clock ?? (() => NOW), ...options });
}

function show(segments: HighlightSegment[]): string {
  return segments.map((segment) => (segment.mark ? `[${segment.text}]` : segment.text)).join('');
}

function titles(result: { hits: Array<{ title: HighlightSegment[] }> }): string[] {
  return result.hits.map((hit) => hit.title.map((segment) => segment.text).join(''));
}

describe('recencyBoost', () => {
  it('is 1.5 for today, 1.25 after the half-life, towards 1 for old items', () => {
    expect(recencyBoost(NOW, NOW)).toBeCloseTo(1.5);
    expect(recencyBoost(NOW - 180 * DAY, NOW)).toBeCloseTo(1.25);
    expect(recencyBoost(NOW - 3 * 365 * DAY, NOW)).toBeLessThan(1.02);
    expect(recencyBoost(NOW + 30 * DAY, NOW)).toBeCloseTo(1.5);
    expect(recencyBoost(null, NOW)).toBeCloseTo(1.25);
  });
});

describe('ranking', () => {
  it('puts a title match above body matches, even of newer items', async () => {
    const index = indexOf([
      doc({
        title: 'Nieuwe regels voor webwinkels',
        body: 'De retouren van webwinkels stijgen. Retouren kosten geld, retouren zijn lastig.',
        recencyAt: NOW,
      }),
      doc({
        title: 'Retouren in de modebranche',
        body: 'Een verhaal over kleding.',
        recencyAt: NOW - 700 * DAY,
      }),
    ]);
    const result = await index.search({ query: 'retouren', locale: 'nl' });
    expect(titles(result)).toEqual(['Retouren in de modebranche', 'Nieuwe regels voor webwinkels']);
  });

  it('puts recent items above old ones with the same match', async () => {
    const index = indexOf([
      doc({ title: 'Nieuw magazijn in Tilburg', recencyAt: NOW - 600 * DAY }),
      doc({ title: 'Nieuw magazijn in Venlo', recencyAt: NOW - 5 * DAY }),
      doc({ title: 'Nieuw magazijn in Breda', recencyAt: NOW - 200 * DAY }),
    ]);
    const result = await index.search({ query: 'magazijn', locale: 'nl' });
    expect(titles(result)).toEqual([
      'Nieuw magazijn in Venlo',
      'Nieuw magazijn in Breda',
      'Nieuw magazijn in Tilburg',
    ]);
  });

  it('ranks an exact match above a typing-error match', async () => {
    const index = indexOf([
      doc({ title: 'Detour langs de haven', recencyAt: NOW }),
      doc({ title: 'Retour langs de winkel', recencyAt: NOW - 700 * DAY }),
    ]);
    const result = await index.search({ query: 'retour', locale: 'nl' });
    expect(titles(result)).toEqual(['Retour langs de winkel', 'Detour langs de haven']);
  });
});

describe('matching', () => {
  const docs = [
    doc({ title: 'Café de Kade opent afhaalpunt', summary: 'Een café als afhaalpunt voor pakketten.' }),
    doc({ title: 'Over de financiële details', body: 'Geen mededelingen.' }),
    doc({ title: 'Logistiek in Venlo', body: 'Distributiecentra en fulfilment.' }),
    doc({ title: 'Retouren bij ModeMarkt', body: 'Retourzendingen nemen af.' }),
  ];

  it('folds diacritics and case in both directions', async () => {
    const index = indexOf(docs);
    for (const query of ['cafe', 'CAFÉ', 'Café']) {
      expect(titles(await index.search({ query, locale: 'nl' }))).toEqual(['Café de Kade opent afhaalpunt']);
    }
    expect(titles(await index.search({ query: 'financiele', locale: 'nl' }))).toEqual([
      'Over de financiële details',
    ]);
  });

  it('highlights the original spelling of folded matches', async () => {
    const result = await indexOf(docs).search({ query: 'cafe', locale: 'nl' });
    expect(show(result.hits[0]!.title)).toBe('[Café] de Kade opent afhaalpunt');
    expect(show(result.hits[0]!.snippet)).toBe('Een [café] als afhaalpunt voor pakketten.');
  });

  it('finds words despite typing errors and from a prefix', async () => {
    const index = indexOf(docs);
    expect(titles(await index.search({ query: 'logistek', locale: 'nl' }))).toEqual(['Logistiek in Venlo']);
    expect(titles(await index.search({ query: 'fulfilmnet', locale: 'nl' }))).toEqual(['Logistiek in Venlo']);
    expect(titles(await index.search({ query: 'distributie', locale: 'nl' }))).toEqual([
      'Logistiek in Venlo',
    ]);
    expect((await index.search({ query: 'xyzzy', locale: 'nl' })).total).toBe(0);
  });

  it('finds a word with two neighbouring letters swapped, as one edit, below the right spelling', async () => {
    const index = indexOf([
      ...docs,
      doc({ title: 'Winkel neemt elke retour aan', recencyAt: NOW - 700 * DAY }),
      doc({ title: 'Kassa rekent retuor als boete', recencyAt: NOW }),
    ]);
    // Levenshtein counts a swap as two edits: before decision 111 these found nothing.
    for (const query of ['retoru', 'rteour', 'RETORU']) {
      expect(titles(await index.search({ query, locale: 'nl' })), query).toContain('Retouren bij ModeMarkt');
    }
    const retoru = await index.search({ query: 'retoru', locale: 'nl' });
    expect(titles(retoru).sort()).toEqual(['Retouren bij ModeMarkt', 'Winkel neemt elke retour aan']);
    expect(show(retoru.hits.find((hit) => show(hit.title).includes('Retouren'))!.title)).toBe(
      '[Retouren] bij ModeMarkt',
    );
    // A word written so in a document is found as typed, above its swapped forms.
    const written = await index.search({ query: 'retuor', locale: 'nl' });
    expect(titles(written)[0]).toBe('Kassa rekent retuor als boete');
    expect(written.corrections).toEqual([]);
  });

  it('names a word that found nothing as typed with the word it was probably meant as', async () => {
    const index = indexOf([...docs, doc({ title: 'Bedrijven in de haven', body: 'Twee bedrijven.' })]);
    const corrections = async (query: string) => (await index.search({ query, locale: 'nl' })).corrections;
    expect(await corrections('retuor')).toEqual([{ word: 'retuor', suggestion: 'retour' }]);
    expect(await corrections('Retoru venlo')).toEqual([{ word: 'Retoru', suggestion: 'retour' }]);
    expect(await corrections('logistek')).toEqual([{ word: 'logistek', suggestion: 'logistiek' }]);
    // A written word, never a bare stem of the index (`bedrijv`).
    expect(await corrections('bedrijvn')).toEqual([{ word: 'bedrijvn', suggestion: 'bedrijven' }]);
    for (const query of ['retour', 'logistiek venlo', 'retou', 'xyzzy', 'de het een']) {
      expect(await corrections(query), query).toEqual([]);
    }
  });

  it('requires every word, and falls back to any word when nothing has all', async () => {
    const index = indexOf(docs);
    const all = await index.search({ query: 'logistiek venlo', locale: 'nl' });
    expect(all.mode).toBe('all');
    expect(titles(all)).toEqual(['Logistiek in Venlo']);
    const any = await index.search({ query: 'retouren venlo', locale: 'nl' });
    expect(any.mode).toBe('any');
    expect(titles(any).sort()).toEqual(['Logistiek in Venlo', 'Retouren bij ModeMarkt']);
  });

  it('finds nothing for a query of stop words only', async () => {
    const result = await indexOf(docs).search({ query: 'de het een', locale: 'nl' });
    expect(result.total).toBe(0);
    expect(result.mode).toBe('all');
  });
});

describe('visibility, type filter and pagination', () => {
  it('searches the CMS pages of the requested locale only', async () => {
    const index = indexOf([
      doc({ id: 'page:nl:p1', type: 'page', locale: 'nl', title: 'Adverteren', recencyAt: null, date: null }),
      doc({ id: 'page:en:p1', type: 'page', locale: 'en', title: 'Advertising adverteren', recencyAt: null }),
    ]);
    expect((await index.search({ query: 'adverteren', locale: 'nl' })).hits.map((hit) => hit.id)).toEqual([
      'page:nl:p1',
    ]);
    expect((await index.search({ query: 'adverteren', locale: 'en' })).hits.map((hit) => hit.id)).toEqual([
      'page:en:p1',
    ]);
  });

  it('hides vacancies after their validThrough', async () => {
    const index = indexOf([
      doc({ id: 'vacancy:v1', type: 'vacancy', title: 'Orderpicker Venlo', expiresAt: NOW + DAY }),
    ]);
    expect((await index.search({ query: 'orderpicker', locale: 'nl', now: NOW })).total).toBe(1);
    expect((await index.search({ query: 'orderpicker', locale: 'nl', now: NOW + 2 * DAY })).total).toBe(0);
  });

  it('counts per type and filters by type', async () => {
    const index = indexOf([
      doc({ title: 'Fulfilment nieuws' }),
      doc({ title: 'Fulfilment centrum' }),
      doc({ id: 'event:e1', type: 'event', title: 'Fulfilment Summit' }),
      doc({ id: 'vacancy:v1', type: 'vacancy', title: 'Manager fulfilment' }),
    ]);
    const all = await index.search({ query: 'fulfilment', locale: 'nl' });
    expect(all.counts).toEqual({ all: 4, news: 2, event: 1, vacancy: 1, page: 0, magazine: 0 });
    expect(all.total).toBe(4);
    const events = await index.search({ query: 'fulfilment', locale: 'nl', type: 'event' });
    expect(events.total).toBe(1);
    expect(events.counts.all).toBe(4);
    expect(events.hits.map((hit) => hit.type)).toEqual(['event']);
  });

  it('pages the results', async () => {
    const docs = Array.from({ length: 25 }, (_, i) =>
      doc({ title: `Pakketbezorging deel ${i + 1}`, recencyAt: NOW - i * DAY }),
    );
    const index = indexOf(docs);
    const first = await index.search({ query: 'pakketbezorging', locale: 'nl' });
    expect(first.total).toBe(25);
    expect(first.pageCount).toBe(3);
    expect(titles(first)[0]).toBe('Pakketbezorging deel 1');
    const third = await index.search({ query: 'pakketbezorging', locale: 'nl', page: 3 });
    expect(titles(third)).toEqual(Array.from({ length: 5 }, (_, i) => `Pakketbezorging deel ${21 + i}`));
    expect((await index.search({ query: 'pakketbezorging', locale: 'nl', page: 4 })).hits).toEqual([]);
  });

  it('returns type, path and date with every hit', async () => {
    const result = await indexOf([
      doc({
        id: 'magazine:m1',
        type: 'magazine',
        title: 'Robots op de vloer',
        path: '/magazines/m1/robots',
        date: '2026-04-01',
      }),
    ]).search({ query: 'robots', locale: 'nl' });
    expect(result.hits[0]).toMatchObject({
      id: 'magazine:m1',
      type: 'magazine',
      path: '/magazines/m1/robots',
      date: '2026-04-01',
    });
  });
});

/** A source whose answers the test controls. */
function controlledSource() {
  const calls: Array<{ resolve: (docs: SearchDocument[]) => void; reject: (error: Error) => void }> = [];
  return {
    calls,
    source: () =>
      new Promise<SearchDocument[]>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  };
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('lifecycle', () => {
  it('builds on first search and picks up new content after refresh', async () => {
    let docs = [doc({ title: 'Alpha artikel' })];
    let reads = 0;
    const index = new SearchIndex({
      source: async () => {
        reads += 1;
        return docs;
      },
      clock: () => NOW,
    });
    expect(index.stats.generation).toBe(0);
    expect((await index.search({ query: 'alpha', locale: 'nl' })).total).toBe(1);
    expect((await index.search({ query: 'beta', locale: 'nl' })).total).toBe(0);
    expect(reads).toBe(1);
    docs = [...docs, doc({ title: 'Beta artikel' })];
    index.refresh();
    await index.whenIdle();
    expect(reads).toBe(2);
    expect(index.stats).toMatchObject({ documents: 2, generation: 2 });
    expect(titles(await index.search({ query: 'beta', locale: 'nl' }))).toEqual(['Beta artikel']);
  });

  it('does not build on refresh before the first search', async () => {
    let reads = 0;
    const index = new SearchIndex({
      source: async () => {
        reads += 1;
        return [];
      },
    });
    index.refresh();
    await index.whenIdle();
    expect(reads).toBe(0);
  });

  it('coalesces refreshes during a build into one more build', async () => {
    const { calls, source } = controlledSource();
    const index = new SearchIndex({ source, clock: () => NOW });
    const searching = index.search({ query: 'alpha', locale: 'nl' });
    await flush();
    index.refresh();
    index.refresh();
    index.refresh();
    calls[0]!.resolve([doc({ title: 'Alpha oud' })]);
    await flush();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve([doc({ title: 'Alpha nieuw' })]);
    await index.whenIdle();
    expect(calls).toHaveLength(2);
    expect(titles(await searching)).toEqual(['Alpha nieuw']);
    expect(index.stats.generation).toBe(2);
  });

  it('keeps the previous index when a rebuild fails', async () => {
    let fail = false;
    const index = new SearchIndex({
      source: async () => {
        if (fail) throw new Error('CMS down');
        return [doc({ title: 'Alpha artikel' })];
      },
      clock: () => NOW,
    });
    expect((await index.search({ query: 'alpha', locale: 'nl' })).total).toBe(1);
    fail = true;
    index.refresh();
    await index.whenIdle();
    expect((await index.search({ query: 'alpha', locale: 'nl' })).total).toBe(1);
    expect(index.stats.generation).toBe(1);
  });

  it('fails a search when there is no index and none can be built, and retries on the next', async () => {
    let fail = true;
    const index = new SearchIndex({
      source: async () => {
        if (fail) throw new Error('CMS down');
        return [doc({ title: 'Alpha artikel' })];
      },
      clock: () => NOW,
    });
    await expect(index.search({ query: 'alpha', locale: 'nl' })).rejects.toThrow('CMS down');
    await index.warm();
    fail = false;
    expect((await index.search({ query: 'alpha', locale: 'nl' })).total).toBe(1);
  });

  it('rebuilds in the background when the index is older than maxAgeMs', async () => {
    let now = NOW;
    let docs = [doc({ title: 'Alpha artikel' })];
    const index = new SearchIndex({ source: async () => docs, clock: () => now, maxAgeMs: 60_000 });
    await index.search({ query: 'alpha', locale: 'nl' });
    docs = [doc({ title: 'Beta artikel' })];
    now += 30_000;
    expect((await index.search({ query: 'alpha', locale: 'nl' })).total).toBe(1);
    await index.whenIdle();
    expect(index.stats.generation).toBe(1);
    now += 60_000;
    // Served from the old index while the new one builds.
    expect((await index.search({ query: 'alpha', locale: 'nl' })).total).toBe(1);
    await index.whenIdle();
    expect(index.stats.generation).toBe(2);
    expect((await index.search({ query: 'beta', locale: 'nl' })).total).toBe(1);
  });

  it('warm builds once and the periodic timer can be stopped', async () => {
    let reads = 0;
    const index = new SearchIndex({
      source: async () => {
        reads += 1;
        return [];
      },
    });
    await index.warm();
    await index.warm();
    expect(reads).toBe(1);
    const stop = index.startPeriodicRefresh(60_000);
    stop();
  });
});

describe('single-document updates', () => {
  /** An index over a fake CMS whose documents the test changes, counting full reads. */
  function changingIndex() {
    const cms = new Map<string, SearchDocument>();
    const add = (d: SearchDocument) => cms.set(d.id, d);
    add(doc({ id: 'news:keep', title: 'Haven van Rotterdam' }));
    add(doc({ id: 'news:edit', title: 'Oude kop over treinen' }));
    let fullReads = 0;
    const index = new SearchIndex({
      source: async () => {
        fullReads += 1;
        return [...cms.values()];
      },
      sourceOf: async (change) => {
        if (change.uid !== 'api::article.article') return null;
        const id = `news:${change.documentId}`;
        const current = cms.get(id);
        return { ids: [id], documents: current ? [current] : [] };
      },
      clock: () => NOW,
    });
    return { cms, add, index, fullReads: () => fullReads };
  }
  const change = (event: string, documentId: string, uid = 'api::article.article') => ({
    event,
    uid,
    documentId,
  });

  it('publishes, changes, unpublishes and deletes one entry without a rebuild', async () => {
    const { cms, add, index, fullReads } = changingIndex();
    expect((await index.search({ query: 'haven', locale: 'nl' })).total).toBe(1);
    expect(fullReads()).toBe(1);

    add(doc({ id: 'news:new', title: 'Nieuwe sluis in de haven' }));
    index.apply(change('entry.publish', 'new'));
    await index.whenIdle();
    expect(titles(await index.search({ query: 'sluis', locale: 'nl' }))).toEqual([
      'Nieuwe sluis in de haven',
    ]);
    expect((await index.search({ query: 'haven', locale: 'nl' })).total).toBe(2);

    add(doc({ id: 'news:edit', title: 'Nieuwe kop over schepen' }));
    index.apply(change('entry.update', 'edit'));
    await index.whenIdle();
    expect((await index.search({ query: 'treinen', locale: 'nl' })).total).toBe(0);
    expect(titles(await index.search({ query: 'schepen', locale: 'nl' }))).toEqual([
      'Nieuwe kop over schepen',
    ]);

    cms.delete('news:new');
    index.apply(change('entry.unpublish', 'new'));
    await index.whenIdle();
    expect((await index.search({ query: 'sluis', locale: 'nl' })).total).toBe(0);

    cms.delete('news:edit');
    index.apply(change('entry.delete', 'edit'));
    await index.whenIdle();
    expect((await index.search({ query: 'schepen', locale: 'nl' })).total).toBe(0);

    expect(fullReads()).toBe(1);
    expect(index.stats).toMatchObject({ generation: 1, updates: 4, documents: 1 });
  });

  it('rebuilds for a change it cannot name a document of, or when the update fails', async () => {
    const { index, fullReads } = changingIndex();
    await index.search({ query: 'haven', locale: 'nl' });
    index.apply(change('entry.update', 'tag1', 'api::tag.tag'));
    await index.whenIdle();
    expect(fullReads()).toBe(2);
    expect(index.stats.generation).toBe(2);

    const failing = new SearchIndex({
      source: async () => [doc({ id: 'news:a', title: 'Haven' })],
      sourceOf: async () => {
        throw new Error('CMS down');
      },
      clock: () => NOW,
    });
    await failing.search({ query: 'haven', locale: 'nl' });
    failing.apply(change('entry.publish', 'a'));
    await failing.whenIdle();
    expect(failing.stats).toMatchObject({ generation: 2, updates: 0 });
  });

  it('does nothing before the first build: the first search reads fresh content', async () => {
    const { index, fullReads } = changingIndex();
    index.apply(change('entry.publish', 'keep'));
    await index.whenIdle();
    expect(fullReads()).toBe(0);
    expect(index.stats.updates).toBe(0);
  });
});
