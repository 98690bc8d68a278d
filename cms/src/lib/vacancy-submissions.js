/**
 * Vacancies placed and managed by account holders (issue 5, docs/decisions/040): the portal's
 * `/jobs/plaatsen`, `/jobs/mijn` and `/jobs/mijn/{id}`.
 *
 * - {@link validateVacancy} checks and strips a posted vacancy with the same rules as the portal's
 *   form definition (`src/shared/pages/my-vacancies/vacancy-form.ts`): text lengths, employment type
 *   and salary period from the schema's enums, whole-euro salaries with min ≤ max, an apply URL
 *   (http/https) or apply e-mail address, a publication start on or after today and an end after the
 *   start (calendar dates in Europe/Amsterdam), invoice details (Dutch postcode, KvK number of 8
 *   digits, optional Dutch VAT number), the IBAN (ibantools: country, length, structure, mod-97)
 *   and accepted terms.
 * - {@link submitVacancy} stores a new vacancy as a draft (draft & publish: not published) with
 *   `reviewStatus: 'pending'`, owned by the caller (`owner` comes from `ctx.state.user`, never from
 *   the body); the description's plain text becomes Strapi blocks ({@link textToBlocks}). It then
 *   e-mails the owner a confirmation (IBAN masked) and the editors a review notice.
 * - {@link updateVacancy} replaces the owner's content; the vacancy goes back to review: `pending`,
 *   and a published version is unpublished (an edit is never online before an editor saw it). An
 *   empty IBAN keeps the stored one. A withdrawn vacancy cannot be edited (409 `withdrawn`).
 * - {@link withdrawVacancy} sets `reviewStatus: 'withdrawn'` and unpublishes (idempotent).
 * - {@link vacanciesOf} / {@link ownVacancy}: the owner's views. Invoice details are private fields
 *   (admin only, never in the public API); the owner's single-vacancy view returns them for the edit
 *   form, the IBAN only masked (`NL** **** **** **43 00`). The list view has no invoice data at all.
 * - {@link publicFilters}: what the public `find`/`findOne` add to "published": `approved`, and a
 *   publication start that is not in the future.
 *
 * Updates and unpublishing run in one transaction through the document service, so the portal's
 * webhook learns about every change of public content (an unpublished vacancy leaves its lists).
 */
const { electronicFormatIBAN } = require('ibantools');
const { editorsAddress, sendMail } = require('./form-mail');
const {
  SubmissionError,
  amsterdamToday,
  escapeHtml,
  formatCalendarDate,
  isCalendarDate,
  portalLink,
  toLocale,
} = require('./form-submissions');
const { POSTCODE_PATTERN, maskIban, normalizeIban } = require('./subscription-orders');
const { amsterdamTime, slugify } = require('../seed/util');

const UID = 'api::vacancy.vacancy';
const CATEGORY_UID = 'api::job-category.job-category';

