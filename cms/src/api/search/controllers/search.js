/**
 * Search controller (routes in ../routes/search.js): validates the query string and runs the
 * PostgreSQL full-text search of src/lib/search-index.js.
 */
const { errors } = require('@strapi/utils');
const { SearchInputError, parseSearchRequest, runsOnPostgres, search } = require('../../../lib/search-index');

module.exports = {
  /**
   * Which search this CMS serves.
   * @param {import('koa').Context} ctx
   */
  async backend(ctx) {
    const postgres = runsOnPostgres(strapi) && Boolean(strapi.portalSearchReady);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { backend: postgres ? 'postgres' : 'none', database: runsOnPostgres(strapi) ? 'postgres' : 'sqlite' };
  },

  /**
   * One page of results.
   * @param {import('koa').Context} ctx
   * @throws {errors.ValidationError} 400 on bad input
   */
  async find(ctx) {
    ctx.set('Cache-Control', 'no-store');
    if (!runsOnPostgres(strapi) || !strapi.portalSearchReady) {
      ctx.status = 501;
      ctx.body = {
        data: null,
        error: { status: 501, name: 'NotImplementedError', message: 'Search needs the CMS on PostgreSQL', details: {} },
      };
      return;
    }
    let request;
    try {
      request = parseSearchRequest(ctx.query);
    } catch (error) {
      if (error instanceof SearchInputError) throw new errors.ValidationError(error.message);
      throw error;
    }
    ctx.body = await search(strapi, request);
  },
};
