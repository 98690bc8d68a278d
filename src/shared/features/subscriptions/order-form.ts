/**
 * The subscription order form on `/abonnementen/{slug}`, defined once for the page
 * (browser validation) and its action (`validateForm`): name, address with the Dutch postcode check,
 * e-mail address, IBAN (the library's `iban` rule: country, length, structure, mod-97), account
 * holder, a start date after today (tomorrow at the earliest, the field starts with it) and
 * accepted terms. "Today" is the calendar date in Europe/Amsterdam, so the definition is built per
 * day and cached. A rejected submit keeps every value, the IBAN too: it is what the visitor typed
 * (docs/decisions/110-forms-a-first-visitor-can-fill-in.md).
 */
import { defineForm, type FormDefinition } from '../../forms/define-form.ts';
import { IBAN_RULE } from '../../forms/iban.ts';
import { calendarDate } from '../../ui/format.ts';

/** The Dutch postcode rule: four digits (no leading 0), optional space, two letters but not SA, SD or SS. */
export const POSTCODE_RULE = 'matches:/^[1-9][0-9]{3} ?(?!SA|SD|SS)[A-Za-z]{2}$/';

/** A house number with an optional addition: `12`, `12A`, `12-3`, `12 bis` (the CMS checks the same). */
export const HOUSE_NUMBER_RULE = 'matches:/^[1-9][0-9]{0,4}(?:[ -]?[A-Za-z0-9]{1,6})?$/';

/** Order numbers the CMS hands out: `ABO-` and eight characters. */
export const ORDER_NUMBER_PATTERN = /^ABO-[A-Z2-9]{8}$/;

const fields = (today: string) =>
  ({
    name: { label: 'orders.fields.name', validation: 'required|length:2,100', autoComplete: 'name' },
    street: {
      label: 'orders.fields.street',
      validation: 'required|length:2,120',
      autoComplete: 'address-line1',
    },
    houseNumber: {
      label: 'orders.fields.houseNumber',
      help: 'orders.fields.houseNumberHelp',
      validation: `required|${HOUSE_NUMBER_RULE}`,
    },
    postcode: {
      label: 'orders.fields.postcode',
      help: 'orders.fields.postcodeHelp',
      validation: `required|${POSTCODE_RULE}`,
      autoComplete: 'postal-code',
    },
    city: { label: 'orders.fields.city', validation: 'required|length:2,80', autoComplete: 'address-level2' },
    email: {
      type: 'email',
      label: 'orders.fields.email',
      validation: 'required|email|length:3,254',
      autoComplete: 'email',
    },
    iban: {
      label: 'orders.fields.iban',
      help: 'orders.fields.ibanHelp',
      validation: 'required|iban',
      autoComplete: 'off',
    },
    accountHolder: { label: 'orders.fields.accountHolder', validation: 'required|length:2,100' },
    startDate: {
      type: 'date',
      label: 'orders.fields.startDate',
      help: 'orders.fields.startDateHelp',
      // After today, so tomorrow at the earliest: the message names that first day, as the CMS's
      // rule (`date > today`) and the field's default do.
      validation: `required|date_after:${today}`,
      messages: { date_after: 'orders.messages.startDateFrom' },
    },
    terms: {
      type: 'checkbox',
      label: 'orders.fields.terms',
      validationLabel: 'orders.fields.termsName',
      validation: 'accepted',
    },
  }) as const;

/** The form's definition type. */
export type OrderForm = FormDefinition<ReturnType<typeof fields>>;

const cache = new Map<string, OrderForm>();

/**
 * The order form for a day: the start date must lie after `today`.
 * @param today `YYYY-MM-DD` in Europe/Amsterdam ({@link amsterdamToday})
 */
export function orderForm(today: string): OrderForm {
  let form = cache.get(today);
  if (!form) {
    // One definition per day; yesterday's is no longer needed.
    cache.clear();
    form = defineForm({ fields: fields(today), rules: { iban: IBAN_RULE } });
    cache.set(today, form);
  }
  return form;
}

/**
 * The first start date an order may have: the day after `today` (`YYYY-MM-DD`), the field's
 * default.
 */
export function firstStartDate(today: string): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * Today's calendar date in Europe/Amsterdam, `YYYY-MM-DD` ({@link calendarDate}).
 * @param now ms since the epoch
 */
export function amsterdamToday(now = Date.now()): string {
  return calendarDate(now);
}
