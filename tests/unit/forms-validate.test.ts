import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coerceValues, defineForm } from '../../src/shared/forms/define-form.ts';
import { IBAN_RULE } from '../../src/shared/forms/iban.ts';
import { LiveValidation } from '../../src/shared/forms/live-validation.ts';
import { extractRules, parseValidation } from '../../src/shared/forms/parse.ts';
import { RULES } from '../../src/shared/forms/rules.ts';
import { formFailure, readFormInput, validateForm } from '../../src/shared/forms/validate-form.ts';
import type { Locale } from '../../src/shared/i18n/locale.ts';
import { i18nFor } from '../../src/shared/i18n/translations.ts';

/** The built-in rules and the `iban` rule, as a form with an IBAN field has them. */
const WITH_IBAN = { ...RULES, iban: IBAN_RULE };
const rule = (spec: string) => parseValidation(spec, WITH_IBAN);

describe('parsing rules', () => {
  it('reads the string syntax with arguments', () => {
    expect(extractRules('required|length:5,100|matches:/^[A-Z]/')).toEqual([
      ['required'],
      ['length', '5', '100'],
      ['matches', '/^[A-Z]/'],
    ]);
    expect(extractRules(' required | is: a , b ')).toEqual([['required'], ['is', 'a', 'b']]);
  });

  it('keeps | and , inside a /pattern/flags argument', () => {
    expect(extractRules('matches:/^(a|b),{1,2}$/gi,/x/|required')).toEqual([
      ['matches', '/^(a|b),{1,2}$/gi', '/x/'],
      ['required'],
    ]);
    expect(extractRules('matches:/[/|]/|email')).toEqual([['matches', '/[/|]/'], ['email']]);
  });

  it('applies the defaults of each rule', () => {
    expect(rule('email')[0]).toEqual({
      name: 'email',
      args: [],
      blocking: true,
      debounce: 0,
      force: false,
      skipEmpty: true,
    });
    expect(rule('required')[0]).toMatchObject({ skipEmpty: false });
    expect(rule('accepted')[0]).toMatchObject({ skipEmpty: false });
    expect(rule('require_one:x')[0]).toMatchObject({ skipEmpty: false, args: ['x'] });
    expect(rule('iban')[0]).toMatchObject({ skipEmpty: false, debounce: 20, blocking: true });
  });

  it('applies the hints * + ? and (ms) in any order', () => {
    expect(rule('*email')[0]).toMatchObject({ force: true, skipEmpty: true, blocking: true, debounce: 0 });
    expect(rule('+email')[0]).toMatchObject({ skipEmpty: false });
    expect(rule('?email')[0]).toMatchObject({ blocking: false });
    expect(rule('(200)email')[0]).toMatchObject({ debounce: 200 });
    expect(rule('(20)+iban')[0]).toMatchObject({ name: 'iban', debounce: 20, skipEmpty: false });
    expect(rule('?(5)*+matches:/a/')[0]).toMatchObject({
      name: 'matches',
      args: ['/a/'],
      blocking: false,
      debounce: 5,
      force: true,
      skipEmpty: false,
    });
  });

  it('reads the array syntax with any argument types and hints', () => {
    const pattern = /^\d{4}$/;
    expect(parseValidation([['required'], ['?matches', pattern], ['(50)+iban']], WITH_IBAN)).toEqual([
      { name: 'required', args: [], blocking: true, debounce: 0, force: false, skipEmpty: false },
      { name: 'matches', args: [pattern], blocking: false, debounce: 0, force: false, skipEmpty: true },
      { name: 'iban', args: [], blocking: true, debounce: 50, force: false, skipEmpty: false },
    ]);
  });

  it('refuses unknown rules, bad hints and references to unknown fields', () => {
    expect(() => parseValidation('required|emial')).toThrow('Unknown validation rule "emial"');
    expect(() => parseValidation('!email')).toThrow('Invalid validation rule "!email"');
    expect(() => defineForm({ fields: { password: { validation: 'confirm' } } })).toThrow(
      'Field "password": a validation rule refers to the unknown field "password_confirm"',
    );
    expect(() => defineForm({ fields: { email: { validation: 'require_one:phone' } } })).toThrow('"phone"');
  });
});

