/**
 * Dutch text processing of the site search: folding, tokenisation, index and query
 * terms, query cutting, highlighting and snippets.
 */
import { describe, expect, it } from 'vitest';
import {
  correctedQuery,
  cutQuery,
  foldText,
  highlight,
  indexTerms,
  joinBlocks,
  MAX_QUERY_LENGTH,
  queryTerm,
  snippet,
  tokenize,
  tokenSpans,
  transpositions,
} from '../../src/server/search/text.server.ts';
import type { HighlightSegment } from '../../src/shared/features/search/search-types.ts';

/** Renders segments as text with [brackets] around marks, for readable expectations. */
function show(segments: HighlightSegment[]): string {
  return segments.map((segment) => (segment.mark ? `[${segment.text}]` : segment.text)).join('');
}

/** The document terms a query word matches exactly (what MiniSearch reports for exact matches). */
function matchedBy(...words: string[]): Set<string> {
  return new Set(words.map((word) => queryTerm(word)).filter((term): term is string => term !== null));
}

describe('foldText', () => {
  it('removes diacritics and lower-cases', () => {
    expect(foldText('Café')).toBe('cafe');
    expect(foldText('Financiële')).toBe('financiele');
    expect(foldText('BELGIË')).toBe('belgie');
    expect(foldText('geïnvesteerd')).toBe('geinvesteerd');
    expect(foldText('enquête')).toBe('enquete');
  });

  it('expands the Dutch ij ligature', () => {
    expect(foldText('ĳs')).toBe('ijs');
  });
});

describe('tokenisation', () => {
  it('keeps hyphenated and apostrophe words and digit groups together', () => {
    expect(tokenize("E-commerce-bedrijven kopen auto's voor 9.000 euro, zegt ‘ModeMarkt.nl’.")).toEqual([
      'E-commerce-bedrijven',
      'kopen',
      "auto's",
      'voor',
      '9.000',
      'euro',
      'zegt',
      'ModeMarkt',
      'nl',
    ]);
  });

  it('reports offsets that slice back to the token', () => {
    const text = 'Over de financiële details: niets.';
    for (const span of tokenSpans(text)) expect(text.slice(span.start, span.end)).toBe(span.token);
    expect(tokenSpans(text).map((span) => span.token)).toEqual([
      'Over',
      'de',
      'financiële',
      'details',
      'niets',
    ]);
  });
});

describe('index and query terms', () => {
  it('folds diacritics the same way in the index and the query', () => {
    expect(indexTerms('financiële')).toContain(queryTerm('financiele'));
    expect(indexTerms('Café')).toContain(queryTerm('cafe'));
    expect(indexTerms('België')).toContain(queryTerm('BELGIE'));
  });

  it('indexes a word and its Dutch stem, so plural and singular meet', () => {
    expect(indexTerms('pakketten')).toEqual(['pakketten', 'pakket']);
    expect(queryTerm('pakketten')).toBe('pakket');
    expect(indexTerms('pakket')).toContain(queryTerm('pakketten'));
  });

  it('drops Dutch stop words and single characters', () => {
    expect(indexTerms('de')).toEqual([]);
    expect(indexTerms('Het')).toEqual([]);
    expect(indexTerms('x')).toEqual([]);
    expect(queryTerm('een')).toBeNull();
    expect(queryTerm('a')).toBeNull();
  });

  it('indexes compounds whole and by part', () => {
    const terms = indexTerms('E-commerce');
    expect(terms).toContain('ecommerce');
    expect(terms).toContain('commerce');
    expect(terms).not.toContain('e');
    expect(terms).toContain(queryTerm('ecommerce'));
    expect(terms).toContain(queryTerm('e-commerce'));
    expect(indexTerms("auto's")).toContain('auto');
  });

  it('indexes numbers without group separators', () => {
    expect(indexTerms('9.000')).toEqual(['9000']);
    expect(queryTerm('9000')).toBe('9000');
    expect(queryTerm('9.000')).toBe('9000');
  });
});

describe('transpositions', () => {
  it('swaps each pair of neighbouring letters, left to right, folded', () => {
    expect(transpositions('retuor')).toEqual(['ertuor', 'rteuor', 'reutor', 'retour', 'returo']);
    expect(transpositions('Retoru')).toContain('retour');
    expect(transpositions('Bélgie')).toEqual(['eblgie', 'blegie', 'beglie', 'belige', 'belgei']);
  });

  it('leaves out equal letters, digits, joiners and swaps with the same query term', () => {
    expect(transpositions('aab')).toEqual(['aba']);
    expect(transpositions('b2b')).toEqual([]);
    expect(transpositions('9.000')).toEqual([]);
    expect(transpositions('e-com')).toEqual(['ceom', 'eocm', 'ecmo']);
    // Each query term once: `retouren` and `retoeren` do not both stand for one stem twice.
    const terms = transpositions('retouren').map((word) => queryTerm(word));
    expect(new Set(terms).size).toBe(terms.length);
    expect(terms).not.toContain(queryTerm('retouren'));
  });
});

