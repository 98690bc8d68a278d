/**
 * Read actions for draft & publish content types that only ever return published content.
 *
 * Strapi 5 lets any caller that may `find` a type ask for drafts with `?status=draft`.
 * These replacements for the core `find` / `findOne` actions run the normal query validation
 * and sanitisation, then force `status: 'published'` (and optional extra filters, e.g.
 * `reviewStatus: 'approved'` for vacancies) before calling the core service.
 *
 * The one exception is a preview (lib/preview.js): a request with a valid signed
 * `x-portal-preview` header for this type that asks for `status=draft` reads the draft of that
 * one document, and nothing else (the portal's docs/decisions/101-signed-preview-links.md).
 */
const { previewGrantOf } = require('./preview');

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
 * The query of a preview read: the draft (`status: 'draft'`) of the granted document only.
 * @param {object} query Sanitised query.
 * @param {string} documentId The document the preview link names.
 * @returns {object}
 */
function restrictToPreview(query, documentId) {
  const restricted = { ...query };
  for (const key of PUBLICATION_PARAMS) {
    delete restricted[key];
  }
  restricted.status = 'draft';
  const only = { documentId: { $eq: documentId } };
  const hasFilters = query.filters && Object.keys(query.filters).length > 0;
  restricted.filters = hasFilters ? { $and: [query.filters, only] } : only;
  return restricted;
}

/**
 * The query of a read: a preview of `uid`'s draft when the request carries a valid grant and asks
 * for `status=draft` (and, for `findOne`, names the granted document), else published only.
 * @param {import('koa').Context} ctx
 * @param {string} uid
 * @param {object} query Sanitised query.
 * @param {object} [extraFilters] Filters of published reads (not of previews: an editor previews
 *   a vacancy before it is approved).
 * @param {string} [id] The `findOne` route's document id.
 * @returns {object}
 */
function readQuery(ctx, uid, query, extraFilters, id) {
  const grant = ctx.query?.status === 'draft' ? previewGrantOf(ctx, uid) : null;
  if (grant && (id === undefined || id === grant.documentId)) return restrictToPreview(query, grant.documentId);
  return restrictToPublished(query, extraFilters);
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
      const query = readQuery(ctx, uid, await this.sanitizeQuery(ctx), filters);
      const { results, pagination } = await strapi.service(uid).find(query);
      const sanitizedResults = await this.sanitizeOutput(results, ctx);
      return this.transformResponse(sanitizedResults, { pagination });
    },

    async findOne(ctx) {
      const { id } = ctx.params;
      await this.validateQuery(ctx);
      const query = readQuery(ctx, uid, await this.sanitizeQuery(ctx), filters, id);
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

module.exports = { restrictToPublished, readQuery, publishedCollectionActions, publishedSingleActions };
