/**
 * users-permissions extension: `GET /api/auth/:provider/callback?access_token=<code>` also accepts
 * a one-time exchange code from the account bridge (src/lib/connect-codes.js,
 * docs/decisions/024-external-sign-in.md), so the portal's server can finish an external sign-in
 * without the CMS's session cookie. Every other call (local login, a callback with the CMS
 * session) goes to Strapi's own controller unchanged.
 *
 * `POST /api/auth/local/register` for an address that already has an account answers as for a
 * new one (while e-mail confirmation is on: no JWT either way) and e-mails the owner instead, so a
 * registration never reveals whether an address has an account (docs/decisions/022).
 *
 * Sessions end (docs/decisions/049-sessions-that-end.md, src/lib/sessions.js): the user carries
 * two private fields, `sessionsValidAfter` and `revokedSessions`, and the JWT service's `verify`
 * refuses a token whose session was logged out, ended everywhere, outlived by a password change
 * or older than SESSION_MAX_DAYS.
 *
 * The holder's own data (docs/personal-data.md): a `fullName` they may change on /account, and a
 * private pending e-mail change (`pendingEmail`, the SHA-256 of its link's code and its expiry)
 * that takes effect only when the link sent to the new address is followed.
 */
const crypto = require('node:crypto');
const { errors } = require('@strapi/utils');
const { emailConfirmationRequired, sendRegistrationAttemptEmail } = require('../../lib/accounts');
const { takeCode } = require('../../lib/connect-codes');
const { isAcceptablePassword } = require('../../lib/password-policy');
const { portalOrigin } = require('../../lib/mail');
const { assertSessionLive, withSessionClaims } = require('../../lib/sessions');

const { ApplicationError, ForbiddenError, ValidationError } = errors;

/**
 * @param {object} plugin The users-permissions plugin definition.
 * @returns {object} The plugin with the extended auth controller.
 */
module.exports = (plugin) => {
  const userAttributes = plugin.contentTypes.user.schema.attributes;
  // Private: never in API output; not editable in the admin panel.
  userAttributes.sessionsValidAfter = { type: 'datetime', private: true, configurable: false };
  userAttributes.revokedSessions = { type: 'json', private: true, configurable: false };
  // The holder's name, shown on /account; the username stays the login name (docs/personal-data.md).
  userAttributes.fullName = { type: 'string', maxLength: 100, configurable: false };
  // A new address waiting for its confirmation link (src/lib/account-data.js); only its hash is kept.
  userAttributes.pendingEmail = { type: 'email', private: true, configurable: false };
  userAttributes.emailChangeTokenHash = { type: 'string', private: true, configurable: false };
  userAttributes.emailChangeExpiresAt = { type: 'datetime', private: true, configurable: false };

  const createJwtService = plugin.services.jwt;
  plugin.services.jwt = (deps) => {
    const service = createJwtService(deps);
    const builtInVerify = service.verify;
    const builtInIssue = service.issue;
    return {
      ...service,
      /**
       * Strapi's signing, with a session id and sign-in time on every new session's token.
       * @param {object} payload
       * @param {object} [jwtOptions]
       * @returns {string | Promise<string>} the JWT
       */
      issue(payload, jwtOptions) {
        return builtInIssue.call(this, withSessionClaims(payload), jwtOptions);
      },
      /**
       * Strapi's signature and expiry check, then the session check.
       * @param {string} token
       * @returns {Promise<object>} the payload
       * @throws {Error} 'Invalid token.' for a bad, expired or ended token
       */
      async verify(token) {
        const payload = await builtInVerify.call(this, token);
        await assertSessionLive(deps.strapi, payload);
        return payload;
      },
    };
  };

  const createAuthController = plugin.controllers.auth;
  plugin.controllers.auth = (deps) => {
    const controller = createAuthController(deps);
    const builtInCallback = controller.callback;
    const builtInRegister = controller.register;
    return {
      ...controller,
      /**
       * Strapi's registration, or — for a taken address — the same answer and a notice to the owner.
       * @param {import('koa').Context} ctx
       * @param {Function} next
       */
      async register(ctx, next) {
        const body = ctx.request.body || {};
        const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
        // Anything Strapi would refuse for a new address it refuses here too, so answers stay alike.
        if (!email || !emailConfirmationRequired() || !isAcceptablePassword(body.password)) {
          return builtInRegister(ctx, next);
        }
        const users = strapi.db.query('plugin::users-permissions.user');
        const existing = await users.findOne({ where: { email }, select: ['id', 'email'] });
        if (!existing) return builtInRegister(ctx, next);
        try {
          await sendRegistrationAttemptEmail(strapi, { to: existing.email, portal: portalOrigin() });
        } catch (error) {
          strapi.log.warn(`registration attempt notice not sent: ${error.message}`);
        }
        const now = new Date().toISOString();
        const schema = strapi.getModel('plugin::users-permissions.user');
        // The shape of a new, unconfirmed account; nothing of the real one.
        const lookalike = {
          id: crypto.randomInt(1_000_000, 2_000_000_000),
          documentId: crypto.randomBytes(16).toString('hex').slice(0, 24),
          username: typeof body.username === 'string' ? body.username : email,
          email,
          provider: 'local',
          confirmed: false,
          blocked: false,
          createdAt: now,
          updatedAt: now,
          publishedAt: now,
        };
        return ctx.send({ user: await strapi.contentAPI.sanitize.output(lookalike, schema, { auth: ctx.state.auth }) });
      },
      /**
       * Strapi's callback, or the exchange of a bridge code.
       * @param {import('koa').Context} ctx
       * @param {Function} next
       */
      async callback(ctx, next) {
        const provider = (ctx.params && ctx.params.provider) || 'local';
        const code = ctx.query && ctx.query.access_token;
        const hasGrant = Boolean(ctx.session && ctx.session.grant && ctx.session.grant.response);
        if (provider === 'local' || hasGrant || typeof code !== 'string') return builtInCallback(ctx, next);
        const grant = await strapi.store({ type: 'plugin', name: 'users-permissions', key: 'grant' }).get();
        if (!grant || !grant[provider] || !grant[provider].enabled) throw new ApplicationError('This provider is disabled');
        const userId = takeCode(code, provider);
        if (!userId) throw new ValidationError('Invalid code', { code: 'invalid-action-code' });
        const user = await strapi.db.query('plugin::users-permissions.user').findOne({ where: { id: userId } });
        if (!user || user.blocked) throw new ForbiddenError('Your account has been blocked by an administrator');
        const schema = strapi.getModel('plugin::users-permissions.user');
        return ctx.send({
          jwt: await strapi.plugin('users-permissions').service('jwt').issue({ id: user.id }),
          user: await strapi.contentAPI.sanitize.output(user, schema, { auth: ctx.state.auth }),
        });
      },
    };
  };
  return plugin;
};
