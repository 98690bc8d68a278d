/**
 * The vacancy form of `/jobs/plaatsen` and `/jobs/mijn/{id}`, defined once for the pages
 * (browser validation) and their actions (`validateForm`); the CMS checks the same rules again
 * (cms/src/lib/vacancy-validation.js). All vacancy fields, the publication period and the invoice
 * details with the IBAN for the direct debit:
 *
 * - the category is a select of the CMS's job categories, so the definition is built per category
 *   list and day (a publication start on or after today, Europe/Amsterdam) and cached;
 * - salaries are whole euros (the CMS stores integers), min ≤ max;
 * - an apply URL or an apply e-mail address (`require_one` on the link, naming both, once);
 * - optional: the employer's website and the workplace's street, postcode and province (the
 *   JobPosting's `hiringOrganization.sameAs` and `jobLocation` address; empty parts are left out);
 * - the publication start lies on or after today (`date_after` yesterday), the end after the start;
 * - Dutch postcode, KvK number of 8 digits, optional Dutch VAT number (`matches`), the library's
 *   `iban` rule (iban.ts, brought by this form), accepted terms (`accepted`).
 *
 * Two rules compare two fields (salary max ≥ min, end after start). The library's rules only read
 * one value, so the actions add them with {@link crossFieldErrors}: FormKit's dynamic validation
 * (`date_after:{start}` / `min:{salary from}`) with the library's own messages (docs/decisions/040).
 *
 * Editing (`mode: 'edit'`) uses the same fields; its IBAN is optional (`-iban`: empty keeps the
 * stored account). The stored IBAN is never shown; a rejected post keeps the IBAN the visitor
 * typed, as every other value (docs/decisions/110-forms-a-first-visitor-can-fill-in.md).
 */

import type { EmploymentType, SalaryPeriod } from '../../cms-types.ts';
import { defineForm, type FormDefinition } from '../../forms/define-form.ts';
import { IBAN_RULE } from '../../forms/iban.ts';
import { type FieldErrors, validateForm } from '../../forms/validate-form.ts';
import type { Locale } from '../../i18n/locale.ts';
import { HOUSE_NUMBER_RULE, POSTCODE_RULE } from '../subscriptions/order-form.ts';
import { EMPLOYMENT_TYPES } from './employment-types.ts';

/** Units of the salary, in the order the select lists them. */
const SALARY_PERIODS: readonly SalaryPeriod[] = ['MONTH', 'YEAR', 'HOUR'];

/**
 * The Dutch provinces, the options of the workplace's `region` (proper names, the same in both
 * languages); the CMS accepts the same list (cms/src/lib/vacancy-validation.js).
 */
export const PROVINCES = [
  'Drenthe',
  'Flevoland',
  'Friesland',
  'Gelderland',
  'Groningen',
  'Limburg',
  'Noord-Brabant',
  'Noord-Holland',
  'Overijssel',
  'Utrecht',
  'Zeeland',
  'Zuid-Holland',
] as const;

/** Highest salary amount (whole euros, any period); the CMS has the same limit. */
const MAX_SALARY = 1_000_000;

/** KvK number: 8 digits. */
const KVK_RULE = 'matches:/^[0-9]{8}$/';

/** Dutch VAT identification number (btw-id): NL, 9 digits, B, 2 digits, e.g. `NL123456789B01`. */
const VAT_RULE = 'matches:/^NL[0-9]{9}B[0-9]{2}$/i';

/** A job category the select offers. */
export interface CategoryOption {
  documentId: string;
  name: string;
}

/** `place`: a new vacancy (IBAN required); `edit`: an existing one (empty IBAN keeps the stored one). */
export type VacancyFormMode = 'place' | 'edit';

/** What the definition depends on. */
export interface VacancyFormSetup {
  /** `YYYY-MM-DD` in Europe/Amsterdam (`amsterdamToday()` from the subscription order form). */
  today: string;
  categories: readonly CategoryOption[];
  mode: VacancyFormMode;
}

/** The calendar day before `date` (`YYYY-MM-DD`). */
export function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

const K = 'myVacancies.fields';
const SALARY = `required|number|matches:/^[0-9]+$/|between:1,${MAX_SALARY}`;

