/**
 * Core REST routes for statistics (api::statistic.statistic).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::statistic.statistic');
