/**
 * IBAN check for the custom `iban` rule (docs/product.md#validation): valid only for a known country code, the
 * country's length (about 100 countries: DE 22, NL 18, FR 27, PL 28, docs/product.md#constants), the
 * country's BBAN structure and the ISO 7064 mod-97-10 checksum (remainder 1). The country table
 * and the checks come from ibantools (SWIFT IBAN registry); spaces, dashes and lowercase letters
 * are accepted, as people copy IBANs in print format.
 */
import { electronicFormatIBAN, getCountrySpecifications, isValidIBAN } from 'ibantools';
import type { RuleDefinition } from './rules.ts';

/**
 * True when `input` is a valid IBAN.
 * @param input IBAN in electronic (`NL91ABNA0417164300`) or print format (`nl91 abna 0417 1643 00`)
 */
export function isValidIban(input: string): boolean {
  const iban = electronicFormatIBAN(input);
  return iban !== null && /^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban) && isValidIBAN(iban);
}

/**
 * IBAN length per country code, for the countries that use IBANs (from ibantools' copy of the
 * SWIFT registry), e.g. `{ NL: 18, DE: 22, … }`.
 */
export function ibanLengths(): Record<string, number> {
  const lengths: Record<string, number> = {};
  for (const [country, spec] of Object.entries(getCountrySpecifications())) {
    if (spec.chars && spec.bban_regexp) lengths[country] = spec.chars;
  }
  return lengths;
}

/**
 * The `iban` rule (docs/product.md#validation): blocking, runs on empty values (an empty IBAN is
 * not a valid one; `-iban` makes it optional) and waits 20 ms after typing. A form that uses it
 * passes it to `defineForm({ fields, rules: { iban: IBAN_RULE } })`.
 */
export const IBAN_RULE: RuleDefinition = {
  skipEmpty: false,
  debounce: 20,
  test: ({ value }) => typeof value === 'string' && isValidIban(value),
};
