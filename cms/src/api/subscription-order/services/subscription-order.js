/**
 * Service for subscription orders (api::subscription-order.subscription-order): the core service
 * (used by the admin panel's content manager) plus the order functions of
 * src/lib/subscription-orders.js, e.g. for the console:
 * `await strapi.service('api::subscription-order.subscription-order').resendConfirmation(documentId)`.
 */
const { factories } = require('@strapi/strapi');
const { UID, placeOrder, resendOrderConfirmation } = require('../../../lib/subscription-orders');

module.exports = factories.createCoreService(UID, ({ strapi }) => ({
  /**
   * Stores a validated order and sends its confirmation.
   * @param {object} input validated input (validateOrder)
   */
  placeOrder: (input) => placeOrder(strapi, input),
  /**
   * Sends an order's confirmation e-mail again; `{ confirmationSent }` or null when unknown.
   * @param {string} documentId
   */
  resendConfirmation: (documentId) => resendOrderConfirmation(strapi, documentId),
}));
