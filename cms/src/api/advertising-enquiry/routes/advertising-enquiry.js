/**
 * REST routes for advertising enquiries (api::advertising-enquiry.advertising-enquiry): only
 * `POST /api/advertising-enquiries`. There is no find or findOne route at all, so enquiries can
 * only be read in the admin panel.
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::advertising-enquiry.advertising-enquiry', { only: ['create'] });
