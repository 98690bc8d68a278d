/**
 * Validation of a vacancy submitted by an account holder (`POST /api/vacancies/mine`), the same
 * rules as the portal's vacancy form (src/shared/features/vacancies/vacancy-form.ts;
 * docs/decisions/040-vacancies-placed-by-account-holders.md): owner and review status are never
 * taken from the request, texts are trimmed and bounded, the closing date is today or later.
 */
const { electronicFormatIBAN } = require('ibantools');
const { amsterdamToday, isCalendarDate, toLocale } = require('./form-submissions');
const { normalizeIban } = require('./iban');
const { EMAIL_PATTERN, HOUSE_NUMBER_PATTERN, POSTCODE_PATTERN } = require('./validate');

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
  applyUrl: [1, 500],
  invoiceCompany: [2, 120],
  invoiceStreet: [2, 120],
  invoiceCity: [2, 80],
  email: [3, 254],
};

/**
 * A trimmed text of `min`–`max` characters, or null. Single-line text has its runs of white space
 * collapsed; multi-line text keeps its line breaks (CRLF becomes LF).
 * @param {unknown} value
 * @param {[number, number]} bounds
 * @param {{ multiline?: boolean }} [options]
 * @returns {string | null}
 */
function text(value, [min, max], { multiline = false } = {}) {
  if (typeof value !== 'string') return null;
  const trimmed = (multiline ? value.replace(/\r\n?/g, '\n') : value.replace(/\s+/g, ' ')).trim();
  return trimmed.length >= min && trimmed.length <= max ? trimmed : null;
}

/**
 * An empty value: missing, null or a string of white space.
 * @param {unknown} value
 * @returns {boolean}
 */
function blank(value) {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * A whole number of euros between 1 and {@link MAX_SALARY}, or null.
 * @param {unknown} value a number or a string of digits
 * @returns {number | null}
 */
function salary(value) {
  const raw = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[0-9]{1,7}$/.test(raw)) return null;
  const amount = Number(raw);
  return amount >= 1 && amount <= MAX_SALARY ? amount : null;
}

/**
 * An http(s) URL, or null.
 * @param {unknown} value
 * @returns {string | null}
 */
function webUrl(value) {
  const raw = text(value, LIMITS.applyUrl);
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? raw : null;
  } catch {
    return null;
  }
}

/**
 * An e-mail address (FormKit's pattern), trimmed, or null.
 * @param {unknown} value
 * @returns {string | null}
 */
function emailAddress(value) {
  const raw = text(value, LIMITS.email);
  return raw && EMAIL_PATTERN.test(raw) ? raw : null;
}

/**
 * Validates and strips a vacancy body `{ data: { title, summary, description, category,
 * employmentType, employer, employerWebsite, location, street, postalCode, region, salaryMin,
 * salaryMax, salaryPeriod, applyUrl, applyEmail,
 * publishFrom, validThrough, invoiceCompany, invoiceStreet, invoiceHouseNumber, invoicePostcode,
 * invoiceCity, kvkNumber, vatNumber, invoiceEmail, iban, terms, locale } }`; unknown keys (an
 * `owner`, a `reviewStatus`, `partner`, …) are dropped. The employer's website and the workplace's
 * street, postcode and province are optional (null when empty).
 * @param {unknown} body
 * @param {{ now?: number, requireIban?: boolean }} [options] `now` in ms since the epoch ("today" is
 *   taken in Europe/Amsterdam); `requireIban` false (edits) lets an empty IBAN keep the stored one
 * @returns {{ ok: true, value: object } | { ok: false, field: string, message: string }}
 */
