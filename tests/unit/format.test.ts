/**
 * src/shared/ui/format.ts: the strings the portal shows for dates and euro amounts in Dutch and
 * British English, in every style it uses, across both daylight-saving changes of
 * Europe/Amsterdam, and the formatter cache (docs/decisions/087-dates-and-numbers-on-intl.md).
 * The expected strings are CLDR's, as Node's ICU gives them; Debian's Chromium gives the same
 * (checked when the module moved to `Intl`, see the decision).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  calendarDate,
  DATE_OPTIONS,
  type DateStyle,
  dateFormatter,
  formatDate,
  formatDateBadge,
  formatEuro,
  formatMoney,
  formatMonthName,
  formatPrice,
  formatYearMonth,
  isTimeZone,
  numberFormatter,
  SITE_TIME_ZONE,
  zonedIsoString,
} from '../../src/shared/ui/format.ts';

/** A no-break space: CLDR's Dutch currency pattern has one after the euro sign. */
const NBSP = '\u00a0';

describe('formatDate', () => {
  // Saturday 21 November 2026, 08:30 UTC = 09:30 in Amsterdam (winter time, UTC+1).
  const WINTER = '2026-11-21T08:30:00Z';
  const expected: Record<DateStyle, [nl: string, en: string]> = {
    long: ['21 november 2026', '21 November 2026'],
    short: ['21 nov 2026', '21 Nov 2026'],
    dateTime: ['zaterdag 21 november 2026 om 09:30', 'Saturday, 21 November 2026 at 09:30'],
    dateAtTime: ['21 november 2026 om 09:30', '21 November 2026 at 09:30'],
    time: ['09:30', '09:30'],
    monthYear: ['november 2026', 'November 2026'],
    day: ['21 nov', '21 Nov'],
    weekdayDate: ['zaterdag 21 november 2026', 'Saturday, 21 November 2026'],
  };

  it.each(Object.keys(DATE_OPTIONS) as DateStyle[])('writes style %s in Dutch and English', (style) => {
    expect(formatDate(WINTER, 'nl', style)).toBe(expected[style][0]);
    expect(formatDate(WINTER, 'en', style)).toBe(expected[style][1]);
  });

  it('uses long as the default style and Europe/Amsterdam as the default zone', () => {
    expect(formatDate('2026-12-31T23:30:00Z', 'nl')).toBe('1 januari 2027');
    expect(formatDate('2026-12-31T23:30:00Z', 'nl', 'long', 'UTC')).toBe('31 december 2026');
    // A date without a time is midnight UTC, 02:00 in Amsterdam in summer: the same day.
    expect(formatDate('2026-07-01', 'nl')).toBe('1 juli 2026');
  });

  it("writes CLDR's abbreviations: Dutch mrt and sep, British Sept", () => {
    expect(formatDate('2026-03-10T12:00:00Z', 'nl', 'short')).toBe('10 mrt 2026');
    expect(formatDate('2026-09-03T10:00:00Z', 'nl', 'short')).toBe('3 sep 2026');
    expect(formatDate('2026-09-03T10:00:00Z', 'en', 'short')).toBe('3 Sept 2026');
    expect(formatDate('2026-09-03T10:00:00Z', 'en', 'day')).toBe('3 Sept');
  });

  it('follows the spring change to summer time (29 March 2026, 01:00 UTC: 02:00 becomes 03:00)', () => {
    expect(formatDate('2026-03-29T00:59:00Z', 'nl', 'time')).toBe('01:59');
    expect(formatDate('2026-03-29T01:00:00Z', 'nl', 'time')).toBe('03:00');
    expect(formatDate('2026-03-29T01:00:00Z', 'nl', 'dateTime')).toBe('zondag 29 maart 2026 om 03:00');
    expect(formatDate('2026-03-29T01:00:00Z', 'en', 'dateTime')).toBe('Sunday, 29 March 2026 at 03:00');
    // The last evening of March is already in summer time (UTC+2): 22:30 UTC is 00:30 on 1 April.
    expect(formatDate('2026-03-31T22:30:00Z', 'en', 'weekdayDate')).toBe('Wednesday, 1 April 2026');
    expect(formatDate('2026-03-31T22:30:00Z', 'en', 'time')).toBe('00:30');
  });

  it('follows the autumn change to winter time (25 October 2026, 01:00 UTC: 03:00 becomes 02:00)', () => {
    expect(formatDate('2026-10-25T00:30:00Z', 'nl', 'time')).toBe('02:30');
    expect(formatDate('2026-10-25T00:59:00Z', 'nl', 'time')).toBe('02:59');
    expect(formatDate('2026-10-25T01:00:00Z', 'nl', 'time')).toBe('02:00');
    expect(formatDate('2026-10-25T01:30:00Z', 'en', 'dateTime')).toBe('Sunday, 25 October 2026 at 02:30');
    // Before the change 22:30 UTC is past midnight (UTC+2); after it, not yet (UTC+1).
    expect(formatDate('2026-10-24T22:30:00Z', 'nl', 'day')).toBe('25 okt');
    expect(formatDate('2026-10-25T22:30:00Z', 'nl', 'day')).toBe('25 okt');
    expect(formatDate('2026-10-25T23:30:00Z', 'nl', 'day')).toBe('26 okt');
  });

  it('formats in another zone when asked (an event abroad)', () => {
    expect(formatDate('2026-07-01T22:30:00Z', 'nl', 'dateTime', 'America/New_York')).toBe(
      'woensdag 1 juli 2026 om 18:30',
    );
    expect(formatDate('2026-07-01T22:30:00Z', 'en', 'dateTime', 'Asia/Kolkata')).toBe(
      'Thursday, 2 July 2026 at 04:00',
    );
  });

  it('gives an empty string for no or an invalid date, and throws for an unknown zone', () => {
    expect(formatDate(null, 'nl')).toBe('');
    expect(formatDate(undefined, 'en')).toBe('');
    expect(formatDate('', 'nl')).toBe('');
    expect(formatDate('geen datum', 'nl')).toBe('');
    expect(() => formatDate('2026-07-01T12:00:00Z', 'nl', 'long', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('formatDateBadge', () => {
  it('gives day, short month and short weekday in the zone, both locales', () => {
    // 23:30 UTC on 30 November is 00:30 on Tuesday 1 December in Amsterdam.
    expect(formatDateBadge('2026-11-30T23:30:00Z', 'nl')).toEqual({ day: '1', month: 'dec', weekday: 'di' });
    expect(formatDateBadge('2026-11-30T23:30:00Z', 'en')).toEqual({ day: '1', month: 'Dec', weekday: 'Tue' });
    expect(formatDateBadge('2026-09-03T02:00:00Z', 'nl')).toEqual({ day: '3', month: 'sep', weekday: 'do' });
    expect(formatDateBadge('2026-09-03T02:00:00Z', 'en')).toEqual({
      day: '3',
      month: 'Sept',
      weekday: 'Thu',
    });
    expect(formatDateBadge('2026-09-03T02:00:00Z', 'en', 'America/New_York')).toEqual({
      day: '2',
      month: 'Sept',
      weekday: 'Wed',
    });
    expect(formatDateBadge('geen datum', 'nl')).toEqual({ day: '', month: '', weekday: '' });
  });
});

describe('month names and sitemap periods', () => {
  it('names every month, long and short, in Dutch and English', () => {
    const months = Array.from({ length: 12 }, (_, index) => index + 1);
    expect(months.map((month) => formatMonthName(month, 'nl'))).toEqual([
      'januari',
      'februari',
      'maart',
      'april',
      'mei',
      'juni',
      'juli',
      'augustus',
      'september',
      'oktober',
      'november',
      'december',
    ]);
    expect(months.map((month) => formatMonthName(month, 'nl', 'short')).join(' ')).toBe(
      'jan feb mrt apr mei jun jul aug sep okt nov dec',
    );
    expect(months.map((month) => formatMonthName(month, 'en')).join(' ')).toBe(
      'January February March April May June July August September October November December',
    );
    expect(months.map((month) => formatMonthName(month, 'en', 'short')).join(' ')).toBe(
      'Jan Feb Mar Apr May Jun Jul Aug Sept Oct Nov Dec',
    );
  });

  it("writes a month and year with CLDR's pattern", () => {
    expect(formatYearMonth(2026, 3, 'nl')).toBe('maart 2026');
    expect(formatYearMonth(2026, 3, 'en')).toBe('March 2026');
    expect(formatYearMonth(1999, 12, 'nl')).toBe('december 1999');
    expect(formatYearMonth(2027, 1, 'en')).toBe('January 2027');
  });
});

describe('calendarDate, zonedIsoString and isTimeZone', () => {
  it("gives an instant's calendar date in Amsterdam (default) or another zone, across midnight", () => {
    expect(calendarDate(Date.parse('2026-12-31T22:59:59Z'))).toBe('2026-12-31');
    expect(calendarDate(Date.parse('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
    expect(calendarDate(Date.parse('2026-07-31T21:59:59Z'))).toBe('2026-07-31');
    expect(calendarDate(Date.parse('2026-07-31T22:00:00Z'))).toBe('2026-08-01');
    expect(calendarDate(Date.parse('2026-12-31T23:00:00Z'), 'UTC')).toBe('2026-12-31');
    expect(() => calendarDate(Date.now(), 'Mars/Olympus')).toThrow(RangeError);
  });

  it('writes an instant as ISO 8601 local time with the offset in force, across both DST changes', () => {
    const iso = (utc: string, zone?: string) => zonedIsoString(Date.parse(utc), zone);
    expect(iso('2026-03-29T00:59:59Z')).toBe('2026-03-29T01:59:59+01:00');
    expect(iso('2026-03-29T01:00:00Z')).toBe('2026-03-29T03:00:00+02:00');
    expect(iso('2026-10-25T00:59:59Z')).toBe('2026-10-25T02:59:59+02:00');
    expect(iso('2026-10-25T01:00:00Z')).toBe('2026-10-25T02:00:00+01:00');
    expect(iso('2026-12-31T23:00:00Z')).toBe('2027-01-01T00:00:00+01:00');
    expect(iso('2026-07-01T07:00:00Z', 'UTC')).toBe('2026-07-01T07:00:00+00:00');
    expect(iso('2026-07-01T04:00:00Z', 'America/New_York')).toBe('2026-07-01T00:00:00-04:00');
    expect(iso('2026-07-01T00:00:00Z', 'America/St_Johns')).toBe('2026-06-30T21:30:00-02:30');
    expect(iso('2026-07-01T00:00:00Z', 'Asia/Kolkata')).toBe('2026-07-01T05:30:00+05:30');
    expect(() => zonedIsoString(Number.NaN)).toThrow(RangeError);
  });

  it('knows the zones Intl knows, aliases included', () => {
    expect(isTimeZone(SITE_TIME_ZONE)).toBe(true);
    expect(isTimeZone('Europe/Kiev')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('euro amounts', () => {
  it('writes whole euros with grouping, rounding half away from zero', () => {
    expect(formatEuro(3500, 'nl')).toBe(`€${NBSP}3.500`);
    expect(formatEuro(3500, 'en')).toBe('€3,500');
    expect(formatEuro(1_234_567, 'nl')).toBe(`€${NBSP}1.234.567`);
    expect(formatEuro(0, 'en')).toBe('€0');
    expect(formatEuro(2.5, 'nl')).toBe(`€${NBSP}3`);
    expect(formatEuro(-5, 'nl')).toBe(`€${NBSP}-5`);
    expect(formatEuro(-5, 'en')).toBe('-€5');
  });

  it('writes prices with two decimals, rounding on the shortest decimal form', () => {
    expect(formatPrice(49.5, 'nl')).toBe(`€${NBSP}49,50`);
    expect(formatPrice(49.5, 'en')).toBe('€49.50');
    expect(formatPrice(95, 'nl')).toBe(`€${NBSP}95,00`);
    expect(formatPrice(1234.5, 'nl')).toBe(`€${NBSP}1.234,50`);
    expect(formatPrice(1234.5, 'en')).toBe('€1,234.50');
    // 1.005 is stored as 1.00499999…; ICU rounds the shortest decimal form, 1.005, up.
    expect(formatPrice(1.005, 'nl')).toBe(`€${NBSP}1,01`);
    expect(formatPrice(0.004, 'en')).toBe('€0.00');
  });

  it('drops the decimals of whole amounts in the centsUnlessWhole style only', () => {
    expect(formatMoney(149, 'nl', 'centsUnlessWhole')).toBe(`€${NBSP}149`);
    expect(formatMoney(12.5, 'nl', 'centsUnlessWhole')).toBe(`€${NBSP}12,50`);
    expect(formatMoney(149, 'en', 'centsUnlessWhole')).toBe('€149');
    expect(formatMoney(0.05, 'en', 'centsUnlessWhole')).toBe('€0.05');
    expect(formatMoney(149, 'en', 'cents')).toBe('€149.00');
  });
});

describe('the formatter cache', () => {
  const RealDateTimeFormat = Intl.DateTimeFormat;
  afterEach(() => {
    Intl.DateTimeFormat = RealDateTimeFormat;
  });

  it('keeps one formatter per locale and options, whatever object the options come in', () => {
    const first = dateFormatter('nl', { month: 'long', timeZone: 'UTC' });
    expect(dateFormatter('nl', { month: 'long', timeZone: 'UTC' })).toBe(first);
    expect(dateFormatter('en', { month: 'long', timeZone: 'UTC' })).not.toBe(first);
    expect(dateFormatter('nl', { month: 'short', timeZone: 'UTC' })).not.toBe(first);
    const euros = numberFormatter('nl', { style: 'currency', currency: 'EUR' });
    expect(numberFormatter('nl', { style: 'currency', currency: 'EUR' })).toBe(euros);
    expect(numberFormatter('en', { style: 'currency', currency: 'EUR' })).not.toBe(euros);
  });

  it('builds one formatter per style on first use and none after, whatever the instant', async () => {
    vi.resetModules();
    const fresh = await import('../../src/shared/ui/format.ts');
    const built: string[] = [];
    Intl.DateTimeFormat = new Proxy(RealDateTimeFormat, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        built.push(`${args[0]} ${JSON.stringify(args[1])}`);
        return new target(...args);
      },
    });
    const styles = Object.keys(DATE_OPTIONS) as DateStyle[];
    for (const iso of ['2026-11-21T08:30:00Z', '2026-05-02T08:30:00Z', '2027-01-01T00:00:00Z']) {
      for (const style of styles) fresh.formatDate(iso, 'nl', style);
      fresh.formatDateBadge(iso, 'nl');
    }
    expect(built).toHaveLength(styles.length + 1);
    expect(built.every((entry) => entry.startsWith('nl-NL {') && entry.includes('"Europe/Amsterdam"'))).toBe(
      true,
    );
    fresh.formatDate('2026-11-21T08:30:00Z', 'en', 'long');
    fresh.formatDate('2026-11-21T08:30:00Z', 'nl', 'long', 'UTC');
    expect(built).toHaveLength(styles.length + 3);
  });
});
