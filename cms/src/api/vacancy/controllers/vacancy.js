/**
 * Controller for vacancies (api::vacancy.vacancy): core actions, but public reads only return
 * published vacancies whose `reviewStatus` is `approved`. The `owner` relation is private in
 * the schema, so it never appears in API output.
 */
const { factories } = require('@strapi/strapi');
const { publishedCollectionActions } = require('../../../lib/published-only');

const UID = 'api::vacancy.vacancy';

module.exports = factories.createCoreController(UID, () =>
  publishedCollectionActions(UID, { filters: { reviewStatus: { $eq: 'approved' } } })
);
