/**
 * Pure rules of the catalogue pages: tag character groups (diacritics folded, digits
 * together), sitemap period parsing and neighbours, Amsterdam month boundaries, subscription
 * prices in euro cents, and which topic-page blocks are shown where.
 */
import { describe, expect, it } from 'vitest';
import { monthRange, periodOf } from '../../src/server/routes/sitemap.server.ts';
import { splitEditorialBlocks, topicSlugOf } from '../../src/server/routes/topic.server.ts';
import { groupKeyOf, groupTags } from '../../src/server/services/tag-groups.server.ts';
import type { Block } from '../../src/shared/cms-types.ts';
import {
  monthLabel,
  monthName,
  neighbours,
  parseMonth,
  parseYear,
} from '../../src/shared/pages/sitemap/period.ts';
import { formatCents } from '../../src/shared/pages/subscriptions/price.ts';
import { groupLabel, isGroupKey } from '../../src/shared/pages/tags-overview/tag-groups.ts';

describe('tag groups', () => {
  it('files a tag under its first letter with diacritics and ligatures folded', () => {
    expect(groupKeyOf('Webwinkels')).toBe('w');
    expect(groupKeyOf('Élan')).toBe('e');
    expect(groupKeyOf('école')).toBe('e');
    expect(groupKeyOf('Ørsted')).toBe('o');
    expect(groupKeyOf('Æsir')).toBe('a');
    expect(groupKeyOf('Ünicode')).toBe('u');
    expect(groupKeyOf('İstanbul')).toBe('i');
    expect(groupKeyOf("'s-Hertogenbosch")).toBe('s');
  });

  it('puts digits together and everything else under "overig"', () => {
    expect(groupKeyOf('3PL')).toBe('0-9');
    expect(groupKeyOf('5G')).toBe('0-9');
    expect(groupKeyOf('北京')).toBe('overig');
    expect(groupKeyOf('!!!')).toBe('overig');
    expect(groupKeyOf('')).toBe('overig');
  });

  it('groups in display order and sorts by Dutch collation', () => {
    const groups = groupTags([
      { name: 'Zero emissie', slug: 'zero-emissie', count: 3 },
      { name: 'ecommerce', slug: 'ecommerce', count: 1 },
      { name: 'Élan', slug: 'elan', count: 2 },
      { name: '3PL', slug: '3pl', count: 4 },
      { name: 'Duurzaamheid', slug: 'duurzaamheid', count: 10 },
      { name: 'Europa', slug: 'europa', count: 0 },
    ]);
    expect(groups.map((group) => group.key)).toEqual(['0-9', 'd', 'e', 'z']);
    expect(groups.find((group) => group.key === 'e')?.tags.map((tag) => tag.slug)).toEqual([
      'ecommerce',
      'elan',
      'europa',
    ]);
  });

  it('knows its keys and labels', () => {
    expect(isGroupKey('a')).toBe(true);
    expect(isGroupKey('0-9')).toBe(true);
    expect(isGroupKey('overig')).toBe(true);
    expect(isGroupKey('ab')).toBe(false);
    expect(isGroupKey('A')).toBe(false);
    expect(isGroupKey('é')).toBe(false);
    expect(groupLabel('q')).toBe('Q');
    expect(groupLabel('0-9')).toBe('0–9');
    expect(groupLabel('overig')).toBe('#');
  });
});

