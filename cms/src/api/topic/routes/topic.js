/**
 * Core REST routes for topics (api::topic.topic).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::topic.topic');
