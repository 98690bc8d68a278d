/**
 * Core REST routes for vacancies (api::vacancy.vacancy).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::vacancy.vacancy');
