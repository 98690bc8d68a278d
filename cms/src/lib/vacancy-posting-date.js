/**
 * Every vacancy has a posting date: `publishFrom` (the Amsterdam calendar day from which public
 * reads show it) is the JobPosting's `datePosted` in the portal. A vacancy created without one —
 * an editor's in the admin panel, an import — gets the day of its creation, so the posting date is
 * always an editorial field and never the time the CMS happened to write the published row
 * (docs/decisions/055-structured-data.md; Google's JobPosting `datePosted`:
 * https://developers.google.com/search/docs/appearance/structured-data/job-posting).
 */
const { amsterdamToday } = require('./form-submissions');

const VACANCY_UID = 'api::vacancy.vacancy';

/**
 * Registers the document-service middleware that fills an empty `publishFrom` on create.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {void}
 */
function registerVacancyPostingDate(strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid === VACANCY_UID && context.action === 'create') {
      const data = context.params?.data;
      if (data && typeof data === 'object' && !data.publishFrom) {
        context.params = { ...context.params, data: { ...data, publishFrom: amsterdamToday() } };
      }
    }
    return next();
  });
}

module.exports = { registerVacancyPostingDate };
