/**
 * Encryption at rest of single text fields (IBANs; docs/decisions/050-iban-encryption.md and
 * 082-encryption-key-ids-and-rotation.md): AES-256-GCM (Node's crypto) with a random 96-bit IV per
 * value, a 128-bit authentication tag, and the field's context as additional authenticated data, so
 * a value copied into another field does not decrypt.
 *
 * Stored form: `enc:v2:<kid>:<iv>:<tag>:<ciphertext>` (iv, tag and ciphertext in base64url). The
 * key id `kid` is the first 8 hex characters of the SHA-256 of the key, so a value names the key it
 * needs without revealing anything of it. Values written before key ids, `enc:v1:<iv>:<tag>:<ciphertext>`,
 * are still read: with whichever configured key authenticates them.
 *
 * Keys (32 bytes each, base64): DATA_ENCRYPTION_KEY encrypts and decrypts (generated into `cms/.env`
 * on first start by scripts/ensure-env.js); DATA_ENCRYPTION_OLD_KEYS, a comma-separated list, only
 * decrypts, while `npm run reencrypt` (scripts/reencrypt.js) moves stored values to the current key.
 */
const crypto = require('node:crypto');

const ALGORITHM = 'aes-256-gcm';
const V1 = 'enc:v1:';
const V2 = 'enc:v2:';
const KEY_BYTES = 32;
const IV_BYTES = 12;
/** GCM's full tag (NIST SP 800-38D, 5.2.1.2); a shorter one would make forgeries cheaper. */
const TAG_BYTES = 16;

/**
 * The key id of a key: the first 8 hex characters of its SHA-256.
 * @param {Buffer} key
 * @returns {string} e.g. `3fa9c2d1`
 */
function keyId(key) {
  return crypto.createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/**
 * One key from its base64 text.
 * @param {string} text
 * @param {string} name where it came from, for the error
 * @returns {Buffer} 32 bytes
 * @throws {Error} when it is not 32 bytes of base64
 */
function parseKey(text, name) {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error(`${name} must be 32 bytes in base64 (scripts/ensure-env.js generates one)`);
  }
  return key;
}

/**
 * The configured keys: the current one (DATA_ENCRYPTION_KEY) and the older ones
 * (DATA_ENCRYPTION_OLD_KEYS, comma-separated), by key id. Read from the environment at each call.
 * @returns {{ current: { id: string, key: Buffer }, keys: Map<string, Buffer> }} `keys` holds the
 *   current key first, then the older ones in the order given
 * @throws {Error} when a key is missing or not 32 bytes of base64, or two different keys share an id
 */
function keyRing() {
  const current = parseKey(process.env.DATA_ENCRYPTION_KEY || '', 'DATA_ENCRYPTION_KEY');
  const old = (process.env.DATA_ENCRYPTION_OLD_KEYS || '')
    .split(',')
    .filter((text) => text.trim() !== '')
    .map((text, index) => parseKey(text, `DATA_ENCRYPTION_OLD_KEYS (key ${index + 1})`));
  const keys = new Map();
  for (const key of [current, ...old]) {
    const id = keyId(key);
    const known = keys.get(id);
    if (known && !known.equals(key)) {
      throw new Error(`two different data encryption keys have the same key id ${id}: generate another key`);
    }
    keys.set(id, key);
  }
  return { current: { id: keyId(current), key: current }, keys };
}

/**
 * The current key, from DATA_ENCRYPTION_KEY; checks DATA_ENCRYPTION_OLD_KEYS as well, so a start
 * fails on any malformed key rather than at the first read.
 * @returns {Buffer} 32 bytes
 * @throws {Error} when a key is missing or malformed (see {@link keyRing})
 */
function dataKey() {
  return keyRing().current.key;
}

/**
 * True when `value` is in a stored (encrypted) form, `enc:v1:` or `enc:v2:`.
 * @param {unknown} value
 * @returns {boolean}
 */
function isEncrypted(value) {
  return typeof value === 'string' && (value.startsWith(V1) || value.startsWith(V2));
}

/**
 * The key id a stored value names.
 * @param {string} stored
 * @returns {string | null} the id of an `enc:v2:` value; null for `enc:v1:` (no id) and plaintext
 */
function storedKeyId(stored) {
  return typeof stored === 'string' && stored.startsWith(V2) ? stored.slice(V2.length).split(':')[0] : null;
}

