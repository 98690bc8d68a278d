/**
 * Core REST routes for subscription plans (api::subscription.subscription).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::subscription.subscription');
