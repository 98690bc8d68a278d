/**
 * Controller for subscription orders (api::subscription-order.subscription-order).
 *
 * - `create` (public and authenticated roles): validates and strips `{ data: { plan, name, street,
 *   houseNumber, postcode, city, email, iban, accountHolder, startDate, terms, locale } }`, stores
 *   the order and answers 201 with `{ data: { orderNumber, confirmationSent } }` — never the IBAN
 *   or other personal data. 400 `ValidationError` for a malformed body (`details.errors`,
 *   `details.field`, never the IBAN; lib/validate.js), 404 `unknown-plan`.
 * - `resendConfirmation` (no role; API tokens only): sends the confirmation e-mail again.
 * `find` / `findOne` are the core actions, granted to no role (403 for visitors); the IBAN is a
 * private field and never part of an API answer.
 */
const { factories } = require('@strapi/strapi');
const { resendAction } = require('../../../lib/form-submissions');
const { answerError } = require('../../../lib/http-errors');
const { UID, validateOrder } = require('../services/subscription-order');

module.exports = factories.createCoreController(UID, ({ strapi }) => ({
  /**
   * Stores an order.
   * @param {import('koa').Context} ctx
   */
  async create(ctx) {
    const input = validateOrder(ctx.request.body);
    try {
      const stored = await strapi.service(UID).placeOrder(input);
      ctx.status = 201;
      ctx.body = { data: stored };
    } catch (error) {
      answerError(ctx, error);
    }
  },

  /** `POST /api/subscription-orders/:documentId/resend-confirmation` (API tokens only). */
  resendConfirmation: resendAction(strapi, (_strapi, documentId) => strapi.service(UID).resendConfirmation(documentId)),
}));
