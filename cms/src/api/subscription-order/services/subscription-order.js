/**
 * The subscription-order service (api::subscription-order.subscription-order): the core service
 * plus the order workflow (docs/decisions/035): the order form on the portal's
 * `/abonnementen/{slug}`.
 *
 * - {@link validateOrder} checks and strips the posted order (a yup schema, lib/validate.js) with
 *   the same rules as the portal's form: Dutch postcode (`^[1-9][0-9]{3} ?(?!SA|SD|SS)[A-Za-z]{2}$`), IBAN (ibantools: country,
 *   length, structure and mod-97, like the portal's `iban` rule), a start date after today in
 *   Europe/Amsterdam, accepted terms.
 * - {@link placeOrder} stores the order with an order number and a snapshot of the plan (name,
 *   price in euro cents, period) as it was when ordered, then sends the confirmation e-mail: order
 *   number, plan, price in euro, start date and the IBAN masked to its country code and last four
 *   characters — never the full IBAN. `confirmationSent` records whether the e-mail went out; a
 *   failed e-mail never loses the order, {@link resendOrderConfirmation} sends it again.
 * - The IBAN is a private field: it is stored, never returned by the API and never logged.
 */
const crypto = require('node:crypto');
const { factories } = require('@strapi/strapi');
const { SubmissionError } = require('../../../lib/http-errors');
const { configuredPortalLink, escapeHtml } = require('../../../lib/mail');
const { maskIban } = require('../../../lib/iban');
const {
  HOUSE_NUMBER_PATTERN,
  accepted,
  calendarDate,
  emailAddress,
  iban,
  pattern,
  postcode,
  siteLocale,
  submission,
  text,
  validateBody,
} = require('../../../lib/validate');
const { deliverConfirmation, formatCalendarDate, formatEuroCents, toLocale } = require('../../../lib/form-submissions');

const UID = 'api::subscription-order.subscription-order';
const SUBSCRIPTION_UID = 'api::subscription.subscription';
/** Characters of order numbers (no 0/O, 1/I look-alikes). */
const ORDER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Order number format: `ABO-` and eight characters. */
const ORDER_NUMBER_PATTERN = /^ABO-[A-Z2-9]{8}$/;


/**
 * The order body (the order form on `/abonnementen/{slug}`; docs/decisions/081): the IBAN, the
 * postcode and the start date are the CMS's own checks (lib/validate.js).
 */
const ORDER_SCHEMA = submission({
  plan: text([1, 200]),
  name: text([2, 100]),
  street: text([2, 120]),
  houseNumber: pattern(HOUSE_NUMBER_PATTERN, '${path} is not a house number'),
  postcode: postcode(),
  city: text([2, 80]),
  email: emailAddress(),
  iban: iban(),
  accountHolder: text([2, 100]),
  startDate: calendarDate('${path} must be a date (YYYY-MM-DD) after today', (date, { today }) => date > today),
  terms: accepted(),
  locale: siteLocale(),
});

/**
 * Validates and strips an order body `{ data: { plan, name, street, houseNumber, postcode, city,
 * email, iban, accountHolder, startDate, terms, locale } }`; unknown keys are dropped.
 * @param {unknown} body
 * @param {number} [now] ms since the epoch ("today" is taken in Europe/Amsterdam)
 * @returns {{ plan: string, name: string, street: string, houseNumber: string, postcode: string,
 *   city: string, email: string, iban: string, accountHolder: string, startDate: string,
 *   locale: 'nl' | 'en' }} the postcode as `1234 AB`, the IBAN in electronic format
 * @throws {import('@strapi/utils').errors.ValidationError} 400 with `details.field` and
 *   `details.errors` (lib/validate.js)
 */
function validateOrder(body, now = Date.now()) {
  const { terms: _terms, ...value } = validateBody(ORDER_SCHEMA, body, { now }).data;
  return value;
}

/**
 * A new order number that no order has yet: `ABO-` and eight random characters.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {Promise<string>}
 */
