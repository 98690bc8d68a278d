/**
 * The account holder's own vacancies (docs/decisions/040). The file name sorts before the
 * core router, so `/vacancies/mine` is matched before `/vacancies/:id`. Only the authenticated role
 * has these actions (cms/src/lib/permissions.js); the `is-owner` policy answers 404 for a vacancy
 * the caller does not own, exactly as for one that does not exist.
 */
const OWNER_ONLY = { policies: ['api::vacancy.is-owner'] };

module.exports = {
  routes: [
    { method: 'GET', path: '/vacancies/mine', handler: 'vacancy.mine' },
    { method: 'POST', path: '/vacancies/mine', handler: 'vacancy.submit' },
    { method: 'GET', path: '/vacancies/mine/:documentId', handler: 'vacancy.mineOne', config: OWNER_ONLY },
    { method: 'PUT', path: '/vacancies/mine/:documentId', handler: 'vacancy.updateMine', config: OWNER_ONLY },
    {
      method: 'POST',
      path: '/vacancies/mine/:documentId/withdraw',
      handler: 'vacancy.withdraw',
      config: OWNER_ONLY,
    },
  ],
};
