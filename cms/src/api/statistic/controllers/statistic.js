/**
 * Controller for statistics (api::statistic.statistic).
 *
 * `create` is the only action the public role may call. It validates
 * `{ data: { session: string (1-200 chars), events: array (max 50 objects) } }`, stores it and
 * answers `202 Accepted` with an empty body, so the stored record is never echoed.
 * A malformed body gets a 400 JSON error in the usual Strapi error shape.
 */
const { factories } = require('@strapi/strapi');

const UID = 'api::statistic.statistic';
const MAX_SESSION_LENGTH = 200;
const MAX_EVENTS = 50;
const MAX_EVENTS_JSON_BYTES = 64 * 1024;

/**
 * Validate a statistics payload.
 * @param {unknown} body Parsed request body.
 * @returns {{ok: true, session: string, events: object[]} | {ok: false, message: string}}
 */
function validateStatistics(body) {
  const data = body && typeof body === 'object' ? body.data : undefined;
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    return { ok: false, message: 'Body must be { "data": { "session": string, "events": array } }' };
  }
  const { session, events } = data;
  if (typeof session !== 'string' || session.length === 0 || session.length > MAX_SESSION_LENGTH) {
    return { ok: false, message: `data.session must be a non-empty string of at most ${MAX_SESSION_LENGTH} characters` };
  }
  if (!Array.isArray(events) || events.length > MAX_EVENTS) {
    return { ok: false, message: `data.events must be an array of at most ${MAX_EVENTS} items` };
  }
  if (!events.every((event) => event !== null && typeof event === 'object' && !Array.isArray(event))) {
    return { ok: false, message: 'every item of data.events must be an object' };
  }
  if (Buffer.byteLength(JSON.stringify(events)) > MAX_EVENTS_JSON_BYTES) {
    return { ok: false, message: `data.events must be at most ${MAX_EVENTS_JSON_BYTES} bytes of JSON` };
  }
  return { ok: true, session, events };
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
