/**
 * users-permissions extension: `GET /api/auth/:provider/callback?access_token=<code>` also accepts
 * a one-time exchange code from the account bridge (src/lib/connect-codes.js,
 * docs/decisions/024-external-sign-in.md), so the portal's server can finish an external sign-in
 * without the CMS's session cookie. Every other call (local login, a callback with the CMS
 * session) goes to Strapi's own controller unchanged.
 */
const { errors } = require('@strapi/utils');
const { takeCode } = require('../../lib/connect-codes');

const { ApplicationError, ForbiddenError, ValidationError } = errors;

/**
 * @param {object} plugin The users-permissions plugin definition.
 * @returns {object} The plugin with the extended auth controller.
 */
module.exports = (plugin) => {
  const createAuthController = plugin.controllers.auth;
  plugin.controllers.auth = (deps) => {
    const controller = createAuthController(deps);
    const builtInCallback = controller.callback;
    return {
      ...controller,
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
