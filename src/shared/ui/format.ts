/**
 * Locale-aware formatting of dates and money. Intl formatters are expensive to create, so each
 * (locale, options) pair is built once and reused. Dates are shown in Europe/Amsterdam, the
 * portal's home time zone.
 */
import type { Locale } from '../i18n/locale.ts';

export const SITE_TIME_ZONE = 'Europe/Amsterdam';
const BCP47: Record<Locale, string> = { nl: 'nl-NL', en: 'en-GB' };
const dateFormatters = new Map<string, Intl.DateTimeFormat>();
const numberFormatters = new Map<string, Intl.NumberFormat>();

type DateStyle = 'long' | 'short' | 'dateTime' | 'time' | 'monthYear' | 'day';
const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
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
};

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
  if (Number.isNaN(date.getTime())) return '';
  const key = `${locale}|${style}|${timeZone}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(BCP47[locale], { ...DATE_OPTIONS[style], timeZone });
    dateFormatters.set(key, formatter);
  }
  return formatter.format(date);
}

/** Formats whole euros, e.g. `€ 3.500` (nl) or `€3,500` (en). */
export function formatEuro(amount: number, locale: Locale): string {
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
