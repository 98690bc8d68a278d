/**
 * Report routes of statistics (before the core routes, so `/statistics/:id` does not take them):
 *
 * - `GET /statistics/most-read?days=7&limit=5` (public): the most viewed articles.
 * - `GET /statistics/summary?from=YYYY-MM-DD&to=YYYY-MM-DD&top=10`: the editors' summary; no role
 *   has it, so only an API token (full access, or custom with `statistic.summary`) can ask
 *   (cms/README.md, "Analytics").
 */
module.exports = {
  routes: [
    { method: 'GET', path: '/statistics/most-read', handler: 'statistic.mostRead' },
    { method: 'GET', path: '/statistics/summary', handler: 'statistic.summary' },
  ],
};
