/**
 * Encryption at rest of single text fields (IBANs; docs/decisions/050-iban-encryption.md):
 * AES-256-GCM (Node's crypto) with a random 96-bit IV per value and the field's content type and
 * name as additional authenticated data, so a value copied into another field does not decrypt.
 *
 * Stored form: `enc:v1:<iv>:<tag>:<ciphertext>` (base64url parts). The key is DATA_ENCRYPTION_KEY,
 * 32 bytes in base64, generated into `cms/.env` on first start (scripts/ensure-env.js).
 */
const crypto = require('node:crypto');

const PREFIX = 'enc:v1:';

/**
 * The key from DATA_ENCRYPTION_KEY.
 * @returns {Buffer} 32 bytes
 * @throws {Error} when the variable is missing or not 32 bytes of base64
 */
function dataKey() {
  const key = Buffer.from(process.env.DATA_ENCRYPTION_KEY || '', 'base64');
  if (key.length !== 32) {
    throw new Error('DATA_ENCRYPTION_KEY must be 32 bytes in base64 (scripts/ensure-env.js generates one)');
  }
  return key;
}

/**
 * True when `value` is in the stored (encrypted) form.
 * @param {unknown} value
 * @returns {boolean}
 */
function isEncrypted(value) {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

/**
 * Encrypts a field value.
 * @param {string} plaintext
 * @param {string} context the content type and field, e.g. `api::vacancy.vacancy#iban` (authenticated, not stored)
 * @returns {string} the stored form
 * @throws {Error} when the key is missing
 */
function encryptField(plaintext, context) {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', dataKey(), iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(String(plaintext), 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${ciphertext.toString('base64url')}`;
}

/**
 * Decrypts a stored field value; plaintext (from before encryption) is returned as it is.
 * @param {string} stored
 * @param {string} context the same context it was encrypted with
 * @returns {string}
 * @throws {Error} when the value was tampered with, belongs to another field or the key is wrong
 */
function decryptField(stored, context) {
  if (!isEncrypted(stored)) return stored;
  const [iv = '', tag = '', ciphertext = ''] = stored.slice(PREFIX.length).split(':');
  const decipher = crypto.createDecipheriv('aes-256-gcm', dataKey(), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

module.exports = { dataKey, decryptField, encryptField, isEncrypted };
