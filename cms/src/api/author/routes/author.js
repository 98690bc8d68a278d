/**
 * Core REST routes for authors (api::author.author).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::author.author');
