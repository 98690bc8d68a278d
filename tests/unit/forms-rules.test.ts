import { describe, expect, it } from 'vitest';
import { defineForm, type FieldDefinition } from '../../src/shared/forms/define-form.ts';
import { failureMessage } from '../../src/shared/forms/messages.ts';
import { parseValidation } from '../../src/shared/forms/parse.ts';
import { validateForm } from '../../src/shared/forms/validate-form.ts';
import type { Locale } from '../../src/shared/i18n/locale.ts';
import { resources } from '../../src/shared/i18n/resources.ts';
import { i18nOver } from '../support/i18n-instance.ts';

const NOW = Date.parse('2026-06-01T12:00:00Z');

/** Messages of field `field` (the other fields get the given values). */
function messagesOf(
  field: FieldDefinition,
  value: unknown,
  locale: Locale = 'nl',
  others: Record<string, FieldDefinition> = {},
  otherValues: Record<string, unknown> = {},
): string[] {
  const form = defineForm({ fields: { field, ...others } });
  return validateForm(form, { field: value, ...otherValues }, locale, { now: NOW }).errors.field ?? [];
}

/** Messages for a text field labelled "code". */
const check = (validation: string, value: unknown, locale: Locale = 'nl', label = 'code') =>
  messagesOf({ label, validation }, value, locale);

interface Case {
  validation: string;
  fails: string;
  nl: string;
  en: string;
  passes: string[];
  label?: string;
}

