/**
 * Aggregates over the stored analytics events, computed in SQL (docs/analytics.md in the portal).
 *
 * Each `statistics` row holds one batch, its `events` a JSON array (kept for 13 months, for audits
 * and recounts). When a batch is stored, one SQL statement also adds its events to daily counts
 * (`statistic_daily_counts`: UTC day, dimension, value, count; a table of this module, not a
 * content type, which Strapi's schema sync leaves alone): events by kind, and page views by URL, by
 * referring host and by article document id. The reports read those counts, so their cost grows
 * with days × distinct pages, not with the number of events (the figure for one million events on
 * PostgreSQL: `npm run bench:statistics` in the portal, docs/decisions/052-first-party-analytics.md).
 * SQLite expands a JSON array with `json_each`, PostgreSQL with `jsonb_array_elements`.
 */

/** The daily counts table. */
const COUNTS_TABLE = 'statistic_daily_counts';
/** Longest stored value (a URL): longer ones are cut, so the primary key always fits its index. */
const MAX_VALUE_LENGTH = 500;
/** The counted dimensions: events by kind; page views by URL, referring host and article. */
const DIMENSIONS = { kind: 'event_type', page: 'page', referrer: 'referrer_host', article: 'article' };

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
 * SQL fragments per dialect: a field of one event `e` as text; the events of a JSON parameter, or
 * of every stored batch `s`, as rows `e`; the UTC day of a batch's `created_at`.
 * @param {'sqlite' | 'postgres'} dialect
 */
