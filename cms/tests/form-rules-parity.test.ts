/**
 * The CMS re-checks what the portal's forms already checked (src/shared/forms/rules.ts and the
 * form definitions). Where the CMS has its own copy of a rule, this test runs the same samples
 * through both and fails when they disagree: e-mail addresses (every form), Dutch postcodes and
 * house numbers and IBANs (subscription orders and vacancies).
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { HOUSE_NUMBER_RULE, POSTCODE_RULE } from '../../src/shared/features/subscriptions/order-form.ts';
import { IBAN_RULE } from '../../src/shared/forms/iban.ts';
import { parseValidation } from '../../src/shared/forms/parse.ts';
import { RULES, type RuleContext } from '../../src/shared/forms/rules.ts';

const require = createRequire(import.meta.url);
const validate = require('../src/lib/validate.js') as {
  EMAIL_PATTERN: RegExp;
  POSTCODE_PATTERN: RegExp;
  HOUSE_NUMBER_PATTERN: RegExp;
};
const orders = require('../src/lib/iban.js') as {
  normalizeIban: (value: unknown) => string | null;
};

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
    expect(validate.EMAIL_PATTERN.test(value)).toBe(portal('email', value));
  });

  it.each(POSTCODES)('postcode %s', (value) => {
    expect(validate.POSTCODE_PATTERN.test(value)).toBe(portal(POSTCODE_RULE, value));
  });

  it.each(HOUSE_NUMBERS)('house number %s', (value) => {
    expect(validate.HOUSE_NUMBER_PATTERN.test(value)).toBe(portal(HOUSE_NUMBER_RULE, value));
  });

  it.each(IBANS)('IBAN %s', (value) => {
    expect(orders.normalizeIban(value) !== null).toBe(portal('iban', value));
  });
});
