/**
 * Core REST routes for partners (api::partner.partner).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::partner.partner');
