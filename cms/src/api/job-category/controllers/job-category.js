/**
 * Core controller for job categories (api::job-category.job-category).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::job-category.job-category');
