/**
 * Text processing of the site search: Dutch-aware tokenisation, diacritic folding,
 * stop words and stemming, and the highlighting of matches in titles and snippets.
 *
 * The same functions run on the indexed text and on the query, so `cafe` finds `café` and
 * `financiele` finds `financiële` (docs/decisions/012-site-search.md):
 * - a token is a run of letters/digits, keeping inner hyphens and apostrophes (`e-commerce`,
 *   `auto's`) and digit groups (`9.000`);
 * - folding: Unicode NFKD, combining marks removed, lower case (`België` → `belgie`, `ĳ` → `ij`);
 * - Snowball Dutch stop words are dropped, other words are also indexed as their Snowball Dutch
 *   stem (`pakketten` → `pakket`), from @nlpjs/lang-nl;
 * - a compound with a hyphen or apostrophe is indexed whole and by its parts
 *   (`e-commerce` → `ecommerce`, `commerce`);
 * - a query word may also be meant with two neighbouring letters the other way round
 *   (`retuor` → `retour`, {@link transpositions}); the word a corrected query probably meant is
 *   offered as a link ({@link correctedQuery}; docs/decisions/111-search-tolerates-swapped-letters.md).
 */
import { StemmerNl, StopwordsNl } from '@nlpjs/lang-nl';
import type { HighlightSegment, SearchCorrection } from '../../shared/features/search/search-types.ts';

/** Longest query in characters (code points); longer queries are cut. */
export const MAX_QUERY_LENGTH = 200;
/** Target length of a result snippet in characters. */
const SNIPPET_LENGTH = 200;
/** Characters of context kept before the first match of a snippet. */
const SNIPPET_LEAD = 40;

const stemmer = new StemmerNl();
const stopwords = new StopwordsNl();

/**
 * Index terms per raw token. The vocabulary of a site is small (a few thousand distinct tokens),
 * so this makes indexing and highlighting a lookup instead of folding and stemming every token;
 * emptied when it reaches {@link TERM_CACHE_MAX} entries.
 */
const termCache = new Map<string, readonly string[]>();
const TERM_CACHE_MAX = 50_000;

