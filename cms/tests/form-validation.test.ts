/**
 * The yup building blocks of the CMS's form validation (cms/src/lib/validate.js,
 * docs/decisions/081-cms-validation-on-yup.md) and the event-registration body built from them:
 * what is cleaned (trimmed text, numbers from digit strings, known choices in their own order),
 * what is refused where yup on its own would cast it (numbers as text, `1e3` as a number), and
 * Strapi's 400 shape without the submitted values.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
/** A yup schema as lib/validate.js builds them (opaque here). */
type Schema = object;
const validate = require('../src/lib/validate.js') as {
  text: (bounds: [number, number], options?: { multiline?: boolean; optional?: boolean }) => Schema;
  wholeNumber: (min: number, max: number) => Schema;
  accepted: () => Schema;
  choices: (options: readonly string[], rules?: { required?: boolean }) => Schema;
  language: () => Schema;
  submission: (fields: Record<string, Schema>) => Schema;
  validateBody: (schema: Schema, body: unknown) => { data: Record<string, unknown> };
  fieldError: (field: string, message: string) => Error & { details: unknown };
};
const registrations = require('../src/api/event-registration/services/event-registration.js') as {
  validateRegistration: (body: unknown) => Record<string, unknown>;
};

interface Refusal {
  name: string;
  message: string;
  details: { field: string; errors: Array<{ path: string[]; message: string; name: string }> };
}

/** The refusal of `run`, or throws when it was accepted. */
function refusal(run: () => unknown): Refusal {
  try {
    run();
  } catch (error) {
    if ((error as Error).name === 'ValidationError') return error as Refusal;
    throw error;
  }
  throw new Error('accepted');
}

/** The stored value of one field, or the refusal's first message. */
function one(field: Schema, value: unknown): unknown {
  try {
    return validate.validateBody(validate.submission({ field }), { data: { field: value } }).data.field;
  } catch (error) {
    if ((error as Error).name !== 'ValidationError') throw error;
    return `refused: ${(error as Refusal).details.errors[0]!.message}`;
  }
}

describe('field schemas', () => {
  it('trim text, collapse white space on one line and keep line breaks in multi-line text', () => {
    expect(one(validate.text([2, 20]), '  Jan   de\tVries ')).toBe('Jan de Vries');
    expect(one(validate.text([2, 20], { multiline: true }), ' Regel 1\r\nRegel 2 ')).toBe('Regel 1\nRegel 2');
    expect(one(validate.text([2, 5]), 'Te lang')).toBe('refused: data.field must have 2 to 5 characters');
    expect(one(validate.text([2, 5]), '   ')).toBe('refused: data.field must have 2 to 5 characters');
    expect(one(validate.text([2, 5], { optional: true }), '   ')).toBeNull();
    expect(one(validate.text([2, 5], { optional: true }), undefined)).toBeNull();
    expect(one(validate.text([2, 5]), 12345)).toBe('refused: data.field must have 2 to 5 characters');
    expect(one(validate.text([2, 5]), ['ab'])).toBe('refused: data.field must have 2 to 5 characters');
  });

  it('take whole numbers as numbers or digit strings only', () => {
    const attendees = validate.wholeNumber(1, 1000);
    expect(one(attendees, 3)).toBe(3);
    expect(one(attendees, ' 12 ')).toBe(12);
    for (const value of ['1e3', '1.5', '1 2', '0x10', '', true, 2.5, 0, 1001, null]) {
      expect(one(attendees, value)).toBe('refused: data.field must be a whole number from 1 to 1000');
    }
  });

  it('accept a ticked box as true or "true"', () => {
    expect(one(validate.accepted(), true)).toBe(true);
    expect(one(validate.accepted(), 'true')).toBe(true);
    for (const value of [false, 'false', 'on', undefined]) {
      expect(one(validate.accepted(), value)).toBe('refused: data.field must be true');
    }
  });

  it('keep known choices once, in their own order, and refuse unknown ones', () => {
    const topics = validate.choices(['ecommerce', 'logistiek', 'fulfilment']);
    expect(one(topics, ['fulfilment', 'ecommerce', 'fulfilment'])).toEqual(['ecommerce', 'fulfilment']);
    expect(one(topics, undefined)).toEqual([]);
    expect(one(topics, null)).toEqual([]);
    expect(one(topics, ['ecommerce', 'sport'])).toBe(
      'refused: data.field[1] must be one of ecommerce, logistiek, fulfilment',
    );
    expect(one(topics, 'ecommerce')).toBe('refused: data.field must be a list of ecommerce, logistiek, fulfilment');
    expect(one(validate.choices(['banner'], { required: true }), [])).toBe('refused: data.field needs at least one choice');
  });

  it('default the language of a public form to nl and refuse others', () => {
    expect(one(validate.language(), undefined)).toBe('nl');
    expect(one(validate.language(), 'en')).toBe('en');
    expect(one(validate.language(), 'de')).toBe('refused: data.field must be one of nl, en');
  });
});

describe("Strapi's 400 answer", () => {
  it('names a refused field after validation in the same shape', () => {
    const error = validate.fieldError('category', 'data.category is not a job category');
    expect(error).toMatchObject({
      name: 'ValidationError',
      message: 'data.category is not a job category',
      details: {
        field: 'category',
        errors: [{ path: ['data', 'category'], message: 'data.category is not a job category', name: 'ValidationError' }],
      },
    });
  });
});

describe('event registrations', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    data: {
      event: 'webshop-congres',
      name: ' Sanne  Bakker ',
      email: 'sanne@example.test',
      organisation: 'Pakketpost',
      attendees: '2',
      consent: true,
      locale: 'de',
      user: 7,
      ...overrides,
    },
  });

  it('are cleaned and stripped of unknown keys and the consent', () => {
    expect(registrations.validateRegistration(body())).toEqual({
      event: 'webshop-congres',
      name: 'Sanne Bakker',
      email: 'sanne@example.test',
      organisation: 'Pakketpost',
      attendees: 2,
      locale: 'nl',
    });
  });

  it('are refused field by field, without the submitted values', () => {
    const refused = refusal(() =>
      registrations.validateRegistration(body({ email: 'sanne@bakker', attendees: 0, consent: false })),
    );
    expect(refused.message).toBe('3 errors occurred');
    expect(refused.details.field).toBe('email');
    expect(refused.details.errors.map((error) => error.path.join('.'))).toEqual([
      'data.email',
      'data.attendees',
      'data.consent',
    ]);
    expect(JSON.stringify(refused)).not.toContain('sanne@bakker');
    for (const data of ['x', '{"event":"webshop-congres"}', null, []]) {
      expect(refusal(() => registrations.validateRegistration({ data })).details.field).toBe('data');
    }
  });
});
