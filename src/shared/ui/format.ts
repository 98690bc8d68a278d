/**
 * Locale-aware formatting of dates and money. Dates are shown in Europe/Amsterdam, the portal's
 * home time zone.
 *
 * The common cases (every date style in Europe/Amsterdam or UTC for the years 1996–2099, whole
 * euros and euro prices) are formatted from CLDR's Dutch and British English patterns held below,
 * without `Intl`: a browser's first `Intl.DateTimeFormat` or `Intl.NumberFormat` loads ICU's data
 * and costs 15–50 ms of main thread on every page load, inside hydration
 * (docs/decisions/076-dates-and-euros-without-intl.md). Their output is checked against `Intl`
 * (tests/unit/format.test.ts: every day of 1996–2099 at several hours, both locales, every
 * style); anything else (other zones, other years, non-finite numbers) goes to `Intl`, whose
 * formatters are built once per (locale, options) pair.
 */
import type { Locale } from '../i18n/locale.ts';

export const SITE_TIME_ZONE = 'Europe/Amsterdam';
const BCP47: Record<Locale, string> = { nl: 'nl-NL', en: 'en-GB' };
const dateFormatters = new Map<string, Intl.DateTimeFormat>();
const numberFormatters = new Map<string, Intl.NumberFormat>();

/** The date styles {@link formatDate} knows. */
export type DateStyle = 'long' | 'short' | 'dateTime' | 'time' | 'monthYear' | 'day' | 'weekdayDate';
/**
 * What each style means in `Intl` terms: the fallback uses these options, and the portal's own
 * patterns must give the same text (tests/unit/format.test.ts).
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
  time: { hour: '2-digit', minute: '2-digit' },
  monthYear: { month: 'long', year: 'numeric' },
  day: { day: 'numeric', month: 'short' },
  weekdayDate: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
};

const MONTHS: Record<Locale, { long: readonly string[]; short: readonly string[] }> = {
  nl: {
    long: [
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
    ],
    short: ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'],
  },
  en: {
    long: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  },
};
const WEEKDAYS: Record<Locale, { long: readonly string[]; short: readonly string[] }> = {
  nl: {
    long: ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'],
    short: ['zo', 'ma', 'di', 'wo', 'do', 'vr', 'za'],
  },
  en: {
    long: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    short: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  },
};

const HOUR_MS = 3_600_000;

/** 01:00 UTC on the last Sunday of `month` (0-based) in `year`, ms since the epoch. */
function lastSundayAt1Utc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR_MS;
}

/**
 * The offset of `zone` from UTC at `time`, ms, for the zones formatted here; undefined for any
 * other zone or year. Europe/Amsterdam: CET (+1 h), CEST (+2 h) from the last Sunday of March to
 * the last Sunday of October, both at 01:00 UTC (the EU rule since 1996, Directive 2000/84/EC).
 */
function zoneOffset(zone: string, time: number, year: number): number | undefined {
  if (year < 1996 || year > 2099) return undefined;
  if (zone === 'UTC') return 0;
  if (zone !== SITE_TIME_ZONE) return undefined;
  const summer = time >= lastSundayAt1Utc(year, 2) && time < lastSundayAt1Utc(year, 9);
  return summer ? 2 * HOUR_MS : HOUR_MS;
}

const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

/** CLDR's pattern of `style` in `locale` for a wall-clock time held in `date`'s UTC fields. */
function formatWallClock(date: Date, locale: Locale, style: DateStyle): string {
  const day = date.getUTCDate();
  const month = date.getUTCMonth();
  const year = date.getUTCFullYear();
  const time = `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`;
  const months = MONTHS[locale];
  switch (style) {
    case 'long':
      return `${day} ${months.long[month]} ${year}`;
    case 'short':
      return `${day} ${months.short[month]} ${year}`;
    case 'day':
      return `${day} ${months.short[month]}`;
    case 'monthYear':
      return `${months.long[month]} ${year}`;
    case 'time':
      return time;
    case 'weekdayDate': {
      const weekday = WEEKDAYS[locale].long[date.getUTCDay()];
      return locale === 'nl'
        ? `${weekday} ${day} ${months.long[month]} ${year}`
        : `${weekday}, ${day} ${months.long[month]} ${year}`;
    }
    case 'dateTime': {
      const weekday = WEEKDAYS[locale].long[date.getUTCDay()];
      return locale === 'nl'
        ? `${weekday} ${day} ${months.long[month]} ${year} om ${time}`
        : `${weekday}, ${day} ${months.long[month]} ${year} at ${time}`;
    }
  }
}

/**
 * Formats an ISO 8601 date-time for display, e.g. `21 november 2026`.
 * @param iso date or date-time string; an invalid value gives an empty string
 * @param timeZone IANA zone, default Europe/Amsterdam
 */
