/**
 * Core service for tags (api::tag.tag).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::tag.tag');
