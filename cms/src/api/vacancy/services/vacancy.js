/**
 * Core service for vacancies (api::vacancy.vacancy).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::vacancy.vacancy');
