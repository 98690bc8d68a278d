/**
 * Account controller (routes in ../routes/account.js): invitations, activation of invited
 * accounts and e-mail confirmation that signs the user in. Codes are random 32-byte hex strings;
 * only their SHA-256 hash is stored. An invitation creates the invitee's account straight away
 * (unconfirmed, with an unusable random password); activation sets the password, confirms the
 * account and returns a JWT like `POST /auth/local` does.
 */
const crypto = require('node:crypto');
const { errors, yup, validateYupSchema } = require('@strapi/utils');
const { isAcceptablePassword } = require('../../../lib/password-policy');
const { sendInvitationEmail, sendExistingAccountEmail } = require('../../../lib/accounts');
const { portalUrl } = require('../../../lib/mail');
const { issueCode } = require('../../../lib/connect-codes');
const { renewalPayload, revokeAllSessions, revokeSession } = require('../../../lib/sessions');
const {
  accountOverview,
  confirmEmailChange,
  deleteAccount,
  exportAccount,
  requestEmailChange,
  unsubscribeNewsletter,
  updateName,
} = require('../../../lib/account-data');
const { answerOnce } = require('../../../lib/idempotency');

const { ApplicationError, ValidationError } = errors;

const USER_UID = 'plugin::users-permissions.user';
const INVITATION_UID = 'api::account.invitation';

/**
 * Days an invitation stays valid (INVITATION_VALID_DAYS, default 7).
 * @returns {number}
 */
function invitationValidDays() {
  const days = Number.parseInt(process.env.INVITATION_VALID_DAYS || '7', 10);
  return Number.isInteger(days) && days > 0 ? days : 7;
}

/**
 * SHA-256 of a code, hex.
 * @param {string} code
 * @returns {string}
 */
const hashCode = (code) => crypto.createHash('sha256').update(code).digest('hex');

const validateInvite = validateYupSchema(yup.object({ email: yup.string().email().required() }));
const validateCode = validateYupSchema(yup.object({ code: yup.string().required() }));
const validateActivate = validateYupSchema(
  yup.object({
    code: yup.string().required(),
    password: yup.string().required(),
    passwordConfirmation: yup.string().required(),
  }),
);
const validateConfirmation = validateYupSchema(yup.object({ confirmation: yup.string().required() }));
const validateLogout = validateYupSchema(yup.object({ scope: yup.string().oneOf(['session', 'all']) }));
const validateProfile = validateYupSchema(
  yup.object({ data: yup.object({ fullName: yup.string().nullable().trim().max(100) }).noUnknown().required() }),
);
const validateEmailChange = validateYupSchema(
  yup.object({
    data: yup
      .object({ email: yup.string().trim().email().max(254).required(), password: yup.string().max(200) })
      .noUnknown()
      .required(),
  }),
);
const validateDeletion = validateYupSchema(
  yup.object({ password: yup.string().max(200), email: yup.string().max(320) }).noUnknown(),
);

/**
 * The users-permissions service `name`.
 * @param {string} name
 */
const upService = (name) => strapi.plugin('users-permissions').service(name);

/**
 * The user fields a client may see (private fields removed).
 * @param {object} user
 * @param {import('koa').Context} ctx
 */
const sanitizeUser = (user, ctx) =>
  strapi.contentAPI.sanitize.output(user, strapi.getModel(USER_UID), { auth: ctx.state.auth });

/**
 * Finds the open invitation of a code and its account.
 * @param {string} code
 * @returns {Promise<{ invitation: object, user: object }>}
 * @throws ValidationError `invalid-action-code` (unknown, used, account gone or blocked) or
 *   `expired-action-code` (past its expiry).
 */
async function openInvitation(code) {
  const invitation = await strapi.db.query(INVITATION_UID).findOne({
    where: { tokenHash: hashCode(code) },
    populate: { user: true },
  });
  if (!invitation || invitation.acceptedAt || !invitation.user || invitation.user.blocked) {
    throw new ValidationError('Invalid code', { code: 'invalid-action-code' });
  }
  if (invitation.expiresAt && new Date(invitation.expiresAt).getTime() < Date.now()) {
    throw new ValidationError('Expired code', { code: 'expired-action-code' });
  }
  return { invitation, user: invitation.user };
}

