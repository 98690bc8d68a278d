/**
 * src/shared/ui/format.ts against `Intl` (Node's ICU) as the oracle: the portal's own Dutch and
 * British patterns for dates in Europe/Amsterdam and UTC and for euro amounts must give exactly
 * what `Intl` gives (docs/decisions/076-dates-and-euros-without-intl.md), and what they do not
 * hold must still come from `Intl`.
 */
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/shared/i18n/locale.ts';
import {
  DATE_OPTIONS,
  type DateStyle,
  formatDate,
  formatDateBadge,
  formatEuro,
  formatPrice,
} from '../../src/shared/ui/format.ts';

const BCP47: Record<Locale, string> = { nl: 'nl-NL', en: 'en-GB' };
/** The styles, with the `Intl` options the portal's own patterns must agree with. */
const STYLES = DATE_OPTIONS;
type Style = DateStyle;

const oracles = new Map<string, Intl.DateTimeFormat>();
function viaIntl(date: Date, locale: Locale, style: Style, timeZone: string): string {
  const key = `${locale}|${style}|${timeZone}`;
  let formatter = oracles.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(BCP47[locale], { ...STYLES[style], timeZone });
    oracles.set(key, formatter);
  }
  return formatter.format(date);
}

const HOUR = 3_600_000;