/** Digit groups (`9.000`, `3,5`) first, then words with inner hyphens or apostrophes. */
const TOKEN = /\p{N}+(?:[.,]\p{N}+)+|[\p{L}\p{N}]+(?:['’ʼ\-‐][\p{L}\p{N}]+)*/gu;
const JOINERS = /['’ʼ\-‐]/;
const NUMBER = /^\p{N}+(?:[.,]\p{N}+)*$/u;
const HAS_DIGIT = /\p{N}/u;
const SENTENCE_END = /[.!?:;…'"’”)]$/;

/** One token of a text with its position: `text.slice(start, end) === token`. */
export interface TokenSpan {
  start: number;
  end: number;
  token: string;
}

/** Lower case without diacritics: `Financiële` → `financiele`. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The tokens of `text` with their offsets (UTF-16 code units), in order. */
export function tokenSpans(text: string): TokenSpan[] {
  const spans: TokenSpan[] = [];
  for (const match of text.matchAll(TOKEN)) {
    spans.push({ start: match.index, end: match.index + match[0].length, token: match[0] });
  }
  return spans;
}

/** Splits text into raw tokens (MiniSearch `tokenize` for indexing and queries). */
export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

function stem(word: string): string {
  if (HAS_DIGIT.test(word)) return word;
  const stemmed = stemmer.stemWord(word);
  return stemmed.length >= 2 ? stemmed : word;
}

function isIndexable(word: string): boolean {
  return word.length >= 2 && !stopwords.isStopword(word);
}

/**
 * The index terms of one token (MiniSearch `processTerm` when indexing): the folded word and its
 * stem, plus the parts of a hyphenated word. Stop words and single characters give none.
 */
export function indexTerms(token: string): readonly string[] {
  let terms = termCache.get(token);
  if (terms === undefined) {
    if (termCache.size >= TERM_CACHE_MAX) termCache.clear();
    terms = computeIndexTerms(token);
    termCache.set(token, terms);
  }
  return terms;
}

function computeIndexTerms(token: string): string[] {
  const folded = foldText(token);
  if (NUMBER.test(folded)) return [folded.replace(/[.,]/g, '')];
  const parts = folded.split(JOINERS).filter((part) => part !== '');
  const words = parts.length > 1 ? [parts.join(''), ...parts] : parts;
  const terms = new Set<string>();
  for (const word of words) {
    if (!isIndexable(word)) continue;
    terms.add(word);
    terms.add(stem(word));
  }
  return [...terms];
}

/**
 * The search term of one query token (MiniSearch `processTerm` for queries): the stem of the
 * folded, joined word, or null for stop words and single characters. One term per token, so
 * "all words must match" means what the visitor typed.
 */
export function queryTerm(token: string): string | null {
  const folded = foldText(token);
  if (NUMBER.test(folded)) return folded.replace(/[.,]/g, '');
  const joined = folded.split(JOINERS).join('');
  return isIndexable(joined) ? stem(joined) : null;
}

const LETTER = /^\p{L}$/u;

/**
 * The words one swap of two neighbouring letters away from a query token, for typing errors such
 * as `retuor` and `retoru` (both `retour`): the Damerau / optimal string alignment distance counts
 * such a swap as one edit, Levenshtein (MiniSearch's fuzzy matching) as two. The token is folded
 * and joined as {@link queryTerm} does; only two different letters are swapped (never digits,
 * hyphens or apostrophes). Left out: swaps whose query term is the token's own or is none (a stop
 * word), and swaps with the query term of an earlier one.
 * @param token a query token (from {@link tokenize})
 * @returns the swapped words, folded, in the order of the swap's position (left to right)
 */
export function transpositions(token: string): string[] {
  const folded = foldText(token);
  if (NUMBER.test(folded)) return [];
  const chars = Array.from(folded.split(JOINERS).join(''));
  const own = queryTerm(token);
  const terms = new Set<string>();
  const swapped: string[] = [];
  for (let at = 0; at < chars.length - 1; at++) {
    const a = chars[at]!;
    const b = chars[at + 1]!;
    if (a === b || !LETTER.test(a) || !LETTER.test(b)) continue;
    const word = [...chars.slice(0, at), b, a, ...chars.slice(at + 2)].join('');
    const term = queryTerm(word);
    if (term === null || term === own || terms.has(term)) continue;
    terms.add(term);
    swapped.push(word);
  }
  return swapped;
}

/**
 * The query a visitor probably meant (the "Bedoelde je …?" link of `/zoeken`): `query` with each
 * corrected word, where it stands as a whole word, replaced by its suggestion; the other words and
 * all spacing as typed. Composed to NFC first, as the CMS reads query words (so its corrections are
 * found in the text).
 * @param query the query as searched (`cutQuery`)
 * @param corrections the words the search corrected, from either backend
 * @returns the corrected query, or null when there is nothing to correct or it reads the same
 */
export function correctedQuery(query: string, corrections: readonly SearchCorrection[]): string | null {
  let corrected = query.normalize('NFC');
  for (const { word, suggestion } of corrections) {
    if (word === '' || suggestion === '') continue;
    const escaped = word.normalize('NFC').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    corrected = corrected.replace(
      new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu'),
      () => suggestion,
    );
  }
  return corrected === query.normalize('NFC') ? null : corrected;
}

/**
 * Normalises a raw `q` parameter: whitespace collapsed, trimmed, cut to
 * {@link MAX_QUERY_LENGTH} code points (longer queries are cut, not refused).
 */
export function cutQuery(raw: string | null | undefined): string {
  const collapsed = (raw ?? '').replace(/[\s\p{Cc}]+/gu, ' ').trim();
  const chars = Array.from(collapsed);
  return chars.length > MAX_QUERY_LENGTH ? chars.slice(0, MAX_QUERY_LENGTH).join('').trim() : collapsed;
}

/**
 * Joins text blocks (paragraphs, headings, list items) into one line for indexing and snippets;
 * a block without closing punctuation gets a full stop, so a heading does not run into the next
 * sentence.
 */
export function joinBlocks(blocks: readonly string[]): string {
  return blocks
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .filter((block) => block !== '')
    .map((block, index, all) => (index < all.length - 1 && !SENTENCE_END.test(block) ? `${block}.` : block))
    .join(' ');
}

function isHit(token: string, matched: ReadonlySet<string>): boolean {
  return indexTerms(token).some((term) => matched.has(term));
}

function pushText(segments: HighlightSegment[], text: string): void {
  if (text === '') return;
  const last = segments[segments.length - 1];
  if (last && !last.mark) last.text += text;
  else segments.push({ text });
}

/** A text with its tokens, prepared once per document so highlighting does not tokenise again. */
export interface TokenizedText {
  /** The text with whitespace collapsed. */
  text: string;
  spans: readonly TokenSpan[];
}

/** Collapses whitespace and tokenises `text`. */
export function tokenizeText(text: string): TokenizedText {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return { text: collapsed, spans: tokenSpans(collapsed) };
}

/**
 * Splits the part `[from, to)` of a tokenised text into plain and marked segments: a token is
 * marked when one of its index terms is in `matched` (the document terms MiniSearch reports as
 * matching). The view renders marked segments as `<mark>` elements; nothing here is HTML.
 */
function markSpans(
  { text, spans }: TokenizedText,
  matched: ReadonlySet<string>,
  from = 0,
  to = text.length,
): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  let cursor = from;
  for (const span of spans) {
    if (span.start < from) continue;
    if (span.end > to) break;
    if (!isHit(span.token, matched)) continue;
    pushText(segments, text.slice(cursor, span.start));
    segments.push({ text: span.token, mark: true });
    cursor = span.end;
  }
  pushText(segments, text.slice(cursor, to));
  return segments;
}

/** Highlights the matched words of a whole text (a title); see {@link markSpans}. */
export function highlight(text: string | TokenizedText, matched: ReadonlySet<string>): HighlightSegment[] {
  return markSpans(typeof text === 'string' ? { text, spans: tokenSpans(text) } : text, matched);
}

interface Window {
  source: TokenizedText;
  /** Offset where the snippet starts. */
  start: number;
  /** Distinct matched words in the window. */
  score: number;
}

/** The best window of a text: the one starting at a match that covers the most distinct matched words. */
function bestWindow(source: TokenizedText, matched: ReadonlySet<string>, maxLength: number): Window | null {
  const { spans } = source;
  const hits = spans.filter((span) => isHit(span.token, matched));
  let best: Window | null = null;
  for (let i = 0; i < hits.length; i++) {
    const first = hits[i]!;
    const words = new Set<string>();
    for (let j = i; j < hits.length && hits[j]!.end - first.start <= maxLength - SNIPPET_LEAD; j++) {
      const token = hits[j]!.token;
      words.add(indexTerms(token)[0] ?? token);
    }
    if (!best || words.size > best.score) {
      const start = spans.find((span) => span.start >= first.start - SNIPPET_LEAD)?.start ?? first.start;
      best = { source, start, score: words.size };
    }
  }
  return best;
}

/**
 * A snippet of at most about `maxLength` characters from the first of `texts` with the most
 * distinct matches (summary before body on a tie), cut at word boundaries, with `…` where text
 * was left out and the matches marked. Without any match it is the start of the first text.
 */
export function snippet(
  texts: ReadonlyArray<string | TokenizedText>,
  matched: ReadonlySet<string>,
  maxLength = SNIPPET_LENGTH,
): HighlightSegment[] {
  const candidates = texts
    .map((text) => (typeof text === 'string' ? tokenizeText(text) : text))
    .filter((candidate) => candidate.text !== '');
  let chosen: Window | null = null;
  for (const candidate of candidates) {
    const window = bestWindow(candidate, matched, maxLength);
    if (window && (!chosen || window.score > chosen.score)) chosen = window;
  }
  if (!chosen) {
    const first = candidates[0];
    if (first === undefined) return [];
    chosen = { source: first, start: 0, score: 0 };
  }
  const { source, start } = chosen;
  let end = source.text.length;
  if (end - start > maxLength) {
    end = start;
    for (const span of source.spans) {
      if (span.start < start) continue;
      if (span.end - start > maxLength) break;
      end = span.end;
    }
    // A single token longer than the snippet: cut it hard rather than show nothing.
    if (end === start) end = start + maxLength;
  }
  const segments = markSpans(source, matched, start, end);
  if (start > 0) segments.unshift({ text: '… ' });
  if (end < source.text.length) segments.push({ text: ' …' });
  return mergePlain(segments);
}

function mergePlain(segments: HighlightSegment[]): HighlightSegment[] {
  const out: HighlightSegment[] = [];
  for (const segment of segments) {
    if (segment.mark) out.push(segment);
    else pushText(out, segment.text);
  }
  return out;
}
