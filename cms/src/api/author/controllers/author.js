/**
 * Controller for authors (api::author.author): core actions, but public reads only ever
 * return published content (`?status=draft` is ignored).
 */
const { factories } = require('@strapi/strapi');
const { publishedCollectionActions } = require('../../../lib/published-only');

module.exports = factories.createCoreController('api::author.author', () => publishedCollectionActions('api::author.author'));
