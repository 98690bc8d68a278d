/**
 * Core REST routes for redirects (api::redirect.redirect).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::redirect.redirect');
