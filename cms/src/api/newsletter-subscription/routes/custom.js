/**
 * Token routes of the newsletter's double opt-in, public and authenticated roles:
 *
 * - `POST /api/newsletter-subscriptions/confirm` `{ token }` → `200 { result: 'confirmed' | 'already-confirmed' }`
 * - `POST /api/newsletter-subscriptions/unsubscribe` `{ token }` → `200 { result: 'unsubscribed' | 'already-unsubscribed' }`
 *
 * An unknown token answers `400 ValidationError` with `details.code` `invalid-token`, a confirmation
 * link past its validity `expired-token`. Both routes are idempotent.
 */
module.exports = {
  routes: [
    {
      method: 'POST',
      path: '/newsletter-subscriptions/confirm',
      handler: 'newsletter-subscription.confirm',
    },
    {
      method: 'POST',
      path: '/newsletter-subscriptions/unsubscribe',
      handler: 'newsletter-subscription.unsubscribe',
    },
  ],
};
