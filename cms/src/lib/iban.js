/**
 * IBANs in forms and e-mails: checked and normalised like the portal's `iban` rule (ibantools:
 * country, length, structure and mod-97), and masked wherever they are shown.
 */
const { electronicFormatIBAN, isValidIBAN } = require('ibantools');

/**
 * The IBAN in electronic format (`NL91ABNA0417164300`) when valid, else null. Spaces, dashes and
 * lowercase are accepted, as in the portal's `iban` rule.
 * @param {unknown} value
 * @returns {string | null}
 */
function normalizeIban(value) {
  if (typeof value !== 'string' || value.length > 64) return null;
  const iban = electronicFormatIBAN(value);
  return iban && /^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban) && isValidIBAN(iban) ? iban : null;
}

/**
 * An IBAN for e-mails and screens: country code and last four characters, the rest masked, in
 * groups of four: `NL91ABNA0417164300` → `NL** **** **** **43 00`.
 * @param {string} iban electronic format
 * @returns {string}
 */
function maskIban(iban) {
  const compact = String(iban).replace(/\s+/g, '').toUpperCase();
  const masked = compact
    .split('')
    .map((char, index) => (index < 2 || index >= compact.length - 4 ? char : '*'))
    .join('');
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

module.exports = { normalizeIban, maskIban };
