/**
 * Web Push for the portal (RFC 8030 delivery, RFC 8291 message encryption, RFC 8292 VAPID), with
 * the web-push library: subscriptions written by the portal (api::push-subscription) and
 * notifications that editors publish (api::push-notification).
 *
 * - Keys: `VAPID_PUBLIC_KEY` / `VAPID_PRIVATE_KEY` (generated into `cms/.env` by
 *   scripts/ensure-env.js) and `VAPID_SUBJECT` (a `mailto:` or `https:` contact, default
 *   `mailto:redactie@portal.local`). Without keys push is off: the config route says so and
 *   nothing is sent.
 * - Publishing a notification sends it once to every subscription of its `language` (nl/en; not
 *   `locale`, which Strapi keeps for its i18n) whose topics
 *   include its topic (or `all`), {@link SEND_CONCURRENCY} at a time. A 404 or 410 from the push
 *   service deletes the subscription (it is gone for good, RFC 8030 section 7.3); other failures
 *   are counted. The counts and `sentAt` are written on the notification, and added to the
 *   metric `cms_push_messages_total` (src/lib/metrics.js).
 * - web-push builds and encrypts each request (`generateRequestDetails`); it is sent with
 *   `fetch`, so a local push service over plain HTTP works in tests.
 */
const crypto = require('node:crypto');
const webpush = require('web-push');
const { countPushMessages } = require('./metrics');

const SUBSCRIPTION_UID = 'api::push-subscription.push-subscription';
const NOTIFICATION_UID = 'api::push-notification.push-notification';
/** Topics a visitor can choose. */
const TOPICS = ['all', 'ecommerce', 'logistiek', 'fulfilment'];
/** Push requests in flight at once while sending one notification. */
const SEND_CONCURRENCY = 8;
/** Seconds a push service keeps an undelivered message (RFC 8030 TTL): one day. */
const TTL_S = 86_400;
/** Longest time one push request may take, in ms. */
const SEND_TIMEOUT_MS = 10_000;

/**
 * The VAPID settings, or null when push is off.
 * @returns {{ publicKey: string, privateKey: string, subject: string } | null}
 */
function vapidSettings() {
  const publicKey = process.env.VAPID_PUBLIC_KEY;
  const privateKey = process.env.VAPID_PRIVATE_KEY;
  if (!publicKey || !privateKey) return null;
  return { publicKey, privateKey, subject: process.env.VAPID_SUBJECT || 'mailto:redactie@portal.local' };
}

/**
 * Checks a subscription as the portal posts it.
 * @param {unknown} body `{ data: { endpoint, keys: { p256dh, auth }, locale?, topics? } }`
 * @param {{ keysRequired?: 'all' | 'auth' }} [options] unregister needs only `keys.auth`
 * @returns {{ ok: true, value: { endpoint: string, p256dh?: string, auth: string, locale: 'nl' | 'en', topics: string[] } }
 *   | { ok: false, message: string }}
 */
function parseSubscription(body, { keysRequired = 'all' } = {}) {
  const data = body && typeof body === 'object' ? body.data : undefined;
  if (!data || typeof data !== 'object') return { ok: false, message: 'Body must be { "data": { "endpoint", "keys" } }' };
  const { endpoint, keys, locale = 'nl', topics = ['all'] } = data;
  let url;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, message: 'data.endpoint must be an absolute URL' };
  }
  if (!['https:', 'http:'].includes(url.protocol) || endpoint.length > 1000) {
    return { ok: false, message: 'data.endpoint must be an http(s) URL of at most 1000 characters' };
  }
  const base64url = (value, min, max) =>
    typeof value === 'string' && value.length >= min && value.length <= max && /^[A-Za-z0-9_-]+=*$/.test(value);
  if (!keys || typeof keys !== 'object' || !base64url(keys.auth, 16, 64)) {
    return { ok: false, message: 'data.keys.auth must be the base64url secret of the subscription' };
  }
  if (keysRequired === 'all' && !base64url(keys.p256dh, 80, 100)) {
    return { ok: false, message: 'data.keys.p256dh must be the base64url P-256 public key of the subscription' };
  }
  if (!['nl', 'en'].includes(locale)) return { ok: false, message: 'data.locale must be nl or en' };
  if (!Array.isArray(topics) || topics.length === 0 || topics.length > TOPICS.length || !topics.every((t) => TOPICS.includes(t))) {
    return { ok: false, message: `data.topics must be a list of ${TOPICS.join(', ')}` };
  }
  return { ok: true, value: { endpoint, p256dh: keys.p256dh, auth: keys.auth, locale, topics: [...new Set(topics)] } };
}

