/**
 * Slugs and dates in Europe/Amsterdam, shared by the workflows (vacancy slugs and closing dates)
 * and the demo seed.
 */

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

/**
 * Offset of Europe/Amsterdam from UTC at a given instant, in minutes (60 or 120).
 * @param {Date} instant Moment in time.
 * @returns {number} Offset in minutes.
 */
function amsterdamOffsetMinutes(instant) {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Amsterdam', timeZoneName: 'shortOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName').value;
  const match = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name);
  if (!match) {
    return 0;
  }
  const minutes = Number(match[2]) * 60 + Number(match[3] || 0);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * The calendar date (in Amsterdam) that lies `days` days from `now`.
 * @param {Date} now Reference moment.
 * @param {number} days Day offset (negative = past).
 * @returns {{year: number, month: number, day: number}} month is 1-12.
 */
function amsterdamDate(now, days) {
  const shifted = new Date(now.getTime() + days * DAY_MS);
  const local = new Date(shifted.getTime() + amsterdamOffsetMinutes(shifted) * 60000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/**
 * The UTC instant of a wall-clock time in Europe/Amsterdam.
 * @param {{year: number, month: number, day: number}} date Calendar date (month 1-12).
 * @param {number} hour Local hour.
 * @param {number} [minute=0] Local minute.
 * @returns {Date} The instant.
 */
function amsterdamTime({ year, month, day }, hour, minute = 0) {
  const guess = new Date(Date.UTC(year, month - 1, day, hour, minute));
  const offset = amsterdamOffsetMinutes(new Date(guess.getTime() - 60 * 60000));
  return new Date(guess.getTime() - offset * 60000);
}

/**
 * ISO calendar date string (YYYY-MM-DD).
 * @param {{year: number, month: number, day: number}} date Calendar date.
 * @returns {string} ISO date.
 */
const isoDate = ({ year, month, day }) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

module.exports = { DAY_MS, slugify, uniqueSlugger, amsterdamOffsetMinutes, amsterdamDate, amsterdamTime, isoDate };