export function formatDate(
  iso: string | null | undefined,
  locale: Locale,
  style: DateStyle = 'long',
  timeZone = SITE_TIME_ZONE,
): string {
  if (!iso) return '';
  const date = new Date(iso);
  const time = date.getTime();
  if (Number.isNaN(time)) return '';
  const offset = zoneOffset(timeZone, time, date.getUTCFullYear());
  if (offset !== undefined) return formatWallClock(new Date(time + offset), locale, style);
  const key = `${locale}|${style}|${timeZone}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(BCP47[locale], { ...DATE_OPTIONS[style], timeZone });
    dateFormatters.set(key, formatter);
  }
  return formatter.format(date);
}

const badgeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Day, short month and short weekday of an instant in `zone`, for a calendar-style date badge:
 * `{ day: '7', month: 'jan', weekday: 'do' }` (nl) / `{ day: '7', month: 'Jan', weekday: 'Thu' }`
 * (en); a trailing full stop of an abbreviation is dropped. Same own path and `Intl` fallback as
 * {@link formatDate}; an invalid date gives empty parts.
 */
export function formatDateBadge(
  iso: string,
  locale: Locale,
  timeZone = SITE_TIME_ZONE,
): { day: string; month: string; weekday: string } {
  const date = new Date(iso);
  const time = date.getTime();
  if (Number.isNaN(time)) return { day: '', month: '', weekday: '' };
  const offset = zoneOffset(timeZone, time, date.getUTCFullYear());
  if (offset !== undefined) {
    const wallClock = new Date(time + offset);
    return {
      day: String(wallClock.getUTCDate()),
      month: MONTHS[locale].short[wallClock.getUTCMonth()] as string,
      weekday: WEEKDAYS[locale].short[wallClock.getUTCDay()] as string,
    };
  }
  const key = `${locale}|${timeZone}`;
  let formatter = badgeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(BCP47[locale], {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone,
    });
    badgeFormatters.set(key, formatter);
  }
  const parts = formatter.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    (parts.find((p) => p.type === type)?.value ?? '').replace(/\.$/, '');
  return { day: part('day'), month: part('month'), weekday: part('weekday') };
}

/**
 * A non-negative euro amount in CLDR's Dutch (`€ 1.234,50`, a no-break space after the sign) or
 * British (`€1,234.50`) pattern with `fractionDigits` decimals, rounded half away from zero on the
 * number's shortest decimal form (as ICU rounds: 1.005 → 1,01); undefined for a negative or
 * non-finite amount or one JavaScript writes with an exponent (those go to `Intl`).
 */
function formatEuroAmount(amount: number, locale: Locale, fractionDigits: 0 | 2): string | undefined {
  if (!Number.isFinite(amount) || amount < 0 || Object.is(amount, -0)) return undefined;
  const decimal = String(amount);
  if (decimal.includes('e')) return undefined;
  const [whole = '0', fraction = ''] = decimal.split('.');
  const padded = fraction.padEnd(fractionDigits + 1, '0');
  let digits = BigInt(whole + padded.slice(0, fractionDigits));
  if (padded.charCodeAt(fractionDigits) >= 53 /* '5' */) digits += 1n;
  const text = digits.toString().padStart(fractionDigits + 1, '0');
  const integer = text.slice(0, text.length - fractionDigits);
  const cents = text.slice(text.length - fractionDigits);
  const [group, point] = locale === 'nl' ? ['.', ','] : [',', '.'];
  const grouped = integer.replace(/\B(?=(\d{3})+$)/g, group);
  const number = fractionDigits ? `${grouped}${point}${cents}` : grouped;
  return locale === 'nl' ? `€\u00a0${number}` : `€${number}`;
}

/** Formats whole euros, e.g. `€ 3.500` (nl) or `€3,500` (en). */
export function formatEuro(amount: number, locale: Locale): string {
  const own = formatEuroAmount(amount, locale, 0);
  if (own !== undefined) return own;
  const key = `${locale}|eur`;
  let formatter = numberFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(BCP47[locale], {
      style: 'currency',
      currency: 'EUR',
      maximumFractionDigits: 0,
    });
    numberFormatters.set(key, formatter);
  }
  return formatter.format(amount);
}

/**
 * Formats a price in euros with two decimals, e.g. `€ 95,00` (nl) or `€95.00` (en). The Dutch
 * form has a no-break space after the euro sign (CLDR).
 * @param amount euros (a CMS decimal; `49.5` → `€ 49,50`)
 */
export function formatPrice(amount: number, locale: Locale): string {
  const own = formatEuroAmount(amount, locale, 2);
  if (own !== undefined) return own;
  const key = `${locale}|eur2`;
  let formatter = numberFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(BCP47[locale], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    numberFormatters.set(key, formatter);
  }
  return formatter.format(amount);
}