/**
 * Encrypts a field value under the current key.
 * @param {string} plaintext
 * @param {string} context the field kind, e.g. `iban` (authenticated, not stored)
 * @returns {string} the stored form `enc:v2:<kid>:<iv>:<tag>:<ciphertext>`
 * @throws {Error} when the key is missing or malformed
 */
function encryptField(plaintext, context) {
  const { id, key } = keyRing().current;
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(String(plaintext), 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return `${V2}${id}:${parts.join(':')}`;
}

/**
 * The parts of a stored value.
 * @param {string} stored an `enc:v1:` or `enc:v2:` value
 * @returns {{ kid: string | null, iv: Buffer, tag: Buffer, ciphertext: Buffer }}
 * @throws {Error} when it has the wrong number of parts, or an IV or tag of the wrong length
 */
function parseStored(stored) {
  const v2 = stored.startsWith(V2);
  const parts = stored.slice(v2 ? V2.length : V1.length).split(':');
  if (parts.length !== (v2 ? 4 : 3)) {
    throw new Error(`encrypted value is malformed: expected ${v2 ? 'enc:v2:<kid>:' : 'enc:v1:'}<iv>:<tag>:<ciphertext>`);
  }
  const kid = v2 ? parts.shift() : null;
  const [iv, tag, ciphertext] = parts.map((part) => Buffer.from(part, 'base64url'));
  if (iv.length !== IV_BYTES) {
    throw new Error(`encrypted value has a ${iv.length}-byte IV; it must be ${IV_BYTES} bytes`);
  }
  if (tag.length !== TAG_BYTES) {
    throw new Error(`encrypted value has a ${tag.length}-byte authentication tag; it must be ${TAG_BYTES} bytes`);
  }
  return { kid, iv, tag, ciphertext };
}

/**
 * One AES-256-GCM decryption with a full-length tag.
 * @param {Buffer} key
 * @param {{ iv: Buffer, tag: Buffer, ciphertext: Buffer }} parts
 * @param {string} context
 * @returns {string}
 * @throws {Error} when the tag does not authenticate (tampered, other field, other key)
 */
function decryptWith(key, { iv, tag, ciphertext }, context) {
  const decipher = crypto.createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}

/**
 * Decrypts a stored field value; plaintext (from before encryption) is returned as it is. An
 * `enc:v2:` value is decrypted with the key its id names; an `enc:v1:` value with the first
 * configured key that authenticates it (the current key, then the older ones).
 * @param {string} stored
 * @param {string} context the same context it was encrypted with
 * @returns {string}
 * @throws {Error} when the value is malformed (a tag that is not 16 bytes included), names a key
 *   that is not configured, was tampered with, belongs to another field or the key is wrong
 */
function decryptField(stored, context) {
  if (!isEncrypted(stored)) return stored;
  const parts = parseStored(stored);
  const { keys } = keyRing();
  if (parts.kid !== null) {
    const key = keys.get(parts.kid);
    if (!key) {
      throw new Error(
        `encrypted value needs key ${parts.kid}, which is neither DATA_ENCRYPTION_KEY nor in DATA_ENCRYPTION_OLD_KEYS`,
      );
    }
    return decryptWith(key, parts, context);
  }
  for (const key of keys.values()) {
    try {
      return decryptWith(key, parts, context);
    } catch {
      // Not this key (or tampered): try the next one.
    }
  }
  throw new Error('encrypted value (enc:v1) does not decrypt with any configured key, or was tampered with');
}

/**
 * The stored form of a value under the current key, for key rotation (scripts/reencrypt.js).
 * @param {string} stored an encrypted value
 * @param {string} context the context it was encrypted with
 * @returns {string | null} the value encrypted anew under the current key, or null when it already is
 * @throws {Error} when it does not decrypt (see {@link decryptField}) or is not encrypted
 */
function reencryptField(stored, context) {
  if (!isEncrypted(stored)) throw new Error('value is not encrypted');
  const plaintext = decryptField(stored, context);
  if (storedKeyId(stored) === keyRing().current.id) return null;
  return encryptField(plaintext, context);
}

module.exports = { dataKey, decryptField, encryptField, isEncrypted, keyId, keyRing, reencryptField, storedKeyId };
