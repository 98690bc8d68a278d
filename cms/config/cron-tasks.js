/**
 * Cron jobs of the CMS (config/server.js): every night at 03:30 the analytics batches older than
 * 13 months (ANALYTICS_RETENTION_MONTHS) are deleted (src/lib/statistics-reports.js).
 */
const { deleteExpiredStatistics } = require('../src/lib/statistics-reports');

module.exports = {
  statisticsRetention: {
    /** @param {{ strapi: import('@strapi/strapi').Core.Strapi }} context */
    task: async ({ strapi }) => {
      const deleted = await deleteExpiredStatistics(strapi);
      if (deleted) strapi.log.info(`[statistics] deleted ${deleted} batches past the retention period`);
    },
    options: { rule: '30 3 * * *' },
  },
};
