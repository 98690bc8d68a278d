/**
 * The CMS side of subscription orders (cms/src/api/subscription-order/services/subscription-order.js) with a stand-in
 * for Strapi: an order whose confirmation e-mail fails is kept and marked `confirmationSent: false`
 * (nothing half-stored, nothing lost), the failure is logged without the IBAN, and the confirmation
 * can be sent again (service function and the API-token route's action); the validation mirrors
 * the portal's form (Dutch postcode, IBAN mod-97, start date after today in Europe/Amsterdam); the
 * IBAN is masked in e-mails.
 */
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';

const require = createRequire(import.meta.url);
const orders = {
  ...require('../src/api/subscription-order/services/subscription-order.js'),
  ...require('../src/lib/iban.js'),
} as {
  UID: string;
  validateOrder: (body: unknown, now?: number) => Record<string, unknown>;
  placeOrder: (
    strapi: unknown,
    input: unknown,
    now?: number,
  ) => Promise<{ orderNumber: string; confirmationSent: boolean }>;
  resendOrderConfirmation: (
    strapi: unknown,
    documentId: string,
  ) => Promise<{ confirmationSent: boolean } | null>;
  maskIban: (iban: string) => string;
};
const submissions = require('../src/lib/form-submissions.js') as {
  resendAction: (
    strapi: unknown,
    resend: (strapi: unknown, documentId: string) => Promise<{ confirmationSent: boolean } | null>,
  ) => (ctx: { params: Record<string, string>; status?: number; body?: unknown }) => Promise<void>;
};

const IBAN = 'NL44RABO0123456789';
/** 21 November 2026, 23:30 in Amsterdam (22:30 UTC): "today" there is still the 21st. */
const NOW = Date.parse('2026-11-21T22:30:00Z');

/** A stand-in for the parts of Strapi the order functions use; rows live in memory. */
function fakeStrapi() {
  const rows: Array<Record<string, unknown>> = [];
  const mail = { fail: true, sent: [] as Array<{ to: string; subject: string; text: string; html: string }> };
  const log = { error: vi.fn() };
  const matches = (row: Record<string, unknown>, where: Record<string, unknown>) =>
    Object.entries(where).every(([key, value]) => row[key] === value);
  const strapi = {
    log,
    documents: () => ({
      findFirst: async () => ({
        documentId: 'plan-1',
        name: 'Digitaal',
        slug: 'digitaal',
        priceCents: 795,
        period: 'month',
      }),
    }),
    db: {
      query: (uid: string) => ({
        findOne: async ({ where }: { where: Record<string, unknown> }) =>
          uid === orders.UID ? (rows.find((row) => matches(row, where)) ?? null) : { id: 7 },
        create: async ({ data }: { data: Record<string, unknown> }) => {
          const row = { id: rows.length + 1, documentId: `order-${rows.length + 1}`, ...data };
          rows.push(row);
          return row;
        },
        update: async ({
          where,
          data,
        }: {
          where: Record<string, unknown>;
          data: Record<string, unknown>;
        }) => {
          const row = rows.find((candidate) => matches(candidate, where))!;
          Object.assign(row, data);
          return row;
        },
      }),
    },
    plugin: () => ({
      service: () => ({
        send: async (message: { to: string; subject: string; text: string; html: string }) => {
          if (mail.fail) throw new Error('connect ECONNREFUSED 127.0.0.1:587');
          mail.sent.push(message);
        },
      }),
    }),
  };
  return { strapi, rows, mail, log };
}

/** A valid order body as the portal posts it. */
function body(overrides: Record<string, unknown> = {}) {
  return {
    data: {
      plan: 'digitaal',
      name: 'Sanne Bakker',
      street: 'Keizersgracht',
      houseNumber: '123B',
      postcode: '1015cj',
      city: 'Amsterdam',
      email: 'sanne@example.test',
      iban: 'nl44 rabo 0123 4567 89',
      accountHolder: 'S. Bakker',
      startDate: '2026-11-22',
      terms: true,
      locale: 'nl',
      ...overrides,
    },
  };
}

