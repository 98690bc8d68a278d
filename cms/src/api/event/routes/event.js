/**
 * Core REST routes for events (api::event.event).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::event.event');
