/**
 * Core REST routes for magazine issues (api::magazine.magazine).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::magazine.magazine');
