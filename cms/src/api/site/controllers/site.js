/**
 * Controller for the site settings (api::site.site): core actions, but public reads only ever
 * return published content (`?status=draft` is ignored).
 */
const { factories } = require('@strapi/strapi');
const { publishedSingleActions } = require('../../../lib/published-only');

module.exports = factories.createCoreController('api::site.site', () => publishedSingleActions('api::site.site'));
