/**
 * Core REST route for newsletter subscriptions (api::newsletter-subscription.newsletter-subscription):
 * only `POST /api/newsletter-subscriptions` (sign up). There is no find or findOne route, so the
 * list of subscribers can only be read in the admin panel. Confirm and unsubscribe are in
 * ./custom.js.
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::newsletter-subscription.newsletter-subscription', {
  only: ['create'],
});
