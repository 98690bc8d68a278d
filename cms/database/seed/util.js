/**
 * Helpers for the seed: slugs and dates (from src/lib/dates.js) and Dutch number formatting.
 */

const {
  DAY_MS,
  slugify,
  uniqueSlugger,
  amsterdamOffsetMinutes,
  amsterdamDate,
  amsterdamTime,
  isoDate,
} = require('../../src/lib/dates');

/**
 * Format a number the Dutch way (thousands separator '.', decimal comma).
 * @param {number} value Number.
 * @param {number} [decimals=0] Fraction digits.
 * @returns {string} Formatted number.
 */
const nl = (value, decimals = 0) =>
  value.toLocaleString('nl-NL', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

module.exports = { DAY_MS, slugify, uniqueSlugger, amsterdamOffsetMinutes, amsterdamDate, amsterdamTime, isoDate, nl };
