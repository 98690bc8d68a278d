/**
 * Core service for events (api::event.event).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::event.event');