const CASES: Case[] = [
  { validation: 'required', fails: '', nl: 'Code is verplicht.', en: 'Code is required.', passes: ['x'] },
  {
    validation: 'email',
    fails: 'jan@example',
    nl: 'Vul een geldig e-mailadres in.',
    en: 'Please enter a valid email address.',
    passes: ['jan@example.nl', 'j.de.vries+nieuws@sub.example.co.uk'],
  },
  {
    validation: 'url',
    fails: 'ftp://example.com',
    nl: 'Voer een geldige URL in.',
    en: 'Please enter a valid URL.',
    passes: ['https://example.com/a?b=c', 'http://localhost:3000'],
  },
  {
    validation: 'min:5',
    fails: '3',
    nl: 'Code moet minimaal 5 zijn.',
    en: 'Code must be at least 5.',
    passes: ['5', '12'],
  },
  {
    validation: 'max:10',
    fails: '11',
    nl: 'Code moet kleiner zijn dan of gelijk zijn aan 10.',
    en: 'Code must be no more than 10.',
    passes: ['10', '-3'],
  },
  {
    validation: 'between:1,10',
    fails: '11',
    nl: 'Code moet tussen 1 en 10 liggen.',
    en: 'Code must be between 1 and 10.',
    passes: ['1', '10', '5.5'],
  },
  {
    validation: 'between:10,1',
    fails: '0',
    nl: 'Code moet tussen 1 en 10 liggen.',
    en: 'Code must be between 1 and 10.',
    passes: ['5'],
  },
  {
    validation: 'length:5,100',
    fails: 'abc',
    nl: 'Code moet tussen de 5 en 100 tekens zijn.',
    en: 'Code must be between 5 and 100 characters.',
    passes: ['abcde'],
  },
  {
    validation: 'length:5',
    fails: 'abc',
    nl: 'Code moet minimaal 5 tekens lang zijn.',
    en: 'Code must be greater than or equal to 5 characters.',
    passes: ['abcdefghijklmnopqrstuvwxyz'],
  },
  {
    validation: 'length:0,3',
    fails: 'abcd',
    nl: 'Code mag maximaal 3 tekens lang zijn.',
    en: 'Code must be less than or equal to 3 characters.',
    passes: ['abc'],
  },
  {
    validation: 'length:4,4',
    fails: 'abc',
    nl: 'Code moet 4 tekens lang zijn.',
    en: 'Code should be 4 characters long.',
    passes: ['abcd'],
  },
  {
    validation: '+length:1',
    fails: '',
    nl: 'Code moet minimaal één teken zijn.',
    en: 'Code must be at least one character.',
    passes: ['a'],
  },
  {
    validation: 'matches:/^[A-Z]/',
    fails: 'abc',
    nl: 'Code is geen toegestane waarde.',
    en: 'Code is not an allowed value.',
    passes: ['Abc'],
  },
  {
    validation: 'is:rood,groen',
    fails: 'blauw',
    nl: 'Code is geen toegestane waarde.',
    en: 'Code is not an allowed value.',
    passes: ['rood', 'groen'],
  },
  {
    validation: 'not:admin,root',
    fails: 'admin',
    nl: '"admin" is geen toegestane code.',
    en: '“admin” is not an allowed code.',
    passes: ['jan'],
  },
  {
    validation: 'number',
    fails: 'twaalf',
    nl: 'Code moet een getal zijn.',
    en: 'Code must be a number.',
    passes: ['12', '-1.5', '1e3'],
  },
  {
    validation: 'accepted',
    fails: 'nee',
    nl: 'Accepteer de voorwaarden.',
    en: 'Please accept the voorwaarden.',
    passes: ['yes', 'on', '1', 'true'],
    label: 'voorwaarden',
  },
  {
    validation: 'alpha',
    fails: 'abc1',
    nl: 'Code mag alleen alfabetische tekens bevatten.',
    en: 'Code can only contain alphabetical characters.',
    passes: ['abc', 'Zoë'],
  },
  {
    validation: 'alpha_spaces',
    fails: 'ab1',
    nl: 'Code mag alleen letters en spaties bevatten.',
    en: 'Code can only contain letters and spaces.',
    passes: ['Jan de Vries'],
  },
  {
    validation: 'alphanumeric',
    fails: 'ab-1',
    nl: 'Code mag alleen letters en cijfers bevatten.',
    en: 'Code can only contain letters and numbers.',
    passes: ['ab1'],
  },
  {
    validation: 'lowercase',
    fails: 'abC',
    nl: 'Code mag alleen kleine letters bevatten.',
    en: 'Code can only contain lowercase letters.',
    passes: ['abc', 'één'],
  },
  {
    validation: 'lowercase:allow_numeric',
    fails: 'aB1',
    nl: 'Code mag alleen kleine letters en cijfers bevatten.',
    en: 'Code can only contain lowercase letters and numbers.',
    passes: ['ab1'],
  },
  {
    validation: 'uppercase',
    fails: 'ABc',
    nl: 'Code mag alleen hoofdletters bevatten.',
    en: 'Code can only contain uppercase letters.',
    passes: ['ABC'],
  },
  {
    validation: 'contains_alpha',
    fails: '123',
    nl: 'Code moet alfabetische tekens bevatten.',
    en: 'Code must contain alphabetical characters.',
    passes: ['12a'],
  },
  {
    validation: 'contains_alpha_spaces',
    fails: '123',
    nl: 'Code moet letters of spaties bevatten.',
    en: 'Code must contain letters or spaces.',
    passes: ['1 2'],
  },
  {
    validation: 'contains_alphanumeric',
    fails: '!?',
    nl: 'Code moet letters of cijfers bevatten.',
    en: 'Code must contain letters or numbers.',
    passes: ['!1'],
  },
  {
    validation: 'contains_lowercase',
    fails: 'ABC',
    nl: 'Code moet kleine letters bevatten.',
    en: 'Code must contain a lowercase letter.',
    passes: ['ABc'],
  },
  {
    validation: 'contains_numeric',
    fails: 'abc',
    nl: 'Code moet cijfers bevatten.',
    en: 'Code must contain numbers.',
    passes: ['abc1'],
  },
  {
    validation: 'contains_symbol',
    fails: 'abc1',
    nl: 'Code moet een symbool bevatten.',
    en: 'Code must contain a symbol.',
    passes: ['abc!'],
  },
  {
    validation: 'contains_uppercase',
    fails: 'abc',
    nl: 'Code moet hoofdletters bevatten.',
    en: 'Code must contain an uppercase letter.',
    passes: ['aBc'],
  },
  {
    validation: 'symbol',
    fails: 'a!',
    nl: 'Code moet een symbool zijn.',
    en: 'Code must be a symbol.',
    passes: ['!?'],
  },
  {
    validation: 'starts_with:NL,BE',
    fails: 'DE12',
    nl: 'Code begint niet met NL of BE.',
    en: 'Code doesn’t start with NL or BE.',
    passes: ['NL12', 'BE3'],
  },
  {
    validation: 'ends_with:.nl,.be,.de',
    fails: 'x.fr',
    nl: 'Code eindigt niet met .nl, .be of .de.',
    en: 'Code doesn’t end with .nl, .be or .de.',
    passes: ['x.nl', 'y.de'],
  },
  {
    validation: 'date_after:2026-01-01',
    fails: '2025-12-31',
    nl: 'Datum moet na 1 jan 2026 zijn.',
    en: 'Datum must be after 1 Jan 2026.',
    passes: ['2026-01-02'],
    label: 'datum',
  },
  {
    validation: 'date_after',
    fails: '2026-05-01',
    nl: 'Datum moet in de toekomst liggen.',
    en: 'Datum must be in the future.',
    passes: ['2026-07-01'],
    label: 'datum',
  },
  {
    validation: 'date_before:2026-01-01',
    fails: '2026-01-02',
    nl: 'Datum moet vóór 1 jan 2026 vallen.',
    en: 'Datum must be before 1 Jan 2026.',
    passes: ['2025-12-31'],
    label: 'datum',
  },
  {
    validation: 'date_before',
    fails: '2026-07-01',
    nl: 'Datum moet in het verleden liggen.',
    en: 'Datum must be in the past.',
    passes: ['2026-05-01'],
    label: 'datum',
  },
  {
    validation: 'date_between:2026-01-01,2026-12-31',
    fails: '2027-01-01',
    nl: 'Datum moet tussen 1 jan 2026 en 31 dec 2026 liggen.',
    en: 'Datum must be between 1 Jan 2026 and 31 Dec 2026.',
    passes: ['2026-01-01', '2026-12-31'],
    label: 'datum',
  },
  {
    validation: 'date_between:2026-12-31',
    fails: '2026-05-01',
    nl: 'Datum moet tussen 1 jun 2026 en 31 dec 2026 liggen.',
    en: 'Datum must be between 1 Jun 2026 and 31 Dec 2026.',
    passes: ['2026-08-01'],
    label: 'datum',
  },
  {
    validation: 'date_format:DD-MM-YYYY',
    fails: '2026-01-05',
    nl: 'Datum is geen geldige datum, gebruik de notatie DD-MM-YYYY.',
    en: 'Datum is not a valid date, please use the format DD-MM-YYYY.',
    passes: ['05-01-2026', '31-12-1999'],
    label: 'datum',
  },
  {
    validation: 'date_format',
    fails: 'morgen',
    nl: 'De geselecteerde datum is ongeldig.',
    en: 'The selected date is invalid.',
    passes: ['2026-01-05'],
    label: 'datum',
  },
];

