/**
 * Application lifecycle (register / bootstrap / destroy).
 *
 * bootstrap:
 *  0. a password change ends the account's earlier sessions (src/lib/sessions.js); IBANs are
 *     encrypted whenever they are written, and any still in clear once (src/lib/iban.js; no start
 *     without DATA_ENCRYPTION_KEY),
 *  1. starts the local mail capture server when SMTP_HOST is not set (no mail leaves the machine),
 *     and gives every outgoing mail a real plain-text part (src/lib/mail-text.js),
 *  2. makes sure the i18n locales `nl` (default) and `en` exist,
 *  3. grants the public/authenticated roles their content API permissions,
 *  4. sets the sender (and optional portal URLs) of the account e-mails, then the account
 *     settings: e-mail confirmation, portal links in the e-mails, invitation permission
 *     (src/lib/accounts.js),
 *  5. on PostgreSQL creates the site search's table and index (src/lib/search-index.js), then seeds
 *     the demo content on an empty database (unless SEED=false),
 *  6. registers (or removes) the portal webhook from PORTAL_WEBHOOK_URL / WEBHOOK_SECRET, after
 *     the seed so seeding does not fire it (src/lib/webhook.js),
 *  7. starts the metrics server on METRICS_PORT (default 9465, `0` off; src/lib/metrics.js).
 * destroy: stops the mail capture and metrics servers.
 */
const { startMailCapture } = require('./lib/mail-capture');
const { registerPlainTextParts } = require('./lib/mail-text');
const { ensureLocales } = require('./lib/locales');
const { ensurePermissions } = require('./lib/permissions');
const { ensureAuthEmails } = require('./lib/auth-emails');
const { ensureAccountSettings } = require('./lib/accounts');
const { runSeed } = require('../database/seed');
const { ensurePortalWebhook } = require('./lib/webhook');
const { registerPublicVacancyGuard } = require('./lib/public-vacancy-guard');
const { registerVacancyPostingDate } = require('./lib/vacancy-posting-date');
const { registerArticleRevisionDate } = require('./lib/article-revision-date');
const { registerPasswordChangeEndsSessions } = require('./lib/sessions');
const { dataKey } = require('./lib/field-encryption');
const { encryptStoredIbans, registerIbanEncryption } = require('./lib/iban');
const { ensureStatisticsIndex } = require('./lib/statistics-reports');
const { registerPushOnPublish } = require('./lib/push');
const { ensureSearchIndex, registerSearchSync } = require('./lib/search-index');
const { metricsPortOf, observeRequests, startMetricsServer, stopMetricsServer } = require('./lib/metrics');

/** Handle of the running mail capture server, if any. */
let mailCapture = null;
/** The running metrics server, if any. */
let metricsServer = null;

module.exports = {
  /**
   * Registers the document-service middlewares that keep unreviewed vacancies out of every public
   * read through a relation (src/lib/public-vacancy-guard.js), give every new vacancy a posting
   * date (src/lib/vacancy-posting-date.js) and send a push notification when it is published
   * (src/lib/push.js), set an article's revision date when a changed version of a published
   * article is published (src/lib/article-revision-date.js) and keep the PostgreSQL search table
   * current (src/lib/search-index.js),
   * and the Koa middleware that gives every request its id and counts it (src/lib/metrics.js;
   * registered here, before Strapi mounts its configured middlewares, so it wraps them all);
   * everything else is file based.
   * @param {{ strapi: import('@strapi/strapi').Core.Strapi }} context
   * @returns {void}
   */
  register({ strapi }) {
    strapi.server.use(observeRequests(strapi));
    registerPublicVacancyGuard(strapi);
    registerVacancyPostingDate(strapi);
    registerArticleRevisionDate(strapi);
    registerPushOnPublish(strapi);
    registerSearchSync(strapi);
  },

  /**
   * @param {{strapi: import('@strapi/strapi').Core.Strapi}} context Strapi instance.
   * @returns {Promise<void>}
   */
  async bootstrap({ strapi }) {
    if (process.env.SMTP_HOST) {
      strapi.log.info(`[mail] outgoing mail is sent through ${process.env.SMTP_HOST}:${process.env.SMTP_PORT || 587}`);
    } else {
      mailCapture = await startMailCapture(strapi);
    }
    registerPlainTextParts(strapi);
    registerPasswordChangeEndsSessions(strapi);
    dataKey(); // no start without the key of the IBANs
    registerIbanEncryption(strapi);
    const encrypted = await encryptStoredIbans(strapi);
    if (encrypted) strapi.log.info(`[iban] encrypted ${encrypted} IBANs stored in clear`);
    const recounted = await ensureStatisticsIndex(strapi);
    if (recounted) strapi.log.info(`[statistics] counted ${recounted} stored events into the daily counts`);
    await ensureLocales(strapi);
    await ensurePermissions(strapi);
    await ensureAuthEmails(strapi);
    await ensureAccountSettings(strapi);
    const searchRows = await ensureSearchIndex(strapi);
    if (searchRows) strapi.log.info(`[search] filled the full-text search table with ${searchRows} items`);
    await runSeed(strapi);
    await ensurePortalWebhook(strapi);
    const metricsPort = metricsPortOf(process.env);
    if (metricsPort > 0) {
      metricsServer = await startMetricsServer(strapi, { port: metricsPort, host: strapi.config.get('server.host', '0.0.0.0') });
    }
  },

  /**
   * @returns {Promise<void>}
   */
  async destroy() {
    if (mailCapture) {
      await mailCapture.close();
      mailCapture = null;
    }
    await stopMetricsServer(metricsServer);
    metricsServer = null;
  },
};