/** schema.org JobPosting employment types (the schema's enum). */
const EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER'];
/** Units of the salary (the schema's enum). */
const SALARY_PERIODS = ['HOUR', 'MONTH', 'YEAR'];
/** Highest salary amount in whole euros (any period). */
const MAX_SALARY = 1_000_000;
/** House number with an optional addition (as the subscription orders). */
const HOUSE_NUMBER_PATTERN = /^[1-9][0-9]{0,4}(?:[ -]?[A-Za-z0-9]{1,6})?$/;
/** KvK (Dutch Chamber of Commerce) number: 8 digits. */
const KVK_PATTERN = /^[0-9]{8}$/;
/** Dutch VAT identification number (btw-id): NL, 9 digits, B, 2 digits. */
const VAT_PATTERN = /^NL[0-9]{9}B[0-9]{2}$/i;
/** The e-mail pattern of the portal's form library (FormKit's `email` rule). */
const EMAIL_PATTERN =
  /^(([^<>()[\].,;:\s@"]+(\.[^<>()[\].,;:\s@"]+)*)|(".+"))@(([^<>()[\].,;:\s@"]+\.)+[^<>()[\].,;:\s@"]{2,})$/i;
/** Text limits in characters, the same as the portal's form definition. */
const LIMITS = {
  title: [5, 120],
  summary: [10, 300],
  description: [30, 10000],
  employer: [2, 120],
  location: [2, 80],
  applyUrl: [1, 500],
  invoiceCompany: [2, 120],
  invoiceStreet: [2, 120],
  invoiceCity: [2, 80],
  email: [3, 254],
};
/** Page size of the owner's list (default and maximum). */
const LIST_PAGE_SIZE = 20;
const MAX_LIST_PAGE_SIZE = 50;
/** Fields every owner view reads from the draft. */
const LIST_FIELDS = [
  'title',
  'slug',
  'employer',
  'location',
  'reviewStatus',
  'publishFrom',
  'validThrough',
  'createdAt',
  'updatedAt',
];

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
 * employmentType, employer, location, salaryMin, salaryMax, salaryPeriod, applyUrl, applyEmail,
 * publishFrom, validThrough, invoiceCompany, invoiceStreet, invoiceHouseNumber, invoicePostcode,
 * invoiceCity, kvkNumber, vatNumber, invoiceEmail, iban, terms, locale } }`; unknown keys (an
 * `owner`, a `reviewStatus`, …) are dropped.
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

/**
 * Plain text as Strapi blocks: paragraphs are separated by blank lines (single line breaks stay
 * inside the paragraph); a paragraph whose lines all start with `-`, `*` or `•` becomes a bulleted
 * list.
 * @param {string} plain
 * @returns {object[]} Strapi blocks
 */
function textToBlocks(plain) {
  return String(plain)
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.split('\n').map((line) => line.trim()).filter(Boolean))
    .filter((lines) => lines.length > 0)
    .map((lines) => {
      if (lines.every((line) => /^[-*•]\s+/.test(line))) {
        return {
          type: 'list',
          format: 'unordered',
          children: lines.map((line) => ({
            type: 'list-item',
            children: [{ type: 'text', text: line.replace(/^[-*•]\s+/, '') }],
          })),
        };
      }
      return { type: 'paragraph', children: [{ type: 'text', text: lines.join('\n') }] };
    });
}

/**
 * The text of an inline node and its children (links, formatted text).
 * @param {any} node
 * @returns {string}
 */
function inlineText(node) {
  if (!node || typeof node !== 'object') return '';
  if (typeof node.text === 'string') return node.text;
  return Array.isArray(node.children) ? node.children.map(inlineText).join('') : '';
}

/**
 * Strapi blocks as the plain text the edit form shows (the inverse of {@link textToBlocks}):
 * paragraphs, headings, quotes and code as text, list items as `- item` lines, images left out.
 * Formatting an editor added in the admin panel is lost when the owner saves the text again.
 * @param {unknown} blocks
 * @returns {string}
 */
function blocksToText(blocks) {
  if (!Array.isArray(blocks)) return '';
  return blocks
    .map((block) => {
      if (!block || typeof block !== 'object') return '';
      if (block.type === 'list') {
        const items = Array.isArray(block.children) ? block.children : [];
        return items
          .map((item, index) => `${block.format === 'ordered' ? `${index + 1}.` : '-'} ${inlineText(item)}`)
          .join('\n');
      }
      if (block.type === 'image') return '';
      return inlineText(block);
    })
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The end of a calendar day in Europe/Amsterdam (23:59), as the seed stores `validThrough`.
 * @param {string} date `YYYY-MM-DD`
 * @returns {Date}
 */
function endOfAmsterdamDay(date) {
  const [year, month, day] = date.split('-').map(Number);
  return amsterdamTime({ year, month, day }, 23, 59);
}

/**
 * The calendar date in Europe/Amsterdam of an instant, `YYYY-MM-DD` (or null).
 * @param {string | Date | null | undefined} value
 * @returns {string | null}
 */
function amsterdamDateOf(value) {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : amsterdamToday(time);
}

/**
 * A slug for `title` that no other vacancy uses (`-2`, `-3`, … on clashes).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {string} title
 * @param {string} [documentId] the vacancy itself (its own rows do not clash)
 * @returns {Promise<string>}
 */
async function uniqueSlug(strapi, title, documentId) {
  const base = slugify(title) || 'vacature';
  for (let counter = 1; ; counter += 1) {
    const candidate = counter === 1 ? base : `${base}-${counter}`;
    const where = documentId ? { slug: candidate, documentId: { $ne: documentId } } : { slug: candidate };
    const taken = await strapi.db.query(UID).findOne({ where, select: ['id'] });
    if (!taken) return candidate;
  }
}

/**
 * Checks that a job category exists.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {string} documentId
 * @returns {Promise<void>}
 * @throws SubmissionError 400 when there is no such category
 */
async function requireCategory(strapi, documentId) {
  const category = await strapi.db.query(CATEGORY_UID).findOne({ where: { documentId }, select: ['id'] });
  if (!category) {
    throw new SubmissionError(400, 'ValidationError', 'data.category is not a job category', { field: 'category' });
  }
}

/**
 * The stored fields of a validated vacancy (without owner, status and IBAN).
 * @param {object} input validated input ({@link validateVacancy}; the category checked)
 * @param {string} slug
 * @param {number} now ms since the epoch
 * @returns {object}
 */
function contentData(input, slug, now) {
  return {
    title: input.title,
    slug,
    summary: input.summary,
    description: textToBlocks(input.description),
    employer: input.employer,
    location: input.location,
    employmentType: input.employmentType,
    salaryMin: input.salaryMin,
    salaryMax: input.salaryMax,
    salaryPeriod: input.salaryPeriod,
    category: input.category,
    applyUrl: input.applyUrl,
    applyEmail: input.applyEmail,
    publishFrom: input.publishFrom,
    validThrough: endOfAmsterdamDay(input.validThrough).toISOString(),
    invoiceCompany: input.invoiceCompany,
    invoiceStreet: input.invoiceStreet,
    invoiceHouseNumber: input.invoiceHouseNumber,
    invoicePostcode: input.invoicePostcode,
    invoiceCity: input.invoiceCity,
    kvkNumber: input.kvkNumber,
    vatNumber: input.vatNumber,
    invoiceEmail: input.invoiceEmail,
    termsAcceptedAt: new Date(now),
    language: input.locale,
  };
}

const MAIL_TEXTS = {
  nl: {
    subject: (title) => `We hebben je vacature ontvangen: ${title}`,
    greeting: 'Hallo,',
    intro: 'Bedankt voor het plaatsen van je vacature. De redactie beoordeelt haar zo snel mogelijk; na goedkeuring staat ze in de gekozen periode op de site.',
    title: 'Vacature',
    employer: 'Werkgever',
    period: 'Publicatieperiode',
    periodValue: (from, through) => `${from} t/m ${through}`,
    invoice: 'Factuur aan',
    debit: 'Automatische incasso van',
    status: 'Je vacature bekijken, wijzigen of intrekken',
    closing: 'Met vriendelijke groet,',
  },
  en: {
    subject: (title) => `We received your vacancy: ${title}`,
    greeting: 'Hello,',
    intro: 'Thank you for placing your vacancy. The editors will review it as soon as possible; once approved it appears on the site during the chosen period.',
    title: 'Vacancy',
    employer: 'Employer',
    period: 'Publication period',
    periodValue: (from, through) => `${from} to ${through}`,
    invoice: 'Invoice to',
    debit: 'Direct debit from',
    status: 'View, edit or withdraw your vacancy',
    closing: 'Kind regards,',
  },
};

/**
 * The owner's confirmation of a placed vacancy, in the language it was posted in. The IBAN
 * appears masked; the link leads to the vacancy in `/jobs/mijn`.
 * @param {{ documentId: string, title: string, employer: string, publishFrom: string,
 *   validThrough: string, invoiceCompany: string, iban: string, locale: 'nl' | 'en' }} vacancy
 *   `validThrough` as the calendar date that was posted
 * @param {string} to the owner's address
 * @returns {{ to: string, subject: string, text: string, html: string }}
 */
function ownerMail(vacancy, to) {
  const locale = toLocale(vacancy.locale);
  const t = MAIL_TEXTS[locale];
  const link = portalLink(`/jobs/mijn/${vacancy.documentId}`, locale);
  const facts = [
    [t.title, vacancy.title],
    [t.employer, vacancy.employer],
    [
      t.period,
      t.periodValue(formatCalendarDate(vacancy.publishFrom, locale), formatCalendarDate(vacancy.validThrough, locale)),
    ],
    [t.invoice, vacancy.invoiceCompany],
    [t.debit, maskIban(vacancy.iban)],
  ];
  const senderName = process.env.EMAIL_FROM_NAME || 'Logistiek & E-commerce Nieuws';
  const body = [
    t.greeting,
    '',
    t.intro,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    ...(link ? ['', `${t.status}: ${link}`] : []),
    '',
    t.closing,
    senderName,
  ].join('\n');
  const html = `<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(t.intro)}</p>
