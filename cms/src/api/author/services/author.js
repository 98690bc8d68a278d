/**
 * Core service for authors (api::author.author).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::author.author');
