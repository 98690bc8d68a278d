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
    await strapi.documents(UID).create({ data: { session: result.session, events: result.events } });
    ctx.status = 202;
    ctx.body = '';
  },
}));