<table role="presentation">
${facts.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
${link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(t.status)}</a></p>` : ''}
<p>${escapeHtml(t.closing)}<br>${escapeHtml(senderName)}</p>`;
  return { to, subject: t.subject(vacancy.title), text: body, html };
}

/**
 * The editors' notice of a vacancy to review (Dutch: it goes to the editorial team). No invoice
 * details, no IBAN: those are in the admin panel.
 * @param {{ documentId: string, title: string, employer: string, publishFrom: string,
 *   validThrough: string }} vacancy
 * @param {string} ownerEmail who placed it
 * @param {boolean} edited an existing vacancy was changed (it went back to review)
 * @returns {{ to: string, subject: string, text: string, html: string, replyTo: string }}
 */
function editorsMail(vacancy, ownerEmail, edited) {
  const subject = `${edited ? 'Gewijzigde' : 'Nieuwe'} vacature ter beoordeling: ${vacancy.title}`;
  const lines = [
    `${edited ? 'Een vacature is gewijzigd' : 'Er is een nieuwe vacature geplaatst'} en wacht op beoordeling.`,
    '',
    `Vacature: ${vacancy.title}`,
    `Werkgever: ${vacancy.employer}`,
    `Publicatieperiode: ${formatCalendarDate(vacancy.publishFrom, 'nl')} t/m ${formatCalendarDate(vacancy.validThrough, 'nl')}`,
    `Geplaatst door: ${ownerEmail}`,
    `Document: ${vacancy.documentId}`,
    '',
    'Beoordeel haar in het beheer (Content Manager → Vacancy): zet reviewStatus op approved en publiceer, of op rejected met een toelichting in reviewNote.',
  ];
  return {
    to: editorsAddress(),
    subject,
    text: lines.join('\n'),
    html: lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('\n'),
    replyTo: ownerEmail,
  };
}

