/**
 * IBANs in forms and e-mails: checked and normalised like the portal's `iban` rule (ibantools:
 * country, length, structure and mod-97), encrypted at rest and masked wherever they are shown
 * (docs/decisions/050-iban-encryption.md).
 */
const { errors } = require('@strapi/utils');
const { electronicFormatIBAN, isValidIBAN } = require('ibantools');
const { decryptField, encryptField, isEncrypted } = require('./field-encryption');

/** Content types with an `iban` field, encrypted at rest by {@link registerIbanEncryption}. */
const IBAN_CONTENT_TYPES = ['api::vacancy.vacancy', 'api::subscription-order.subscription-order'];

/** Authenticated context of every encrypted IBAN. */
const IBAN_CONTEXT = 'iban';

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
 * @param {string} iban electronic format, or as stored (encrypted)
 * @returns {string}
 * @throws {Error} when a stored value cannot be decrypted (wrong key, tampered)
 */
function maskIban(iban) {
  const plain = isEncrypted(iban) ? decryptField(iban, IBAN_CONTEXT) : iban;
  const compact = String(plain).replace(/\s+/g, '').toUpperCase();
  const masked = compact
    .split('')
    .map((char, index) => (index < 2 || index >= compact.length - 4 ? char : '*'))
    .join('');
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The IBAN of a stored value, in clear (for the direct-debit run; never for API answers).
 * @param {string} stored
 * @returns {string}
 * @throws {Error} when it cannot be decrypted
 */
function revealIban(stored) {
  return decryptField(stored, IBAN_CONTEXT);
}

/**
 * The stored form of an IBAN written to the database, or what to do instead.
 * @param {unknown} value the written value
 * @returns {{ keep: true } | { value: unknown }} keep: a masked value (from a screen) leaves the
 *   stored IBAN as it is; otherwise the value to store (encrypted; empty values as they are)
 * @throws {errors.ValidationError} for a value that is no valid IBAN
 */
function storedIban(value) {
  if (value === null || value === undefined || value === '' || isEncrypted(value)) return { value };
  if (typeof value === 'string' && value.includes('*')) return { keep: true };
  const iban = normalizeIban(value);
  if (!iban) throw new errors.ValidationError('iban is not a valid IBAN');
  return { value: encryptField(iban, IBAN_CONTEXT) };
}

/**
 * Encrypts every IBAN written to {@link IBAN_CONTENT_TYPES}, whichever way it is written (document
 * service, database queries, admin panel): a database lifecycle, since the order flow writes with
 * `strapi.db.query`. The written `data` object is replaced, never changed in place, so the
 * caller's object (used for the confirmation e-mail) keeps its plaintext.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {void}
 */
function registerIbanEncryption(strapi) {
  /** @param {{ params: { data?: any } }} event */
  const encrypt = (event) => {
    const rows = Array.isArray(event.params.data) ? event.params.data : [event.params.data];
    const replaced = rows.map((data) => {
      if (!data || !Object.hasOwn(data, 'iban')) return data;
      const { iban, ...rest } = data;
      const stored = storedIban(iban);
      return 'keep' in stored ? rest : { ...rest, iban: stored.value };
    });
    // The query's own `params` object is what the database layer reads on; its `data` is swapped.
    event.params.data = Array.isArray(event.params.data) ? replaced : replaced[0];
  };
  strapi.db.lifecycles.subscribe({
    models: IBAN_CONTENT_TYPES,
    beforeCreate: encrypt,
    beforeCreateMany: encrypt,
    beforeUpdate: encrypt,
    beforeUpdateMany: encrypt,
  });
}

/**
 * Encrypts IBANs stored in clear before encryption existed (runs at every start; a no-op after).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {Promise<number>} how many values it encrypted
 */
async function encryptStoredIbans(strapi) {
  let count = 0;
  for (const uid of IBAN_CONTENT_TYPES) {
    const query = strapi.db.query(uid);
    const rows = await query.findMany({ where: { iban: { $notNull: true } }, select: ['id', 'iban'] });
    for (const row of rows.filter((entry) => entry.iban && !isEncrypted(entry.iban))) {
      try {
        await query.update({ where: { id: row.id }, data: { iban: row.iban } });
        count += 1;
      } catch (error) {
        strapi.log.warn(`[iban] ${uid} ${row.id}: not encrypted (${error.message})`);
      }
    }
  }
  return count;
}

module.exports = {
  IBAN_CONTENT_TYPES,
  IBAN_CONTEXT,
  encryptStoredIbans,
  maskIban,
  normalizeIban,
  registerIbanEncryption,
  revealIban,
  storedIban,
};