describe('sitemap periods', () => {
  it('accepts four-digit years from 1000 and months 1–12', () => {
    expect(parseYear('2026')).toBe(2026);
    expect(parseYear('1000')).toBe(1000);
    for (const bad of ['0999', '999', '20266', '2026x', '', undefined, '-2026'])
      expect(parseYear(bad)).toBeNull();
    expect(parseMonth('3')).toBe(3);
    expect(parseMonth('03')).toBe(3);
    expect(parseMonth('12')).toBe(12);
    for (const bad of ['0', '00', '13', '003', 'mrt', '', undefined, '1.5'])
      expect(parseMonth(bad)).toBeNull();
  });

  it('names months in Dutch and English', () => {
    expect(monthName(3, 'nl')).toBe('maart');
    expect(monthName(3, 'en')).toBe('March');
    expect(monthName(3, 'nl', 'short')).toBe('mrt');
    expect(monthName(9, 'en', 'short')).toBe('Sept');
    expect(monthLabel({ year: 2026, month: 3 }, 'nl')).toBe('maart 2026');
    expect(monthLabel({ year: 2026, month: 9 }, 'en')).toBe('September 2026');
  });

  it('groups by the calendar month in Europe/Amsterdam', () => {
    // 23:30 UTC on 28 February is 00:30 on 1 March in Amsterdam (winter time).
    expect(periodOf('2026-02-28T23:30:00.000Z')).toEqual({ year: 2026, month: 3 });
    // 22:30 UTC on 31 July is 00:30 on 1 August (summer time).
    expect(periodOf('2026-07-31T22:30:00.000Z')).toEqual({ year: 2026, month: 8 });
    expect(periodOf('2026-07-31T21:30:00.000Z')).toEqual({ year: 2026, month: 7 });
    expect(periodOf('not a date')).toBeNull();
  });

  it('gives month boundaries as UTC instants, across daylight saving and the year end', () => {
    expect(monthRange({ year: 2026, month: 3 })).toEqual({
      start: '2026-02-28T23:00:00.000Z',
      end: '2026-03-31T22:00:00.000Z',
    });
    expect(monthRange({ year: 2026, month: 12 })).toEqual({
      start: '2026-11-30T23:00:00.000Z',
      end: '2026-12-31T23:00:00.000Z',
    });
  });

  it('finds the nearest earlier and later period', () => {
    const years = [2022, 2024, 2025];
    expect(neighbours(years, (y) => y, 2024)).toEqual({ previous: 2022, next: 2025 });
    expect(neighbours(years, (y) => y, 2022)).toEqual({ previous: null, next: 2024 });
    expect(neighbours(years, (y) => y, 2025)).toEqual({ previous: 2024, next: null });
    expect(neighbours(years, (y) => y, 2023)).toEqual({ previous: 2022, next: 2024 });
  });
});

describe('subscription prices', () => {
  it('formats euro cents the Dutch and the English way', () => {
    const nbsp = '\u00a0';
    expect(formatCents(1250, 'nl')).toBe(`€${nbsp}12,50`);
    expect(formatCents(795, 'nl')).toBe(`€${nbsp}7,95`);
    expect(formatCents(14900, 'nl')).toBe(`€${nbsp}149`);
    expect(formatCents(123456, 'nl')).toBe(`€${nbsp}1.234,56`);
    expect(formatCents(1250, 'en')).toBe('€12.50');
    expect(formatCents(14900, 'en')).toBe('€149');
    expect(formatCents(123456, 'en')).toBe('€1,234.56');
    expect(formatCents(5, 'nl')).toBe(`€${nbsp}0,05`);
  });
});

describe('topic pages', () => {
  const text = (id: number): Block => ({ __component: 'blocks.rich-text', id, body: [] });
  const list = (id: number): Block => ({ __component: 'blocks.content-list', id, kind: 'news' });
  const cta = (id: number): Block => ({
    __component: 'blocks.call-to-action',
    id,
    title: 't',
    label: 'l',
    url: '/',
  });

  it('drops content lists and splits editorial blocks around the first one', () => {
    expect(splitEditorialBlocks([text(1), list(2), list(3), cta(4), list(5), text(6)])).toEqual({
      intro: [text(1)],
      outro: [cta(4), text(6)],
    });
    expect(splitEditorialBlocks([text(1), cta(2)])).toEqual({ intro: [text(1), cta(2)], outro: [] });
    expect(splitEditorialBlocks([list(1)])).toEqual({ intro: [], outro: [] });
    expect(splitEditorialBlocks(null)).toEqual({ intro: [], outro: [] });
  });

  it('reads the topic from the request path in either locale', () => {
    expect(topicSlugOf(new Request('http://x/logistiek'))).toBe('logistiek');
    expect(topicSlugOf(new Request('http://x/en/fulfilment?page=2'))).toBe('fulfilment');
    expect(topicSlugOf(new Request('http://x/ecommerce/'))).toBe('ecommerce');
  });
});
