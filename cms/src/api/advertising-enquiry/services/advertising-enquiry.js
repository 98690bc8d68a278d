/**
 * Core service for advertising enquiries (api::advertising-enquiry.advertising-enquiry); used by
 * the admin panel's content manager.
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::advertising-enquiry.advertising-enquiry');