const fields = ({ today, categories, mode }: VacancyFormSetup) =>
  ({
    title: { label: `${K}.title`, validation: 'required|length:5,120' },
    summary: {
      type: 'textarea',
      label: `${K}.summary`,
      help: `${K}.summaryHelp`,
      validation: 'required|length:10,300',
    },
    description: {
      type: 'textarea',
      label: `${K}.description`,
      help: `${K}.descriptionHelp`,
      validation: 'required|length:30,10000',
    },
    category: {
      type: 'select',
      label: `${K}.category`,
      options: categories.map((category) => ({ value: category.documentId, label: category.name })),
      validation: 'required',
    },
    employmentType: {
      type: 'select',
      label: `${K}.employmentType`,
      options: EMPLOYMENT_TYPES.map((value: EmploymentType) => ({
        value,
        label: `vacancy.employmentType.${value}`,
      })),
      validation: 'required',
    },
    employer: { label: `${K}.employer`, validation: 'required|length:2,120', autoComplete: 'organization' },
    employerWebsite: {
      type: 'url',
      label: `${K}.employerWebsite`,
      help: `${K}.employerWebsiteHelp`,
      placeholder: 'https://',
      validation: 'url|length:1,500',
    },
    location: { label: `${K}.location`, help: `${K}.locationHelp`, validation: 'required|length:2,80' },
    street: { label: `${K}.street`, validation: 'length:2,120' },
    postalCode: { label: `${K}.postalCode`, help: `${K}.postalCodeHelp`, validation: POSTCODE_RULE },
    region: {
      type: 'select',
      label: `${K}.region`,
      options: PROVINCES.map((value) => ({ value, label: value })),
    },
    salaryMin: {
      type: 'number',
      label: `${K}.salaryMin`,
      validation: SALARY,
      messages: { matches: 'myVacancies.messages.wholeEuros' },
    },
    salaryMax: {
      type: 'number',
      label: `${K}.salaryMax`,
      validation: SALARY,
      messages: { matches: 'myVacancies.messages.wholeEuros' },
    },
    salaryPeriod: {
      type: 'select',
      label: `${K}.salaryPeriod`,
      options: SALARY_PERIODS.map((value) => ({ value, label: `myVacancies.periods.${value}` })),
      validation: 'required',
    },
    // One rule for the pair, on the first of the two: a link or an address (or both). On both
    // fields it named the same problem twice, in the summary too.
    applyUrl: {
      type: 'url',
      label: `${K}.applyUrl`,
      help: `${K}.applyUrlHelp`,
      placeholder: 'https://',
      validation: 'require_one:applyEmail|url',
      messages: { require_one: 'myVacancies.messages.applyChannel' },
    },
    applyEmail: {
      type: 'email',
      label: `${K}.applyEmail`,
      validation: 'email|length:3,254',
    },
    publishFrom: {
      type: 'date',
      label: `${K}.publishFrom`,
      validation: `required|date_format:YYYY-MM-DD|date_after:${dayBefore(today)}`,
      messages: { date_after: 'myVacancies.messages.publishFromPast' },
    },
    validThrough: {
      type: 'date',
      label: `${K}.validThrough`,
      help: `${K}.validThroughHelp`,
      validation: `required|date_format:YYYY-MM-DD|date_after:${today}`,
    },
    invoiceCompany: {
      label: `${K}.invoiceCompany`,
      validation: 'required|length:2,120',
      autoComplete: 'organization',
    },
    invoiceStreet: {
      label: `${K}.invoiceStreet`,
      validation: 'required|length:2,120',
      autoComplete: 'address-line1',
    },
    invoiceHouseNumber: { label: `${K}.invoiceHouseNumber`, validation: `required|${HOUSE_NUMBER_RULE}` },
    invoicePostcode: {
      label: `${K}.invoicePostcode`,
      help: `${K}.invoicePostcodeHelp`,
      validation: `required|${POSTCODE_RULE}`,
      autoComplete: 'postal-code',
    },
    invoiceCity: {
      label: `${K}.invoiceCity`,
      validation: 'required|length:2,80',
      autoComplete: 'address-level2',
    },
    kvkNumber: {
      label: `${K}.kvkNumber`,
      validation: `required|${KVK_RULE}`,
      messages: { matches: 'myVacancies.messages.kvkNumber' },
    },
    vatNumber: {
      label: `${K}.vatNumber`,
      help: `${K}.vatNumberHelp`,
      validation: VAT_RULE,
      messages: { matches: 'myVacancies.messages.vatNumber' },
    },
    invoiceEmail: {
      type: 'email',
      label: `${K}.invoiceEmail`,
      validation: 'required|email|length:3,254',
      autoComplete: 'email',
    },
    iban: {
      label: `${K}.iban`,
      help: mode === 'place' ? `${K}.ibanHelp` : `${K}.ibanEditHelp`,
      validation: mode === 'place' ? 'required|iban' : '-iban',
      autoComplete: 'off',
    },
    terms: {
      type: 'checkbox',
      label: `${K}.terms`,
      validationLabel: `${K}.termsName`,
      validation: 'accepted',
    },
  }) as const;

/** The form's definition type. */
export type VacancyForm = FormDefinition<ReturnType<typeof fields>>;

/** The coerced values of the form. */
export type VacancyFormValues = VacancyForm['initialValues'];

/** Most definitions kept at once (per mode, day and category list). */
const CACHE_LIMIT = 8;
const cache = new Map<string, VacancyForm>();

/**
 * The vacancy form for a mode, day and category list (cached).
 * @param setup see {@link VacancyFormSetup}
 */
export function vacancyForm(setup: VacancyFormSetup): VacancyForm {
  const key = JSON.stringify([setup.mode, setup.today, setup.categories.map((c) => [c.documentId, c.name])]);
  let form = cache.get(key);
  if (!form) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    form = defineForm({ fields: fields(setup), rules: { iban: IBAN_RULE } });
    cache.set(key, form);
  }
  return form;
}

/**
 * The rules that compare two fields, with the library's rules and messages: the maximum salary at
 * least the minimum (`min:{salaryMin}`), the end after the start (`date_after:{publishFrom}`).
 * Runs only where both values passed their own rules, so a field never shows two messages.
 * @param form the form the values were validated with
 * @param values its coerced values
 * @param errors the messages `validateForm` found (fields with messages are skipped)
 * @returns extra messages per field (empty when the pair is consistent)
 */
export function crossFieldErrors(
  form: VacancyForm,
  values: VacancyFormValues,
  errors: FieldErrors,
  locale: Locale,
): FieldErrors {
  const clean = (name: keyof VacancyFormValues) => !errors[name]?.length && values[name] !== '';
  const checks: Record<string, { label: string; validation: string }> = {};
  if (clean('salaryMin') && clean('salaryMax')) {
    checks.salaryMax = { label: form.fields.salaryMax.label, validation: `min:${values.salaryMin}` };
  }
  if (clean('publishFrom') && clean('validThrough')) {
    checks.validThrough = {
      label: form.fields.validThrough.label,
      validation: `date_after:${values.publishFrom}`,
    };
  }
  if (Object.keys(checks).length === 0) return {};
  const pairForm = defineForm({ fields: checks });
  return validateForm(pairForm, values as Record<string, unknown>, locale).errors;
}
