/**
 * Core service for the site settings (api::site.site).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::site.site');
