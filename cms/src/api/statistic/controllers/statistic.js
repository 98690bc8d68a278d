/**
 * Controller for statistics (api::statistic.statistic; docs/analytics.md in the portal).
 *
 * `create` is the only action the public role may call. The portal forwards batches of events
 * here (one record per batch): `{ data: { events: [...], session?: string } }` with 1 to
 * 200 events, each an object with a known `eventType` (src/lib/analytics-events.js) and its own
 * `session` (or the batch's `session`, the spec's single-visitor form). It answers `202 Accepted`
 * with an empty body, so the stored record is never echoed; a malformed body gets a 400 JSON
 * error in the usual Strapi error shape. No IP address is stored.
 */
const { factories } = require('@strapi/strapi');
const { EVENT_TYPES } = require('../../../lib/analytics-events');
const { mostReadArticles, storeBatch, summary } = require('../../../lib/statistics-reports');

const UID = 'api::statistic.statistic';
const MAX_SESSION_LENGTH = 200;
const MAX_EVENTS = 200;
const MAX_EVENTS_JSON_BYTES = 128 * 1024;

/**
 * Validate a statistics payload.
 * @param {unknown} body Parsed request body.
 * @returns {{ok: true, session: string | null, events: object[]} | {ok: false, message: string}}
 */
function validateStatistics(body) {
  const data = body && typeof body === 'object' ? body.data : undefined;
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    return { ok: false, message: 'Body must be { "data": { "events": array, "session"?: string } }' };
  }
  const { session, events } = data;
  const validSession = (value) => typeof value === 'string' && value.length > 0 && value.length <= MAX_SESSION_LENGTH;
  if (session !== undefined && session !== null && !validSession(session)) {
    return { ok: false, message: `data.session must be a non-empty string of at most ${MAX_SESSION_LENGTH} characters` };
  }
  if (!Array.isArray(events) || events.length === 0 || events.length > MAX_EVENTS) {
    return { ok: false, message: `data.events must be an array of 1 to ${MAX_EVENTS} items` };
  }
  if (!events.every((event) => event !== null && typeof event === 'object' && !Array.isArray(event))) {
    return { ok: false, message: 'every item of data.events must be an object' };
  }
  if (!events.every((event) => EVENT_TYPES.includes(event.eventType))) {
    return { ok: false, message: `every event needs an eventType of ${EVENT_TYPES.join(', ')}` };
  }
  if (!events.every((event) => event.session === undefined || event.session === null || validSession(event.session))) {
    return { ok: false, message: 'an event session must be a non-empty string' };
  }
  if (Buffer.byteLength(JSON.stringify(events)) > MAX_EVENTS_JSON_BYTES) {
    return { ok: false, message: `data.events must be at most ${MAX_EVENTS_JSON_BYTES} bytes of JSON` };
  }
  return { ok: true, session: session ?? null, events };
}

/**
 * A whole number from a query value, `fallback` when absent, null when out of `min`..`max`.
 * @param {unknown} value
 * @param {number} fallback
 * @param {number} min
 * @param {number} max
 * @returns {number | null}
 */
function boundedInt(value, fallback, min, max) {
  if (value === undefined) return fallback;
  const number = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  return number >= min && number <= max ? number : null;
}

/**
 * A calendar day `YYYY-MM-DD` as midnight UTC, or null.
 * @param {unknown} value
 * @returns {Date | null}
 */
function parseDay(value) {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value ? null : day;
}

module.exports = factories.createCoreController(UID, ({ strapi }) => ({
  /**
   * Store a batch of statistics events.
   * @param {import('koa').Context} ctx Koa context; body `{ data: { session, events } }`.
   * @returns {Promise<void>} Responds 202 with an empty body, or 400 with a JSON error.
   */
  async create(ctx) {
    const result = validateStatistics(ctx.request.body);
    if (!result.ok) {
      ctx.status = 400;
      ctx.body = {
        data: null,
        error: { status: 400, name: 'ValidationError', message: result.message, details: {} },
      };
      return;
    }
    await storeBatch(strapi, { session: result.session, events: result.events });
    ctx.status = 202;
    ctx.body = '';
  },

  /**
   * `GET /api/statistics/most-read?days=7&limit=5` (public): the most viewed articles of the last
   * `days` (1–31) calendar days (UTC, today included) as `{ data: [{ documentId, views }] }`, most viewed first, at most `limit` (1–20).
   * @param {import('koa').Context} ctx
   */
  async mostRead(ctx) {
    const days = boundedInt(ctx.query.days, 7, 1, 31);
    const limit = boundedInt(ctx.query.limit, 5, 1, 20);
    if (days === null || limit === null) return ctx.badRequest('days must be 1 to 31 and limit 1 to 20');
    const since = new Date(Date.now() - (days - 1) * 86_400_000);
    ctx.body = { data: await mostReadArticles(strapi, { since, limit }) };
  },

  /**
   * `GET /api/statistics/summary?from=YYYY-MM-DD&to=YYYY-MM-DD&top=10` (API token only: no role
   * has this action): page views per day, top pages, top referring hosts and events by kind, for
   * the days from `from` to `to` inclusive (UTC, at most 400 days; default the last 30 days).
   * @param {import('koa').Context} ctx
   */
  async summary(ctx) {
    const today = new Date(new Date().toISOString().slice(0, 10));
    const to = ctx.query.to === undefined ? today : parseDay(ctx.query.to);
    const from = ctx.query.from === undefined && to ? new Date(to.getTime() - 29 * 86_400_000) : parseDay(ctx.query.from);
    const top = boundedInt(ctx.query.top, 10, 1, 100);
    if (!from || !to || top === null || from > to || to.getTime() - from.getTime() > 400 * 86_400_000) {
      return ctx.badRequest('from and to must be dates (YYYY-MM-DD), from not after to, at most 400 days; top 1 to 100');
    }
    ctx.body = {
      data: {
        from: from.toISOString().slice(0, 10),
        to: to.toISOString().slice(0, 10),
        ...(await summary(strapi, { from, to, top })),
      },
    };
  },
}));
