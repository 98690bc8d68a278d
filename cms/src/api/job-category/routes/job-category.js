/**
 * Core REST routes for job categories (api::job-category.job-category).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::job-category.job-category');