describe('built-in rules: exact messages in Dutch and English', () => {
  for (const rule of CASES) {
    it(`${rule.validation} fails on ${JSON.stringify(rule.fails)} and passes valid values`, () => {
      expect(check(rule.validation, rule.fails, 'nl', rule.label)).toEqual([rule.nl]);
      expect(check(rule.validation, rule.fails, 'en', rule.label)).toEqual([rule.en]);
      for (const value of rule.passes)
        expect(check(rule.validation, value, 'nl', rule.label), value).toEqual([]);
    });
  }

  it('covers every rule of the spec and issue', () => {
    const covered = new Set(CASES.map((rule) => parseValidation(rule.validation)[0]!.name));
    for (const name of ['confirm', 'require_one', 'iban']) covered.add(name);
    expect([...covered].sort()).toEqual(
      [
        'accepted',
        'alpha',
        'alpha_spaces',
        'alphanumeric',
        'between',
        'confirm',
        'contains_alpha',
        'contains_alpha_spaces',
        'contains_alphanumeric',
        'contains_lowercase',
        'contains_numeric',
        'contains_symbol',
        'contains_uppercase',
        'date_after',
        'date_before',
        'date_between',
        'date_format',
        'email',
        'ends_with',
        'iban',
        'is',
        'length',
        'lowercase',
        'matches',
        'max',
        'min',
        'not',
        'number',
        'require_one',
        'required',
        'starts_with',
        'symbol',
        'uppercase',
        'url',
      ].sort(),
    );
  });
});

