/**
 * The boundaries of an agenda month (`?maand=YYYY-MM`) as instants, for the CMS query of
 * `/events`. Zone arithmetic (which instant is midnight on the 1st in a zone, across daylight
 * saving) comes from `@date-fns/tz`; server-only, so the library stays out of the browser's
 * JavaScript (docs/decisions/087-dates-and-numbers-on-intl.md).
 */
import { TZDate } from '@date-fns/tz';
import { SITE_TIME_ZONE } from '../../ui/format.ts';
import { MONTH_KEY_PATTERN } from './event-time.ts';

/**
 * The instants (UTC ISO 8601) where month `key` starts and the next month starts, at midnight
 * in `zone`: `2026-03` in Europe/Amsterdam → `2026-02-28T23:00:00.000Z` … `2026-03-31T22:00:00.000Z`.
 * @throws RangeError when `key` is not `YYYY-MM`
 */
export function monthRange(key: string, zone = SITE_TIME_ZONE): { start: string; end: string } {
  const match = MONTH_KEY_PATTERN.exec(key);
  if (!match) throw new RangeError(`Not a month: ${key}`);
  const year = Number(match[1]);
  const month = Number(match[2]) - 1;
  return {
    start: new Date(new TZDate(year, month, 1, zone).getTime()).toISOString(),
    end: new Date(new TZDate(year, month + 1, 1, zone).getTime()).toISOString(),
  };
}
