/**
 * Controller for subscription orders (api::subscription-order.subscription-order).
 *
 * - `create` (public and authenticated roles): validates and strips `{ data: { plan, name, street,
 *   houseNumber, postcode, city, email, iban, accountHolder, startDate, terms, locale } }`, stores
 *   the order and answers 201 with `{ data: { orderNumber, confirmationSent } }` — never the IBAN
 *   or other personal data. 400 `ValidationError` for a malformed body (`details.errors`,
 *   `details.field`, never the IBAN; lib/validate.js), 404 `unknown-plan`. With an
 *   `Idempotency-Key` header the same order is placed once and answered alike (lib/idempotency.js).
 * - `resendConfirmation` (no role; API tokens only): sends the confirmation e-mail again.
 * `find` / `findOne` are the core actions, granted to no role (403 for visitors); the IBAN is a
 * private field and never part of an API answer.
 */
const { factories } = require('@strapi/strapi');
const { resendAction } = require('../../../lib/form-submissions');
const { answerOnce } = require('../../../lib/idempotency');
const { UID, validateOrder } = require('../services/subscription-order');

module.exports = factories.createCoreController(UID, ({ strapi }) => ({
  /**
   * Stores an order.
   * @param {import('koa').Context} ctx
   */
  async create(ctx) {
    const input = validateOrder(ctx.request.body);
    await answerOnce(strapi, ctx, {
      scope: 'subscription-order',
      input,
      user: ctx.state.user,
      run: async (record) => ({ status: 201, body: { data: await strapi.service(UID).placeOrder(input, record) } }),
    });
  },

  /** `POST /api/subscription-orders/:documentId/resend-confirmation` (API tokens only). */
  resendConfirmation: resendAction(strapi, (_strapi, documentId) => strapi.service(UID).resendConfirmation(documentId)),
}));
