/**
 * Controller for vacancies (api::vacancy.vacancy).
 *
 * Public reads (`find`, `findOne`; public and authenticated roles) only return published
 * vacancies whose `reviewStatus` is `approved` and whose publication start (`publishFrom`) is not
 * in the future; `?status=draft` is ignored, except for the one vacancy of a signed preview
 * (lib/published-only.js `readQuery`, lib/preview.js). Private fields (`owner`, the invoice details, the
 * IBAN, `reviewNote`) never appear in API output.
 *
 * The account holder's own vacancies (docs/decisions/040; authenticated role only,
 * routes in routes/01-vacancy-mine.js; `:documentId` routes guarded by the `is-owner` policy, which
 * answers 404 for anybody else's vacancy):
 * - `submit` — `POST /vacancies/mine`: validates and stores a draft for review owned by the caller;
 *   201 `{ data: { documentId, status: 'pending', confirmationSent } }`; with an `Idempotency-Key`
 *   header placed once and answered alike (lib/idempotency.js).
 * - `mine` — `GET /vacancies/mine?page=&pageSize=`: the caller's vacancies with their status.
 * - `mineOne` — `GET /vacancies/mine/:documentId`: one of them for the edit form (IBAN masked).
 * - `updateMine` — `PUT /vacancies/mine/:documentId`: new content, back to review; 200
 *   `{ data: { documentId, status: 'pending' } }`, 409 `withdrawn`.
 * - `withdraw` — `POST /vacancies/mine/:documentId/withdraw`: 200 `{ data: { documentId, status: 'withdrawn' } }`.
 * Invalid input answers 400 `ValidationError` with `details.errors` (`path`, `message`, `name`) and
 * `details.field`, the first refused field, never echoing the input (lib/vacancy-validation.js,
 * docs/decisions/081-cms-validation-on-yup.md).
 */
const { factories } = require('@strapi/strapi');
const { readQuery } = require('../../../lib/published-only');
const { answerError } = require('../../../lib/http-errors');
const { answerOnce } = require('../../../lib/idempotency');
const { UID, publicFilters } = require('../services/vacancy');
const { validateVacancy } = require('../../../lib/vacancy-validation');

module.exports = factories.createCoreController(UID, ({ strapi }) => ({
  /**
   * Published, approved vacancies whose publication has started.
   * @param {import('koa').Context} ctx
   */
  async find(ctx) {
    await this.validateQuery(ctx);
    const query = readQuery(ctx, UID, await this.sanitizeQuery(ctx), publicFilters());
    const { results, pagination } = await strapi.service(UID).find(query);
    const sanitizedResults = await this.sanitizeOutput(results, ctx);
    return this.transformResponse(sanitizedResults, { pagination });
  },

  /**
   * One published, approved vacancy whose publication has started (404 otherwise).
   * @param {import('koa').Context} ctx
   */
  async findOne(ctx) {
    await this.validateQuery(ctx);
    const query = readQuery(ctx, UID, await this.sanitizeQuery(ctx), publicFilters(), ctx.params.id);
    const entity = await strapi.service(UID).findOne(ctx.params.id, query);
    const sanitizedEntity = await this.sanitizeOutput(entity, ctx);
    return this.transformResponse(sanitizedEntity);
  },

  /**
   * `POST /api/vacancies/mine`: places a vacancy for review.
   * @param {import('koa').Context} ctx
   */
  async submit(ctx) {
    const user = ctx.state.user;
    if (!user) return ctx.unauthorized();
    const input = validateVacancy(ctx.request.body, { requireIban: true });
    await answerOnce(strapi, ctx, {
      scope: 'vacancy',
      input,
      user,
      run: async (record) => ({
        status: 201,
        body: { data: await strapi.service(UID).submitVacancy(input, user, undefined, record) },
      }),
    });
  },

  /**
   * `GET /api/vacancies/mine`: the caller's vacancies, newest first.
   * @param {import('koa').Context} ctx
   */
  async mine(ctx) {
    const user = ctx.state.user;
    if (!user) return ctx.unauthorized();
    ctx.body = await strapi.service(UID).vacanciesOf(user.id, ctx.query);
  },

  /**
   * `GET /api/vacancies/mine/:documentId` (the policy found the caller's draft).
   * @param {import('koa').Context} ctx
   */
  async mineOne(ctx) {
    ctx.body = { data: await strapi.service(UID).ownVacancy(ctx.state.ownVacancy) };
  },

  /**
   * `PUT /api/vacancies/mine/:documentId`: new content; the vacancy goes back to review.
   * @param {import('koa').Context} ctx
   */
  async updateMine(ctx) {
    const input = validateVacancy(ctx.request.body, { requireIban: false });
    try {
      ctx.body = { data: await strapi.service(UID).updateVacancy(ctx.state.ownVacancy, input, ctx.state.user) };
    } catch (error) {
      answerError(ctx, error);
    }
  },

  /**
   * `POST /api/vacancies/mine/:documentId/withdraw`.
   * @param {import('koa').Context} ctx
   */
  async withdraw(ctx) {
    ctx.body = { data: await strapi.service(UID).withdrawVacancy(ctx.state.ownVacancy) };
  },
}));
