/**
 * Subscription prices: `priceCents` (integer euro cents, docs/content-model.md) shown in euro in
 * the page's locale, e.g. `€ 12,50` and `€ 149` (nl) or `€12.50` and `€149` (en): whole amounts
 * drop the `,00`, other amounts always show two decimals (src/shared/ui/format.ts, `Intl`).
 */
import type { Locale } from '../../i18n/locale.ts';
import { formatMoney } from '../../ui/format.ts';

/**
 * Formats an amount in euro cents as euro.
 * @param cents integer number of euro cents (`1250` → `€ 12,50` in Dutch)
 */
export function formatCents(cents: number, locale: Locale): string {
  return formatMoney(cents / 100, locale, 'centsUnlessWhole');
}
