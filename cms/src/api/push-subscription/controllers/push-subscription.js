/**
 * Controller of push subscriptions (routes in ../routes/push-subscription.js; rules in
 * src/lib/push.js). The portal calls these for the browser; a signed-in visitor's JWT links the
 * subscription to the account. Errors use Strapi's JSON error shape.
 */
const { factories } = require('@strapi/strapi');
const { TOPICS, endpointHash, findSubscription, parseSubscription, sameSecret, vapidSettings } = require('../../../lib/push');

const UID = 'api::push-subscription.push-subscription';

/** Answers with Strapi's error shape. */
function fail(ctx, status, name, message) {
  ctx.status = status;
  ctx.body = { data: null, error: { status, name, message, details: {} } };
}

module.exports = factories.createCoreController(UID, ({ strapi }) => ({
  /**
   * `GET /api/push-subscriptions/config`: `{ data: { publicKey, topics } }`, or 404 when push is
   * off (no VAPID keys).
   */
  async config(ctx) {
    const vapid = vapidSettings();
    if (!vapid) return fail(ctx, 404, 'NotFoundError', 'Push notifications are not configured');
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = { data: { publicKey: vapid.publicKey, topics: TOPICS } };
  },

  /** `POST /api/push-subscriptions/register`: 201 `{ data: { id } }`, 409 when the endpoint exists. */
  async register(ctx) {
    const parsed = parseSubscription(ctx.request.body);
    if (!parsed.ok) return fail(ctx, 400, 'ValidationError', parsed.message);
    const { endpoint, p256dh, auth, locale, topics } = parsed.value;
    if (await findSubscription(strapi, endpoint)) {
      return fail(ctx, 409, 'ConflictError', 'This endpoint is registered already');
    }
    const created = await strapi.documents(UID).create({
      data: {
        endpoint,
        endpointHash: endpointHash(endpoint),
        p256dh,
        auth,
        language: locale,
        topics,
        refreshedAt: new Date(),
        ...(ctx.state.user ? { user: ctx.state.user.id } : {}),
      },
    });
    ctx.status = 201;
    ctx.body = { data: { id: created.documentId } };
  },

  /**
   * `POST /api/push-subscriptions/refresh`: new keys, topics or language for a known endpoint, and
   * a new `refreshedAt`. 404 unknown endpoint, 401 when `keys.auth` is not the stored secret.
   */
  async refresh(ctx) {
    const parsed = parseSubscription(ctx.request.body);
    if (!parsed.ok) return fail(ctx, 400, 'ValidationError', parsed.message);
    const { endpoint, p256dh, auth, locale, topics } = parsed.value;
    const stored = await findSubscription(strapi, endpoint);
    if (!stored) return fail(ctx, 404, 'NotFoundError', 'Unknown endpoint');
    if (!sameSecret(stored.auth, auth)) return fail(ctx, 401, 'UnauthorizedError', 'The keys do not match');
    await strapi.db.query(UID).update({
      where: { id: stored.id },
      data: { p256dh, language: locale, topics, refreshedAt: new Date(), ...(ctx.state.user ? { user: ctx.state.user.id } : {}) },
    });
    ctx.body = { data: { id: stored.documentId } };
  },

  /** `POST /api/push-subscriptions/unregister`: 204 (also when unknown); 401 when `keys.auth` does not match. */
  async unregister(ctx) {
    const parsed = parseSubscription(ctx.request.body, { keysRequired: 'auth' });
    if (!parsed.ok) return fail(ctx, 400, 'ValidationError', parsed.message);
    const stored = await findSubscription(strapi, parsed.value.endpoint);
    if (stored && !sameSecret(stored.auth, parsed.value.auth)) {
      return fail(ctx, 401, 'UnauthorizedError', 'The keys do not match');
    }
    if (stored) await strapi.db.query(UID).delete({ where: { id: stored.id } });
    ctx.status = 204;
  },
}));
