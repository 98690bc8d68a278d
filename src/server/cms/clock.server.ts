/** Time as CMS filters use it. */

/**
 * The current time rounded down to the minute, as ISO 8601. Used in "upcoming" filters so the
 * query URL, and with it the CMS client's cache key, stays the same for a minute.
 */
export function currentMinuteIso(now = Date.now()): string {
  return new Date(Math.floor(now / 60_000) * 60_000).toISOString();
}