describe('rule details', () => {
  it('required:trim rejects blanks in untrimmed (password) fields; plain required does not', () => {
    const password = (validation: string, value: string) =>
      messagesOf({ type: 'password', label: 'wachtwoord', validation }, value);
    expect(password('required:trim', '   ')).toEqual(['Wachtwoord is verplicht.']);
    expect(password('required', '   ')).toEqual([]);
    expect(password('required:trim', ' x ')).toEqual([]);
  });

  it('trims text before required, so blanks are empty', () => {
    expect(check('required', '   ')).toEqual(['Code is verplicht.']);
  });

  it('url accepts only http and https by default, other protocols when listed', () => {
    expect(check('url', 'example.com')).toEqual(['Voer een geldige URL in.']);
    expect(check('url', 'javascript:alert(1)')).toEqual(['Voer een geldige URL in.']);
    expect(check('url:ftp', 'ftp://example.com')).toEqual([]);
  });

  it('min and max count the choices of a checkbox group', () => {
    const topics = {
      type: 'checkbox',
      label: 'onderwerpen',
      options: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
        { value: 'c', label: 'C' },
      ],
    } as const;
    expect(messagesOf({ ...topics, validation: 'min:2' }, ['a'])).toEqual([
      'Mag niet minder dan 2 onderwerpen hebben.',
    ]);
    expect(messagesOf({ ...topics, validation: 'min:2' }, ['a'], 'en')).toEqual([
      'Cannot have fewer than 2 onderwerpen.',
    ]);
    expect(messagesOf({ ...topics, validation: 'max:2' }, ['a', 'b', 'c'])).toEqual([
      'Mag niet meer dan 2 onderwerpen hebben.',
    ]);
    expect(messagesOf({ ...topics, validation: 'max:2' }, ['a', 'b', 'c'], 'en')).toEqual([
      'Cannot have more than 2 onderwerpen.',
    ]);
    expect(messagesOf({ ...topics, validation: 'min:2|max:2' }, ['a', 'c'])).toEqual([]);
  });

  it('accepted checks a single checkbox (unchecked is false, which is not empty)', () => {
    const terms = { type: 'checkbox', label: 'voorwaarden', validation: 'accepted' } as const;
    expect(messagesOf(terms, undefined)).toEqual(['Accepteer de voorwaarden.']);
    expect(messagesOf(terms, undefined, 'en')).toEqual(['Please accept the voorwaarden.']);
    expect(messagesOf(terms, 'on')).toEqual([]);
    expect(messagesOf(terms, true)).toEqual([]);
  });

  it('matches takes /regex/flags, patterns with | and , and plain values', () => {
    expect(check('matches:/^[a-z]+$/i', 'ABC')).toEqual([]);
    expect(check('matches:/^[a-z]+$/', 'ABC')).toEqual(['Code is geen toegestane waarde.']);
    expect(check('matches:/^(ja|nee)$/|required', 'nee')).toEqual([]);
    expect(check('matches:/^(ja|nee)$/|required', 'misschien')).toEqual(['Code is geen toegestane waarde.']);
    expect(check('matches:/^\\d{3,4}$/', '1234')).toEqual([]);
    expect(check('matches:/^\\d{3,4}$/', '12345')).toEqual(['Code is geen toegestane waarde.']);
    expect(check('matches:foo,bar', 'bar')).toEqual([]);
    expect(check('matches:/g$/g', 'bag')).toEqual([]);
  });

  it('confirm compares with {name}_confirm, with the field without _confirm, or with a named field', () => {
    const fields = {
      password: { type: 'password', label: 'wachtwoord', validation: 'required' },
      password_confirm: { type: 'password', label: 'wachtwoord bevestigen', validation: 'required|confirm' },
    } as const;
    const form = defineForm({ fields });
    expect(validateForm(form, { password: 'geheim12', password_confirm: 'geheim13' }, 'nl').errors).toEqual({
      password_confirm: ['Wachtwoord bevestigen komt niet overeen.'],
    });
    expect(validateForm(form, { password: 'geheim12', password_confirm: 'geheim13' }, 'en').errors).toEqual({
      password_confirm: ['Wachtwoord bevestigen does not match.'],
    });
    expect(validateForm(form, { password: 'geheim12', password_confirm: 'geheim12' }, 'nl').success).toBe(
      true,
    );

    const forward = defineForm({
      fields: { email: { validation: 'confirm' }, email_confirm: {} },
    });
    expect(validateForm(forward, { email: 'a@b.nl', email_confirm: 'a@b.com' }, 'nl').errors).toEqual({
      email: ['Email komt niet overeen.'],
    });
    const named = defineForm({ fields: { one: {}, two: { label: 'herhaling', validation: 'confirm:one' } } });
    expect(validateForm(named, { one: 'x', two: 'y' }, 'nl').errors).toEqual({
      two: ['Herhaling komt niet overeen.'],
    });
    expect(validateForm(named, { one: 'x', two: 'x' }, 'nl').success).toBe(true);
  });

  it('require_one passes when this or one of the named fields has a value', () => {
    const form = defineForm({
      fields: {
        email: { label: 'forms.labels.email', validation: 'require_one:phone' },
        phone: { label: 'forms.labels.phone' },
      },
    });
    expect(validateForm(form, {}, 'nl').errors).toEqual({
      email: ['E-mailadres of Telefoonnummer is vereist.'],
    });
    expect(validateForm(form, {}, 'en').errors).toEqual({
      email: ['Email address or Phone number is required.'],
    });
    expect(validateForm(form, { phone: '0612345678' }, 'nl').success).toBe(true);
    expect(validateForm(form, { email: 'a@b.nl' }, 'nl').success).toBe(true);
  });

  it('gives the misconfigured message for unusable arguments', () => {
    const nl = 'Dit veld is onjuist geconfigureerd en kan niet worden verzonden.';
    const en = "This field was configured incorrectly and can't be submitted.";
    for (const validation of ['min:abc', 'between:a,5', 'date_after:gisteren', 'matches:/[/', 'length:x']) {
      expect(check(validation, '3'), validation).toEqual([nl]);
      expect(check(validation, '3', 'en'), validation).toEqual([en]);
    }
  });
});

