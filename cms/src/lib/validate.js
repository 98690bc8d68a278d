/**
 * Validation rules the workflows share with the portal's forms (src/shared/forms/rules.ts; the
 * parity test cms/tests/form-rules-parity.test.ts runs the same samples through both).
 */

/** Longest e-mail address (RFC 5321: 254 characters in a path). */
const MAX_EMAIL_LENGTH = 254;

/** An e-mail address as the portal's `email` rule accepts it (FormKit's pattern). */
const EMAIL_PATTERN =
  /^(([^<>()[\].,;:\s@"]+(\.[^<>()[\].,;:\s@"]+)*)|(".+"))@(([^<>()[\].,;:\s@"]+\.)+[^<>()[\].,;:\s@"]{2,})$/i;

/**
 * A trimmed string of `min`–`max` characters, or null.
 * @param {unknown} value
 * @param {number} min
 * @param {number} max
 * @returns {string | null}
 */
function boundedText(value, min, max) {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed.length >= min && trimmed.length <= max ? trimmed : null;
}

/** Dutch postcode: 1234 AB, no SA/SD/SS letter pairs. */
const POSTCODE_PATTERN = /^[1-9][0-9]{3} ?(?!SA|SD|SS)[A-Za-z]{2}$/;

/** House number with an optional addition: `12`, `12A`, `12-3`, `12 bis`. */
const HOUSE_NUMBER_PATTERN = /^[1-9][0-9]{0,4}(?:[ -]?[A-Za-z0-9]{1,6})?$/;

module.exports = { MAX_EMAIL_LENGTH, EMAIL_PATTERN, POSTCODE_PATTERN, HOUSE_NUMBER_PATTERN, boundedText };