async function newOrderNumber(strapi) {
  for (;;) {
    let suffix = '';
    for (let index = 0; index < 8; index++) suffix += ORDER_ALPHABET[crypto.randomInt(ORDER_ALPHABET.length)];
    const candidate = `ABO-${suffix}`;
    const taken = await strapi.db.query(UID).findOne({ where: { orderNumber: candidate }, select: ['id'] });
    if (!taken) return candidate;
  }
}

const PERIODS = {
  nl: { month: 'maand', quarter: 'kwartaal', year: 'jaar' },
  en: { month: 'month', quarter: 'quarter', year: 'year' },
};

const MAIL_TEXTS = {
  nl: {
    subject: (number) => `Bevestiging van je bestelling ${number}`,
    greeting: (name) => `Beste ${name},`,
    intro: (plan) => `Bedankt voor je bestelling van het abonnement ${plan}. Dit zijn de gegevens:`,
    orderNumber: 'Ordernummer',
    plan: 'Abonnement',
    price: 'Prijs',
    per: (price, period) => `${price} per ${period}`,
    startDate: 'Ingangsdatum',
    address: 'Adres',
    debit: 'Automatische incasso van',
    holder: (iban, holder) => `${iban} t.n.v. ${holder}`,
    debitNote: 'Het bedrag wordt automatisch afgeschreven van deze rekening. Kloppen de gegevens niet? Beantwoord dan deze e-mail.',
    more: 'Bekijk het abonnement',
    closing: 'Met vriendelijke groet,',
  },
  en: {
    subject: (number) => `Confirmation of your order ${number}`,
    greeting: (name) => `Dear ${name},`,
    intro: (plan) => `Thank you for ordering the ${plan} subscription. These are the details:`,
    orderNumber: 'Order number',
    plan: 'Subscription',
    price: 'Price',
    per: (price, period) => `${price} per ${period}`,
    startDate: 'Start date',
    address: 'Address',
    debit: 'Direct debit from',
    holder: (iban, holder) => `${iban} in the name of ${holder}`,
    debitNote: 'The amount is debited from this account automatically. Anything wrong? Reply to this e-mail.',
    more: 'View the subscription',
    closing: 'Kind regards,',
  },
};

/**
 * The confirmation e-mail of an order (in the language it was posted in). The IBAN appears masked.
 * @param {{ orderNumber: string, planName: string, planSlug: string, priceCents: number,
 *   period?: string | null, name: string, street: string, houseNumber: string, postcode: string,
 *   city: string, email: string, iban: string, accountHolder: string, startDate: string,
 *   language?: string }} order
 * @returns {{ to: string, from: string, subject: string, text: string, html: string }}
 */
