/**
 * REST routes for contact messages (api::contact-message.contact-message): only
 * `POST /api/contact-messages`. There is no find or findOne route at all, so the messages can
 * only be read in the admin panel.
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::contact-message.contact-message', { only: ['create'] });
