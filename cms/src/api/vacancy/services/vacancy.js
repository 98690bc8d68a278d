/**
 * The vacancy service (api::vacancy.vacancy): the core service plus the review workflow of
 * vacancies placed by account holders.
 *
 * Vacancies placed and managed by account holders (docs/decisions/040): the portal's
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
const { factories } = require('@strapi/strapi');
const { amsterdamTime, slugify } = require('../../../lib/dates');
const { editorsAddress, sendMail } = require('../../../lib/form-mail');
const { amsterdamToday } = require('../../../lib/form-submissions');
const { SubmissionError } = require('../../../lib/http-errors');
const { maskIban } = require('../../../lib/iban');
const { fieldError } = require('../../../lib/validate');
const { blocksToText, textToBlocks } = require('../../../lib/vacancy-blocks');
const { editorsMail, ownerMail } = require('../../../lib/vacancy-mails');

const UID = 'api::vacancy.vacancy';
const CATEGORY_UID = 'api::job-category.job-category';

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
 * @throws {import('@strapi/utils').errors.ValidationError} 400 for `category` when there is no such
 *   category (the same shape as the schema's answers: lib/validate.js)
 */
async function requireCategory(strapi, documentId) {
  const category = await strapi.db.query(CATEGORY_UID).findOne({ where: { documentId }, select: ['id'] });
  if (!category) throw fieldError('category', 'data.category is not a job category');
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
    employerWebsite: input.employerWebsite,
    location: input.location,
    street: input.street,
    postalCode: input.postalCode,
    region: input.region,
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
    employerWebsite: draft.employerWebsite ?? null,
    street: draft.street ?? null,
    postalCode: draft.postalCode ?? null,
    region: draft.region ?? null,
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
      ibanMasked: draft.iban ? maskIban(draft.iban) : null,
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
 * @param {import('../../../lib/idempotency').IdempotencyRecord | null} [record] the request's claimed
 *   idempotency key, marked done in the transaction that stores the vacancy (lib/idempotency.js)
 * @returns {Promise<{ documentId: string, status: 'pending', confirmationSent: boolean }>}
 * @throws ValidationError 400 for an unknown category (details.field `category`)
 */
async function submitVacancy(strapi, input, user, now = Date.now(), record = null) {
  await requireCategory(strapi, input.category);
  const slug = await uniqueSlug(strapi, input.title);
  const store = () =>
    strapi.documents(UID).create({
      data: {
        ...contentData(input, slug, now),
        iban: input.iban,
        reviewStatus: 'pending',
        reviewNote: null,
        owner: user.documentId,
      },
      status: 'draft',
    });
  // With a key, the vacancy and its record are stored together (the final answer, with the
  // e-mail's outcome, replaces this one).
  const created = record
    ? await strapi.db.transaction(async () => {
        const entry = await store();
        await record.markDone({
          status: 201,
          body: { data: { documentId: entry.documentId, status: 'pending', confirmationSent: false } },
          documentId: entry.documentId,
        });
        return entry;
      })
    : await store();
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
 * @throws SubmissionError 409 `withdrawn` for a withdrawn vacancy; ValidationError 400 for an unknown category
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
    if (published.has(draft.documentId)) await strapi.documents(UID).unpublish({ documentId: draft.documentId, locale: '*' });
  });
  await trySend(strapi, editorsMail({ ...input, documentId: draft.documentId }, user.email, true), `review notice of vacancy ${draft.documentId}`);
  return { documentId: draft.documentId, status: 'pending' };
}

/**
 * Withdraws an owned vacancy: `reviewStatus: 'withdrawn'` and no published version in any
 * language (idempotent; `locale: '*'` also unpublishes an editor's English translation).
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
    if (published.has(draft.documentId)) await strapi.documents(UID).unpublish({ documentId: draft.documentId, locale: '*' });
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

module.exports = factories.createCoreService(UID, ({ strapi }) => ({
  /** The owner's vacancies, draft and published side by side ({@link vacanciesOf}). */
  vacanciesOf: (userId, query, now) => vacanciesOf(strapi, userId, query, now),
  /** The draft of `documentId` when `userId` owns it, else null ({@link ownedDraft}). */
  ownedDraft: (documentId, userId) => ownedDraft(strapi, documentId, userId),
  /** The owner's view of one vacancy ({@link ownVacancy}). */
  ownVacancy: (draft, now) => ownVacancy(strapi, draft, now),
  /** Stores a new submission for review and sends its e-mails ({@link submitVacancy}). */
  submitVacancy: (input, user, now, record) => submitVacancy(strapi, input, user, now, record),
  /** Changes a submission, back to review ({@link updateVacancy}). */
  updateVacancy: (draft, input, user, now) => updateVacancy(strapi, draft, input, user, now),
  /** Takes a vacancy offline for good ({@link withdrawVacancy}). */
  withdrawVacancy: (draft) => withdrawVacancy(strapi, draft),
  /** The filters of public reads: approved, published and current ({@link publicFilters}). */
  publicFilters,
  /** The owner's status of a vacancy ({@link ownerStatus}). */
  ownerStatus,
}));

module.exports.UID = UID;
module.exports.ownerStatus = ownerStatus;
module.exports.publicFilters = publicFilters;