describe('correctedQuery', () => {
  it('replaces the corrected words where they stand whole, keeping the rest as typed', () => {
    expect(correctedQuery('retuor', [{ word: 'retuor', suggestion: 'retour' }])).toBe('retour');
    expect(correctedQuery('Retuor  in Venlo', [{ word: 'Retuor', suggestion: 'retour' }])).toBe(
      'retour  in Venlo',
    );
    expect(correctedQuery('retuorkosten retuor', [{ word: 'retuor', suggestion: 'retour' }])).toBe(
      'retuorkosten retour',
    );
    expect(correctedQuery('e-comerce', [{ word: 'e-comerce', suggestion: 'ecommerce' }])).toBe('ecommerce');
  });

  it('is null when nothing changes', () => {
    expect(correctedQuery('retour', [])).toBeNull();
    expect(correctedQuery('retour', [{ word: 'retour', suggestion: 'retour' }])).toBeNull();
    expect(correctedQuery('retour', [{ word: 'elders', suggestion: 'ergens' }])).toBeNull();
  });
});

describe('cutQuery', () => {
  it('trims and collapses whitespace', () => {
    expect(cutQuery('  retouren \n\t webwinkels  ')).toBe('retouren webwinkels');
    expect(cutQuery(null)).toBe('');
  });

  it('cuts queries longer than 200 characters', () => {
    const long = 'logistiek '.repeat(40);
    const cut = cutQuery(long);
    expect(Array.from(cut).length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    expect(cut.startsWith('logistiek logistiek')).toBe(true);
    expect(cutQuery('é'.repeat(250))).toBe('é'.repeat(200));
  });
});

describe('joinBlocks', () => {
  it('ends blocks without punctuation with a full stop', () => {
    expect(joinBlocks(['Een langere piek', 'De sorteercentra draaien.', '  ', 'Slot'])).toBe(
      'Een langere piek. De sorteercentra draaien. Slot',
    );
  });
});

describe('highlight', () => {
  it('marks the matched words in their original spelling', () => {
    expect(show(highlight('BeautyBox NL opent webwinkel voor België', matchedBy('belgie')))).toBe(
      'BeautyBox NL opent webwinkel voor [België]',
    );
  });

  it('marks every form that shares the stem', () => {
    expect(show(highlight('Meer pakketten, minder stops per pakket', matchedBy('pakket')))).toBe(
      'Meer [pakketten], minder stops per [pakket]',
    );
  });

  it('returns the whole text as one segment without matches', () => {
    expect(highlight('Niets te zien', new Set(['logistiek']))).toEqual([{ text: 'Niets te zien' }]);
  });

  it('keeps markup characters as text', () => {
    const segments = highlight('<b>Retour</b> & meer', matchedBy('retour'));
    expect(segments).toEqual([{ text: '<b>' }, { text: 'Retour', mark: true }, { text: '</b> & meer' }]);
  });
});

describe('snippet', () => {
  const summary = 'Korte samenvatting zonder het gezochte woord.';
  const body = `${'Inleidende zin over iets anders. '.repeat(12)}Over de financiële details doet Koerier24 geen mededelingen. ${'Afsluitende zin. '.repeat(10)}`;

  it('takes the window around the match, cut at word boundaries with ellipses', () => {
    const text = show(snippet([summary, body], matchedBy('financiele')));
    expect(text).toContain('[financiële] details');
    expect(text.startsWith('… ')).toBe(true);
    expect(text.endsWith(' …')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(200 + 6);
    // Starts and ends on whole words of the body.
    const inner = text.slice(2, -2).replace(/[[\]]/g, '');
    const at = body.indexOf(inner);
    expect(at).toBeGreaterThan(0);
    expect(body[at - 1]).toBe(' ');
    expect(body[at + inner.length]).toMatch(/[\s.,]/);
  });

  it('prefers the text with more distinct matches, the summary on a tie', () => {
    expect(show(snippet(['Retouren in de zomer.', 'Retouren en pakketten.'], matchedBy('retouren')))).toBe(
      '[Retouren] in de zomer.',
    );
    expect(
      show(snippet(['Retouren in de zomer.', 'Retouren en pakketten.'], matchedBy('retouren', 'pakketten'))),
    ).toBe('[Retouren] en [pakketten].');
  });

  it('shows the start of the first text without any match', () => {
    expect(show(snippet(['', 'Alleen deze tekst.'], new Set(['xyz'])))).toBe('Alleen deze tekst.');
    expect(snippet(['', ''], new Set(['xyz']))).toEqual([]);
  });
});
