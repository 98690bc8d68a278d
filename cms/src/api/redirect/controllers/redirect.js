/**
 * Core controller for redirects (api::redirect.redirect).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::redirect.redirect');
