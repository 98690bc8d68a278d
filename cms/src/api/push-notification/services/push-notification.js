/**
 * Core service for push-notifications (api::push-notification.push-notification).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::push-notification.push-notification');
