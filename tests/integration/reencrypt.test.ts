/**
 * Key rotation of the values encrypted at rest, against the real CMS and its database
 * (cms/scripts/reencrypt.js, `npm run reencrypt`; decision 082). The CMS stores IBANs under its key
 * A (a vacancy and subscription orders placed through its API, one order as an `enc:v1:` value from
 * before key ids); the command with DATA_ENCRYPTION_KEY=B and DATA_ENCRYPTION_OLD_KEYS=A moves every
 * value to B, after which B alone decrypts them and A does not any more; a second run without A finds
 * nothing to do; a run missing a needed key fails and changes nothing. Afterwards the values are
 * rotated back to A, and the running CMS (which knows only A) reads them again.
 */
import { execFile } from 'node:child_process';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { withPostgresClient } from '../../scripts/lib/postgres.mjs';
import { uniqueEmail, waitForMail } from '../support/accounts.ts';
import { cmsDatabase, cmsEnv, storedRow, storedRows } from '../support/cms-database.ts';
import { amsterdamDate } from '../support/dates.ts';
import { cms } from '../support/portal.ts';

const mailDir = inject('mailDir');
const cmsRequire = createRequire(path.resolve('cms/package.json'));
const encryption = cmsRequire('./src/lib/field-encryption.js') as {
  decryptField: (stored: string, context: string) => string;
};

const PASSWORD = 'sleutel wissel wachtwoord';
const ORDER_IBAN = 'NL44RABO0123456789';
const LEGACY_IBAN = 'NL91ABNA0417164300';
const VACANCY_IBAN = 'NL02ABNA0123456789';
/** The tables and column of the values encrypted at rest (src/lib/iban.js's IBAN_CONTENT_TYPES). */
const TABLES = ['vacancies', 'subscription_orders'] as const;

/** The running CMS's key (cms/.env) and a new one. */
const keyA = cmsEnv('DATA_ENCRYPTION_KEY') ?? '';
const keyB = randomBytes(32).toString('base64');
const idOf = (key: string) =>
  createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 8);

type Stored = { table: string; id: number; iban: string };

/** Every encrypted value in the CMS's database. */
async function storedValues(): Promise<Stored[]> {
  const all: Stored[] = [];
  for (const table of TABLES) {
    const rows = await storedRows<{ id: number; iban: string }>(
      `SELECT id, iban FROM ${table} WHERE iban LIKE ? ORDER BY id`,
      'enc:%',
    );
    all.push(...rows.map((row) => ({ table, id: Number(row.id), iban: row.iban })));
  }
  return all;
}

/** Decrypts with exactly these keys configured (as the CMS would with this environment). */
function decryptWith(keys: { current: string; old?: string[] }, stored: string): string {
  vi.stubEnv('DATA_ENCRYPTION_KEY', keys.current);
  vi.stubEnv('DATA_ENCRYPTION_OLD_KEYS', (keys.old ?? []).join(','));
  try {
    return encryption.decryptField(stored, 'iban');
  } finally {
    vi.unstubAllEnvs();
  }
}

/** Runs `npm run reencrypt` in cms/ on the test CMS's database with these keys. */
function reencrypt(keys: {
  current: string;
  old?: string[];
}): Promise<{ code: number; stdout: string; stderr: string }> {
  const database = cmsDatabase();
  const env = {
    ...process.env,
    DATA_ENCRYPTION_KEY: keys.current,
    DATA_ENCRYPTION_OLD_KEYS: (keys.old ?? []).join(','),
    ...(database.client === 'postgres'
      ? { DATABASE_CLIENT: 'postgres', DATABASE_URL: database.url }
      : { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: database.filename }),
  };
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'reencrypt'],
      { cwd: path.resolve('cms'), env },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** Overwrites one order's stored IBAN (to put a value from before key ids in place). */
async function storeOrderIban(orderNumber: string, value: string): Promise<void> {
  const database = cmsDatabase();
  if (database.client === 'postgres') {
    await withPostgresClient(database.url, (client) =>
      client.query('UPDATE subscription_orders SET iban = $1 WHERE order_number = $2', [value, orderNumber]),
    );
    return;
  }
  const BetterSqlite = cmsRequire('better-sqlite3') as new (
    file: string,
    options: object,
  ) => { prepare: (sql: string) => { run: (...params: unknown[]) => unknown }; close: () => void };
  const db = new BetterSqlite(database.filename, { fileMustExist: true });
  try {
    db.prepare('UPDATE subscription_orders SET iban = ? WHERE order_number = ?').run(value, orderNumber);
  } finally {
    db.close();
  }
}

