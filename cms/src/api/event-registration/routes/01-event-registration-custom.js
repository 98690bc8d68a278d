/**
 * Custom routes of event registrations; the file name sorts before the core router so
 * `/event-registrations/availability` and `/mine` are matched before `/event-registrations/:id`.
 *
 * - `GET /event-registrations/availability` (public, authenticated): events open for registration
 *   and their remaining places.
 * - `GET /event-registrations/mine` (authenticated only): the caller's registrations.
 * - `POST /event-registrations/:documentId/resend-confirmation` (no role: API tokens only).
 */
module.exports = {
  routes: [
    { method: 'GET', path: '/event-registrations/availability', handler: 'event-registration.availability' },
    { method: 'GET', path: '/event-registrations/mine', handler: 'event-registration.mine' },
    {
      method: 'POST',
      path: '/event-registrations/:documentId/resend-confirmation',
      handler: 'event-registration.resendConfirmation',
    },
  ],
};