module.exports = ({ strapi }) => ({
  /**
   * `GET /api/account/connect/:provider/finish`: the end of the CMS's provider flow, opened by the
   * browser with the CMS session cookie. Connects (or creates) the account from the provider's
   * answer, clears the OAuth session and redirects to the portal's `/auth/connect` with a one-time
   * `access_token` code, or with `error` when the flow failed.
   * @param {import('koa').Context} ctx
   */
  async connectFinish(ctx) {
    const portal = portalUrl();
    if (!portal) throw new ApplicationError('External sign-in needs PORTAL_URL');
    const provider = String(ctx.params.provider || '');
    const target = new URL(`${portal}/auth/connect`);
    target.searchParams.set('provider', provider);
    const grantResponse = ctx.session && ctx.session.grant && ctx.session.grant.response;
    // The OAuth session is used once (only touched when there is one: an untouched session is not re-sent).
    if (grantResponse) ctx.session.grant = {};
    if (!/^[a-z0-9][a-z0-9_-]{0,31}$/.test(provider) || ctx.query.error || !grantResponse) {
      target.searchParams.set('error', 'access_denied');
      return ctx.redirect(target.toString());
    }
    try {
      const user = await upService('providers').connect(provider, grantResponse, { grantResponse });
      if (user.blocked) throw new Error('blocked');
      target.searchParams.set('access_token', issueCode(provider, user.id));
    } catch (error) {
      strapi.log.warn(`[accounts] external sign-in with ${provider} failed: ${error.message}`);
      target.searchParams.set('error', 'sign_in_failed');
    }
    return ctx.redirect(target.toString());
  },

  /**
   * `POST /api/account/invitations` `{ email }`: invites a colleague. New address → account created
   * (unconfirmed) and an activation link sent; unconfirmed account → a new link; confirmed
   * account → a note that they already have one; blocked account → nothing. Always `{ ok: true }`.
   * @param {import('koa').Context} ctx
   */
  async invite(ctx) {
    const inviter = ctx.state.user;
    if (!inviter) return ctx.unauthorized();
    const portal = portalUrl();
    if (!portal) throw new ApplicationError('Invitations need PORTAL_URL');
    const { email: rawEmail } = await validateInvite(ctx.request.body || {});
    const email = rawEmail.trim().toLowerCase();
    const inviterName = inviter.username && inviter.username !== inviter.email ? `${inviter.username} (${inviter.email})` : inviter.email;

    let user = await strapi.db.query(USER_UID).findOne({ where: { email } });
    if (user && user.blocked) return ctx.send({ ok: true });
    if (user && user.confirmed) {
      await sendExistingAccountEmail(strapi, { to: email, inviter: inviterName, portal });
      return ctx.send({ ok: true });
    }
    if (!user) {
      const advanced = await strapi.store({ type: 'plugin', name: 'users-permissions' }).get({ key: 'advanced' });
      const role = await strapi.db
        .query('plugin::users-permissions.role')
        .findOne({ where: { type: (advanced && advanced.default_role) || 'authenticated' } });
      if (!role) throw new ApplicationError('Impossible to find the default role');
      user = await upService('user').add({
        username: email,
        email,
        provider: 'local',
        password: crypto.randomBytes(24).toString('hex'),
        confirmed: false,
        blocked: false,
        role: role.id,
      });
    }

    const code = crypto.randomBytes(32).toString('hex');
    const validDays = invitationValidDays();
    await strapi.db.query(INVITATION_UID).create({
      data: {
        email,
        tokenHash: hashCode(code),
        expiresAt: new Date(Date.now() + validDays * 24 * 60 * 60 * 1000),
        invitedBy: inviter.id,
        user: user.id,
      },
    });
    await sendInvitationEmail(strapi, { to: email, token: code, inviter: inviterName, portal, validDays });
    return ctx.send({ ok: true });
  },

  /**
   * `GET /api/account/activation?code=`: `{ email }` of a valid activation code (the activation
   * form shows the address).
   * @param {import('koa').Context} ctx
   */
  async activation(ctx) {
    const { code } = await validateCode(ctx.query || {});
    const { user } = await openInvitation(code);
    return ctx.send({ email: user.email });
  },

  /**
   * `POST /api/account/activate` `{ code, password, passwordConfirmation }`: sets the password,
   * confirms the account, uses up every open invitation of it and answers `{ jwt, user }`.
   * @param {import('koa').Context} ctx
   */
  async activate(ctx) {
    const { code, password, passwordConfirmation } = await validateActivate(ctx.request.body || {});
    const { user } = await openInvitation(code);
    if (!isAcceptablePassword(password)) throw new ValidationError('Password validation failed.');
    if (password !== passwordConfirmation) throw new ValidationError('Passwords do not match');
    const open = await strapi.db.query(INVITATION_UID).findMany({
      where: { user: { id: user.id }, acceptedAt: { $null: true } },
      select: ['id'],
    });
    await strapi.db.query(INVITATION_UID).updateMany({
      where: { id: { $in: open.map((entry) => entry.id) } },
      data: { acceptedAt: new Date() },
    });
    await upService('user').edit(user.id, { password, confirmed: true, confirmationToken: null });
    const fresh = await strapi.db.query(USER_UID).findOne({ where: { id: user.id } });
    return ctx.send({
      jwt: await upService('jwt').issue({ id: user.id }),
      user: await sanitizeUser(fresh, ctx),
    });
  },

  /**
   * `POST /api/account/email-confirmation` `{ confirmation }`: confirms the e-mail address of the
   * code's account and answers `{ jwt, user }`; blocked accounts are refused.
   * @param {import('koa').Context} ctx
   */
  async confirmEmail(ctx) {
    const { confirmation } = await validateConfirmation(ctx.request.body || {});
    const user = await strapi.db.query(USER_UID).findOne({ where: { confirmationToken: confirmation } });
    if (!user) throw new ValidationError('Invalid token', { code: 'invalid-action-code' });
    if (user.blocked) throw new ApplicationError('Your account has been blocked by an administrator');
    await upService('user').edit(user.id, { confirmed: true, confirmationToken: null });
    const fresh = await strapi.db.query(USER_UID).findOne({ where: { id: user.id } });
    return ctx.send({
      jwt: await upService('jwt').issue({ id: user.id }),
      user: await sanitizeUser(fresh, ctx),
    });
  },

  /**
   * `POST /api/account/logout` `{ scope?: 'session' | 'all' }` (signed in): ends the session of the
   * presented JWT (default), or every session of the account (`all`: "log out everywhere"), so
   * those tokens are refused from now on (src/lib/sessions.js). Answers `{ ok: true }`.
   * @param {import('koa').Context} ctx
   */
  async logout(ctx) {
    const { scope } = await validateLogout(ctx.request.body || {});
    const payload = await upService('jwt').getToken(ctx);
    if (!ctx.state.user || !payload) return ctx.unauthorized();
    const session = { ...payload, id: ctx.state.user.id };
    if (scope === 'all') await revokeAllSessions(strapi, session);
    else await revokeSession(strapi, session);
    return ctx.send({ ok: true });
  },

  /**
   * `POST /api/account/session` (signed in): sliding renewal. Answers `{ jwt }`, a fresh token of
   * the same session (same `sid` and sign-in time, new expiry); a session older than
   * SESSION_MAX_DAYS is refused by the token check before this runs.
   * @param {import('koa').Context} ctx
   */
  async renew(ctx) {
    const payload = await upService('jwt').getToken(ctx);
    if (!ctx.state.user || !payload) return ctx.unauthorized();
    return ctx.send({ jwt: await upService('jwt').issue(renewalPayload({ ...payload, id: ctx.state.user.id })) });
  },

  /**
   * `POST /api/account/delete` `{ password }` (signed in; an account of an external provider sends
   * `{ email }`, its own address, instead): deletes the account and its personal data
   * (src/lib/account-data.js, docs/personal-data.md) and e-mails a confirmation. Answers
   * `{ ok: true, removed: { registrations, pushSubscriptions, newsletter, vacancies, orders },
   * mailSent }`; a wrong password is 400 'The provided current password is invalid'.
   * @param {import('koa').Context} ctx
   */
  async deleteAccount(ctx) {
    if (!ctx.state.user) return ctx.unauthorized();
    const proof = await validateDeletion(ctx.request.body || {});
    const { mailSent, ...removed } = await deleteAccount(strapi, ctx.state.user.id, proof);
    return ctx.send({ ok: true, removed, mailSent });
  },

  /**
   * `GET /api/account/export` (signed in): everything the CMS holds about the caller, as JSON
   * (src/lib/account-data.js `exportAccount`; IBANs masked). Never cached.
   * @param {import('koa').Context} ctx
   */
  async exportData(ctx) {
    if (!ctx.state.user) return ctx.unauthorized();
    ctx.set('Cache-Control', 'private, no-store');
    return ctx.send({ data: await exportAccount(strapi, ctx.state.user.id) });
  },

  /**
   * `GET /api/account/overview` (signed in): `{ data: { pendingEmail, newsletter } }`, the pending
   * e-mail change and the newsletter state of the account's address (src/lib/account-data.js).
   * @param {import('koa').Context} ctx
   */
  async overview(ctx) {
    if (!ctx.state.user) return ctx.unauthorized();
    return ctx.send({ data: await accountOverview(strapi, ctx.state.user.id) });
  },

  /**
   * `PUT /api/account/profile` `{ data: { fullName } }` (signed in): changes the holder's name
   * (empty removes it) and answers `{ user }`. Repeating it changes nothing, so it carries no
   * idempotency key (decision 093).
   * @param {import('koa').Context} ctx
   */
  async updateProfile(ctx) {
    if (!ctx.state.user) return ctx.unauthorized();
    const { data } = await validateProfile(ctx.request.body || {});
    const fullName = data.fullName ? data.fullName : null;
    const user = await updateName(strapi, ctx.state.user.id, fullName);
    return ctx.send({ user: await sanitizeUser(user, ctx) });
  },

  /**
   * `POST /api/account/email-change` `{ data: { email, password } }` (signed in): mails a link to
   * the new address that makes it the account's address (src/lib/account-data.js
   * `requestEmailChange`); the current address stays until then. Answers 202 `{ data: { ok: true } }`
   * alike for a free and a taken address. With an `Idempotency-Key` the same request sends one
   * e-mail (lib/idempotency.js; the password is not part of what is hashed).
   * @param {import('koa').Context} ctx
   */
  async requestEmailChange(ctx) {
    if (!ctx.state.user) return ctx.unauthorized();
    const { data } = await validateEmailChange(ctx.request.body || {});
    const email = data.email.toLowerCase();
    await answerOnce(strapi, ctx, {
      scope: 'account-email-change',
      input: { email },
      user: ctx.state.user,
      run: async () => {
        await requestEmailChange(strapi, ctx.state.user.id, { email, password: data.password });
        return { status: 202, body: { data: { ok: true } } };
      },
    });
  },

  /**
   * `POST /api/account/email-change/confirm` `{ code }` (signed in, the account the link was sent
   * for): makes the pending address the account's address and answers `{ user }`. Invalid and
   * expired codes answer `invalid-action-code` / `expired-action-code`.
   * @param {import('koa').Context} ctx
   */
  async confirmEmailChange(ctx) {
    if (!ctx.state.user) return ctx.unauthorized();
    const { code } = await validateCode(ctx.request.body || {});
    const user = await confirmEmailChange(strapi, ctx.state.user.id, code);
    return ctx.send({ user: await sanitizeUser(user, ctx) });
  },

  /**
   * `POST /api/account/newsletter/unsubscribe` (signed in): unsubscribes the account's address from
   * the newsletter; `{ result: 'unsubscribed' | 'already-unsubscribed' }`. Signing up goes through
   * the newsletter's own double opt-in (`POST /api/newsletter-subscriptions`).
   * @param {import('koa').Context} ctx
   */
  async unsubscribeNewsletter(ctx) {
    if (!ctx.state.user) return ctx.unauthorized();
    return ctx.send({ result: await unsubscribeNewsletter(strapi, ctx.state.user.id) });
  },
});
