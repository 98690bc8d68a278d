import { describe, expect, it } from 'vitest';
import { defineForm } from '../../src/shared/forms/define-form.ts';
import { IBAN_RULE, ibanLengths, isValidIban } from '../../src/shared/forms/iban.ts';
import { parseValidation } from '../../src/shared/forms/parse.ts';
import { RULES } from '../../src/shared/forms/rules.ts';
import { formFailure, validateForm } from '../../src/shared/forms/validate-form.ts';
import fixture from '../fixtures/iban-examples.json';

const examples = fixture.examples;

/** ISO 7064 mod-97-10 check digits for a country and BBAN, computed independently of ibantools. */
function checkDigits(country: string, bban: string): string {
  const digits = [...`${bban}${country}00`]
    .map((char) => (/[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char))
    .join('');
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return String(98 - remainder).padStart(2, '0');
}

/** An IBAN with correct check digits for any country code and BBAN. */
function withCheckDigits(country: string, bban: string): string {
  return `${country}${checkDigits(country, bban)}${bban}`;
}

/** Print format: groups of four separated by spaces. */
const spaced = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();

describe('IBAN examples of the SWIFT registry', () => {
  it('has at least 80 examples, one per country', () => {
    expect(examples.length).toBeGreaterThanOrEqual(80);
    expect(new Set(examples.map((example) => example.country)).size).toBe(examples.length);
  });

  it('accepts every example as given, lowercased, with spaces, and both', () => {
    for (const { iban } of examples) {
      expect(isValidIban(iban), iban).toBe(true);
      expect(isValidIban(iban.toLowerCase()), iban).toBe(true);
      expect(isValidIban(spaced(iban)), iban).toBe(true);
      expect(isValidIban(spaced(iban.toLowerCase())), iban).toBe(true);
    }
  });

  it('uses the check digits of mod 97 (the test helper agrees with every example)', () => {
    for (const { iban } of examples) {
      expect(withCheckDigits(iban.slice(0, 2), iban.slice(4)), iban).toBe(iban);
    }
  });

  it('rejects every example after changing any one digit to another digit', () => {
    let variants = 0;
    for (const { iban } of examples) {
      for (let position = 2; position < iban.length; position++) {
        const original = iban[position]!;
        if (!/[0-9]/.test(original)) continue;
        for (let digit = 0; digit <= 9; digit++) {
          if (String(digit) === original) continue;
          const changed = `${iban.slice(0, position)}${digit}${iban.slice(position + 1)}`;
          expect(isValidIban(changed), `${iban} → ${changed}`).toBe(false);
          variants++;
        }
      }
    }
    expect(variants).toBeGreaterThan(examples.length * 9 * 10);
  });

  it('knows the length of about 100 countries, matching the registry', () => {
    const lengths = ibanLengths();
    expect(Object.keys(lengths).length).toBeGreaterThanOrEqual(89);
    expect(Object.keys(lengths).length).toBeLessThan(140);
    expect(lengths).toMatchObject({ DE: 22, NL: 18, FR: 27, PL: 28, BE: 16, NO: 15, LC: 32 });
    for (const { country, length, iban } of examples) {
      expect(lengths[country], country).toBe(length);
      expect(iban.length, country).toBe(length);
    }
  });
});

describe('isValidIban', () => {
  it('rejects an unknown country code even with correct check digits', () => {
    expect(isValidIban(withCheckDigits('XX', 'ABNA0417164300'))).toBe(false);
    expect(isValidIban(withCheckDigits('US', '0417164300123456'))).toBe(false);
    expect(isValidIban(withCheckDigits('ZZ', '370400440532013000'))).toBe(false);
  });

  it('rejects a wrong length even with correct check digits', () => {
    expect(isValidIban(withCheckDigits('NL', 'ABNA041716430'))).toBe(false);
    expect(isValidIban(withCheckDigits('NL', 'ABNA04171643001'))).toBe(false);
    expect(isValidIban(withCheckDigits('DE', '3704004405320130001'))).toBe(false);
    expect(isValidIban(withCheckDigits('DE', '37040044053201300'))).toBe(false);
    expect(withCheckDigits('NL', 'ABNA0417164300')).toBe('NL91ABNA0417164300');
  });

  it('rejects a BBAN of the wrong structure even with correct length and check digits', () => {
    // NL: four letters (bank) then ten digits; DE: eighteen digits.
    expect(isValidIban(withCheckDigits('NL', '0417ABNA164300'))).toBe(false);
    expect(isValidIban(withCheckDigits('DE', '3704004405320130AB'))).toBe(false);
    expect(isValidIban(withCheckDigits('NL', 'ABNA0417164300'))).toBe(true);
  });

  it('rejects swapped check digits, empty input and garbage', () => {
    expect(isValidIban('NL19ABNA0417164300')).toBe(false);
    expect(isValidIban('')).toBe(false);
    expect(isValidIban('    ')).toBe(false);
    expect(isValidIban('NL')).toBe(false);
    expect(isValidIban('NL91 ABNA 0417 1643 00 !')).toBe(false);
  });
});

describe('the iban rule', () => {
  const fields = { iban: { label: 'forms.labels.iban', validation: 'iban' } };
  const form = defineForm({ fields, rules: { iban: IBAN_RULE } });

  it('is brought by the forms that use it, not built in (its country table loads only with them)', () => {
    expect(Object.keys(RULES)).not.toContain('iban');
    expect(() => defineForm({ fields })).toThrow('Unknown validation rule "iban"');
    expect(form.ruleDefinitions.iban).toBe(IBAN_RULE);
  });

  it('is blocking, runs on empty values and waits 20 ms', () => {
    expect(parseValidation('iban', { ...RULES, iban: IBAN_RULE })).toEqual([
      { name: 'iban', args: [], blocking: true, debounce: 20, force: false, skipEmpty: false },
    ]);
  });

  it('gives its message for an empty value', () => {
    expect(validateForm(form, { iban: '' }, 'nl')).toMatchObject({
      success: false,
      errors: { iban: ['Vul een geldig IBAN in.'] },
    });
    expect(validateForm(form, {}, 'en').errors).toEqual({ iban: ['Please enter a valid IBAN.'] });
  });

  it('accepts a valid IBAN in print format and rejects a mistyped one', () => {
    expect(validateForm(form, { iban: ' nl91 abna 0417 1643 00 ' }, 'nl')).toMatchObject({
      success: true,
      errors: {},
    });
    expect(validateForm(form, { iban: 'NL91 ABNA 0417 1643 01' }, 'en').errors).toEqual({
      iban: ['Please enter a valid IBAN.'],
    });
  });

  it('comes back after a rejected submit, as every value but a password (decision 110)', () => {
    expect(form.secrets.has('iban')).toBe(false);
    const refused = validateForm(form, { iban: 'NL91 ABNA 0417 1643 01' }, 'nl');
    expect(formFailure(form, refused).values).toEqual({ iban: 'NL91 ABNA 0417 1643 01' });
  });
});