function sqlParts(dialect) {
  return dialect === 'sqlite'
    ? {
        field: (name) => `json_extract(e.value, '$.${name}')`,
        parameterEvents: 'json_each(?) e',
        storedEvents: 'statistics s, json_each(s.events) e',
        batchDay: `strftime('%Y-%m-%d', s.created_at / 1000, 'unixepoch')`,
      }
    : {
        field: (name) => `(e->>'${name}')`,
        parameterEvents: 'jsonb_array_elements(CAST(? AS jsonb)) e',
        storedEvents: 'statistics s CROSS JOIN LATERAL jsonb_array_elements(s.events::jsonb) e',
        batchDay: `to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
      };
}

/**
 * One statement that adds events to the daily counts (an upsert both dialects know).
 * @param {'sqlite' | 'postgres'} dialect
 * @param {string} from the FROM clause giving events `e` (and batches `s`)
 * @param {string} day SQL of the day, `?` for a parameter
 */
function countingStatement(dialect, from, day) {
  const { field } = sqlParts(dialect);
  const value = (expression) => `SUBSTR(CAST(${expression} AS TEXT), 1, ${MAX_VALUE_LENGTH})`;
  return `WITH ev AS (
      SELECT ${day} AS day, ${field('eventType')} AS event_type, ${field('url')} AS url,
        ${field('referrerHost')} AS referrer_host, ${field('contentType')} AS content_type,
        ${field('documentId')} AS document_id
      FROM ${from}
    )
    INSERT INTO ${COUNTS_TABLE} (dimension, day, value, count)
    SELECT dimension, day, value, COUNT(*) FROM (
      SELECT '${DIMENSIONS.kind}' AS dimension, day, ${value('event_type')} AS value FROM ev
      UNION ALL SELECT '${DIMENSIONS.page}', day, ${value('url')} FROM ev WHERE event_type = 'Pageview'
      UNION ALL SELECT '${DIMENSIONS.referrer}', day, ${value('referrer_host')} FROM ev WHERE event_type = 'Pageview'
      UNION ALL SELECT '${DIMENSIONS.article}', day, ${value('document_id')} FROM ev
        WHERE event_type = 'Pageview' AND content_type = 'article'
    ) counted
    WHERE value IS NOT NULL AND day IS NOT NULL
    GROUP BY dimension, day, value
    ON CONFLICT (dimension, day, value) DO UPDATE SET count = ${COUNTS_TABLE}.count + excluded.count`;
}

/** Rows of a raw query, for both knex clients. */
function rowsOf(result) {
  return Array.isArray(result) ? result : result.rows;
}

/** `YYYY-MM-DD` of a date, in UTC. */
function dayOf(date) {
  return date.toISOString().slice(0, 10);
}

/**
 * Creates the index on the batches' creation time and the daily counts table, once; a new counts
 * table is filled from the batches already stored (both dialects know IF NOT EXISTS).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {Promise<number>} events counted from stored batches (0 unless the table is new)
 */
async function ensureStatisticsIndex(strapi) {
  const knex = strapi.db.connection;
  await knex.raw('CREATE INDEX IF NOT EXISTS statistics_created_at_idx ON statistics (created_at)');
  if (await knex.schema.hasTable(COUNTS_TABLE)) return 0;
  await knex.raw(
    `CREATE TABLE ${COUNTS_TABLE} (dimension VARCHAR(20) NOT NULL, day VARCHAR(10) NOT NULL,
      value VARCHAR(${MAX_VALUE_LENGTH}) NOT NULL, count BIGINT NOT NULL, PRIMARY KEY (dimension, day, value))`,
  );
  const dialect = dialectOf(strapi);
  const { storedEvents, batchDay } = sqlParts(dialect);
  await knex.raw(countingStatement(dialect, storedEvents, batchDay));
  const [{ total }] = rowsOf(
    await knex.raw(`SELECT COALESCE(SUM(count), 0) AS total FROM ${COUNTS_TABLE} WHERE dimension = ?`, [
      DIMENSIONS.kind,
    ]),
  );
  return Number(total);
}

/**
 * Stores one batch of events and adds them to the daily counts, in one transaction.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ session: string | null, events: object[] }} batch validated events
 *   (src/api/statistic/controllers/statistic.js), or the demo seed's (database/seed/page-views.js)
 * @param {Date} [now] the batch's creation time, whose UTC day its events are counted on (the
 *   recount in ensureStatisticsIndex and the retention go by the same `created_at`)
 * @returns {Promise<void>}
 */
async function storeBatch(strapi, { session, events }, now = new Date()) {
  const dialect = dialectOf(strapi);
  await strapi.db.transaction(async ({ trx }) => {
    await strapi.documents('api::statistic.statistic').create({ data: { session, events, createdAt: now, updatedAt: now } });
    await strapi.db.connection
      .raw(countingStatement(dialect, sqlParts(dialect).parameterEvents, '?'), [dayOf(now), JSON.stringify(events)])
      .transacting(trx);
  });
}

/**
 * The most viewed articles: document ids and their page views on the days from `since` (UTC) on.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ since: Date, limit: number }} options
 * @returns {Promise<Array<{ documentId: string, views: number }>>} most viewed first
 */
async function mostReadArticles(strapi, { since, limit }) {
  const result = await strapi.db.connection.raw(
    `SELECT value AS document_id, SUM(count) AS views FROM ${COUNTS_TABLE}
     WHERE dimension = ? AND day >= ? GROUP BY value ORDER BY views DESC, document_id LIMIT ?`,
    [DIMENSIONS.article, dayOf(since), limit],
  );
  return rowsOf(result).map((row) => ({ documentId: String(row.document_id), views: Number(row.views) }));
}

/**
 * The editors' summary of a period: page views per day (UTC), top pages, top referring hosts and
 * events by kind.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ from: Date, to: Date, top: number }} options the days from `from` to `to`, both inclusive (UTC)
 * @returns {Promise<{ pageviewsPerDay: Array<{ day: string, views: number }>,
 *   topPages: Array<{ url: string, views: number }>, topReferrers: Array<{ host: string, views: number }>,
 *   eventsByKind: Array<{ eventType: string, count: number }> }>}
 */
async function summary(strapi, { from, to, top }) {
  const knex = strapi.db.connection;
  const period = [dayOf(from), dayOf(to)];
  const inPeriod = `dimension = ? AND day >= ? AND day <= ?`;
  const [perDay, pages, referrers, kinds] = await Promise.all([
    knex.raw(
      `SELECT day, SUM(count) AS views FROM ${COUNTS_TABLE} WHERE ${inPeriod} GROUP BY day ORDER BY day`,
      [DIMENSIONS.page, ...period],
    ),
    knex.raw(
      `SELECT value, SUM(count) AS total FROM ${COUNTS_TABLE} WHERE ${inPeriod} GROUP BY value ORDER BY total DESC, value LIMIT ?`,
      [DIMENSIONS.page, ...period, top],
    ),
    knex.raw(
      `SELECT value, SUM(count) AS total FROM ${COUNTS_TABLE} WHERE ${inPeriod} GROUP BY value ORDER BY total DESC, value LIMIT ?`,
      [DIMENSIONS.referrer, ...period, top],
    ),
    knex.raw(
      `SELECT value, SUM(count) AS total FROM ${COUNTS_TABLE} WHERE ${inPeriod} GROUP BY value ORDER BY total DESC, value`,
      [DIMENSIONS.kind, ...period],
    ),
  ]);
  return {
    pageviewsPerDay: rowsOf(perDay).map((row) => ({ day: String(row.day), views: Number(row.views) })),
    topPages: rowsOf(pages).map((row) => ({ url: String(row.value), views: Number(row.total) })),
    topReferrers: rowsOf(referrers).map((row) => ({ host: String(row.value), views: Number(row.total) })),
    eventsByKind: rowsOf(kinds).map((row) => ({ eventType: String(row.value), count: Number(row.total) })),
  };
}

/**
 * Deletes the batches and daily counts older than the retention period (13 months by default,
 * ANALYTICS_RETENTION_MONTHS).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {Date} [now]
 * @returns {Promise<number>} deleted batches
 */
async function deleteExpiredStatistics(strapi, now = new Date()) {
  const months = Number.parseInt(process.env.ANALYTICS_RETENTION_MONTHS || '13', 10);
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - (Number.isInteger(months) && months > 0 ? months : 13));
  const knex = strapi.db.connection;
  await knex(COUNTS_TABLE).where('day', '<', dayOf(cutoff)).del();
  return knex('statistics').where('created_at', '<', cutoff).del();
}

module.exports = { deleteExpiredStatistics, ensureStatisticsIndex, mostReadArticles, storeBatch, summary };
