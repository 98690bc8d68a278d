/**
 * Custom account routes for the portal, all under `/api/account`:
 *
 * - `POST /account/invitations` `{ email }` (logged-in users): invite a colleague; always `{ ok: true }`.
 * - `GET /account/activation?code=` (public): the e-mail address of a valid activation code.
 * - `POST /account/activate` `{ code, password, passwordConfirmation }` (public): set the password of
 *   an invited account, confirm it and sign in → `{ jwt, user }`.
 * - `POST /account/email-confirmation` `{ confirmation }` (public): confirm an e-mail address and
 *   sign in → `{ jwt, user }` (Strapi's `GET /auth/email-confirmation` only redirects).
 * - `GET /account/connect/:provider/finish` (public; the provider's front-end redirect URL): turns
 *   the CMS session's provider answer into a one-time code and sends the browser to the portal's
 *   `/auth/connect?provider=…&access_token=<code>` (docs/decisions/024-external-sign-in.md).
 * - `POST /account/logout` `{ scope?: 'session' | 'all' }` (logged-in users): end this session, or
 *   every session of the account ("log out everywhere") → `{ ok: true }`.
 * - `POST /account/session` (logged-in users): sliding renewal of the session → `{ jwt }`
 *   (docs/decisions/049-sessions-that-end.md).
 *
 * - `POST /account/delete` `{ password }` or `{ email }` (logged-in users): delete the account and
 *   its personal data → `{ ok: true, removed, mailSent }` (docs/personal-data.md).
 * - `GET /account/export` (logged-in users): everything held about the account → `{ data }`.
 * - `GET /account/overview` (logged-in users): pending e-mail change and newsletter state.
 * - `PUT /account/profile` `{ data: { fullName } }` (logged-in users): change the name → `{ user }`.
 * - `POST /account/email-change` `{ data: { email, password } }` (logged-in users): mail a link to
 *   the new address → 202; `POST /account/email-change/confirm` `{ code }`: use it → `{ user }`.
 * - `POST /account/newsletter/unsubscribe` (logged-in users): unsubscribe the account's address.
 *
 * Invalid codes answer 400 `ValidationError` with `details.code` `invalid-action-code` or
 * `expired-action-code`. Every route goes through the users-permissions auth rate limit.
 */
const RATE_LIMIT = ['plugin::users-permissions.rateLimit'];

module.exports = {
  routes: [
    {
      method: 'POST',
      path: '/account/invitations',
      handler: 'account.invite',
      config: { middlewares: RATE_LIMIT },
    },
    {
      method: 'GET',
      path: '/account/activation',
      handler: 'account.activation',
      config: { auth: false, middlewares: RATE_LIMIT },
    },
    {
      method: 'POST',
      path: '/account/activate',
      handler: 'account.activate',
      config: { auth: false, middlewares: RATE_LIMIT },
    },
    {
      method: 'POST',
      path: '/account/email-confirmation',
      handler: 'account.confirmEmail',
      config: { auth: false, middlewares: RATE_LIMIT },
    },
    {
      method: 'GET',
      path: '/account/connect/:provider/finish',
      handler: 'account.connectFinish',
      config: { auth: false, middlewares: RATE_LIMIT },
    },
    {
      method: 'POST',
      path: '/account/logout',
      handler: 'account.logout',
    },
    {
      method: 'POST',
      path: '/account/session',
      handler: 'account.renew',
    },
    {
      method: 'POST',
      path: '/account/delete',
      handler: 'account.deleteAccount',
      config: { middlewares: RATE_LIMIT },
    },
    {
      method: 'GET',
      path: '/account/export',
      handler: 'account.exportData',
    },
    { method: 'GET', path: '/account/overview', handler: 'account.overview' },
    { method: 'PUT', path: '/account/profile', handler: 'account.updateProfile' },
    {
      method: 'POST',
      path: '/account/email-change',
      handler: 'account.requestEmailChange',
      config: { middlewares: RATE_LIMIT },
    },
    {
      method: 'POST',
      path: '/account/email-change/confirm',
      handler: 'account.confirmEmailChange',
      config: { middlewares: RATE_LIMIT },
    },
    { method: 'POST', path: '/account/newsletter/unsubscribe', handler: 'account.unsubscribeNewsletter' },
  ],
};
