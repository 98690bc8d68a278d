/**
 * Core service for subscription plans (api::subscription.subscription).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::subscription.subscription');