describe('running rules', () => {
  const errorsOf = (validation: string, value: string, locale: Locale = 'nl') => {
    const form = defineForm({ fields: { code: { validation } } });
    return validateForm(form, { code: value }, locale);
  };

  it('skips rules on an empty value, except required, accepted, require_one and + rules', () => {
    expect(errorsOf('email|min:5|length:5|url', '')).toEqual({
      success: true,
      values: { code: '' },
      errors: {},
    });
    expect(errorsOf('required|email', '').errors).toEqual({ code: ['Code is verplicht.'] });
    expect(errorsOf('+email', '').errors).toEqual({ code: ['Vul een geldig e-mailadres in.'] });
    expect(errorsOf('accepted', '').errors).toEqual({ code: ['Accepteer de code.'] });
  });

  it('stops at the first failure unless a later rule is forced', () => {
    expect(errorsOf('required|email|length:50', 'x').errors).toEqual({
      code: ['Vul een geldig e-mailadres in.'],
    });
    expect(errorsOf('required|email|*length:50', 'x').errors).toEqual({
      code: ['Vul een geldig e-mailadres in.', 'Code moet minimaal 50 tekens lang zijn.'],
    });
    expect(errorsOf('email|*length:50|number', 'x').errors.code).toHaveLength(2);
  });

  it('a non-blocking rule reports its message but does not block', () => {
    expect(errorsOf('?email', 'x')).toEqual({
      success: true,
      values: { code: 'x' },
      errors: { code: ['Vul een geldig e-mailadres in.'] },
    });
    expect(errorsOf('?email|*required:trim|*number', 'x').success).toBe(false);
  });

  it('runs debounced rules at once on the server', () => {
    expect(errorsOf('(500)email', 'x', 'en').errors).toEqual({
      code: ['Please enter a valid email address.'],
    });
  });
});

const signup = defineForm({
  fields: {
    name: { label: 'forms.labels.name', validation: 'required|length:2,60' },
    email: { type: 'email', label: 'forms.labels.email', validation: 'required|email' },
    password: { type: 'password', label: 'forms.labels.password', validation: 'required|length:8' },
    password_confirm: {
      type: 'password',
      label: 'forms.labels.passwordConfirm',
      validation: 'required|confirm',
    },
    iban: { label: 'forms.labels.iban', validation: '(20)+iban' },
    country: {
      type: 'select',
      label: 'Land',
      validation: 'required',
      options: [
        { value: 'nl', label: 'Nederland' },
        { value: 'be', label: 'België' },
      ],
    },
    topics: {
      type: 'checkbox',
      label: 'onderwerpen',
      validation: 'required|max:1',
      options: [
        { value: 'ecommerce', label: 'E-commerce' },
        { value: 'logistiek', label: 'Logistiek' },
      ],
    },
    newsletter: { type: 'checkbox', label: 'Nieuwsbrief' },
    terms: { type: 'checkbox', label: 'voorwaarden', validation: 'accepted' },
    message: { type: 'textarea', label: 'forms.labels.message', validation: '?length:0,20' },
  },
  rules: { iban: IBAN_RULE },
});

