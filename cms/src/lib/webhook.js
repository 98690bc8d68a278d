/**
 * The portal webhook, managed from the environment at bootstrap (keep the portal's caches
 * and search index fresh).
 *
 * With PORTAL_WEBHOOK_URL (the portal's `POST /hooks/cms`, e.g. `http://127.0.0.1:3000/hooks/cms`)
 * and WEBHOOK_SECRET (at least 16 characters, the same value the portal has) set, one webhook named
 * {@link WEBHOOK_NAME} posts every entry create/update/delete/publish/unpublish to the portal with
 * the header `X-Portal-Webhook-Secret`. Idempotent: an existing webhook of that name is updated only
 * when its URL, secret, events or state differ, duplicates are removed. Without those variables the
 * managed webhook is removed, so a stale URL or secret never keeps firing. Webhooks an administrator
 * created under other names are never touched.
 */

/** Name of the webhook this module owns. */
const WEBHOOK_NAME = 'Portal: caches and search';
/** Header the portal checks (src/server/search/cms-webhook.server.ts). */
const SECRET_HEADER = 'X-Portal-Webhook-Secret';
/** Entry events that can change what the portal shows. */
const EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish'];
const MIN_SECRET_LENGTH = 16;

/**
 * Is the stored webhook already what the environment asks for?
 * @param {{url: string, headers?: Record<string,string>, events?: string[], isEnabled?: boolean}} webhook
 * @param {{url: string, headers: Record<string,string>, events: string[]}} wanted
 * @returns {boolean}
 */
function isUpToDate(webhook, wanted) {
  const events = [...(webhook.events || [])].sort();
  return (
    webhook.url === wanted.url &&
    webhook.isEnabled === true &&
    (webhook.headers || {})[SECRET_HEADER] === wanted.headers[SECRET_HEADER] &&
    Object.keys(webhook.headers || {}).length === 1 &&
    JSON.stringify(events) === JSON.stringify([...wanted.events].sort())
  );
}

/**
 * The URL from PORTAL_WEBHOOK_URL when it is an absolute http(s) URL, else null.
 * @param {string | undefined} value
 * @returns {string | null}
 */
function webhookUrl(value) {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * Creates, updates or removes the portal webhook to match PORTAL_WEBHOOK_URL and WEBHOOK_SECRET,
 * in the webhook store (database) and the running webhook runner.
 * @param {import('@strapi/strapi').Core.Strapi} strapi Strapi instance.
 * @returns {Promise<void>}
 */
async function ensurePortalWebhook(strapi) {
  const store = strapi.get('webhookStore');
  const runner = strapi.get('webhookRunner');
  const owned = (await store.findWebhooks()).filter((webhook) => webhook.name === WEBHOOK_NAME);

  const rawUrl = process.env.PORTAL_WEBHOOK_URL;
  const secret = process.env.WEBHOOK_SECRET || '';
  const url = webhookUrl(rawUrl);
  if (rawUrl && !url) strapi.log.warn('[webhook] PORTAL_WEBHOOK_URL is not an absolute http(s) URL; no portal webhook');
  if (rawUrl && secret.length < MIN_SECRET_LENGTH) {
    strapi.log.warn(`[webhook] WEBHOOK_SECRET must be at least ${MIN_SECRET_LENGTH} characters; no portal webhook`);
  }

  if (!url || secret.length < MIN_SECRET_LENGTH) {
    for (const webhook of owned) {
      await store.deleteWebhook(webhook.id);
      runner.remove(webhook);
    }
    if (owned.length > 0) strapi.log.info('[webhook] portal webhook removed (PORTAL_WEBHOOK_URL or WEBHOOK_SECRET not set)');
    return;
  }

  const wanted = { name: WEBHOOK_NAME, url, headers: { [SECRET_HEADER]: secret }, events: EVENTS };
  const [current, ...duplicates] = owned;
  for (const webhook of duplicates) {
    await store.deleteWebhook(webhook.id);
    runner.remove(webhook);
  }
  if (!current) {
    const created = await store.createWebhook(wanted);
    runner.add(created);
    strapi.log.info(`[webhook] portal webhook registered: ${url}`);
  } else if (!isUpToDate(current, wanted)) {
    const updated = await store.updateWebhook(current.id, { ...current, ...wanted, isEnabled: true });
    if (updated) runner.update(updated);
    strapi.log.info(`[webhook] portal webhook updated: ${url}`);
  }
}

module.exports = { ensurePortalWebhook, WEBHOOK_NAME, SECRET_HEADER };