describe('labels and message names', () => {
  it('translates a label key and capitalises the name', () => {
    expect(messagesOf({ label: 'forms.labels.email', validation: 'required' }, '')).toEqual([
      'E-mailadres is verplicht.',
    ]);
    expect(messagesOf({ label: 'forms.labels.email', validation: 'required' }, '', 'en')).toEqual([
      'Email address is required.',
    ]);
    expect(messagesOf({ label: 'straat en huisnummer', validation: 'required' }, '')).toEqual([
      'Straat en huisnummer is verplicht.',
    ]);
  });

  it('falls back to the field name, and prefers validationLabel over the label', () => {
    const form = defineForm({ fields: { email: { validation: 'required' } } });
    expect(validateForm(form, {}, 'nl').errors).toEqual({ email: ['Email is verplicht.'] });
    expect(
      messagesOf({ label: 'E-mail', validationLabel: 'uw e-mailadres', validation: 'required' }, ''),
    ).toEqual(['Uw e-mailadres is verplicht.']);
  });

  it('uses a custom message per rule, as text or translation key, with placeholders', () => {
    const field: FieldDefinition = {
      label: 'postcode',
      validation: 'required|matches:/^\\d{4} ?[A-Z]{2}$/',
      messages: { matches: 'Vul een {{name}} in zoals 1234 AB.', required: 'forms.validation.iban' },
    };
    expect(messagesOf(field, '12')).toEqual(['Vul een postcode in zoals 1234 AB.']);
    expect(messagesOf(field, '')).toEqual(['Vul een geldig IBAN in.']);
    expect(messagesOf(field, '', 'en')).toEqual(['Please enter a valid IBAN.']);
  });

  it('falls back to "This field is not valid." for a rule without a text', () => {
    const rule = parseValidation('email')[0]!;
    const failure = { rule, misconfigured: false, value: 'x', label: 'code', labelOf: String, now: NOW };
    const dutchDefaultOnly = i18nOver('nl', {
      nl: { forms: { validation: { default: 'Dit veld is niet geldig.' } } },
    });
    expect(failureMessage({ i18n: dutchDefaultOnly, locale: 'nl' }, failure)).toBe(
      'Dit veld is niet geldig.',
    );
    const empty = i18nOver('en');
    expect(failureMessage({ i18n: empty, locale: 'en' }, failure)).toBe('This field is not valid.');
  });

  it('has the form texts of docs/product.md#errors in both languages', () => {
    const forms = (locale: Locale) => (resources[locale].forms as { forms: Record<string, unknown> }).forms;
    expect(forms('nl')).toMatchObject({
      summaryHeader: 'Er zijn fouten in je formulier gevonden.',
      incompleteTitle: 'Formulier onvolledig.',
      incomplete: 'Sorry, niet alle velden zijn correct ingevuld.',
      validation: {
        default: 'Dit veld is niet geldig.',
        misconfigured: 'Dit veld is onjuist geconfigureerd en kan niet worden verzonden.',
        required: '{{Name}} is verplicht.',
        email: 'Vul een geldig e-mailadres in.',
      },
    });
    expect(forms('en')).toMatchObject({
      summaryHeader: 'There were errors in your form.',
      incompleteTitle: 'Form incomplete.',
      incomplete: 'Sorry, not all fields are filled out correctly.',
      validation: {
        default: 'This field is not valid.',
        misconfigured: "This field was configured incorrectly and can't be submitted.",
        required: '{{Name}} is required.',
        email: 'Please enter a valid email address.',
      },
    });
  });
});