/**
 * Sends a mail; a failure is logged (without the content) and reported as false.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ to: string, subject: string, text: string, html: string, replyTo?: string }} mail
 * @param {string} label
 * @returns {Promise<boolean>}
 */
async function trySend(strapi, mail, label) {
  try {
    await sendMail(strapi, mail);
    return true;
  } catch (error) {
    strapi.log.error(`[vacancies] ${label} could not be sent: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/**
 * Whether a document has a published version, by documentId.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {string[]} documentIds
 * @returns {Promise<Map<string, { publishedAt: string, reviewStatus: string | null }>>}
 */
async function publishedVersions(strapi, documentIds) {
  if (documentIds.length === 0) return new Map();
  const rows = await strapi.db.query(UID).findMany({
    where: { documentId: { $in: documentIds }, publishedAt: { $notNull: true } },
    select: ['documentId', 'publishedAt', 'reviewStatus'],
  });
  return new Map(rows.map((row) => [row.documentId, row]));
}

/**
 * The status an owner sees: `withdrawn`, `rejected`, `expired` (the end date has passed),
 * `published` (approved and published) or `pending` (waiting for review or publication).
 * @param {{ reviewStatus?: string | null, validThrough?: string | null }} draft
 * @param {{ reviewStatus?: string | null } | undefined} published the published version, if any
 * @param {number} now ms since the epoch
 * @returns {'pending' | 'published' | 'rejected' | 'withdrawn' | 'expired'}
 */
function ownerStatus(draft, published, now) {
  if (draft.reviewStatus === 'withdrawn') return 'withdrawn';
  if (draft.reviewStatus === 'rejected') return 'rejected';
  const end = draft.validThrough ? new Date(draft.validThrough).getTime() : Number.NaN;
  if (!Number.isNaN(end) && end < now) return 'expired';
  if (draft.reviewStatus === 'approved' && published && published.reviewStatus === 'approved') return 'published';
  return 'pending';
}

/**
 * A vacancy as the owner's list shows it.
 * @param {any} draft the draft version (with `category`)
 * @param {{ publishedAt: string, reviewStatus: string | null } | undefined} published
 * @param {number} now
 * @returns {object}
 */
function listView(draft, published, now) {
  return {
    documentId: draft.documentId,
    title: draft.title,
    slug: draft.slug,
    employer: draft.employer,
    location: draft.location,
    category: draft.category ? { documentId: draft.category.documentId, name: draft.category.name } : null,
    status: ownerStatus(draft, published, now),
    publishFrom: draft.publishFrom ?? null,
    validThrough: amsterdamDateOf(draft.validThrough),
    createdAt: draft.createdAt,
    updatedAt: draft.updatedAt,
    publishedAt: published ? published.publishedAt : null,
  };
}

/**
 * The owner's vacancies, newest first.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {number} userId
 * @param {{ page?: unknown, pageSize?: unknown }} [query]
 * @param {number} [now]
 * @returns {Promise<{ data: object[], meta: { pagination: { page: number, pageSize: number, pageCount: number, total: number } } }>}
 */
async function vacanciesOf(strapi, userId, query = {}, now = Date.now()) {
  const page = Math.max(1, Number.parseInt(String(query.page ?? '1'), 10) || 1);
  const requested = Number.parseInt(String(query.pageSize ?? LIST_PAGE_SIZE), 10) || LIST_PAGE_SIZE;
  const pageSize = Math.min(Math.max(requested, 1), MAX_LIST_PAGE_SIZE);
  const filters = { owner: { id: { $eq: userId } } };
  const [drafts, total] = await Promise.all([
    strapi.documents(UID).findMany({
      status: 'draft',
      filters,
      fields: LIST_FIELDS,
      populate: { category: { fields: ['name'] } },
      sort: ['createdAt:desc', 'id:desc'],
      start: (page - 1) * pageSize,
      limit: pageSize,
    }),
    strapi.documents(UID).count({ status: 'draft', filters }),
  ]);
  const published = await publishedVersions(
    strapi,
    drafts.map((draft) => draft.documentId),
  );
  return {
    data: drafts.map((draft) => listView(draft, published.get(draft.documentId), now)),
    meta: { pagination: { page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)), total } },
  };
}

/**
 * The draft version of a vacancy if `userId` owns it, else null (so a caller cannot tell someone
 * else's vacancy from one that does not exist).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {string} documentId
 * @param {number} userId
 * @returns {Promise<any | null>}
 */
async function ownedDraft(strapi, documentId, userId) {
  if (typeof documentId !== 'string' || !/^[a-z0-9]{1,64}$/.test(documentId)) return null;
  return strapi.documents(UID).findFirst({
    status: 'draft',
    filters: { documentId: { $eq: documentId }, owner: { id: { $eq: userId } } },
    populate: { category: { fields: ['name'] } },
  });
}

/**
 * One of the owner's vacancies with everything the edit form needs; the IBAN only masked.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {any} draft from {@link ownedDraft}
 * @param {number} [now]
 * @returns {Promise<object>}
 */
async function ownVacancy(strapi, draft, now = Date.now()) {
  const published = (await publishedVersions(strapi, [draft.documentId])).get(draft.documentId);
  return {
    ...listView(draft, published, now),
    summary: draft.summary ?? '',
    description: blocksToText(draft.description),
    employmentType: draft.employmentType ?? null,
    salaryMin: draft.salaryMin ?? null,
    salaryMax: draft.salaryMax ?? null,
    salaryPeriod: draft.salaryPeriod ?? null,
    applyUrl: draft.applyUrl ?? null,
    applyEmail: draft.applyEmail ?? null,
    reviewNote: draft.reviewNote ?? null,
    invoice: {
      company: draft.invoiceCompany ?? null,
      street: draft.invoiceStreet ?? null,
      houseNumber: draft.invoiceHouseNumber ?? null,
      postcode: draft.invoicePostcode ?? null,
      city: draft.invoiceCity ?? null,
      kvkNumber: draft.kvkNumber ?? null,
      vatNumber: draft.vatNumber ?? null,
      email: draft.invoiceEmail ?? null,
      ibanMasked: draft.iban ? maskIban(electronicFormatIBAN(draft.iban) || draft.iban) : null,
    },
  };
}

/**
 * Stores a new vacancy as a draft for review, owned by `user`, then e-mails the owner and the
 * editors. A failed e-mail never loses the vacancy (the owner sees it in `/jobs/mijn`).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {object} input validated input ({@link validateVacancy} with `requireIban`)
 * @param {{ id: number, documentId: string, email: string }} user the caller (`ctx.state.user`)
 * @param {number} [now]
 * @returns {Promise<{ documentId: string, status: 'pending', confirmationSent: boolean }>}
 * @throws SubmissionError 400 for an unknown category
 */
async function submitVacancy(strapi, input, user, now = Date.now()) {
  await requireCategory(strapi, input.category);
  const slug = await uniqueSlug(strapi, input.title);
  const created = await strapi.documents(UID).create({
    data: {
      ...contentData(input, slug, now),
      iban: input.iban,
      reviewStatus: 'pending',
      reviewNote: null,
      owner: user.documentId,
    },
    status: 'draft',
  });
  const facts = { ...input, documentId: created.documentId };
  const confirmationSent = await trySend(strapi, ownerMail(facts, user.email), `confirmation of vacancy ${created.documentId}`);
  await trySend(strapi, editorsMail(facts, user.email, false), `review notice of vacancy ${created.documentId}`);
  return { documentId: created.documentId, status: 'pending', confirmationSent };
}

/**
 * Replaces an owned vacancy's content and sends it back to review (unpublishing a published
 * version), in one transaction; an empty IBAN keeps the stored one. Notifies the editors.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {any} draft the owned draft ({@link ownedDraft})
 * @param {object} input validated input ({@link validateVacancy})
 * @param {{ id: number, email: string }} user
 * @param {number} [now]
 * @returns {Promise<{ documentId: string, status: 'pending' }>}
 * @throws SubmissionError 409 `withdrawn` for a withdrawn vacancy, 400 for an unknown category
 */
async function updateVacancy(strapi, draft, input, user, now = Date.now()) {
  if (draft.reviewStatus === 'withdrawn') {
    throw new SubmissionError(409, 'ConflictError', 'A withdrawn vacancy cannot be changed', { code: 'withdrawn' });
  }
  await requireCategory(strapi, input.category);
  const slug = input.title === draft.title ? draft.slug : await uniqueSlug(strapi, input.title, draft.documentId);
  const data = { ...contentData(input, slug, now), reviewStatus: 'pending' };
  if (input.iban) data.iban = input.iban;
  await strapi.db.transaction(async () => {
    await strapi.documents(UID).update({ documentId: draft.documentId, data, status: 'draft' });
    const published = await publishedVersions(strapi, [draft.documentId]);
    if (published.has(draft.documentId)) await strapi.documents(UID).unpublish({ documentId: draft.documentId });
  });
  await trySend(strapi, editorsMail({ ...input, documentId: draft.documentId }, user.email, true), `review notice of vacancy ${draft.documentId}`);
  return { documentId: draft.documentId, status: 'pending' };
}

/**
 * Withdraws an owned vacancy: `reviewStatus: 'withdrawn'` and no published version (idempotent).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {any} draft the owned draft ({@link ownedDraft})
 * @returns {Promise<{ documentId: string, status: 'withdrawn' }>}
 */
async function withdrawVacancy(strapi, draft) {
  await strapi.db.transaction(async () => {
    if (draft.reviewStatus !== 'withdrawn') {
      await strapi.documents(UID).update({
        documentId: draft.documentId,
        data: { reviewStatus: 'withdrawn' },
        status: 'draft',
      });
    }
    const published = await publishedVersions(strapi, [draft.documentId]);
    if (published.has(draft.documentId)) await strapi.documents(UID).unpublish({ documentId: draft.documentId });
  });
  return { documentId: draft.documentId, status: 'withdrawn' };
}

/**
 * The filters the public `find`/`findOne` add to "published only": approved by the editors, and
 * a publication start (`publishFrom`) that is empty or not after today in Europe/Amsterdam.
 * @param {number} [now] ms since the epoch
 * @returns {object} Strapi filters
 */
function publicFilters(now = Date.now()) {
  return {
    $and: [
      { reviewStatus: { $eq: 'approved' } },
      { $or: [{ publishFrom: { $null: true } }, { publishFrom: { $lte: amsterdamToday(now) } }] },
    ],
  };
}

module.exports = {
  UID,
  EMPLOYMENT_TYPES,
  SALARY_PERIODS,
  KVK_PATTERN,
  VAT_PATTERN,
  validateVacancy,
  textToBlocks,
  blocksToText,
  ownerStatus,
  vacanciesOf,
  ownedDraft,
  ownVacancy,
  submitVacancy,
  updateVacancy,
  withdrawVacancy,
  publicFilters,
  ownerMail,
  editorsMail,
};