function body(entries: Array<[string, string | Blob]>): FormData {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

describe('coercion', () => {
  it('reads a POST body: trimmed text, raw passwords, booleans, option lists', () => {
    const data = body([
      ['name', '  Jan  '],
      ['email', ' jan@example.nl '],
      ['password', ' geheim123 '],
      ['country', 'be'],
      ['topics', 'logistiek'],
      ['topics', 'onbekend'],
      ['topics', 'ecommerce'],
      ['terms', 'on'],
      ['extra', 'ignored'],
      ['message', new Blob(['file'])],
    ]);
    expect(coerceValues(signup, readFormInput(signup, data))).toEqual({
      name: 'Jan',
      email: 'jan@example.nl',
      password: ' geheim123 ',
      password_confirm: '',
      iban: '',
      country: 'be',
      topics: ['logistiek', 'ecommerce'],
      newsletter: false,
      terms: true,
      message: '',
    });
  });

  it('drops a value that is not one of the options and survives garbage', () => {
    const values = coerceValues(signup, {
      country: 'de',
      topics: 'ecommerce',
      terms: 'false',
      name: 42,
      newsletter: 'x',
    });
    expect(values).toMatchObject({
      country: '',
      topics: ['ecommerce'],
      terms: false,
      name: '',
      newsletter: true,
    });
    expect(coerceValues(signup, {})).toEqual(signup.initialValues);
  });

  it('reads URLSearchParams and plain objects like FormData', () => {
    const params = new URLSearchParams('name=Piet&topics=ecommerce&topics=logistiek');
    expect(coerceValues(signup, readFormInput(signup, params))).toMatchObject({
      name: 'Piet',
      topics: ['ecommerce', 'logistiek'],
    });
    expect(readFormInput(signup, { name: 'Klaas' })).toEqual({ name: 'Klaas' });
  });
});

describe('validateForm and the valibot schema', () => {
  const valid = {
    name: 'Jan de Vries',
    email: 'jan@example.nl',
    password: 'geheim123',
    password_confirm: 'geheim123',
    iban: 'NL91 ABNA 0417 1643 00',
    country: 'nl',
    topics: ['ecommerce'],
    terms: 'on',
  };

  it('accepts a valid submission and returns the coerced values', () => {
    const result = validateForm(signup, valid, 'nl');
    expect(result.errors).toEqual({});
    expect(result.success).toBe(true);
    expect(result.values).toMatchObject({ iban: 'NL91 ABNA 0417 1643 00', terms: true, newsletter: false });
  });

  it('returns every message per field in field order, in the requested language', () => {
    const input = {
      ...valid,
      name: 'J',
      email: 'jan@',
      password_confirm: 'anders',
      iban: 'NL00',
      terms: '',
      topics: [],
    };
    const nl = validateForm(signup, input, 'nl');
    expect(nl.success).toBe(false);
    expect(nl.errors).toEqual({
      name: ['Naam moet tussen de 2 en 60 tekens zijn.'],
      email: ['Vul een geldig e-mailadres in.'],
      password_confirm: ['Wachtwoord bevestigen komt niet overeen.'],
      iban: ['Vul een geldig IBAN in.'],
      topics: ['Onderwerpen is verplicht.'],
      terms: ['Accepteer de voorwaarden.'],
    });
    expect(Object.keys(nl.errors)).toEqual(['name', 'email', 'password_confirm', 'iban', 'topics', 'terms']);
    expect(validateForm(signup, input, 'en').errors).toMatchObject({
      name: ['Name must be between 2 and 60 characters.'],
      email: ['Please enter a valid email address.'],
      password_confirm: ['Confirm password does not match.'],
      iban: ['Please enter a valid IBAN.'],
      terms: ['Please accept the voorwaarden.'],
    });
  });

  it('is a valibot schema of the submittable form (blocking rules only)', () => {
    expect(v.safeParse(signup.schema, valid, { lang: 'nl' }).success).toBe(true);
    const longMessage = { ...valid, message: 'x'.repeat(30) };
    expect(validateForm(signup, longMessage, 'nl').errors).toEqual({
      message: ['Bericht mag maximaal 20 tekens lang zijn.'],
    });
    expect(v.safeParse(signup.schema, longMessage, { lang: 'nl' }).success).toBe(true);
    const result = v.safeParse(signup.schema, { ...valid, email: 'x', iban: '' }, { lang: 'en' });
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
      ['email', 'Please enter a valid email address.'],
      ['iban', 'Please enter a valid IBAN.'],
    ]);
  });

  it('formFailure sends every value back but the passwords, the IBAN too (decision 110)', () => {
    const result = validateForm(signup, { ...valid, email: 'x' }, 'nl');
    const failure = formFailure(signup, result);
    expect(failure.errors).toEqual({ email: ['Vul een geldig e-mailadres in.'] });
    expect(failure.values).not.toHaveProperty('password');
    expect(failure.values).not.toHaveProperty('password_confirm');
    expect(failure.values).toMatchObject({
      name: 'Jan de Vries',
      email: 'x',
      iban: 'NL91 ABNA 0417 1643 00',
      country: 'nl',
      topics: ['ecommerce'],
      terms: true,
    });
    expect(Object.keys(failure.values).sort()).toEqual(
      signup.names.filter((name) => !name.startsWith('password')).sort(),
    );
    expect(JSON.parse(JSON.stringify(failure))).toEqual(failure);
    expect([...signup.secrets].sort()).toEqual(['password', 'password_confirm']);
  });

  it('keeps a field back that says `secret: true`', () => {
    const form = defineForm({
      fields: { code: { label: 'code', secret: true, validation: 'required' }, note: { label: 'notitie' } },
    });
    const failure = formFailure(form, validateForm(form, { code: 'geheim', note: 'hallo' }, 'nl'));
    expect(failure.values).toEqual({ note: 'hallo' });
  });
});

describe('browser and server give the same messages', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const inputs: Array<Record<string, unknown>> = [
    {},
    { name: ' J ', email: 'jan@', password: 'kort', password_confirm: 'kort2', iban: 'nl91abna0417164301' },
    {
      name: 'Jan',
      email: ' jan@example.nl ',
      password: 'geheim123',
      password_confirm: 'geheim123',
      terms: true,
    },
    {
      country: 'be',
      topics: ['logistiek', 'ecommerce'],
      message: 'x'.repeat(21),
      iban: 'DE89 3704 0044 0532 0130 00',
    },
  ];

  for (const [index, raw] of inputs.entries()) {
    it(`input ${index}: the client store and validateForm agree, in both languages`, async () => {
      vi.useFakeTimers();
      for (const locale of ['nl', 'en'] as const) {
        const store = new LiveValidation(signup, { i18n: i18nFor(locale), locale });
        const values = { ...signup.initialValues, ...raw };
        const pending = signup.names.map((name) =>
          store.validator(name)(values[name as keyof typeof values], values),
        );
        await vi.advanceTimersByTimeAsync(20);
        await Promise.all(pending);
        const client: Record<string, string[]> = {};
        for (const name of signup.names) {
          const failures = store.get(name).failures;
          if (failures.length) client[name] = failures.map((failure) => failure.message);
        }
        const server = validateForm(signup, raw, locale);
        expect(client).toEqual(server.errors);
        expect(Object.keys(client).length).toBeGreaterThan(0);
      }
    });
  }
});
