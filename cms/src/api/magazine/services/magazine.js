/**
 * Core service for magazine issues (api::magazine.magazine).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::magazine.magazine');
