/**
 * Core REST routes for news articles (api::article.article).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::article.article');
