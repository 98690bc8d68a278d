/**
 * Core REST routes of event registrations: `create` (granted to visitors and account holders) and
 * `find` / `findOne` (granted to no role, so visitors get 403; personal data stays in the admin).
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::event-registration.event-registration', {
  only: ['find', 'findOne', 'create'],
});