function orderMail(order) {
  const locale = toLocale(order.language);
  const t = MAIL_TEXTS[locale];
  const amount = formatEuroCents(order.priceCents, locale);
  const period = order.period && PERIODS[locale][order.period];
  const link = configuredPortalLink(`/abonnementen/${order.planSlug}`, locale);
  const facts = [
    [t.orderNumber, order.orderNumber],
    [t.plan, order.planName],
    [t.price, period ? t.per(amount, period) : amount],
    [t.startDate, formatCalendarDate(order.startDate, locale)],
    [t.address, `${order.street} ${order.houseNumber}, ${order.postcode} ${order.city}`],
    [t.debit, t.holder(maskIban(order.iban), order.accountHolder)],
  ];
  const senderName = process.env.EMAIL_FROM_NAME || 'Logistiek & E-commerce Nieuws';
  const from = `"${senderName.replace(/"/g, "'")}" <${process.env.EMAIL_FROM || 'redactie@portal.local'}>`;
  const text = [
    t.greeting(order.name),
    '',
    t.intro(order.planName),
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    t.debitNote,
    ...(link ? ['', `${t.more}: ${link}`] : []),
    '',
    t.closing,
    senderName,
  ].join('\n');
  const html = `<p>${escapeHtml(t.greeting(order.name))}</p>
<p>${escapeHtml(t.intro(order.planName))}</p>
<table role="presentation">
${facts.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p>${escapeHtml(t.debitNote)}</p>
${link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(t.more)}</a></p>` : ''}
<p>${escapeHtml(t.closing)}<br>${escapeHtml(senderName)}</p>`;
  return { to: order.email, from, subject: t.subject(order.orderNumber), text, html };
}

/**
 * Stores an order for a published plan, then sends its confirmation e-mail.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {object} input validated input ({@link validateOrder})
 * @param {number} [now] ms since the epoch
 * @param {import('../../../lib/idempotency').IdempotencyRecord | null} [record] the request's claimed
 *   idempotency key, marked done in the transaction that stores the order (lib/idempotency.js)
 * @returns {Promise<{ orderNumber: string, confirmationSent: boolean }>}
 * @throws SubmissionError 404 `unknown-plan` when no published plan has the slug
 */
async function placeOrder(strapi, input, now = Date.now(), record = null) {
  const plan = await strapi.documents(SUBSCRIPTION_UID).findFirst({
    status: 'published',
    fields: ['name', 'slug', 'priceCents', 'period'],
    filters: { slug: { $eq: input.plan } },
  });
  if (!plan) throw new SubmissionError(404, 'NotFoundError', 'Unknown subscription', { code: 'unknown-plan' });
  // Link the plan's draft row: it keeps its id when the plan is published again.
  const draft = await strapi.db.query(SUBSCRIPTION_UID).findOne({
    where: { documentId: plan.documentId, publishedAt: { $null: true } },
    select: ['id'],
  });
  const order = {
    orderNumber: await newOrderNumber(strapi),
    subscription: draft ? draft.id : null,
    planSlug: plan.slug,
    planName: plan.name,
    priceCents: plan.priceCents,
    period: plan.period || null,
    name: input.name,
    street: input.street,
    houseNumber: input.houseNumber,
    postcode: input.postcode,
    city: input.city,
    email: input.email,
    iban: input.iban,
    accountHolder: input.accountHolder,
    startDate: input.startDate,
    termsAcceptedAt: new Date(now),
    language: input.locale,
    confirmationSent: false,
    publishedAt: new Date(now),
  };
  const store = () => strapi.db.query(UID).create({ data: order });
  // With a key, the order and its record are stored together (until the e-mail went out the
  // record's answer says it has not; the final answer replaces it).
  const created = record
    ? await strapi.db.transaction(async () => {
        const entry = await store();
        await record.markDone({
          status: 201,
          body: { data: { orderNumber: order.orderNumber, confirmationSent: false } },
          documentId: entry.documentId,
        });
        return entry;
      })
    : await store();
  const confirmationSent = await deliverConfirmation(strapi, UID, created.id, orderMail(order));
  return { orderNumber: order.orderNumber, confirmationSent };
}

/**
 * Sends a stored order's confirmation again (e.g. after a mail outage).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {string} documentId
 * @returns {Promise<{ confirmationSent: boolean } | null>} null for an unknown order
 */
async function resendOrderConfirmation(strapi, documentId) {
  const order = await strapi.db.query(UID).findOne({ where: { documentId } });
  if (!order) return null;
  return { confirmationSent: await deliverConfirmation(strapi, UID, order.id, orderMail(order)) };
}

module.exports = factories.createCoreService(UID, ({ strapi }) => ({
  /**
   * Stores a validated order and sends its confirmation ({@link placeOrder}).
   * @param {object} input validated input (validateOrder)
   * @param {import('../../../lib/idempotency').IdempotencyRecord | null} [record] claimed idempotency key
   */
  placeOrder: (input, record) => placeOrder(strapi, input, undefined, record),
  /**
   * Sends an order's confirmation e-mail again; `{ confirmationSent }` or null when unknown.
   * @param {string} documentId
   */
  resendConfirmation: (documentId) => resendOrderConfirmation(strapi, documentId),
}));

// The pure parts, for the controller and the tests.
Object.assign(module.exports, { UID, ORDER_NUMBER_PATTERN, validateOrder, placeOrder, resendOrderConfirmation, orderMail });
