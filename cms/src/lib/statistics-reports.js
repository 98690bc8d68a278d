/**
 * Aggregates over the stored analytics batches, computed in SQL (docs/analytics.md in the
 * portal): each `statistics` row holds one batch, its `events` a JSON array; SQLite reads it with
 * `json_each`, PostgreSQL with `jsonb_array_elements`. Rows are selected by their indexed
 * `created_at` first ({@link ensureStatisticsIndex}).
 */

/**
 * The database dialect family.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {'sqlite' | 'postgres'}
 * @throws {Error} for a database without JSON array functions this module knows
 */
function dialectOf(strapi) {
  const client = String(strapi.db.dialect.client);
  if (client.includes('sqlite')) return 'sqlite';
  if (client.includes('postgres') || client === 'pg') return 'postgres';
  throw new Error(`statistics reports need SQLite or PostgreSQL, not ${client}`);
}

/**
 * SQL fragments per dialect: the events of a batch as rows `e`, and a field of one event as text.
 * @param {'sqlite' | 'postgres'} dialect
 */
function sqlParts(dialect) {
  return dialect === 'sqlite'
    ? { events: 'statistics s, json_each(s.events) e', field: (name) => `json_extract(e.value, '$.${name}')` }
    : {
        events: 'statistics s CROSS JOIN LATERAL jsonb_array_elements(s.events::jsonb) e',
        field: (name) => `(e->>'${name}')`,
      };
}

/** Rows of a raw query, for both knex clients. */
function rowsOf(result) {
  return Array.isArray(result) ? result : result.rows;
}

/**
 * Creates the index on the batches' creation time once (both dialects know IF NOT EXISTS).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {Promise<void>}
 */
async function ensureStatisticsIndex(strapi) {
  await strapi.db.connection.raw('CREATE INDEX IF NOT EXISTS statistics_created_at_idx ON statistics (created_at)');
}

/**
 * The most viewed articles: document ids and their page views since `since`.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ since: Date, limit: number }} options
 * @returns {Promise<Array<{ documentId: string, views: number }>>} most viewed first
 */
async function mostReadArticles(strapi, { since, limit }) {
  const { events, field } = sqlParts(dialectOf(strapi));
  const documentId = field('documentId');
  const result = await strapi.db.connection.raw(
    `SELECT ${documentId} AS document_id, COUNT(*) AS views FROM ${events}
     WHERE s.created_at >= ? AND ${field('eventType')} = 'Pageview' AND ${field('contentType')} = 'article'
       AND ${documentId} IS NOT NULL
     GROUP BY ${documentId} ORDER BY views DESC, document_id LIMIT ?`,
    [since, limit],
  );
  return rowsOf(result).map((row) => ({ documentId: String(row.document_id), views: Number(row.views) }));
}

/**
 * The editors' summary of a period: page views per day (UTC), top pages, top referring hosts and
 * events by kind.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ from: Date, to: Date, top: number }} options `from` inclusive, `to` exclusive
 * @returns {Promise<{ pageviewsPerDay: Array<{ day: string, views: number }>,
 *   topPages: Array<{ url: string, views: number }>, topReferrers: Array<{ host: string, views: number }>,
 *   eventsByKind: Array<{ eventType: string, count: number }> }>}
 */
async function summary(strapi, { from, to, top }) {
  const dialect = dialectOf(strapi);
  const { events, field } = sqlParts(dialect);
  const knex = strapi.db.connection;
  const inPeriod = 's.created_at >= ? AND s.created_at < ?';
  const pageview = `${field('eventType')} = 'Pageview'`;
  const day =
    dialect === 'sqlite'
      ? `strftime('%Y-%m-%d', s.created_at / 1000, 'unixepoch')`
      : `to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const [perDay, pages, referrers, kinds] = await Promise.all([
    knex.raw(
      `SELECT ${day} AS day, COUNT(*) AS views FROM ${events} WHERE ${inPeriod} AND ${pageview} GROUP BY 1 ORDER BY 1`,
      [from, to],
    ),
    knex.raw(
      `SELECT ${field('url')} AS url, COUNT(*) AS views FROM ${events}
       WHERE ${inPeriod} AND ${pageview} AND ${field('url')} IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ?`,
      [from, to, top],
    ),
    knex.raw(
      `SELECT ${field('referrerHost')} AS host, COUNT(*) AS views FROM ${events}
       WHERE ${inPeriod} AND ${pageview} AND ${field('referrerHost')} IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ?`,
      [from, to, top],
    ),
    knex.raw(
      `SELECT ${field('eventType')} AS event_type, COUNT(*) AS count FROM ${events} WHERE ${inPeriod} GROUP BY 1 ORDER BY 2 DESC, 1`,
      [from, to],
    ),
  ]);
  return {
    pageviewsPerDay: rowsOf(perDay).map((row) => ({ day: String(row.day), views: Number(row.views) })),
    topPages: rowsOf(pages).map((row) => ({ url: String(row.url), views: Number(row.views) })),
    topReferrers: rowsOf(referrers).map((row) => ({ host: String(row.host), views: Number(row.views) })),
    eventsByKind: rowsOf(kinds).map((row) => ({ eventType: String(row.event_type), count: Number(row.count) })),
  };
}

/**
 * Deletes the batches older than the retention period (13 months by default, ANALYTICS_RETENTION_MONTHS).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {Date} [now]
 * @returns {Promise<number>} deleted batches
 */
async function deleteExpiredStatistics(strapi, now = new Date()) {
  const months = Number.parseInt(process.env.ANALYTICS_RETENTION_MONTHS || '13', 10);
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - (Number.isInteger(months) && months > 0 ? months : 13));
  return strapi.db.connection('statistics').where('created_at', '<', cutoff).del();
}

module.exports = { deleteExpiredStatistics, ensureStatisticsIndex, mostReadArticles, summary };