function validateVacancy(body, { now = Date.now(), requireIban = true } = {}) {
  const data = body && typeof body === 'object' ? body.data : undefined;
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    return { ok: false, field: 'data', message: 'Body must be { "data": { … } }' };
  }
  const fail = (field, message) => ({ ok: false, field, message: `data.${field} ${message}` });
  const value = {};
  for (const field of ['title', 'summary', 'employer', 'location']) {
    value[field] = text(data[field], LIMITS[field]);
    if (!value[field]) return fail(field, `must have ${LIMITS[field][0]} to ${LIMITS[field][1]} characters`);
  }
  value.employerWebsite = blank(data.employerWebsite) ? null : webUrl(data.employerWebsite);
  if (value.employerWebsite === null && !blank(data.employerWebsite)) return fail('employerWebsite', 'must be an http(s) URL');
  value.street = blank(data.street) ? null : text(data.street, LIMITS.street);
  if (value.street === null && !blank(data.street)) return fail('street', 'must have 2 to 120 characters');
  if (blank(data.postalCode)) value.postalCode = null;
  else {
    const code = text(data.postalCode, [6, 7]);
    if (!code || !POSTCODE_PATTERN.test(code)) return fail('postalCode', 'is not a Dutch postcode');
    const compact = code.replace(/\s+/g, '').toUpperCase();
    value.postalCode = `${compact.slice(0, 4)} ${compact.slice(4)}`;
  }
  if (blank(data.region)) value.region = null;
  else if (PROVINCES.includes(data.region)) value.region = data.region;
  else return fail('region', `must be one of ${PROVINCES.join(', ')}`);
  value.description = text(data.description, LIMITS.description, { multiline: true });
  if (!value.description) return fail('description', `must have ${LIMITS.description[0]} to ${LIMITS.description[1]} characters`);
  if (typeof data.category !== 'string' || !/^[a-z0-9]{1,64}$/.test(data.category)) {
    return fail('category', 'must be the documentId of a job category');
  }
  value.category = data.category;
  if (!EMPLOYMENT_TYPES.includes(data.employmentType)) return fail('employmentType', `must be one of ${EMPLOYMENT_TYPES.join(', ')}`);
  value.employmentType = data.employmentType;
  value.salaryMin = salary(data.salaryMin);
  if (value.salaryMin === null) return fail('salaryMin', `must be whole euros from 1 to ${MAX_SALARY}`);
  value.salaryMax = salary(data.salaryMax);
  if (value.salaryMax === null) return fail('salaryMax', `must be whole euros from 1 to ${MAX_SALARY}`);
  if (value.salaryMax < value.salaryMin) return fail('salaryMax', 'must not be lower than data.salaryMin');
  if (!SALARY_PERIODS.includes(data.salaryPeriod)) return fail('salaryPeriod', `must be one of ${SALARY_PERIODS.join(', ')}`);
  value.salaryPeriod = data.salaryPeriod;
  value.applyUrl = blank(data.applyUrl) ? null : webUrl(data.applyUrl);
  if (value.applyUrl === null && !blank(data.applyUrl)) return fail('applyUrl', 'must be an http(s) URL');
  value.applyEmail = blank(data.applyEmail) ? null : emailAddress(data.applyEmail);
  if (value.applyEmail === null && !blank(data.applyEmail)) return fail('applyEmail', 'must be an e-mail address');
  if (!value.applyUrl && !value.applyEmail) return fail('applyUrl', 'or data.applyEmail is required');
  if (!isCalendarDate(data.publishFrom) || data.publishFrom < amsterdamToday(now)) {
    return fail('publishFrom', 'must be a date (YYYY-MM-DD) on or after today');
  }
  value.publishFrom = data.publishFrom;
  if (!isCalendarDate(data.validThrough) || data.validThrough <= data.publishFrom) {
    return fail('validThrough', 'must be a date (YYYY-MM-DD) after data.publishFrom');
  }
  value.validThrough = data.validThrough;
  value.invoiceCompany = text(data.invoiceCompany, LIMITS.invoiceCompany);
  if (!value.invoiceCompany) return fail('invoiceCompany', 'must have 2 to 120 characters');
  value.invoiceStreet = text(data.invoiceStreet, LIMITS.invoiceStreet);
  if (!value.invoiceStreet) return fail('invoiceStreet', 'must have 2 to 120 characters');
  value.invoiceHouseNumber = text(data.invoiceHouseNumber, [1, 12]);
  if (!value.invoiceHouseNumber || !HOUSE_NUMBER_PATTERN.test(value.invoiceHouseNumber)) {
    return fail('invoiceHouseNumber', 'is not a house number');
  }
  const postcode = text(data.invoicePostcode, [6, 7]);
  if (!postcode || !POSTCODE_PATTERN.test(postcode)) return fail('invoicePostcode', 'is not a Dutch postcode');
  const compactPostcode = postcode.replace(/\s+/g, '').toUpperCase();
  value.invoicePostcode = `${compactPostcode.slice(0, 4)} ${compactPostcode.slice(4)}`;
  value.invoiceCity = text(data.invoiceCity, LIMITS.invoiceCity);
  if (!value.invoiceCity) return fail('invoiceCity', 'must have 2 to 80 characters');
  value.kvkNumber = typeof data.kvkNumber === 'string' ? data.kvkNumber.trim() : '';
  if (!KVK_PATTERN.test(value.kvkNumber)) return fail('kvkNumber', 'must be 8 digits');
  if (blank(data.vatNumber)) value.vatNumber = null;
  else {
    const vat = String(data.vatNumber).trim().toUpperCase();
    if (!VAT_PATTERN.test(vat)) return fail('vatNumber', 'is not a Dutch VAT number (NL123456789B01)');
    value.vatNumber = vat;
  }
  value.invoiceEmail = emailAddress(data.invoiceEmail);
  if (!value.invoiceEmail) return fail('invoiceEmail', 'must be an e-mail address');
  if (blank(data.iban) && !requireIban) value.iban = null;
  else {
    value.iban = normalizeIban(data.iban);
    if (!value.iban) return fail('iban', 'is not a valid IBAN');
  }
  if (data.terms !== true && data.terms !== 'true') return fail('terms', 'must be true');
  value.locale = toLocale(data.locale);
  return { ok: true, value };
}

module.exports = { EMPLOYMENT_TYPES, PROVINCES, SALARY_PERIODS, KVK_PATTERN, VAT_PATTERN, LIMITS, validateVacancy };
