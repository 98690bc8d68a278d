/**
 * Core service for statistics (api::statistic.statistic).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::statistic.statistic');
