/**
 * Core service for news articles (api::article.article).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::article.article');