/** `enc:v1:<iv>:<tag>:<ciphertext>`, the stored form of decision 050 (no key id). */
function storedV1(plaintext: string, key: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'base64'), iv);
  cipher.setAAD(Buffer.from('iban'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `enc:v1:${[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join(':')}`;
}

/** A JSON call to the CMS API, with a user's JWT or anonymous. */
function cmsJson<T>(path: string, body?: unknown, jwt?: string) {
  return cms<T>(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Places a subscription order through the CMS API; returns its order number. */
async function placeOrder(plan: string, iban: string): Promise<string> {
  const placed = await cmsJson<{ data: { orderNumber: string } }>('/subscription-orders', {
    data: {
      plan,
      name: 'Sanne Bakker',
      street: 'Keizersgracht',
      houseNumber: '123B',
      postcode: '1015 CJ',
      city: 'Amsterdam',
      email: uniqueEmail('sleutel'),
      iban,
      accountHolder: 'S. Bakker',
      startDate: amsterdamDate(14),
      terms: true,
    },
  });
  expect(placed.status).toBe(201);
  return placed.body.data.orderNumber;
}

/** A confirmed account's JWT (CMS registration and the captured confirmation e-mail). */
async function accountJwt(): Promise<string> {
  const email = uniqueEmail('sleutel');
  const registered = await cmsJson('/auth/local/register', { username: email, email, password: PASSWORD });
  expect(registered.status).toBe(200);
  const mail = await waitForMail(mailDir, email, /Bevestig je e-mailadres/);
  const code = /confirmation=([a-f0-9]+)/.exec(mail.html ?? mail.text)?.[1];
  const confirmed = await cmsJson<{ jwt: string }>('/account/email-confirmation', { confirmation: code });
  expect(confirmed.status).toBe(200);
  return confirmed.body.jwt;
}

let jwt: string;
let vacancyId: string;
let orderNumber: string;
let legacyOrderNumber: string;
/** Every encrypted value before the rotation, with its plaintext. */
let before: Array<Stored & { plaintext: string }>;

beforeAll(async () => {
  expect(keyA).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  const plans = await cms<{ data: Array<{ slug: string }> }>('/subscriptions');
  const plan = plans.body.data[0]!.slug;
  orderNumber = await placeOrder(plan, ORDER_IBAN);
  legacyOrderNumber = await placeOrder(plan, LEGACY_IBAN);
  await storeOrderIban(legacyOrderNumber, storedV1(LEGACY_IBAN, keyA));

  jwt = await accountJwt();
  const categories = await cms<{ data: Array<{ documentId: string }> }>('/job-categories');
  const placed = await cmsJson<{ data: { documentId: string } }>(
    '/vacancies/mine',
    {
      data: {
        title: 'Planner sleutelwissel',
        summary: 'Wij zoeken een ervaren planner voor ons distributiecentrum.',
        description: 'Als planner zorg je dat elke zending op tijd vertrekt, elke dag opnieuw.',
        category: categories.body.data[0]!.documentId,
        employmentType: 'FULL_TIME',
        employer: 'Pakketpost B.V.',
        location: 'Tilburg',
        salaryMin: 3200,
        salaryMax: 4100,
        salaryPeriod: 'MONTH',
        applyUrl: 'https://werkenbij.pakketpost.example/planner',
        publishFrom: amsterdamDate(0),
        validThrough: amsterdamDate(30),
        invoiceCompany: 'Pakketpost B.V.',
        invoiceStreet: 'Stationsstraat',
        invoiceHouseNumber: '12A',
        invoicePostcode: '5038 EC',
        invoiceCity: 'Tilburg',
        kvkNumber: '12345678',
        vatNumber: 'NL123456789B01',
        invoiceEmail: 'factuur@pakketpost.example',
        iban: VACANCY_IBAN,
        terms: true,
      },
    },
    jwt,
  );
  expect(placed.status).toBe(201);
  vacancyId = placed.body.data.documentId;

  before = (await storedValues()).map((value) => ({
    ...value,
    plaintext: decryptWith({ current: keyA }, value.iban),
  }));
});

afterAll(async () => {
  // Back to the running CMS's key, whatever happened above, for the test files after this one.
  const restored = await reencrypt({ current: keyA, old: [keyB] });
  expect(restored.stderr).toBe('');
  expect(restored.code).toBe(0);
});

describe('npm run reencrypt', () => {
  it('starts from values under the CMS key A, one of them from before key ids', async () => {
    const order = await storedRow<{ iban: string }>(
      'SELECT iban FROM subscription_orders WHERE order_number = ?',
      orderNumber,
    );
    expect(order?.iban.startsWith(`enc:v2:${idOf(keyA)}:`)).toBe(true);
    // By its order: other test files store the same IBAN (under key ids) in other rows.
    const legacy = await storedRow<{ iban: string }>(
      'SELECT iban FROM subscription_orders WHERE order_number = ?',
      legacyOrderNumber,
    );
    expect(legacy?.iban).toMatch(/^enc:v1:/);
    expect(decryptWith({ current: keyA }, legacy!.iban)).toBe(LEGACY_IBAN);
    const vacancy = await storedRow<{ iban: string }>(
      'SELECT iban FROM vacancies WHERE document_id = ?',
      vacancyId,
    );
    expect(vacancy?.iban.startsWith(`enc:v2:${idOf(keyA)}:`)).toBe(true);
    expect(before.map((value) => value.plaintext)).toEqual(
      expect.arrayContaining([ORDER_IBAN, LEGACY_IBAN, VACANCY_IBAN]),
    );
  });

  it('moves every value to key B; B alone decrypts them, and A no longer does', async () => {
    const run = await reencrypt({ current: keyB, old: [keyA] });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    for (const table of TABLES) {
      const count = before.filter((value) => value.table === table).length;
      expect(run.stdout).toContain(
        `[reencrypt] ${table}.iban: ${count} re-encrypted, 0 already under ${idOf(keyB)}`,
      );
    }
    expect(run.stdout).toContain(`every encrypted value is under key ${idOf(keyB)}`);

    const after = await storedValues();
    expect(after.map(({ table, id }) => `${table}/${id}`)).toEqual(
      before.map(({ table, id }) => `${table}/${id}`),
    );
    for (const [index, value] of after.entries()) {
      expect(value.iban.startsWith(`enc:v2:${idOf(keyB)}:`)).toBe(true);
      expect(value.iban).not.toBe(before[index]!.iban);
      expect(decryptWith({ current: keyB }, value.iban)).toBe(before[index]!.plaintext);
      expect(() => decryptWith({ current: keyA }, value.iban)).toThrow(`needs key ${idOf(keyB)}`);
    }
  });

  it('finds nothing left to do on a second run without the old key', async () => {
    const stored = await storedValues();
    const run = await reencrypt({ current: keyB });
    expect(run.code).toBe(0);
    for (const table of TABLES) {
      const count = stored.filter((value) => value.table === table).length;
      expect(run.stdout).toContain(
        `[reencrypt] ${table}.iban: 0 re-encrypted, ${count} already under ${idOf(keyB)}`,
      );
    }
    expect(await storedValues()).toEqual(stored);
  });

  it('fails, naming the missing key, and changes nothing when a needed key is not configured', async () => {
    const stored = await storedValues();
    const run = await reencrypt({ current: randomBytes(32).toString('base64') });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `needs key ${idOf(keyB)}, which is neither DATA_ENCRYPTION_KEY nor in DATA_ENCRYPTION_OLD_KEYS`,
    );
    expect(run.stderr).toContain(
      `${stored.length} value(s) did not decrypt: add their key to DATA_ENCRYPTION_OLD_KEYS`,
    );
    expect(await storedValues()).toEqual(stored);
  });

  it('rotates back to A, after which the running CMS (key A only) reads the IBANs again', async () => {
    const run = await reencrypt({ current: keyA, old: [keyB] });
    expect(run.code).toBe(0);
    for (const value of await storedValues()) {
      expect(value.iban.startsWith(`enc:v2:${idOf(keyA)}:`)).toBe(true);
    }
    const own = await cmsJson<{ data: { invoice: { ibanMasked: string } } }>(
      `/vacancies/mine/${vacancyId}`,
      undefined,
      jwt,
    );
    expect(own.status).toBe(200);
    expect(own.body.data.invoice.ibanMasked).toBe('NL** **** **** **67 89');
  });
});
