/**
 * Slugs and dates in Europe/Amsterdam, shared by the workflows (vacancy slugs and closing dates)
 * and the demo seed. Time zone arithmetic is @date-fns/tz's (`TZDate`, `tzOffset`) on the
 * platform's time zone database; there are no daylight-saving rules of our own.
 */
const { TZDate, tzOffset } = require('@date-fns/tz');

/** Milliseconds in 24 hours (not in every Amsterdam calendar day: those have 23, 24 or 25 hours). */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Make a URL slug (lowercase ASCII, words joined by dashes).
 * @param {string} text Any text.
 * @returns {string} Slug matching Strapi's uid pattern.
 */
function slugify(text) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' en ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

/**
 * Returns a function that hands out unique slugs (appending -2, -3, ... on clashes).
 * @returns {(text: string) => string} Slug generator.
 */
function uniqueSlugger() {
  const used = new Set();
  return (text) => {
    const base = slugify(text);
    let slug = base;
    let counter = 2;
    while (used.has(slug)) {
      slug = `${base}-${counter}`;
      counter += 1;
    }
    used.add(slug);
    return slug;
  };
}

/** The time zone of every calendar date and wall-clock time here. */
const ZONE = 'Europe/Amsterdam';

/**
 * Offset of Europe/Amsterdam from UTC at a given instant, in minutes: 60 (CET) or 120 (CEST). The
 * rules are the platform's time zone database (Intl, through @date-fns/tz's `tzOffset`).
 * @param {Date} instant Moment in time.
 * @returns {number} Offset in minutes (NaN for an invalid date).
 */
function amsterdamOffsetMinutes(instant) {
  return tzOffset(ZONE, instant);
}

/**
 * The calendar date in Amsterdam `days` calendar days from the Amsterdam date of `now` (so a
 * daylight-saving change in between, a day of 23 or 25 hours, never skips or repeats a date).
 * @param {Date} now Reference moment.
 * @param {number} days Day offset in whole days (negative = past).
 * @returns {{year: number, month: number, day: number}} month is 1-12.
 */
function amsterdamDate(now, days) {
  const local = new TZDate(now.getTime(), ZONE);
  // Plain calendar arithmetic on the Amsterdam date: Date.UTC rolls day 32 over into the next month.
  const date = new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate() + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/**
 * The UTC instant of a wall-clock time in Europe/Amsterdam (@date-fns/tz's `TZDate`). A time that
 * does not exist (02:00-02:59 on the last Sunday of March) moves an hour on (02:30 → 03:30 CEST);
 * one that exists twice (02:00-02:59 on the last Sunday of October) is the second one (CET).
 * @param {{year: number, month: number, day: number}} date Calendar date (month 1-12).
 * @param {number} hour Local hour.
 * @param {number} [minute=0] Local minute.
 * @returns {Date} The instant, a plain Date (Invalid Date for non-numeric parts).
 */
function amsterdamTime({ year, month, day }, hour, minute = 0) {
  return new Date(new TZDate(year, month - 1, day, hour, minute, ZONE).getTime());
}

/**
 * ISO calendar date string (YYYY-MM-DD).
 * @param {{year: number, month: number, day: number}} date Calendar date.
 * @returns {string} ISO date.
 */
const isoDate = ({ year, month, day }) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

module.exports = { DAY_MS, slugify, uniqueSlugger, amsterdamOffsetMinutes, amsterdamDate, amsterdamTime, isoDate };
