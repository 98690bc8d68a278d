/**
 * Core service for contact messages (api::contact-message.contact-message); used by the admin
 * panel's content manager.
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::contact-message.contact-message');
