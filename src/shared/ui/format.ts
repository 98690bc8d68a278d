/**
 * The portal's one module for dates and numbers shown to people, on the platform's `Intl`
 * (ECMA-402, backed by ICU and CLDR in Node and in browsers): month and weekday names, date
 * patterns, daylight saving and euro amounts all come from the runtime, none from tables of the
 * portal's own (docs/decisions/087-dates-and-numbers-on-intl.md). Dates are shown in
 * Europe/Amsterdam, the portal's home time zone, unless a caller passes another IANA zone.
 *
 * Each `Intl.DateTimeFormat` and `Intl.NumberFormat` is built once per locale and options (a Map
 * keyed by both) and reused: building one costs far more than formatting with it.
 */
import type { Locale } from '../i18n/locale.ts';

/** The portal's home time zone (IANA). */
export const SITE_TIME_ZONE = 'Europe/Amsterdam';

/** The BCP 47 tag each locale formats with: Dutch as in the Netherlands, British English. */
export const INTL_LOCALES: Readonly<Record<Locale, string>> = { nl: 'nl-NL', en: 'en-GB' };

const dateFormatters = new Map<string, Intl.DateTimeFormat>();
const numberFormatters = new Map<string, Intl.NumberFormat>();

/**
 * The cached `Intl.DateTimeFormat` for a locale and options, built on first use.
 * @param options ECMA-402 date options, `timeZone` included (the runtime's zone when absent)
 * @throws RangeError (from `Intl`) for an unknown `timeZone` or an invalid option
 */
export function dateFormatter(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALES[locale], options);
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The cached `Intl.NumberFormat` for a locale and options, built on first use.
 * @param options ECMA-402 number options
 * @throws RangeError or TypeError (from `Intl`) for an invalid option
 */
export function numberFormatter(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = numberFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALES[locale], options);
    numberFormatters.set(key, formatter);
  }
  return formatter;
}

/** The date styles {@link formatDate} knows. */
export type DateStyle =
  | 'long'
  | 'short'
  | 'dateTime'
  | 'dateAtTime'
  | 'time'
  | 'monthYear'
  | 'day'
  | 'weekdayDate';

/**
 * Each style's `Intl` options, with what it gives in Dutch / English (CLDR's patterns):
 * - `long`: `21 november 2026` / `21 November 2026`
 * - `short`: `21 nov 2026` / `21 Nov 2026`
 * - `dateTime`: `zaterdag 21 november 2026 om 09:30` / `Saturday, 21 November 2026 at 09:30`
 * - `dateAtTime`: `3 december 2026 om 09:15` / `3 December 2026 at 09:15` (a news item's times)
 * - `time`: `09:30` (24-hour clock in both)
 * - `monthYear`: `november 2026` / `November 2026`
 * - `day`: `21 nov` / `21 Nov`
 * - `weekdayDate`: `zaterdag 21 november 2026` / `Saturday, 21 November 2026`
 */
export const DATE_OPTIONS: Readonly<Record<DateStyle, Intl.DateTimeFormatOptions>> = {
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  dateTime: {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  },
  dateAtTime: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit' },
  monthYear: { month: 'long', year: 'numeric' },
  day: { day: 'numeric', month: 'short' },
  weekdayDate: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
};

/**
 * Formats an ISO 8601 date-time for display in a style (see {@link DATE_OPTIONS}), e.g.
 * `21 november 2026`. A date without a time (`2026-07-01`) is midnight UTC (ECMA-262).
 * @param iso date or date-time string; no or an invalid value gives an empty string
 * @param timeZone IANA zone, default Europe/Amsterdam
 * @throws RangeError (from `Intl`) for an unknown time zone
 */
export function formatDate(
  iso: string | null | undefined,
  locale: Locale,
  style: DateStyle = 'long',
  timeZone = SITE_TIME_ZONE,
): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return dateFormatter(locale, { ...DATE_OPTIONS[style], timeZone }).format(time);
}

const BADGE_OPTIONS: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };

/**
 * Day, short month and short weekday of an instant in `timeZone`, for a calendar-style date
 * badge: `{ day: '7', month: 'jan', weekday: 'do' }` (nl) / `{ day: '7', month: 'Jan', weekday:
 * 'Thu' }` (en); a trailing full stop of an abbreviation (CLDR has them in some locales) is
 * dropped. An invalid date gives empty parts.
 * @throws RangeError (from `Intl`) for an unknown time zone
 */
export function formatDateBadge(
  iso: string,
  locale: Locale,
  timeZone = SITE_TIME_ZONE,
): { day: string; month: string; weekday: string } {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return { day: '', month: '', weekday: '' };
  const part = partsByType(dateFormatter(locale, { ...BADGE_OPTIONS, timeZone }).formatToParts(time));
  const abbreviation = (type: Intl.DateTimeFormatPartTypes) => part(type).replace(/\.$/, '');
  return { day: part('day'), month: abbreviation('month'), weekday: abbreviation('weekday') };
}

/**
 * The name of calendar month `month` (1–12): `maart` / `March` (`long`) or `mrt` / `Mar`
 * (`short`, a trailing full stop dropped). Formatted in UTC, so the machine's zone plays no part.
 */
