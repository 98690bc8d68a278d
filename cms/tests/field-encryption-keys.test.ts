/**
 * Key ids, older keys and tag lengths of cms/src/lib/field-encryption.js (decision 082): values
 * name their key (`enc:v2:<kid>:…`, kid = first 8 hex of the key's SHA-256), older keys from
 * DATA_ENCRYPTION_OLD_KEYS decrypt but never encrypt, `enc:v1:` values from before key ids still
 * decrypt, a truncated authentication tag is refused, and reencryptField moves a value to the
 * current key. The rotation of a real CMS's data is tests/integration/reencrypt.test.ts.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';

const require = createRequire(import.meta.url);
const encryption = require('../src/lib/field-encryption.js') as {
  dataKey: () => Buffer;
  encryptField: (plaintext: string, context: string) => string;
  decryptField: (stored: string, context: string) => string;
  isEncrypted: (value: unknown) => boolean;
  keyId: (key: Buffer) => string;
  reencryptField: (stored: string, context: string) => string | null;
  storedKeyId: (stored: string) => string | null;
};

const IBAN = 'NL91ABNA0417164300';
const keyA = randomBytes(32);
const keyB = randomBytes(32);
const keyC = randomBytes(32);
const idOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** Configures the CMS's keys: `current` encrypts, `old` only decrypt. */
function useKeys(current: Buffer, ...old: Buffer[]): void {
  vi.stubEnv('DATA_ENCRYPTION_KEY', current.toString('base64'));
  vi.stubEnv('DATA_ENCRYPTION_OLD_KEYS', old.map((key) => key.toString('base64')).join(','));
}

/** A value as the CMS stored it before key ids (decision 050): `enc:v1:<iv>:<tag>:<ciphertext>`. */
function storedV1(plaintext: string, key: Buffer, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `enc:v1:${[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join(':')}`;
}

