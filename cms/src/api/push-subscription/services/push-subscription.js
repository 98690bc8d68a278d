/**
 * Core service for push-subscriptions (api::push-subscription.push-subscription).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::push-subscription.push-subscription');
