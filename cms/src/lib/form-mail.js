/**
 * Shared pieces of the portal's public forms: contact messages, advertising enquiries
 * and newsletter sign-ups.
 *
 * - Addresses: EDITORS_EMAIL (default `redactie@portal.local`) receives contact messages,
 *   SALES_EMAIL (default `sales@portal.local`) advertising enquiries; the sender is
 *   EMAIL_FROM_NAME / EMAIL_FROM like the account e-mails.
 * - Input checks: each controller's yup schema from lib/validate.js (only the known fields, text
 *   trimmed, the portal's limits, 400 in Strapi's error shape; docs/decisions/081).
 * - `sendMail`: one e-mail with a text and an HTML part through the email plugin (nodemailer:
 *   SMTP, or the local capture in development and tests).
 * - `storeThenNotify`: stores a submission and e-mails the team; when that e-mail cannot be sent
 *   the entry is deleted again and the request fails with 503, so nothing is half-stored
 *   (a visitor who sees "not sent" can simply send again).
 */

/** Default address of the editorial team (EDITORS_EMAIL). */
const DEFAULT_EDITORS_EMAIL = 'redactie@portal.local';
/** Default address of the sales team (SALES_EMAIL). */
const DEFAULT_SALES_EMAIL = 'sales@portal.local';

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
  sendMail,
  storeThenNotify,
  accepted,
};
