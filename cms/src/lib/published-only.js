/**
 * Read actions for draft & publish content types that only ever return published content.
 *
 * Strapi 5 lets any caller that may `find` a type ask for drafts with `?status=draft`.
 * These replacements for the core `find` / `findOne` actions run the normal query validation
 * and sanitisation, then force `status: 'published'` (and optional extra filters, e.g.
 * `reviewStatus: 'approved'` for vacancies) before calling the core service.
 */

/** Query parameters that select between draft and published versions. */
const PUBLICATION_PARAMS = ['status', 'publicationFilter', 'hasPublishedVersion'];

/**
 * Turn a sanitised query into one that can only match published documents.
 * @param {object} query Sanitised query (filters, populate, pagination, ...).
 * @param {object} [extraFilters] Filters every result must match as well.
 * @returns {object} A new query with `status: 'published'` and the merged filters.
 */
function restrictToPublished(query, extraFilters) {
  const restricted = { ...query };
  for (const key of PUBLICATION_PARAMS) {
    delete restricted[key];
  }
  restricted.status = 'published';
  if (extraFilters) {
    const hasFilters = query.filters && Object.keys(query.filters).length > 0;
    restricted.filters = hasFilters ? { $and: [query.filters, extraFilters] } : extraFilters;
  }
  return restricted;
}

/**
 * Controller actions (`find`, `findOne`) for a collection type that only serve published entries.
 * Use as (or spread into) the customiser of `factories.createCoreController`.
 * @param {string} uid Content-type uid, e.g. `api::article.article`.
 * @param {{filters?: object}} [options] Extra filters applied to every read.
 * @returns {{find: Function, findOne: Function}} Controller actions; `this` is the core controller.
 */
function publishedCollectionActions(uid, { filters } = {}) {
  return {
    async find(ctx) {
      await this.validateQuery(ctx);
      const query = restrictToPublished(await this.sanitizeQuery(ctx), filters);
      const { results, pagination } = await strapi.service(uid).find(query);
      const sanitizedResults = await this.sanitizeOutput(results, ctx);
      return this.transformResponse(sanitizedResults, { pagination });
    },

    async findOne(ctx) {
      const { id } = ctx.params;
      await this.validateQuery(ctx);
      const query = restrictToPublished(await this.sanitizeQuery(ctx), filters);
      const entity = await strapi.service(uid).findOne(id, query);
      const sanitizedEntity = await this.sanitizeOutput(entity, ctx);
      return this.transformResponse(sanitizedEntity);
    },
  };
}

/**
 * Controller action (`find`) for a single type that only serves the published version.
 * @param {string} uid Content-type uid, e.g. `api::site.site`.
 * @returns {{find: Function}} Controller action; `this` is the core controller.
 */
function publishedSingleActions(uid) {
  return {
    async find(ctx) {
      await this.validateQuery(ctx);
      const query = restrictToPublished(await this.sanitizeQuery(ctx));
      const entity = await strapi.service(uid).find(query);
      const sanitizedEntity = await this.sanitizeOutput(entity, ctx);
      return this.transformResponse(sanitizedEntity);
    },
  };
}

module.exports = { restrictToPublished, publishedCollectionActions, publishedSingleActions };
