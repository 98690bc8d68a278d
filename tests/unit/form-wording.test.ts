/**
 * What the portal's forms say where a first visitor found them wrong (decision 110), in Dutch and
 * English: the start date of a subscription names the first day it allows (tomorrow, the field's
 * default) and agrees with its rule; two new passwords that differ say so in Dutch anyone writes;
 * the vacancy form names its "link or e-mail address" rule once, in written Dutch. The same
 * messages in Chromium: tests/e2e/forms-first-visitor.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  changePasswordForm,
  newPasswordForm,
  registerForm,
} from '../../src/shared/features/accounts/account-forms.ts';
import { firstStartDate, orderForm } from '../../src/shared/features/subscriptions/order-form.ts';
import { vacancyForm } from '../../src/shared/features/vacancies/vacancy-form.ts';
import { validateForm } from '../../src/shared/forms/validate-form.ts';

describe('the start date of a subscription order', () => {
  const today = '2026-12-03';

  it('starts at tomorrow, across months, years and daylight saving', () => {
    expect(firstStartDate(today)).toBe('2026-12-04');
    expect(firstStartDate('2026-12-31')).toBe('2027-01-01');
    expect(firstStartDate('2026-03-28')).toBe('2026-03-29');
    expect(firstStartDate('2026-10-24')).toBe('2026-10-25');
    expect(firstStartDate('2028-02-28')).toBe('2028-02-29');
  });

  it('names that first day when today is picked, and the rule lets it through', () => {
    const form = orderForm(today);
    expect(validateForm(form, { startDate: today }, 'nl').errors.startDate).toEqual([
      'Kies een ingangsdatum op of na 4 dec 2026.',
    ]);
    expect(validateForm(form, { startDate: today }, 'en').errors.startDate).toEqual([
      'Choose a start date on or after 4 Dec 2026.',
    ]);
    expect(validateForm(form, { startDate: '2026-12-02' }, 'nl').errors.startDate).toEqual([
      'Kies een ingangsdatum op of na 4 dec 2026.',
    ]);
    expect(validateForm(form, { startDate: firstStartDate(today) }, 'nl').errors.startDate).toBeUndefined();
  });
});

describe('two new passwords that differ', () => {
  const forms = { registerForm, newPasswordForm, changePasswordForm };
  for (const [name, form] of Object.entries(forms)) {
    it(`say so in a sentence of their own on ${name}`, () => {
      const values = { password: 'mijn eerste wachtwoord', password_confirm: 'mijn tweede wachtwoord' };
      expect(validateForm(form, values, 'nl').errors.password_confirm).toEqual([
        'De wachtwoorden komen niet overeen.',
      ]);
      expect(validateForm(form, values, 'en').errors.password_confirm).toEqual([
        'The passwords do not match.',
      ]);
    });
  }
});

describe('the application link or e-mail address of a vacancy', () => {
  const form = vacancyForm({ today: '2026-12-03', categories: [], mode: 'place' });
  const all = (errors: Record<string, string[]>) => Object.values(errors).flat();

  for (const [locale, message] of [
    ['nl', 'Vul een sollicitatielink of een e-mailadres voor sollicitaties in, of allebei.'],
    ['en', 'Enter an application link or an e-mail address for applications, or both.'],
  ] as const) {
    it(`is named once, next to the link, in ${locale}`, () => {
      const { errors } = validateForm(form, {}, locale);
      expect(errors.applyUrl).toEqual([message]);
      expect(errors.applyEmail).toBeUndefined();
      expect(all(errors).filter((text) => text === message)).toHaveLength(1);
    });
  }

  it('is met by either of the two', () => {
    expect(validateForm(form, { applyEmail: 'vacatures@example.nl' }, 'nl').errors.applyUrl).toBeUndefined();
    expect(
      validateForm(form, { applyUrl: 'https://example.nl/vacature' }, 'nl').errors.applyUrl,
    ).toBeUndefined();
    expect(form.dependencies.applyUrl).toEqual(['applyUrl', 'applyEmail']);
  });
});
