/**
 * Core REST routes for vacancies (api::vacancy.vacancy): only the public reads `find` and `findOne`.
 * Account holders create and change their own vacancies through routes/01-vacancy-mine.js, which
 * check ownership; editors work in the admin panel. Without core create/update/delete routes, a
 * permission granted by mistake in the admin panel cannot open other people's vacancies.
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::vacancy.vacancy', { only: ['find', 'findOne'] });
