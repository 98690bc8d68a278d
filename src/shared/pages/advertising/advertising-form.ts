/**
 * The advertising enquiry form of `/adverteren`, defined once for the page (browser
 * validation) and its action (`validateForm`). Options and limits match the CMS's
 * `advertising-enquiry` controller (cms/src/api/advertising-enquiry).
 */
import { defineForm } from '../../forms/define-form.ts';

/**
 * A Dutch phone number: `0` and nine digits (`030 123 45 67`, `06-12345678`) or the country code
 * `+31` / `0031` and nine digits, optionally with `(0)` (`+31 (0)6 12345678`); spaces, dots and
 * dashes between the digits are allowed. Numbering plan: ACM "Nummerplan telefoon- en
 * ISDN-diensten" (ten digits with the trunk prefix 0; no area or mobile code starts with 0).
 */
export const DUTCH_PHONE = /^(?:(?:\+|00)31[\s.-]*(?:\(0\)[\s.-]*)?|0)[1-9](?:[\s.-]*\d){8}$/;

/** Advertising options of the interest checkboxes (values as stored by the CMS). */
const INTEREST_OPTIONS = ['banner', 'nieuwsbrief', 'vacature', 'magazine', 'evenement'] as const;

/** Budget ranges of the budget select (values as stored by the CMS). */
const BUDGET_OPTIONS = [
  'up_to_2500',
  'between_2500_10000',
  'between_10000_25000',
  'over_25000',
  'unknown',
] as const;

/** `/adverteren`: company, contact person, e-mail, phone, interests, budget, message and consent. */
export const advertisingForm = defineForm({
  fields: {
    company: {
      label: 'forms.labels.company',
      validation: 'required|length:2,150',
      autoComplete: 'organization',
    },
    contactPerson: {
      label: 'advertising.fields.contactPerson',
      validation: 'required|length:2,100',
      autoComplete: 'name',
    },
    email: {
      type: 'email',
      label: 'forms.labels.email',
      validation: 'required|email|length:0,254',
      autoComplete: 'email',
    },
    phone: {
      type: 'tel',
      label: 'forms.labels.phone',
      help: 'advertising.fields.phoneHelp',
      validation: [
        ['length', 0, 30],
        ['matches', DUTCH_PHONE],
      ],
      messages: { matches: 'advertising.fields.phoneInvalid' },
      autoComplete: 'tel',
    },
    interests: {
      type: 'checkbox',
      label: 'advertising.fields.interests',
      validationLabel: 'advertising.fields.interestsName',
      options: INTEREST_OPTIONS.map((value) => ({ value, label: `advertising.interests.${value}` })),
      validation: 'required',
    },
    budget: {
      type: 'select',
      label: 'advertising.fields.budget',
      help: 'advertising.fields.budgetHelp',
      options: BUDGET_OPTIONS.map((value) => ({ value, label: `advertising.budgets.${value}` })),
      validation: 'required',
    },
    message: {
      type: 'textarea',
      label: 'advertising.fields.message',
      help: 'advertising.fields.messageHelp',
      validation: 'length:0,5000',
    },
    consent: {
      type: 'checkbox',
      label: 'advertising.fields.consent',
      validationLabel: 'advertising.fields.consentName',
      validation: 'accepted',
    },
  },
});
