/**
 * Routes of push subscriptions (docs in cms/README.md, "Push notifications"). The portal calls
 * them for the browser; public and authenticated roles have these four actions and nothing else,
 * so nobody can list or read subscriptions through the API:
 *
 * - `GET /api/push-subscriptions/config` → `{ data: { publicKey, topics } }` (the VAPID public key)
 * - `POST /api/push-subscriptions/register` `{ data: { endpoint, keys: { p256dh, auth }, locale, topics } }`
 *   → 201 `{ data: { id } }`; 409 when the endpoint is registered already.
 * - `POST /api/push-subscriptions/refresh` (same body) → 200; 404 for an unknown endpoint, 401
 *   when the keys do not match the stored ones.
 * - `POST /api/push-subscriptions/unregister` `{ data: { endpoint, keys: { auth } } }` → 204
 *   (also for an unknown endpoint); 401 when the key does not match.
 */
module.exports = {
  routes: [
    { method: 'GET', path: '/push-subscriptions/config', handler: 'push-subscription.config' },
    { method: 'POST', path: '/push-subscriptions/register', handler: 'push-subscription.register' },
    { method: 'POST', path: '/push-subscriptions/refresh', handler: 'push-subscription.refresh' },
    { method: 'POST', path: '/push-subscriptions/unregister', handler: 'push-subscription.unregister' },
  ],
};
