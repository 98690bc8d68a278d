/**
 * The password policy of the portal's accounts (docs/decisions/021-password-policy.md), enforced
 * by the CMS for registration, password reset, password change and account activation
 * (users-permissions `validationRules.validatePassword` in config/plugins.js) and mirrored by the
 * portal's forms so visitors see the rule before they submit.
 *
 * Rule (after NIST SP 800-63B section 3.1.1.2): at least 8 characters, at most 72 bytes in UTF-8
 * (bcrypt, which users-permissions uses, ignores everything after byte 72), and not only white space.
 * No composition rules (digits, capitals), no forced expiry.
 */

/** Smallest number of characters (Unicode code points). */
const PASSWORD_MIN_LENGTH = 8;
/** Largest size in bytes (UTF-8), the bcrypt input limit. */
const PASSWORD_MAX_BYTES = 72;

/**
 * True when `value` satisfies the policy.
 * @param {unknown} value Candidate password.
 * @returns {boolean}
 */
function isAcceptablePassword(value) {
  if (typeof value !== 'string') return false;
  if ([...value].length < PASSWORD_MIN_LENGTH) return false;
  if (Buffer.byteLength(value, 'utf8') > PASSWORD_MAX_BYTES) return false;
  return value.trim().length > 0;
}

module.exports = { PASSWORD_MIN_LENGTH, PASSWORD_MAX_BYTES, isAcceptablePassword };
