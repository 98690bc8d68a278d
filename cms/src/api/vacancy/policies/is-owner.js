/**
 * Policy `api::vacancy.is-owner` (docs/decisions/040): lets a request through only when
 * the signed-in caller owns the vacancy `:documentId` (its draft's private `owner` relation), and
 * puts that draft on `ctx.state.ownVacancy` for the controller. Anybody else gets 404 — the same
 * answer as for a vacancy that does not exist, so the existence of other people's vacancies is
 * never revealed. Ownership is checked here, server side; the portal's request cannot choose it.
 */
const { errors } = require('@strapi/utils');

/**
 * @param {{ state: { user?: { id: number } , ownVacancy?: object }, params: { documentId?: string } }} policyContext
 * @param {unknown} _config
 * @param {{ strapi: import('@strapi/strapi').Core.Strapi }} context
 * @returns {Promise<boolean>}
 * @throws errors.NotFoundError (404) when the caller does not own the vacancy
 */
module.exports = async (policyContext, _config, { strapi }) => {
  const user = policyContext.state.user;
  if (!user) return false;
  const draft = await strapi.service('api::vacancy.vacancy').ownedDraft(policyContext.params.documentId, user.id);
  if (!draft) throw new errors.NotFoundError('Not Found');
  policyContext.state.ownVacancy = draft;
  return true;
};
