/**
 * Subscription prices: `priceCents` (integer euro cents, docs/content-model.md) shown in
 * euro in the page's locale, e.g. `€ 12,50` and `€ 149` (nl) or `€12.50` and `€149` (en). Whole
 * amounts drop the `,00`; other amounts always show two decimals. Uses Intl.NumberFormat, one
 * formatter per locale.
 */
import type { Locale } from '../../i18n/locale.ts';

const BCP47: Record<Locale, string> = { nl: 'nl-NL', en: 'en-GB' };
const formatters = new Map<Locale, Intl.NumberFormat>();

/**
 * Formats an amount in euro cents as euro.
 * @param cents integer number of euro cents (`1250` → `€ 12,50` in Dutch)
 */
export function formatCents(cents: number, locale: Locale): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(BCP47[locale], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      trailingZeroDisplay: 'stripIfInteger',
    });
    formatters.set(locale, formatter);
  }
  return formatter.format(cents / 100);
}
