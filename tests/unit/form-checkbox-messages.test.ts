/**
 * The messages of every form's checkboxes, in Dutch and in English (issue 28): a consent or terms
 * box says in a sentence of its own what to accept ("Accepteer de privacyverklaring."), never the
 * `accepted` text wrapped around the box's label, which is a whole sentence itself ("Accepteer de
 * Ik ga akkoord met de verwerking van mijn gegevens …"). The table covers every form source with a
 * checkbox, so a new one cannot slip past.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountNewsletterForm, registerForm } from '../../src/shared/features/accounts/account-forms.ts';
import { registrationForm } from '../../src/shared/features/registrations/registration-form.ts';
import { orderForm } from '../../src/shared/features/subscriptions/order-form.ts';
import { vacancyForm } from '../../src/shared/features/vacancies/vacancy-form.ts';
import type { FieldMap, FormDefinition } from '../../src/shared/forms/define-form.ts';
import { translate } from '../../src/shared/forms/messages.ts';
import { validateForm } from '../../src/shared/forms/validate-form.ts';
import { LOCALES, type Locale } from '../../src/shared/i18n/locale.ts';
import { i18nFor } from '../../src/shared/i18n/translations.ts';
import { advertisingForm } from '../../src/shared/pages/advertising/advertising-form.ts';
import { contactForm } from '../../src/shared/pages/contact/contact-form.ts';
import { newsletterForm } from '../../src/shared/pages/newsletter/newsletter-form.ts';

interface CheckboxCase {
  /** Where the form is. */
  page: string;
  form: FormDefinition<FieldMap>;
  field: string;
  /** The module that defines the form (relative to the repository). */
  source: string;
  /** The message of the box left unticked, per language; none for a box without rules. */
  messages: Record<Locale, string[] | undefined>;
}

const PRIVACY = { nl: ['Accepteer de privacyverklaring.'], en: ['Please accept the privacy statement.'] };

const CASES: CheckboxCase[] = [
  {
    page: '/registreren',
    form: registerForm,
    field: 'terms',
    source: 'src/shared/features/accounts/account-forms.ts',
    messages: PRIVACY,
  },
  {
    page: '/account',
    form: accountNewsletterForm,
    field: 'consent',
    source: 'src/shared/features/accounts/account-forms.ts',
    messages: PRIVACY,
  },
  {
    page: '/account',
    form: accountNewsletterForm,
    field: 'topics',
    source: 'src/shared/features/accounts/account-forms.ts',
    messages: { nl: undefined, en: undefined },
  },
  {
    page: '/inschrijvingen',
    form: registrationForm(10),
    field: 'consent',
    source: 'src/shared/features/registrations/registration-form.ts',
    messages: PRIVACY,
  },
  {
    page: '/contact',
    form: contactForm,
    field: 'consent',
    source: 'src/shared/pages/contact/contact-form.ts',
    messages: PRIVACY,
  },
  {
    page: '/nieuwsbrief',
    form: newsletterForm,
    field: 'consent',
    source: 'src/shared/pages/newsletter/newsletter-form.ts',
    messages: PRIVACY,
  },
  {
    page: '/nieuwsbrief',
    form: newsletterForm,
    field: 'topics',
    source: 'src/shared/pages/newsletter/newsletter-form.ts',
    messages: { nl: undefined, en: undefined },
  },
  {
    page: '/adverteren',
    form: advertisingForm,
    field: 'consent',
    source: 'src/shared/pages/advertising/advertising-form.ts',
    messages: PRIVACY,
  },
  {
    page: '/adverteren',
    form: advertisingForm,
    field: 'interests',
    source: 'src/shared/pages/advertising/advertising-form.ts',
    messages: { nl: ['Interesse is verplicht.'], en: ['Interest is required.'] },
  },
  {
    page: '/abonnementen/{abonnement}',
    form: orderForm('2026-11-27'),
    field: 'terms',
    source: 'src/shared/features/subscriptions/order-form.ts',
    messages: { nl: ['Accepteer de algemene voorwaarden.'], en: ['Please accept the terms and conditions.'] },
  },
  {
    page: '/vacature-plaatsen',
    form: vacancyForm({ today: '2026-11-27', categories: [], mode: 'place' }),
    field: 'terms',
    source: 'src/shared/features/vacancies/vacancy-form.ts',
    messages: {
      nl: ['Accepteer de voorwaarden voor vacatureplaatsingen.'],
      en: ['Please accept the terms for vacancy listings.'],
    },
  },
];

/** Modules under src/shared that define a checkbox field of a form. */
function sourcesWithCheckboxes(): string[] {
  const dir = path.resolve('src/shared');
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !file.startsWith(`forms${path.sep}`))
    .filter((file) => /type:\s*'checkbox'/.test(readFileSync(path.join(dir, file), 'utf8')))
    .map((file) => path.posix.join('src/shared', file.split(path.sep).join('/')))
    .sort();
}

describe('checkbox messages of every form', () => {
  it('covers every form module with a checkbox', () => {
    expect(sourcesWithCheckboxes()).toEqual([...new Set(CASES.map((item) => item.source))].sort());
    // Every box with a rule in those forms is in the table.
    for (const source of new Set(CASES.map((item) => item.source))) {
      const forms = CASES.filter((item) => item.source === source);
      const boxes = new Set(
        forms.flatMap(({ form }) => form.names.filter((name) => form.fields[name]?.type === 'checkbox')),
      );
      expect([...boxes].sort(), source).toEqual([...new Set(forms.map((item) => item.field))].sort());
    }
  });

  for (const locale of LOCALES) {
    for (const item of CASES) {
      it(`${item.page} ${item.field} unticked, in ${locale}: ${item.messages[locale]?.join(' ') ?? 'no message'}`, () => {
        const { errors } = validateForm(item.form, new FormData(), locale);
        expect(errors[item.field]).toEqual(item.messages[locale]);
        const definition = item.form.fields[item.field]!;
        const label = translate({ i18n: i18nFor(locale), locale }, definition.label!);
        for (const message of errors[item.field] ?? []) {
          // A sentence of its own: capital, full stop, filled in, not the box's label.
          expect(message).toMatch(/^[A-Z][^{}]*\.$/);
          expect(message).not.toContain(label);
          expect(message).not.toMatch(/\b(de|the) (Ik|I)\b/);
        }
      });
    }
  }
});
