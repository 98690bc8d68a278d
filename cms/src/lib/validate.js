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

module.exports = { MAX_EMAIL_LENGTH, EMAIL_PATTERN, boundedText };