export function formatMonthName(month: number, locale: Locale, style: 'long' | 'short' = 'long'): string {
  return dateFormatter(locale, { month: style, timeZone: 'UTC' })
    .format(Date.UTC(2000, month - 1, 15))
    .replace(/\.$/, '');
}

/** `maart 2026` / `March 2026`: calendar month `month` (1–12) of `year`, CLDR's month-and-year pattern. */
export function formatYearMonth(year: number, month: number, locale: Locale): string {
  return dateFormatter(locale, { ...DATE_OPTIONS.monthYear, timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, 15),
  );
}

const CALENDAR_OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const ISO_OPTIONS: Intl.DateTimeFormatOptions = {
  ...CALENDAR_OPTIONS,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
};

/** The values of `Intl`'s parts by type (`year` → `2026`); a missing type reads as an empty string. */
function partsByType(parts: Intl.DateTimeFormatPart[]): (type: Intl.DateTimeFormatPartTypes) => string {
  return (type) => parts.find((p) => p.type === type)?.value ?? '';
}

/**
 * The calendar date of an instant in a zone, `YYYY-MM-DD` (ISO 8601), from `Intl`'s date parts.
 * @param time ms since the epoch
 * @param timeZone IANA zone, default Europe/Amsterdam
 * @throws RangeError (from `Intl`) for an unknown zone or an invalid time (NaN)
 */
export function calendarDate(time: number, timeZone = SITE_TIME_ZONE): string {
  const part = partsByType(dateFormatter('en', { ...CALENDAR_OPTIONS, timeZone }).formatToParts(time));
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/**
 * An instant as ISO 8601 / RFC 3339 local date-time in a zone with that zone's UTC offset at
 * the instant, to the second (schema.org's `startDate`): `2026-07-01T07:00:00Z` in
 * Europe/Amsterdam → `2026-07-01T09:00:00+02:00`, in UTC → `2026-07-01T07:00:00+00:00`. The
 * offset is `Intl`'s `longOffset` time-zone name (`GMT+02:00`), so daylight saving comes from the
 * runtime's time-zone data.
 * @param time ms since the epoch
 * @throws RangeError (from `Intl`) for an unknown zone or an invalid time (NaN)
 */
export function zonedIsoString(time: number, timeZone = SITE_TIME_ZONE): string {
  const part = partsByType(dateFormatter('en', { ...ISO_OPTIONS, timeZone }).formatToParts(time));
  const offset = /[+-]\d{2}:\d{2}/.exec(part('timeZoneName'))?.[0] ?? '+00:00';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}${offset}`;
}

const validZones = new Map<string, boolean>();

/**
 * True when `zone` is a time zone this runtime's `Intl` accepts (an IANA name such as
 * `Europe/Amsterdam`, or one of its aliases such as `Europe/Kiev`); the answer is remembered per
 * name.
 */
export function isTimeZone(zone: string): boolean {
  let valid = validZones.get(zone);
  if (valid === undefined) {
    try {
      dateFormatter('en', { ...CALENDAR_OPTIONS, timeZone: zone });
      valid = true;
    } catch {
      valid = false;
    }
    validZones.set(zone, valid);
  }
  return valid;
}

/** The euro styles {@link formatMoney} knows. */
export type MoneyStyle = 'whole' | 'cents' | 'centsUnlessWhole';

/**
 * Each euro style's `Intl` options, with what it gives in Dutch / English (CLDR: the Dutch form
 * has a no-break space after the sign; amounts round half away from zero, ECMA-402's default
 * `halfExpand`, on the number's shortest decimal form, so `1.005` → `€ 1,01`):
 * - `whole`: whole euros, `€ 3.500` / `€3,500`
 * - `cents`: two decimals, `€ 95,00` / `€95.00`
 * - `centsUnlessWhole`: two decimals except for whole amounts, `€ 12,50`, `€ 149` / `€12.50`, `€149`
 */
export const MONEY_OPTIONS: Readonly<Record<MoneyStyle, Intl.NumberFormatOptions>> = {
  whole: { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 },
  cents: { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 },
  centsUnlessWhole: {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    trailingZeroDisplay: 'stripIfInteger',
  },
};

/**
 * Formats an amount of euros in a style (see {@link MONEY_OPTIONS}).
 * @param amount euros; negative amounts get a minus sign, NaN gives `€ NaN` (as `Intl` does)
 */
export function formatMoney(amount: number, locale: Locale, style: MoneyStyle): string {
  return numberFormatter(locale, MONEY_OPTIONS[style]).format(amount);
}

/** Formats whole euros, e.g. `€ 3.500` (nl) or `€3,500` (en). */
export function formatEuro(amount: number, locale: Locale): string {
  return formatMoney(amount, locale, 'whole');
}

/**
 * Formats a price in euros with two decimals, e.g. `€ 95,00` (nl) or `€95.00` (en).
 * @param amount euros (a CMS decimal; `49.5` → `€ 49,50`)
 */
export function formatPrice(amount: number, locale: Locale): string {
  return formatMoney(amount, locale, 'cents');
}