/** SHA-256 of an endpoint (hex): the unique key, since endpoints are longer than an index likes. */
function endpointHash(endpoint) {
  return crypto.createHash('sha256').update(endpoint, 'utf8').digest('hex');
}

/** Constant-time comparison of two secrets. */
function sameSecret(a, b) {
  const left = crypto.createHash('sha256').update(String(a)).digest();
  const right = crypto.createHash('sha256').update(String(b)).digest();
  return crypto.timingSafeEqual(left, right);
}

/**
 * The stored subscription of an endpoint, or null.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {string} endpoint
 */
function findSubscription(strapi, endpoint) {
  return strapi.db.query(SUBSCRIPTION_UID).findOne({ where: { endpointHash: endpointHash(endpoint) } });
}

/**
 * The message a service worker shows (the spec's push fields).
 * @param {object} notification a push-notification entry
 * @returns {{ title: string, body: string, image?: string, icon?: string, link: string,
 *   analyticsLabel?: string, data: { link: string, analyticsLabel?: string, id: string } }}
 */
function messageOf(notification) {
  const data = { link: notification.link, analyticsLabel: notification.analyticsLabel || undefined, id: notification.documentId };
  return {
    title: notification.title,
    body: notification.body,
    image: notification.image || undefined,
    icon: notification.icon || undefined,
    link: notification.link,
    analyticsLabel: notification.analyticsLabel || undefined,
    data,
  };
}

/**
 * Sends one message to one subscription.
 * @returns {Promise<'sent' | 'gone' | 'failed'>} `gone`: the push service answered 404 or 410
 */
async function sendOne(subscription, payload, vapid) {
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    payload,
    { vapidDetails: vapid, TTL: TTL_S, contentEncoding: 'aes128gcm', urgency: 'normal' },
  );
  try {
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers,
      body: details.body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.status === 404 || response.status === 410) return 'gone';
    return response.ok ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}

/**
 * Sends a published notification to its subscribers, once (a notification with `sentAt` is
 * skipped), and writes the counts on it.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {string} documentId of the push-notification
 * @returns {Promise<{ sent: number, failed: number, removed: number } | null>} null when push is
 *   off, the notification is unknown, unpublished or sent already
 */
async function sendNotification(strapi, documentId) {
  const vapid = vapidSettings();
  if (!vapid) return null;
  const notification = await strapi.documents(NOTIFICATION_UID).findOne({ documentId, status: 'published' });
  if (!notification || notification.sentAt) return null;
  // Claim it first, so a second publish does not send it again.
  await strapi.db
    .query(NOTIFICATION_UID)
    .updateMany({ where: { documentId, sentAt: null }, data: { sentAt: new Date() } });
  const payload = JSON.stringify(messageOf(notification));
  const all = await strapi.db.query(SUBSCRIPTION_UID).findMany({
    where: { language: notification.language },
    select: ['id', 'endpoint', 'p256dh', 'auth', 'topics'],
  });
  const targets = all.filter(
    (s) => notification.topic === 'all' || (Array.isArray(s.topics) && (s.topics.includes('all') || s.topics.includes(notification.topic))),
  );
  const counts = { sent: 0, failed: 0, removed: 0 };
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const subscription = targets[next++];
      const outcome = await sendOne(subscription, payload, vapid);
      if (outcome === 'gone') {
        await strapi.db.query(SUBSCRIPTION_UID).delete({ where: { id: subscription.id } });
        counts.removed += 1;
      } else counts[outcome] += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, targets.length) }, worker));
  await strapi.db.query(NOTIFICATION_UID).updateMany({
    where: { documentId },
    data: { sentCount: counts.sent, failedCount: counts.failed, removedCount: counts.removed },
  });
  countPushMessages(counts);
  strapi.log.info(`[push] notification ${documentId}: ${counts.sent} sent, ${counts.failed} failed, ${counts.removed} removed`);
  return counts;
}

/**
 * Sends a notification when it is published (document service middleware), after the publish
 * has answered: editors do not wait for the push services.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 */
function registerPushOnPublish(strapi) {
  strapi.documents.use(async (context, next) => {
    const result = await next();
    const publishes =
      context.uid === NOTIFICATION_UID &&
      (context.action === 'publish' || (context.action === 'create' && context.params?.status === 'published'));
    if (publishes) {
      const documentId = context.params?.documentId ?? result?.documentId ?? result?.entries?.[0]?.documentId;
      if (documentId) {
        setImmediate(() => {
          sendNotification(strapi, documentId).catch((error) => strapi.log.error(`[push] sending failed: ${error.message}`));
        });
      }
    }
    return result;
  });
}

module.exports = {
  TOPICS,
  endpointHash,
  findSubscription,
  messageOf,
  parseSubscription,
  registerPushOnPublish,
  sameSecret,
  sendNotification,
  vapidSettings,
};
