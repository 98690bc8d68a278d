/**
 * Core REST routes for pages (api::page.page). `find` and `findOne` run the
 * `page-populate` middleware, which populates SEO, topic and all blocks by default.
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::page.page', {
  config: {
    find: { middlewares: ['api::page.page-populate'] },
    findOne: { middlewares: ['api::page.page-populate'] },
  },
});
