/**
 * Service for event registrations (api::event-registration.event-registration): the core service
 * (used by the admin panel's content manager) plus the registration functions of
 * src/lib/event-registrations.js, e.g. for the console:
 * `await strapi.service('api::event-registration.event-registration').resendConfirmation(documentId)`.
 */
const { factories } = require('@strapi/strapi');
const { UID, availability, register, registrationsOf, resendRegistrationConfirmation } = require('../../../lib/event-registrations');

module.exports = factories.createCoreService(UID, ({ strapi }) => ({
  /**
   * Stores a validated registration when the event has room and sends the confirmation.
   * @param {object} input validated input (validateRegistration)
   * @param {{ id: number } | null} [user] account to link
   */
  register: (input, user) => register(strapi, input, user),
  /** Events open for registration with their remaining places. */
  availability: () => availability(strapi),
  /**
   * A user's own registrations.
   * @param {number} userId
   */
  registrationsOf: (userId) => registrationsOf(strapi, userId),
  /**
   * Sends a registration's confirmation e-mail again; `{ confirmationSent }` or null when unknown.
   * @param {string} documentId
   */
  resendConfirmation: (documentId) => resendRegistrationConfirmation(strapi, documentId),
}));
