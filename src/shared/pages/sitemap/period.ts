/**
 * Periods of the human sitemap (docs/product.md#routes-and-layouts): parsing the `{year}` and `{month}` path
 * segments, month names (src/shared/ui/format.ts), and neighbours in a list of periods. Browser-safe
 * (no server code).
 */
import type { Locale } from '../../i18n/locale.ts';
import { formatMonthName, formatYearMonth } from '../../ui/format.ts';

/** A calendar month: `month` is 1–12. */
export interface YearMonth {
  year: number;
  month: number;
}

/**
 * Parses the `{year}` segment: four digits from 1000 (`2026`); anything else (`0999`, `26`,
 * `2026x`) is null.
 */
export function parseYear(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{3}$/.test(raw)) return null;
  return Number(raw);
}

/**
 * Parses the `{month}` segment: `1`–`12`, with or without a leading zero (`3`, `03`); anything
 * else (`0`, `13`, `003`, `mrt`) is null.
 */
export function parseMonth(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,2}$/.test(raw)) return null;
  const month = Number(raw);
  return month >= 1 && month <= 12 ? month : null;
}

/**
 * The name of a month in a locale: `maart` / `March` (`long`) or `mrt` / `Mar` (`short`), from
 * `Intl` ({@link formatMonthName}).
 */
export function monthName(month: number, locale: Locale, style: 'long' | 'short' = 'long'): string {
  return formatMonthName(month, locale, style);
}

/** `maart 2026` / `March 2026`: CLDR's month-and-year pattern ({@link formatYearMonth}). */
export function monthLabel(period: YearMonth, locale: Locale): string {
  return formatYearMonth(period.year, period.month, locale);
}

/** A sortable number for a month: `year * 12 + month - 1`. */
export function monthIndex(period: YearMonth): number {
  return period.year * 12 + period.month - 1;
}

/**
 * The nearest earlier and later entries of `sorted` (ascending by `order`) around `current`;
 * `current` itself need not be in the list.
 */
export function neighbours<T>(sorted: readonly T[], order: (item: T) => number, current: number) {
  let previous: T | null = null;
  let next: T | null = null;
  for (const item of sorted) {
    const value = order(item);
    if (value < current) previous = item;
    else if (value > current && next === null) next = item;
  }
  return { previous, next };
}
