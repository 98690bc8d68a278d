/**
 * Core service for job categories (api::job-category.job-category).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::job-category.job-category');
