/**
 * Core controller for push notifications (api::push-notification.push-notification). No role has
 * any of its actions: editors write notifications in the admin panel, and publishing one sends it
 * (src/lib/push.js).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::push-notification.push-notification');
