/**
 * Core REST routes for push notifications; no role is granted them (an API token with full access
 * can create and publish, as the integration tests do).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::push-notification.push-notification');
