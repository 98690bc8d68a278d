/**
 * Validation of a vacancy submitted by an account holder (`POST`/`PUT /api/vacancies/mine`), the
 * same rules as the portal's vacancy form (src/shared/features/vacancies/vacancy-form.ts;
 * docs/decisions/040-vacancies-placed-by-account-holders.md), as a yup schema
 * (docs/decisions/081-cms-validation-on-yup.md): owner and review status are never taken from the
 * request, texts are trimmed and bounded, the publication starts today or later.
 */
const {
  HOUSE_NUMBER_PATTERN,
  accepted,
  calendarDate,
  emailAddress,
  iban,
  oneOf,
  pattern,
  postcode,
  siteLocale,
  submission,
  text,
  validateBody,
  webUrl,
  wholeNumber,
  yup,
} = require('./validate');

/** schema.org JobPosting employment types (the schema's enum). */
const EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER'];
/** Units of the salary (the schema's enum). */
const SALARY_PERIODS = ['HOUR', 'MONTH', 'YEAR'];
/** The Dutch provinces, the values of a workplace's `region` (the portal's select offers the same). */
const PROVINCES = [
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
];
/** Highest salary amount in whole euros (any period). */
const MAX_SALARY = 1_000_000;
/** KvK (Dutch Chamber of Commerce) number: 8 digits. */
const KVK_PATTERN = /^[0-9]{8}$/;
/** Dutch VAT identification number (btw-id): NL, 9 digits, B, 2 digits. */
const VAT_PATTERN = /^NL[0-9]{9}B[0-9]{2}$/i;
/** Text limits in characters, the same as the portal's form definition. */
const LIMITS = {
  title: [5, 120],
  summary: [10, 300],
  description: [30, 10000],
  employer: [2, 120],
  location: [2, 80],
  street: [2, 120],
  invoiceCompany: [2, 120],
  invoiceStreet: [2, 120],
  invoiceCity: [2, 80],
};

/**
 * The schema of a vacancy body; `requireIban` false (edits) lets an empty IBAN keep the stored one.
 * Keys are in the order the form shows the fields (the first refused one is `details.field`).
 * @param {boolean} requireIban
 * @returns {import('yup').AnyObjectSchema}
 */
function vacancySchema(requireIban) {
  return submission({
    title: text(LIMITS.title),
    summary: text(LIMITS.summary),
    description: text(LIMITS.description, { multiline: true }),
    category: pattern(/^[a-z0-9]{1,64}$/, '${path} must be the documentId of a job category'),
    employmentType: oneOf(EMPLOYMENT_TYPES),
    employer: text(LIMITS.employer),
    employerWebsite: webUrl({ optional: true }),
    location: text(LIMITS.location),
    street: text(LIMITS.street, { optional: true }),
    postalCode: postcode({ optional: true }),
    region: oneOf(PROVINCES, { optional: true }),
    salaryMin: wholeNumber(1, MAX_SALARY),
    // Compared only with a valid minimum: a field that failed its own rule is reported once.
    salaryMax: wholeNumber(1, MAX_SALARY).when('salaryMin', {
      is: Number.isInteger,
      then: (schema) => schema.min(yup.ref('salaryMin'), '${path} must not be lower than data.salaryMin'),
    }),
    salaryPeriod: oneOf(SALARY_PERIODS),
    applyUrl: webUrl({ optional: true }).when('applyEmail', {
      is: (applyEmail) => !applyEmail,
      then: (schema) => schema.required('${path} or data.applyEmail is required'),
    }),
    applyEmail: emailAddress({ optional: true }),
    publishFrom: calendarDate('${path} must be a date (YYYY-MM-DD) on or after today', (date, { today }) => date >= today),
    validThrough: calendarDate(
      '${path} must be a date (YYYY-MM-DD) after data.publishFrom',
      (date, { parent }) => date > parent.publishFrom,
    ),
    invoiceCompany: text(LIMITS.invoiceCompany),
    invoiceStreet: text(LIMITS.invoiceStreet),
    invoiceHouseNumber: pattern(HOUSE_NUMBER_PATTERN, '${path} is not a house number'),
    invoicePostcode: postcode(),
    invoiceCity: text(LIMITS.invoiceCity),
    kvkNumber: pattern(KVK_PATTERN, '${path} must be 8 digits'),
    vatNumber: pattern(VAT_PATTERN, '${path} is not a Dutch VAT number (NL123456789B01)', {
      optional: true,
      uppercase: true,
    }),
    invoiceEmail: emailAddress(),
    iban: iban({ optional: !requireIban }),
    terms: accepted(),
    locale: siteLocale(),
  });
}

const SCHEMAS = { place: vacancySchema(true), edit: vacancySchema(false) };

/**
 * Validates and strips a vacancy body `{ data: { title, summary, description, category,
 * employmentType, employer, employerWebsite, location, street, postalCode, region, salaryMin,
 * salaryMax, salaryPeriod, applyUrl, applyEmail, publishFrom, validThrough, invoiceCompany,
 * invoiceStreet, invoiceHouseNumber, invoicePostcode, invoiceCity, kvkNumber, vatNumber,
 * invoiceEmail, iban, terms, locale } }`; unknown keys (an `owner`, a `reviewStatus`, `partner`, …)
 * are dropped. The employer's website, the workplace's street, postcode and province, the apply
 * URL or e-mail address (one of them is required) and the VAT number are optional (null when empty).
 * @param {unknown} body
 * @param {{ now?: number, requireIban?: boolean }} [options] `now` in ms since the epoch ("today" is
 *   taken in Europe/Amsterdam); `requireIban` false (edits) lets an empty IBAN keep the stored one
 * @returns {object} the cleaned `data` (numbers as numbers, postcodes `1234 AB`, the IBAN in
 *   electronic format, `terms` and `locale` as given or `nl`)
 * @throws {import('@strapi/utils').errors.ValidationError} 400 with `details.field` and
 *   `details.errors` (lib/validate.js)
 */
function validateVacancy(body, { now = Date.now(), requireIban = true } = {}) {
  const { data } = validateBody(requireIban ? SCHEMAS.place : SCHEMAS.edit, body, { now });
  const { terms: _terms, ...value } = data;
  return value;
}

module.exports = { EMPLOYMENT_TYPES, PROVINCES, SALARY_PERIODS, KVK_PATTERN, VAT_PATTERN, LIMITS, validateVacancy };
