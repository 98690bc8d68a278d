/** Calendar dates of the site's zone for tests (Europe/Amsterdam, docs/decisions/087-dates-and-numbers-on-intl.md). */

/**
 * A calendar date in Europe/Amsterdam, `YYYY-MM-DD`, `days` after today (negative: before).
 * @param days whole days from today
 */
export function amsterdamDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86_400_000));
}
