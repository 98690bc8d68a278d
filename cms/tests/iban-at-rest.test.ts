/**
 * IBANs at rest (cms/src/lib/field-encryption.js, cms/src/lib/iban.js; decision 050): AES-256-GCM
 * with a fresh IV per value, bound to its field, refused when tampered with or under another key;
 * masked values from screens keep the stored IBAN; invalid IBANs are refused.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const require = createRequire(import.meta.url);
const encryption = require('../src/lib/field-encryption.js') as {
  encryptField: (plaintext: string, context: string) => string;
  decryptField: (stored: string, context: string) => string;
  isEncrypted: (value: unknown) => boolean;
};
const iban = require('../src/lib/iban.js') as {
  maskIban: (value: string) => string;
  revealIban: (stored: string) => string;
  storedIban: (value: unknown) => { keep: true } | { value: unknown };
};

beforeEach(() => {
  vi.stubEnv('DATA_ENCRYPTION_KEY', randomBytes(32).toString('base64'));
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('field encryption', () => {
  it('encrypts with a fresh IV each time and decrypts with the same key and field', () => {
    const first = encryption.encryptField('NL91ABNA0417164300', 'iban');
    const second = encryption.encryptField('NL91ABNA0417164300', 'iban');
    expect(first).toMatch(/^enc:v2:[0-9a-f]{8}:/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('0417');
    expect(encryption.decryptField(first, 'iban')).toBe('NL91ABNA0417164300');
    expect(encryption.decryptField('NL91ABNA0417164300', 'iban')).toBe('NL91ABNA0417164300');
  });

  it('refuses a tampered value, another field and another key', () => {
    const stored = encryption.encryptField('NL91ABNA0417164300', 'iban');
    const parts = stored.split(':');
    const body = Buffer.from(parts[5] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[5] = body.toString('base64url');
    expect(() => encryption.decryptField(parts.join(':'), 'iban')).toThrow();
    expect(() => encryption.decryptField(stored, 'email')).toThrow();
    vi.stubEnv('DATA_ENCRYPTION_KEY', randomBytes(32).toString('base64'));
    expect(() => encryption.decryptField(stored, 'iban')).toThrow();
  });

  it('needs a 32-byte key', () => {
    vi.stubEnv('DATA_ENCRYPTION_KEY', randomBytes(16).toString('base64'));
    expect(() => encryption.encryptField('x', 'iban')).toThrow(/DATA_ENCRYPTION_KEY must be 32 bytes/);
  });
});

describe('IBANs as stored', () => {
  it('normalises and encrypts what is written, and masks and reveals what is stored', () => {
    const stored = iban.storedIban('nl91 abna 0417 1643 00');
    expect('value' in stored && encryption.isEncrypted(stored.value)).toBe(true);
    const value = (stored as { value: string }).value;
    expect(iban.maskIban(value)).toBe('NL** **** **** **43 00');
    expect(iban.revealIban(value)).toBe('NL91ABNA0417164300');
    expect(iban.maskIban('NL91ABNA0417164300')).toBe('NL** **** **** **43 00');
  });

  it('keeps the stored IBAN for a masked value, passes empty and encrypted values, refuses others', () => {
    expect(iban.storedIban('NL** **** **** **43 00')).toEqual({ keep: true });
    expect(iban.storedIban(null)).toEqual({ value: null });
    expect(iban.storedIban('')).toEqual({ value: '' });
    const stored = encryption.encryptField('NL91ABNA0417164300', 'iban');
    expect(iban.storedIban(stored)).toEqual({ value: stored });
    expect(() => iban.storedIban('NL91ABNA0417164301')).toThrow('iban is not a valid IBAN');
  });
});