/** `stored` with its authentication tag (the part before the ciphertext) cut to `bytes` bytes. */
function withTagOf(stored: string, bytes: number): string {
  const parts = stored.split(':');
  const tagIndex = parts.length - 2;
  parts[tagIndex] = Buffer.from(parts[tagIndex] ?? '', 'base64url').subarray(0, bytes).toString('base64url');
  return parts.join(':');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('key ids', () => {
  it('stores enc:v2:<kid> with the first 8 hex characters of the SHA-256 of the current key', () => {
    useKeys(keyA);
    const stored = encryption.encryptField(IBAN, 'iban');
    expect(encryption.keyId(keyA)).toBe(idOf(keyA));
    expect(stored).toMatch(
      new RegExp(`^enc:v2:${idOf(keyA)}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$`),
    );
    expect(encryption.storedKeyId(stored)).toBe(idOf(keyA));
    expect(encryption.isEncrypted(stored)).toBe(true);
    expect(encryption.decryptField(stored, 'iban')).toBe(IBAN);
  });

  it('decrypts with an older key from DATA_ENCRYPTION_OLD_KEYS but encrypts with the current one', () => {
    useKeys(keyA);
    const underA = encryption.encryptField(IBAN, 'iban');
    useKeys(keyB, keyC, keyA);
    expect(encryption.decryptField(underA, 'iban')).toBe(IBAN);
    expect(encryption.storedKeyId(encryption.encryptField(IBAN, 'iban'))).toBe(idOf(keyB));
  });

  it('names the missing key when a value needs one that is not configured', () => {
    useKeys(keyA);
    const underA = encryption.encryptField(IBAN, 'iban');
    useKeys(keyB);
    expect(() => encryption.decryptField(underA, 'iban')).toThrow(
      `encrypted value needs key ${idOf(keyA)}, which is neither DATA_ENCRYPTION_KEY nor in DATA_ENCRYPTION_OLD_KEYS`,
    );
  });

  it('refuses a malformed older key, also at the start check (dataKey)', () => {
    vi.stubEnv('DATA_ENCRYPTION_KEY', keyA.toString('base64'));
    vi.stubEnv('DATA_ENCRYPTION_OLD_KEYS', `${keyB.toString('base64')},${randomBytes(16).toString('base64')}`);
    expect(() => encryption.dataKey()).toThrow(/DATA_ENCRYPTION_OLD_KEYS \(key 2\) must be 32 bytes in base64/);
    vi.stubEnv('DATA_ENCRYPTION_OLD_KEYS', ` ${keyB.toString('base64')} , `);
    expect(encryption.dataKey().equals(keyA)).toBe(true);
  });
});

describe('values from before key ids (enc:v1)', () => {
  it('decrypts with the current key, or an older one, and fails with neither', () => {
    const legacy = storedV1(IBAN, keyA, 'iban');
    useKeys(keyA);
    expect(encryption.isEncrypted(legacy)).toBe(true);
    expect(encryption.storedKeyId(legacy)).toBeNull();
    expect(encryption.decryptField(legacy, 'iban')).toBe(IBAN);
    useKeys(keyB, keyC, keyA);
    expect(encryption.decryptField(legacy, 'iban')).toBe(IBAN);
    useKeys(keyB, keyC);
    expect(() => encryption.decryptField(legacy, 'iban')).toThrow(/does not decrypt with any configured key/);
    useKeys(keyA);
    expect(() => encryption.decryptField(legacy, 'email')).toThrow(/does not decrypt with any configured key/);
  });
});

describe('authentication tags', () => {
  it('refuses a truncated 4-byte tag with a clear error, in both forms', () => {
    useKeys(keyA);
    const truncated = withTagOf(encryption.encryptField(IBAN, 'iban'), 4);
    expect(() => encryption.decryptField(truncated, 'iban')).toThrow(
      'encrypted value has a 4-byte authentication tag; it must be 16 bytes',
    );
    const truncatedV1 = withTagOf(storedV1(IBAN, keyA, 'iban'), 4);
    expect(() => encryption.decryptField(truncatedV1, 'iban')).toThrow(
      'encrypted value has a 4-byte authentication tag; it must be 16 bytes',
    );
  });

  it('refuses every tag length but 16 bytes, and a full tag still decrypts', () => {
    useKeys(keyA);
    const stored = encryption.encryptField(IBAN, 'iban');
    for (const bytes of [0, 8, 12, 15]) {
      expect(() => encryption.decryptField(withTagOf(stored, bytes), 'iban')).toThrow(
        `encrypted value has a ${bytes}-byte authentication tag; it must be 16 bytes`,
      );
    }
    expect(encryption.decryptField(withTagOf(stored, 16), 'iban')).toBe(IBAN);
  });

  it('refuses values with parts missing or an IV of the wrong length', () => {
    useKeys(keyA);
    const stored = encryption.encryptField(IBAN, 'iban');
    const parts = stored.split(':');
    expect(() => encryption.decryptField(parts.slice(0, -1).join(':'), 'iban')).toThrow(
      'encrypted value is malformed: expected enc:v2:<kid>:<iv>:<tag>:<ciphertext>',
    );
    parts[3] = randomBytes(8).toString('base64url');
    expect(() => encryption.decryptField(parts.join(':'), 'iban')).toThrow(
      'encrypted value has a 8-byte IV; it must be 12 bytes',
    );
  });
});

describe('reencryptField', () => {
  it('moves v1 and older-key values to the current key and leaves current ones alone', () => {
    const legacy = storedV1(IBAN, keyA, 'iban');
    useKeys(keyA);
    const underA = encryption.encryptField(IBAN, 'iban');
    useKeys(keyB, keyA);
    const current = encryption.encryptField(IBAN, 'iban');
    const moved = [legacy, underA].map((stored) => encryption.reencryptField(stored, 'iban'));
    expect(encryption.reencryptField(current, 'iban')).toBeNull();
    useKeys(keyB);
    for (const stored of moved) {
      expect(encryption.storedKeyId(stored ?? '')).toBe(idOf(keyB));
      expect(encryption.decryptField(stored ?? '', 'iban')).toBe(IBAN);
    }
  });

  it('refuses plaintext and values it cannot decrypt', () => {
    useKeys(keyA);
    const underA = encryption.encryptField(IBAN, 'iban');
    expect(() => encryption.reencryptField(IBAN, 'iban')).toThrow('value is not encrypted');
    useKeys(keyB);
    expect(() => encryption.reencryptField(underA, 'iban')).toThrow(/needs key/);
  });
});