describe('validateOrder', () => {
  it('accepts a valid order and normalises postcode and IBAN', () => {
    expect(orders.validateOrder(body(), NOW)).toMatchObject({
      postcode: '1015 CJ',
      iban: IBAN,
      startDate: '2026-11-22',
      locale: 'nl',
    });
  });

  it.each([
    ['iban', 'NL44 RABO 0123 4567 88'],
    ['postcode', '1234 SA'],
    ['postcode', '0123 AB'],
    ['houseNumber', 'nummer'],
    ['startDate', '2026-11-21'],
    ['startDate', '2026-02-30'],
    ['terms', false],
    ['email', 'sanne@bakker'],
  ])('refuses %s = %j', (field, value) => {
    expect(() => orders.validateOrder(body({ [field]: value }), NOW)).toThrow(
      expect.objectContaining({ name: 'ValidationError', details: expect.objectContaining({ field }) }),
    );
  });
});

describe('maskIban', () => {
  it('keeps the country code and the last four characters', () => {
    expect(orders.maskIban(IBAN)).toBe('NL** **** **** **67 89');
    expect(orders.maskIban('DE89370400440532013000')).toBe('DE** **** **** **** **30 00');
  });
});

describe('an order whose confirmation e-mail fails', () => {
  it('is kept, marked as not confirmed and confirmed by a resend', async () => {
    const { strapi, rows, mail, log } = fakeStrapi();
    const input = orders.validateOrder(body(), NOW);
    const placed = await orders.placeOrder(strapi, input, NOW);
    expect(placed.orderNumber).toMatch(/^ABO-[A-Z2-9]{8}$/);
    expect(placed.confirmationSent).toBe(false);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      orderNumber: placed.orderNumber,
      planName: 'Digitaal',
      priceCents: 795,
      iban: IBAN,
      confirmationSent: false,
    });
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(String(log.error.mock.calls[0]![0])).not.toContain('0123456789');

    // The route's action reports a mail that still fails, and an unknown order.
    const action = submissions.resendAction(strapi, orders.resendOrderConfirmation);
    const failing = { params: { documentId: 'order-1' } } as {
      params: Record<string, string>;
      status?: number;
    };
    await action(failing);
    expect(failing.status).toBe(502);
    const unknown = { params: { documentId: 'nope' } } as { params: Record<string, string>; status?: number };
    await action(unknown);
    expect(unknown.status).toBe(404);
    expect(rows[0]!.confirmationSent).toBe(false);

    mail.fail = false;
    const resent = { params: { documentId: 'order-1' } } as {
      params: Record<string, string>;
      status?: number;
      body?: unknown;
    };
    await action(resent);
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ data: { documentId: 'order-1', confirmationSent: true } });
    expect(rows[0]).toMatchObject({ confirmationSent: true });
    expect(rows[0]!.confirmationSentAt).toBeInstanceOf(Date);

    expect(mail.sent).toHaveLength(1);
    const [message] = mail.sent;
    expect(message!.to).toBe('sanne@example.test');
    expect(message!.subject).toBe(`Bevestiging van je bestelling ${placed.orderNumber}`);
    expect(message!.text).toContain('Prijs: €\u00a07,95 per maand');
    expect(message!.text).toContain('Ingangsdatum: 22 november 2026');
    expect(message!.text).toContain('NL** **** **** **67 89');
    expect(`${message!.text}${message!.html}`).not.toContain('0123456789');
    expect(`${message!.text}${message!.html}`).not.toContain('0123 4567');
  });

  it('is confirmed straight away when the e-mail works', async () => {
    const { strapi, rows, mail } = fakeStrapi();
    mail.fail = false;
    const placed = await orders.placeOrder(strapi, orders.validateOrder(body(), NOW), NOW);
    expect(placed.confirmationSent).toBe(true);
    expect(rows[0]).toMatchObject({ confirmationSent: true });
    expect(await orders.resendOrderConfirmation(strapi, 'order-1')).toEqual({ confirmationSent: true });
    expect(mail.sent).toHaveLength(2);
  });
});
