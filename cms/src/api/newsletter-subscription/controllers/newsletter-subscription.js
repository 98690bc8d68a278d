/**
 * Controller for newsletter subscriptions (api::newsletter-subscription.newsletter-subscription),
 * Sign up with double opt-in, confirm and unsubscribe by token. The logic is in the
 * service (../services/newsletter-subscription.js).
 *
 * - `create` `{ data: { email, firstName?, topics?: string[], consent: true, language?: 'nl'|'en' } }`
 *   answers `202` with an empty body whatever the address's state, so the answer never tells
 *   whether an address is subscribed; `400` for invalid input; `503` when the confirmation e-mail
 *   cannot be sent to a new address (then nothing is stored). With an `Idempotency-Key` header the
 *   same sign-up is handled once (one confirmation e-mail) and answered alike (lib/idempotency.js).
 * - `confirm` / `unsubscribe` `{ token }`: see ../routes/custom.js.
 */
const { factories } = require('@strapi/strapi');
const { errors } = require('@strapi/utils');
const { answerOnce } = require('../../../lib/idempotency');
const { accepted, choices, emailAddress, language, submission, text, validateBody } = require('../../../lib/validate');

const UID = 'api::newsletter-subscription.newsletter-subscription';
const { ValidationError } = errors;

/** Topics a subscriber may choose (the CMS topic slugs, docs/product.md#routes-and-layouts). */
const TOPICS = ['ecommerce', 'logistiek', 'fulfilment'];
/** Longest first name in characters, the same as the portal's form definition. */
const MAX_FIRST_NAME = 60;

/** A sign-up (docs/decisions/081-cms-validation-on-yup.md). */
const SIGN_UP_SCHEMA = submission({
  email: emailAddress().lowercase(),
  firstName: text([1, MAX_FIRST_NAME], { optional: true }),
  topics: choices(TOPICS),
  consent: accepted(),
  language: language(),
});

/**
 * The token of a confirm or unsubscribe request.
 * @param {import('koa').Context} ctx
 * @returns {string}
 * @throws ValidationError `invalid-token` when it is missing or malformed.
 */
function tokenOf(ctx) {
  const body = ctx.request.body;
  const token = body && typeof body === 'object' ? body.token : undefined;
  if (typeof token !== 'string' || !/^[a-f0-9]{64}$/.test(token)) {
    throw new ValidationError('Invalid token', { code: 'invalid-token' });
  }
  return token;
}

module.exports = factories.createCoreController(UID, ({ strapi }) => {
  const service = () => strapi.service(UID);
  return {
    /**
     * Signs an address up (see the module comment).
     * @param {import('koa').Context} ctx
     * @returns {Promise<void>} 202 with an empty body.
     */
    async create(ctx) {
      const { consent: _consent, ...signUp } = validateBody(SIGN_UP_SCHEMA, ctx.request.body).data;
      await answerOnce(strapi, ctx, {
        scope: 'newsletter-subscription',
        input: signUp,
        user: ctx.state.user,
        run: async () => {
          await service().subscribe(signUp);
          return { status: 202 };
        },
      });
    },

    /**
     * Confirms a sign-up by the token from the confirmation e-mail.
     * @param {import('koa').Context} ctx
     * @returns {Promise<void>} 200 `{ result }`.
     */
    async confirm(ctx) {
      ctx.body = { result: await service().confirm(tokenOf(ctx)) };
    },

    /**
     * Unsubscribes by the token from any newsletter e-mail.
     * @param {import('koa').Context} ctx
     * @returns {Promise<void>} 200 `{ result }`.
     */
    async unsubscribe(ctx) {
      ctx.body = { result: await service().unsubscribe(tokenOf(ctx)) };
    },
  };
});
