/**
 * Controller for news articles (api::article.article): core actions, but public reads only ever
 * return published content (`?status=draft` is ignored).
 */
const { factories } = require('@strapi/strapi');
const { publishedCollectionActions } = require('../../../lib/published-only');

module.exports = factories.createCoreController('api::article.article', () => publishedCollectionActions('api::article.article'));
