/**
 * Shared pieces of the portal's form submissions stored in the CMS (docs/decisions/035):
 * event registrations and subscription orders (their services in src/api/<type>/services).
 *
 * - Submissions are written with the database layer (`strapi.db.query`), not the document service,
 *   so storing one does not fire the portal webhook (which would empty the portal's caches and
 *   rebuild its search index on every form post). `publishedAt` is set like the document service
 *   does for types without draft & publish.
 * - A confirmation e-mail is sent after the entry is stored; `confirmationSent` /
 *   `confirmationSentAt` record whether it went out, so a failed mail never loses the entry and
 *   can be sent again ({@link deliverConfirmation}).
 * - Errors are answered in Strapi's error shape without echoing the submitted data.
 */
const { amsterdamDate, isoDate } = require('./dates');
const { sendError } = require('./http-errors');

/** Locales the portal posts from (`nl` default, `en` under `/en`). */
const LOCALES = ['nl', 'en'];
/** The portal's home zone: dates in e-mails and "today" for start dates. */
const SITE_TIME_ZONE = 'Europe/Amsterdam';
const BCP47 = { nl: 'nl-NL', en: 'en-GB' };

/**
 * The locale of a submission: `en` or the default `nl`.
 * @param {unknown} value
 * @returns {'nl' | 'en'}
 */
function toLocale(value) {
  return LOCALES.includes(value) ? value : 'nl';
}

/**
 * True for a valid IANA time zone name.
 * @param {unknown} zone
 * @returns {boolean}
 */
function isTimeZone(zone) {
  if (typeof zone !== 'string' || zone === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Formats an instant for an e-mail, e.g. `dinsdag 1 december 2026`.
 * @param {string | Date} value ISO 8601 date-time or Date
 * @param {'nl' | 'en'} locale
 * @param {Intl.DateTimeFormatOptions} options Intl options (the zone defaults to Europe/Amsterdam)
 * @returns {string}
 */
function formatInstant(value, locale, options) {
  return new Intl.DateTimeFormat(BCP47[locale], { timeZone: SITE_TIME_ZONE, ...options }).format(new Date(value));
}

/**
 * Formats a calendar date (`YYYY-MM-DD`, no time zone involved), e.g. `1 december 2026`.
 * @param {string | Date} value `YYYY-MM-DD` (or a date-time / Date whose UTC date is meant)
 * @param {'nl' | 'en'} locale
 * @returns {string}
 */
function formatCalendarDate(value, locale) {
  const isoDate = value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
  return new Intl.DateTimeFormat(BCP47[locale], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * Formats euro cents as euro with two decimals: `1250` → `€ 12,50` (nl) / `€12.50` (en).
 * @param {number} cents integer euro cents
 * @param {'nl' | 'en'} locale
 * @returns {string}
 */
function formatEuroCents(cents, locale) {
  return new Intl.NumberFormat(BCP47[locale], { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/**
 * Today's calendar date in Europe/Amsterdam as `YYYY-MM-DD` (lib/dates.js).
 * @param {number} [now] ms since the epoch
 * @returns {string}
 */
function amsterdamToday(now = Date.now()) {
  return isoDate(amsterdamDate(new Date(now), 0));
}

/** Serialised work per key (one CMS process): see {@link withLock}. */
const queues = new Map();

/**
 * Runs `task` after every earlier task with the same key has finished, so read-check-write
 * sequences on one key (an event's remaining places) never interleave within this process.
 * @template T
 * @param {string} key
 * @param {() => Promise<T>} task
 * @returns {Promise<T>}
 */
function withLock(key, task) {
  const previous = queues.get(key) || Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

/**
 * Sends a stored submission's confirmation e-mail and records the outcome on the entry:
 * `confirmationSent: true` and `confirmationSentAt` when it went out; on failure the entry keeps
 * `confirmationSent: false` (it can be sent again later) and the failure is logged without the
 * message content.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {string} uid Content-type uid of the entry
 * @param {number} id Database id of the entry
 * @param {{ to: string, subject: string, text: string, html: string }} mail
 * @returns {Promise<boolean>} whether the e-mail was sent
 */
async function deliverConfirmation(strapi, uid, id, mail) {
  try {
    await strapi.plugin('email').service('email').send(mail);
  } catch (error) {
    strapi.log.error(
      `[forms] confirmation e-mail of ${uid} #${id} could not be sent (kept with confirmationSent=false): ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
    return false;
  }
  await strapi.db.query(uid).update({
    where: { id },
    data: { confirmationSent: true, confirmationSentAt: new Date() },
  });
  return true;
}

/**
 * The resend action shared by both submission types: `POST /api/<type>/:documentId/resend-confirmation`
 * (no role has it; call it with an API token that has the permission, e.g. a full-access token).
 * Answers 200 `{ data: { documentId, confirmationSent: true } }`, 404 for an unknown entry and 502
 * when the mail could not be sent (the entry stays marked as not confirmed).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {(strapi: object, documentId: string) => Promise<{ confirmationSent: boolean } | null>} resend
 * @returns {(ctx: import('koa').Context) => Promise<void>}
 */
function resendAction(strapi, resend) {
  return async (ctx) => {
    const documentId = String(ctx.params.documentId || '');
    const result = await resend(strapi, documentId);
    if (!result) {
      sendError(ctx, 404, 'NotFoundError', 'Not Found');
      return;
    }
    if (!result.confirmationSent) {
      sendError(ctx, 502, 'MailError', 'The confirmation e-mail could not be sent', { confirmationSent: false });
      return;
    }
    ctx.status = 200;
    ctx.body = { data: { documentId, confirmationSent: true } };
  };
}

module.exports = {
  LOCALES,
  SITE_TIME_ZONE,
  toLocale,
  isTimeZone,
  formatInstant,
  formatCalendarDate,
  formatEuroCents,
  amsterdamToday,
  withLock,
  deliverConfirmation,
  resendAction,
};
