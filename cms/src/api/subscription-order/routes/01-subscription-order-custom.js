/**
 * Custom route of subscription orders: `POST /subscription-orders/:documentId/resend-confirmation`
 * sends an order's confirmation e-mail again. No role has it: call it with an API token that has
 * the permission (e.g. a full-access token), see docs/decisions/035.
 */
module.exports = {
  routes: [
    {
      method: 'POST',
      path: '/subscription-orders/:documentId/resend-confirmation',
      handler: 'subscription-order.resendConfirmation',
    },
  ],
};
