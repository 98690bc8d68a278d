/**
 * Core REST routes for tags (api::tag.tag).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::tag.tag');
