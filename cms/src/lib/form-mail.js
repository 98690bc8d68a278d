/**
 * Shared pieces of the portal's public forms: contact messages, advertising enquiries
 * and newsletter sign-ups.
 *
 * - Addresses: EDITORS_EMAIL (default `redactie@portal.local`) receives contact messages,
 *   SALES_EMAIL (default `sales@portal.local`) advertising enquiries; the sender is
 *   EMAIL_FROM_NAME / EMAIL_FROM like the account e-mails.
 * - Input checks shared by the controllers: they accept only the known fields, trim text, enforce
 *   the same limits as the portal's form definitions and answer 400 in Strapi's error shape.
 * - `sendMail`: one e-mail with a text and an HTML part through the email plugin (nodemailer:
 *   SMTP, or the local capture in development and tests).
 * - `storeThenNotify`: stores a submission and e-mails the team; when that e-mail cannot be sent
 *   the entry is deleted again and the request fails with 503, so nothing is half-stored
 *   (a visitor who sees "not sent" can simply send again).
 */
const { errors } = require('@strapi/utils');
const { escapeHtml, portalLink } = require('./mail');
const { EMAIL_PATTERN, MAX_EMAIL_LENGTH } = require('./validate');

const { ValidationError } = errors;

/** Default address of the editorial team (EDITORS_EMAIL). */
const DEFAULT_EDITORS_EMAIL = 'redactie@portal.local';
/** Default address of the sales team (SALES_EMAIL). */
const DEFAULT_SALES_EMAIL = 'sales@portal.local';
/** Languages a form may be posted in (the portal's locales). */
const LANGUAGES = ['nl', 'en'];

/**
 * The editorial team's address.
 * @returns {string}
 */
function editorsAddress() {
  return process.env.EDITORS_EMAIL || DEFAULT_EDITORS_EMAIL;
}

/**
 * The sales team's address.
 * @returns {string}
 */
function salesAddress() {
  return process.env.SALES_EMAIL || DEFAULT_SALES_EMAIL;
}

/**
 * The sender of form e-mails: `"EMAIL_FROM_NAME" <EMAIL_FROM>`.
 * @returns {string}
 */
function formSender() {
  const email = process.env.EMAIL_FROM || 'redactie@portal.local';
  const name = (process.env.EMAIL_FROM_NAME || 'Logistiek & E-commerce Nieuws').replace(/"/g, "'");
  return `"${name}" <${email}>`;
}




/**
 * A 400 `ValidationError` naming the offending field.
 * @param {string} field
 * @param {string} message
 * @returns {Error}
 */
function invalid(field, message) {
  return new ValidationError(`data.${field}: ${message}`, { field });
}

/**
 * The `data` object of a create request.
 * @param {import('koa').Context} ctx
 * @returns {Record<string, unknown>}
 * @throws ValidationError when the body is not `{ data: { … } }`.
 */
function requestData(ctx) {
  const body = ctx.request.body;
  const data = body && typeof body === 'object' ? body.data : undefined;
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw new ValidationError('Body must be { "data": { … } }');
  }
  return data;
}

/**
 * A trimmed text field.
 * @param {Record<string, unknown>} data
 * @param {string} field
 * @param {{ required?: boolean, max: number, multiline?: boolean }} rules `max` in characters;
 *   `multiline` text keeps its line breaks (CRLF from a form post becomes LF); otherwise line
 *   breaks and other runs of white space become one space (a name or subject may end up in an
 *   e-mail header).
 * @returns {string | null} The text, or null when optional and empty.
 * @throws ValidationError
 */
function text(data, field, { required = false, max, multiline = false }) {
  const value = data[field];
  if (value !== undefined && value !== null && typeof value !== 'string') throw invalid(field, 'must be a string');
  const raw = typeof value === 'string' ? value : '';
  const trimmed = (multiline ? raw.replace(/\r\n?/g, '\n') : raw.replace(/\s+/g, ' ')).trim();
  if (trimmed === '') {
    if (required) throw invalid(field, 'is required');
    return null;
  }
  if (trimmed.length > max) throw invalid(field, `must be at most ${max} characters`);
  return trimmed;
}

/**
 * A required e-mail address, trimmed and in lower case.
 * @param {Record<string, unknown>} data
 * @param {string} [field]
 * @returns {string}
 * @throws ValidationError
 */
