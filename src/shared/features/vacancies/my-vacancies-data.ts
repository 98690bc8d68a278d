/**
 * What the CMS answers about an account holder's own vacancies (`GET /api/vacancies/mine`,
 * `GET /api/vacancies/mine/{documentId}`; cms/src/api/vacancy/services/vacancy.js) and the action data
 * of the vacancy pages. Invoice details come only in the single-vacancy answer, for the edit form;
 * the IBAN never leaves the CMS except masked.
 */

import type { EmploymentType, SalaryPeriod } from '../../cms-types.ts';
import type { FormActionData } from '../../forms/validate-form.ts';
import type { CategoryOption } from './vacancy-form.ts';

/** The status the owner sees (spec: pending review / published / rejected / withdrawn / expired). */
export type OwnVacancyStatus = 'pending' | 'published' | 'rejected' | 'withdrawn' | 'expired';

/** Every status, in the order the legend explains them. */
export const OWN_VACANCY_STATUSES: readonly OwnVacancyStatus[] = [
  'pending',
  'published',
  'rejected',
  'withdrawn',
  'expired',
];

/** One vacancy in the owner's list. */
export interface OwnVacancySummary {
  documentId: string;
  title: string;
  slug: string;
  employer: string;
  location: string;
  category: { documentId: string; name: string } | null;
  status: OwnVacancyStatus;
  /** `YYYY-MM-DD` (Europe/Amsterdam calendar dates). */
  publishFrom: string | null;
  validThrough: string | null;
  createdAt: string;
  updatedAt: string;
  /** When the public version was published; null while it is not online. */
  publishedAt: string | null;
}

/** The invoice details of a vacancy, for its owner's edit form. */
export interface OwnVacancyInvoice {
  company: string | null;
  street: string | null;
  houseNumber: string | null;
  postcode: string | null;
  city: string | null;
  kvkNumber: string | null;
  vatNumber: string | null;
  email: string | null;
  /** `NL** **** **** **43 00`: country code and last four characters only. */
  ibanMasked: string | null;
}

/** One vacancy with everything the edit form shows. */
export interface OwnVacancy extends OwnVacancySummary {
  summary: string;
  /** The description as plain text (paragraphs separated by blank lines, `- ` list items). */
  description: string;
  employerWebsite: string | null;
  /** The workplace's address (optional; `location` is its place). */
  street: string | null;
  postalCode: string | null;
  /** A Dutch province. */
  region: string | null;
  employmentType: EmploymentType | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryPeriod: SalaryPeriod | null;
  applyUrl: string | null;
  applyEmail: string | null;
  /** The editors' note to the owner (e.g. why it was rejected). */
  reviewNote: string | null;
  invoice: OwnVacancyInvoice;
}

/** A form-level problem of a vacancy post. */
export type VacancyFormError = 'unavailable' | 'unconfirmed' | 'resubmit' | 'failed' | 'withdrawn';

/** Action data of a refused vacancy post: the values as sent, messages and a form-level problem. */
export interface VacancyActionData extends FormActionData {
  /**
   * `unavailable`: not stored, the CMS could not be reached; `unconfirmed`: perhaps stored, the CMS
   * did not confirm in time (sending it again is safe); `resubmit`: the form's key could not be used
   * (a new one comes back); `failed`: it refused; `withdrawn`: no longer editable.
   */
  error?: VacancyFormError;
  /** With `error` on `/jobs/plaatsen`: the job categories the action saw (the loader may not reach the CMS). */
  categories?: CategoryOption[];
}
