/**
 * Core REST routes for the site settings (api::site.site).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::site.site');
