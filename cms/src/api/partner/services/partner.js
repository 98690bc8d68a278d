/**
 * Core service for partners (api::partner.partner).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::partner.partner');
