/**
 * Controller for event registrations (api::event-registration.event-registration).
 *
 * - `create` (public and authenticated roles): validates and strips `{ data: { event, name, email,
 *   organisation, attendees, consent, locale } }`, stores the registration when the event has room
 *   (linked to the caller's account when a user JWT came along) and answers 201 with
 *   `{ data: { documentId, attendees, event: { title, slug }, remaining, confirmationSent } }` —
 *   no personal data. 400 `ValidationError` for a malformed body (`details.errors`, `details.field`;
 *   lib/validate.js), 409 `registration-closed` / `event-full` /
 *   `not-enough-places` (with `details.remaining`). With an `Idempotency-Key` header the same
 *   request is stored once and answered alike (lib/idempotency.js: 422 `idempotency-key-reused`,
 *   409 `idempotency-in-progress`, 400 `invalid-idempotency-key`).
 * - `availability` (public and authenticated): the events open for registration and their places.
 * - `mine` (authenticated role only): the caller's own registrations.
 * - `resendConfirmation` (no role; API tokens only): sends the confirmation e-mail again.
 * `find` / `findOne` are the core actions, granted to no role (403 for visitors).
 */
const { factories } = require('@strapi/strapi');
const { resendAction } = require('../../../lib/form-submissions');
const { answerOnce } = require('../../../lib/idempotency');
const { UID, validateRegistration } = require('../services/event-registration');

module.exports = factories.createCoreController(UID, ({ strapi }) => ({
  /**
   * Stores a registration.
   * @param {import('koa').Context} ctx
   */
  async create(ctx) {
    const input = validateRegistration(ctx.request.body);
    const user = ctx.state.user;
    await answerOnce(strapi, ctx, {
      scope: 'event-registration',
      input,
      user,
      run: async (record) => ({ status: 201, body: { data: await strapi.service(UID).register(input, user, record) } }),
    });
  },

  /**
   * `GET /api/event-registrations/availability`: `{ data: [{ documentId, title, slug, startsAt,
   * endsAt, timeZone, venue, city, capacity, remaining }] }`, soonest first.
   * @param {import('koa').Context} ctx
   */
  async availability(ctx) {
    ctx.body = { data: await strapi.service(UID).availability() };
  },

  /**
   * `GET /api/event-registrations/mine`: `{ data: [{ documentId, attendees, createdAt, event }] }`
   * of the signed-in caller only.
   * @param {import('koa').Context} ctx
   */
  async mine(ctx) {
    const user = ctx.state.user;
    if (!user) return ctx.unauthorized();
    ctx.body = { data: await strapi.service(UID).registrationsOf(user.id) };
  },

  /** `POST /api/event-registrations/:documentId/resend-confirmation` (API tokens only). */
  resendConfirmation: resendAction(strapi, (_strapi, documentId) => strapi.service(UID).resendConfirmation(documentId)),
}));
