/**
 * The CMS re-checks what the portal's forms already checked (src/shared/forms/rules.ts and the
 * form definitions). Where the CMS has its own copy of a rule, this test runs the same samples
 * through both — on the CMS side through the yup field schemas the forms are built from
 * (cms/src/lib/validate.js), in a `{ data }` body as posted — and fails when they disagree: e-mail
 * addresses (every form), web addresses (vacancies), Dutch postcodes and house numbers and IBANs
 * (subscription orders and vacancies).
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { HOUSE_NUMBER_RULE, POSTCODE_RULE } from '../../src/shared/features/subscriptions/order-form.ts';
import { IBAN_RULE } from '../../src/shared/forms/iban.ts';
import { parseValidation } from '../../src/shared/forms/parse.ts';
import { RULES, type RuleContext } from '../../src/shared/forms/rules.ts';

const require = createRequire(import.meta.url);
/** A yup schema as lib/validate.js builds them (opaque here). */
type Schema = object;
const validate = require('../src/lib/validate.js') as {
  HOUSE_NUMBER_PATTERN: RegExp;
  emailAddress: () => Schema;
  webUrl: () => Schema;
  postcode: () => Schema;
  iban: () => Schema;
  pattern: (regex: RegExp, message: string) => Schema;
  submission: (fields: Record<string, Schema>) => Schema;
  validateBody: (schema: Schema, body: unknown) => { data: Record<string, unknown> };
};

/** Whether the CMS accepts `value` as the one field of a body checked with `field`. */
function cms(field: Schema, value: string): boolean {
  try {
    validate.validateBody(validate.submission({ field }), { data: { field: value } });
    return true;
  } catch (error) {
    if ((error as Error).name !== 'ValidationError') throw error;
    return false;
  }
}

/** The portal's rules as the order and vacancy forms have them: the built-in ones and `iban`. */
const DEFINITIONS = { ...RULES, iban: IBAN_RULE };

/** Runs one portal rule (with the arguments of a validation string such as `matches:/…/`). */
function portal(spec: string, value: string): boolean {
  const [rule] = parseValidation(spec, DEFINITIONS);
  const definition = DEFINITIONS[rule!.name]!;
  const context: RuleContext = { value, name: 'field', values: { field: value }, now: Date.now() };
  return definition.test(context, rule!.args) as boolean;
}

const EMAILS = [
  'jan@example.nl',
  'j.de.vries@post.example.com',
  'x+tag@sub.domain.nl',
  '"quoted name"@example.nl',
  'a@b.c',
  'a@b',
  'geen-apenstaartje.nl',
  'twee@@example.nl',
  'spatie in@example.nl',
  '@example.nl',
  'jan@',
  'jan@.nl',
  'jan@example..nl',
  'jan@example.n',
  'jan.@example.nl',
  '.jan@example.nl',
  'JAN@EXAMPLE.NL',
  'jan@exam_ple.nl',
];

const POSTCODES = ['5038 EC', '5038EC', '5038 ec', '0123 AB', '1234 SA', '1234 SD', '1234 SS', '123 AB', '1234 A', '1234  AB', 'ABCD 12', '9999 ZZ'];

const HOUSE_NUMBERS = ['12', '12A', '12 A', '12-A', '12-bis', '0', '012', '123456', '1 2 3', 'A12', '99999', '7 hs'];

const URLS = [
  'https://pakketpost.example',
  'http://localhost:3000/vacatures',
  'https://pakketpost',
  'HTTPS://WERKENBIJ.EXAMPLE/PLANNER',
  'https://münchen.example/jobs',
  'ftp://pakketpost.example',
  'javascript:alert(1)',
  'pakketpost.example',
  'https://',
  'https://x.example:99999',
];

const IBANS = [
  'NL91ABNA0417164300',
  'nl91 abna 0417 1643 00',
  'NL91-ABNA-0417-1643-00',
  'NL91ABNA0417164301',
  'DE89370400440532013000',
  'BE68539007547034',
  'NL91ABNA041716430',
  'XX00',
  '',
  'NL44 RABO 0123 4567 89',
];

describe('the same samples through the portal rule and the CMS copy', () => {
  it.each(EMAILS)('e-mail %s', (value) => {
    expect(cms(validate.emailAddress(), value)).toBe(portal('email', value));
  });

  it.each(URLS)('web address %s', (value) => {
    expect(cms(validate.webUrl(), value)).toBe(portal('url', value));
  });

  it.each(POSTCODES)('postcode %s', (value) => {
    expect(cms(validate.postcode(), value)).toBe(portal(POSTCODE_RULE, value));
  });

  it.each(HOUSE_NUMBERS)('house number %s', (value) => {
    const houseNumber = validate.pattern(validate.HOUSE_NUMBER_PATTERN, '${path} is not a house number');
    expect(cms(houseNumber, value)).toBe(portal(HOUSE_NUMBER_RULE, value));
  });

  it.each(IBANS)('IBAN %s', (value) => {
    expect(cms(validate.iban(), value)).toBe(portal('iban', value));
  });
});

describe('the values the CMS stores', () => {
  const stored = (field: Schema, value: string) =>
    validate.validateBody(validate.submission({ field }), { data: { field: value } }).data.field;

  it('normalises postcodes and IBANs after checking them as posted', () => {
    expect(stored(validate.postcode(), ' 5038ec ')).toBe('5038 EC');
    expect(stored(validate.iban(), 'nl91-abna-0417-1643-00')).toBe('NL91ABNA0417164300');
    expect(stored(validate.emailAddress(), ' Jan@Example.nl ')).toBe('Jan@Example.nl');
  });
});
