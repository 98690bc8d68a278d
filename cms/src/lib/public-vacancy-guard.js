/**
 * The public API never reaches a vacancy that is not approved, published and current — whatever
 * the entry point (docs/decisions/047-public-vacancy-guard.md). The vacancy controller guards
 * `/api/vacancies`; this document-service middleware guards every other content type that relates
 * to vacancies (job categories, topics) on content-API reads:
 *
 * - their reads are forced to the published versions (`status: 'published'`), so a relation
 *   populates published vacancies only;
 * - a populated `vacancies` relation — in any populate form (`*`, a name, a list, an object) — gets
 *   the vacancies' public filters (approved, publication started);
 * - a filter through the `vacancies` relation is combined with the same public filters, so it
 *   cannot find categories by an unreviewed vacancy.
 *
 * Admin-panel requests, the workflows' own reads (no request, or the owner routes reading
 * vacancies themselves) and everything else pass unchanged.
 */

const VACANCY_UID = 'api::vacancy.vacancy';
const READ_ACTIONS = new Set(['findMany', 'findFirst', 'findOne', 'count']);

/**
 * The content types with a `vacancies` relation (read from the schemas at registration).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {Set<string>}
 */
function relatedTypes(strapi) {
  const uids = new Set();
  for (const [uid, contentType] of Object.entries(strapi.contentTypes)) {
    if (uid === VACANCY_UID || !uid.startsWith('api::')) continue;
    for (const attribute of Object.values(contentType.attributes)) {
      if (attribute.type === 'relation' && attribute.target === VACANCY_UID) uids.add(uid);
    }
  }
  return uids;
}

/**
 * True while the current request is a content-API request (the public REST API).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {boolean}
 */
function isContentApiRequest(strapi) {
  const ctx = strapi.requestContext.get();
  return ctx?.state?.route?.info?.type === 'content-api';
}

/**
 * A populate in object form: `'*'` names every relation, media, component and dynamic zone.
 * @param {unknown} populate
 * @param {Record<string, { type: string }>} attributes
 * @returns {Record<string, unknown> | undefined}
 */
function populateObject(populate, attributes) {
  if (populate === undefined || populate === null || populate === false) return undefined;
  if (populate === '*' || populate === true) {
    return Object.fromEntries(
      Object.entries(attributes)
        .filter(([, attribute]) => ['relation', 'media', 'component', 'dynamiczone'].includes(attribute.type))
        .map(([name]) => [name, true]),
    );
  }
  if (typeof populate === 'string') return Object.fromEntries(populate.split(',').map((name) => [name.trim(), true]));
  if (Array.isArray(populate)) return Object.fromEntries(populate.map((name) => [String(name), true]));
  return typeof populate === 'object' ? { ...populate } : undefined;
}

/**
 * Combines `filters` with the public vacancy filters.
 * @param {unknown} filters
 * @param {object} publicFilters
 * @returns {object}
 */
function withPublic(filters, publicFilters) {
  return filters && typeof filters === 'object' && Object.keys(filters).length > 0
    ? { $and: [filters, publicFilters] }
    : publicFilters;
}

/**
 * Every condition on the `vacancies` relation in a filter tree, combined with the public filters.
 * @param {unknown} filters
 * @param {object} publicFilters
 * @returns {unknown}
 */
function guardFilters(filters, publicFilters) {
  if (Array.isArray(filters)) return filters.map((item) => guardFilters(item, publicFilters));
  if (!filters || typeof filters !== 'object') return filters;
  return Object.fromEntries(
    Object.entries(filters).map(([key, value]) =>
      key === 'vacancies' ? [key, withPublic(value, publicFilters)] : [key, guardFilters(value, publicFilters)],
    ),
  );
}

/**
 * Registers the middleware on the document service.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 */
function registerPublicVacancyGuard(strapi) {
  let guarded;
  strapi.documents.use(async (context, next) => {
    guarded ??= relatedTypes(strapi);
    if (!guarded.has(context.uid) || !READ_ACTIONS.has(context.action) || !isContentApiRequest(strapi)) {
      return next();
    }
    const publicFilters = strapi.service(VACANCY_UID).publicFilters();
    const params = { ...context.params, status: 'published' };
    delete params.hasPublishedVersion;
    const populate = populateObject(params.populate, context.contentType.attributes);
    if (populate && 'vacancies' in populate) {
      const current = populate.vacancies && typeof populate.vacancies === 'object' ? populate.vacancies : {};
      populate.vacancies = { ...current, filters: withPublic(current.filters, publicFilters) };
      params.populate = populate;
    }
    if (params.filters) params.filters = guardFilters(params.filters, publicFilters);
    context.params = params;
    return next();
  });
}

module.exports = { registerPublicVacancyGuard };
