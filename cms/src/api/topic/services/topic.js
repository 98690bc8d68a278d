/**
 * Core service for topics (api::topic.topic).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::topic.topic');