function emailAddress(data, field = 'email') {
  const value = text(data, field, { required: true, max: MAX_EMAIL_LENGTH });
  if (!EMAIL_PATTERN.test(value)) throw invalid(field, 'must be an e-mail address');
  return value.toLowerCase();
}

/**
 * The language of the form (`nl` when missing).
 * @param {Record<string, unknown>} data
 * @returns {'nl'|'en'}
 * @throws ValidationError for another value.
 */
function language(data) {
  const value = data.language ?? 'nl';
  if (!LANGUAGES.includes(value)) throw invalid('language', `must be one of ${LANGUAGES.join(', ')}`);
  return value;
}

/**
 * The consent checkbox: must be `true`.
 * @param {Record<string, unknown>} data
 * @returns {true}
 * @throws ValidationError
 */
function consent(data) {
  if (data.consent !== true) throw invalid('consent', 'must be true');
  return true;
}

/**
 * A list of known option values (duplicates removed).
 * @param {Record<string, unknown>} data
 * @param {string} field
 * @param {readonly string[]} options
 * @param {{ required?: boolean }} [rules]
 * @returns {string[]}
 * @throws ValidationError
 */
function choices(data, field, options, { required = false } = {}) {
  const value = data[field] ?? [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && options.includes(item))) {
    throw invalid(field, `must be a list of ${options.join(', ')}`);
  }
  if (required && value.length === 0) throw invalid(field, 'needs at least one choice');
  return options.filter((option) => value.includes(option));
}

/**
 * One option value.
 * @param {Record<string, unknown>} data
 * @param {string} field
 * @param {readonly string[]} options
 * @returns {string}
 * @throws ValidationError
 */
function choice(data, field, options) {
  const value = data[field];
  if (typeof value !== 'string' || !options.includes(value)) throw invalid(field, `must be one of ${options.join(', ')}`);
  return value;
}

/**
 * Sends one e-mail.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ to: string, subject: string, text: string, html: string, replyTo?: string,
 *   unsubscribeUrl?: string }} message `unsubscribeUrl` adds the List-Unsubscribe and
 *   List-Unsubscribe-Post headers (RFC 2369, RFC 8058 one-click unsubscribe).
 * @returns {Promise<void>}
 * @throws when the mail transport fails.
 */
async function sendMail(strapi, { to, subject, text: body, html, replyTo, unsubscribeUrl }) {
  const options = { to, from: formSender(), subject, text: body, html };
  if (replyTo) options.replyTo = replyTo;
  if (unsubscribeUrl) {
    options.list = { unsubscribe: { url: unsubscribeUrl } };
    options.headers = { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }
  await strapi.plugin('email').service('email').send(options);
}

/**
 * Stores a submission, then e-mails the team about it; deletes the entry again when that e-mail
 * fails (see the module comment). The sender's confirmation is best effort: a failure is logged.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ uid: string, data: object, notify: () => Promise<void>, confirm: () => Promise<void>, label: string }} input
 * @returns {Promise<void>}
 * @throws Error with `status` 503 when the team cannot be e-mailed (Strapi answers 503
 *   `ServiceUnavailableError`).
 */
async function storeThenNotify(strapi, { uid, data, notify, confirm, label }) {
  const entry = await strapi.documents(uid).create({ data });
  try {
    await notify();
  } catch (error) {
    strapi.log.error(`[forms] ${label}: e-mail to the team failed (${error.message}); entry removed`);
    await strapi.documents(uid).delete({ documentId: entry.documentId });
    const unavailable = new Error('The message could not be delivered; nothing was stored');
    unavailable.status = 503;
    throw unavailable;
  }
  try {
    await confirm();
  } catch (error) {
    strapi.log.warn(`[forms] ${label}: confirmation to the sender failed (${error.message})`);
  }
}

/**
 * Answers `202 Accepted` with an empty body: the stored entry is never echoed (no personal data
 * in responses; the public role cannot read these types).
 * @param {import('koa').Context} ctx
 * @returns {void}
 */
function accepted(ctx) {
  ctx.status = 202;
  ctx.body = '';
}

module.exports = {
  DEFAULT_EDITORS_EMAIL,
  DEFAULT_SALES_EMAIL,
  editorsAddress,
  salesAddress,
  requestData,
  text,
  emailAddress,
  language,
  consent,
  choices,
  choice,
  sendMail,
  storeThenNotify,
  accepted,
};