describe('formatDate', () => {
  it('equals Intl for every style, both locales, Europe/Amsterdam and UTC, every day of 1996–2099', () => {
    const mismatches: string[] = [];
    let checked = 0;
    // Every day, at 00:30, 11:59 or 23:15 UTC in turn (before and after midnight in Amsterdam).
    let index = 0;
    for (let day = Date.UTC(1996, 0, 1); day < Date.UTC(2100, 0, 1); day += 24 * HOUR, index++) {
      {
        const minutes = [30, 719, 1395][index % 3] as number;
        const date = new Date(day + minutes * 60_000);
        for (const locale of ['nl', 'en'] as const) {
          for (const timeZone of ['Europe/Amsterdam', 'UTC']) {
            for (const style of Object.keys(STYLES) as Style[]) {
              checked++;
              const own = formatDate(date.toISOString(), locale, style, timeZone);
              const expected = viaIntl(date, locale, style, timeZone);
              if (own !== expected && mismatches.length < 10)
                mismatches.push(`${date.toISOString()} ${locale} ${style} ${timeZone}: ${own} ≠ ${expected}`);
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(900_000);
  }, 30_000);

  it('equals Intl every quarter hour around each daylight-saving change of Europe/Amsterdam', () => {
    const mismatches: string[] = [];
    for (let year = 1996; year <= 2099; year++) {
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
        for (let time = change - 3 * HOUR; time <= change + 3 * HOUR; time += HOUR / 4) {
          const date = new Date(time);
          for (const locale of ['nl', 'en'] as const) {
            for (const style of ['time', 'dateTime'] as const) {
              const own = formatDate(date.toISOString(), locale, style);
              const expected = viaIntl(date, locale, style, 'Europe/Amsterdam');
              if (own !== expected)
                mismatches.push(`${date.toISOString()} ${locale} ${style}: ${own} ≠ ${expected}`);
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('leaves other zones and years to Intl, and gives an empty string for no or an invalid date', () => {
    for (const [iso, timeZone] of [
      ['2026-07-01T22:30:00Z', 'America/New_York'],
      ['2026-07-01T22:30:00Z', 'Asia/Kolkata'],
      ['1990-07-01T22:30:00Z', 'Europe/Amsterdam'],
      ['2150-03-28T00:30:00Z', 'Europe/Amsterdam'],
    ] as const) {
      for (const style of Object.keys(STYLES) as Style[]) {
        expect(formatDate(iso, 'nl', style, timeZone)).toBe(viaIntl(new Date(iso), 'nl', style, timeZone));
        expect(formatDate(iso, 'en', style, timeZone)).toBe(viaIntl(new Date(iso), 'en', style, timeZone));
      }
    }
    expect(formatDate('2026-07-01', 'nl')).toBe('1 juli 2026');
    expect(formatDate(null, 'nl')).toBe('');
    expect(formatDate('geen datum', 'nl')).toBe('');
  });
});

describe('formatDateBadge', () => {
  /** The badge as the portal built it with Intl before (formatToParts, trailing full stop dropped). */
  function badgeViaIntl(date: Date, locale: Locale, timeZone: string) {
    const parts = new Intl.DateTimeFormat(BCP47[locale], {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone,
    }).formatToParts(date);
    const part = (type: Intl.DateTimeFormatPartTypes) =>
      (parts.find((p) => p.type === type)?.value ?? '').replace(/\.$/, '');
    return { day: part('day'), month: part('month'), weekday: part('weekday') };
  }

  it('equals Intl on every day of 2020–2040 (before and after midnight in Amsterdam) and elsewhere', () => {
    for (let day = Date.UTC(2020, 0, 1); day < Date.UTC(2041, 0, 1); day += 24 * HOUR) {
      for (const date of [new Date(day + 30 * 60_000), new Date(day + 23.25 * HOUR)]) {
        for (const locale of ['nl', 'en'] as const) {
          expect(formatDateBadge(date.toISOString(), locale)).toEqual(
            badgeViaIntl(date, locale, 'Europe/Amsterdam'),
          );
        }
      }
    }
    const date = new Date('2026-09-03T02:00:00Z');
    expect(formatDateBadge(date.toISOString(), 'en', 'America/New_York')).toEqual(
      badgeViaIntl(date, 'en', 'America/New_York'),
    );
    expect(formatDateBadge(date.toISOString(), 'nl')).toEqual({ day: '3', month: 'sep', weekday: 'do' });
    expect(formatDateBadge('geen datum', 'nl')).toEqual({ day: '', month: '', weekday: '' });
  }, 30_000);
});

describe('formatEuro and formatPrice', () => {
  const whole = (locale: Locale) =>
    new Intl.NumberFormat(BCP47[locale], { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
  const cents = (locale: Locale) =>
    new Intl.NumberFormat(BCP47[locale], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
  const amounts = [
    0,
    0.004,
    0.005,
    0.125,
    0.5,
    1,
    1.005,
    1.115,
    1.5,
    2.5,
    2.675,
    8.345,
    9.995,
    49.5,
    95,
    999.5,
    999.995,
    1000,
    1234.5,
    3500,
    12_345.678,
    999_999.5,
    1_234_567,
    10_000_000.25,
    123_456_789_012,
    1e21,
    5e-7,
    -5,
    -0,
    -1234.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ];

  it('equal Intl for the listed amounts, both locales (half away from zero on the shortest decimal)', () => {
    for (const locale of ['nl', 'en'] as const) {
      for (const amount of amounts) {
        expect(formatEuro(amount, locale), `${amount} ${locale}`).toBe(whole(locale).format(amount));
        expect(formatPrice(amount, locale), `${amount} ${locale}`).toBe(cents(locale).format(amount));
      }
    }
  });

  it('equal Intl for every cent and half cent up to 2,000 euros and every euro up to 200,000', () => {
    const mismatches: string[] = [];
    for (const locale of ['nl', 'en'] as const) {
      const w = whole(locale);
      const c = cents(locale);
      for (let halfCents = 0; halfCents <= 400_000; halfCents++) {
        const amount = halfCents / 200;
        if (formatPrice(amount, locale) !== c.format(amount)) mismatches.push(`price ${amount} ${locale}`);
        if (formatEuro(amount, locale) !== w.format(amount)) mismatches.push(`euro ${amount} ${locale}`);
        if (mismatches.length > 10) break;
      }
      for (let euros = 0; euros <= 200_000; euros++) {
        if (formatEuro(euros, locale) !== w.format(euros)) mismatches.push(`euro ${euros} ${locale}`);
        if (mismatches.length > 10) break;
      }
    }
    expect(mismatches).toEqual([]);
  }, 30_000);
});
