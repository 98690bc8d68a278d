/**
 * Users-permissions e-mail settings applied at bootstrap.
 *
 * - Replaces Strapi's default sender (`no-reply@strapi.io`, "Administration Panel") of the
 *   reset-password and confirmation templates with EMAIL_FROM / EMAIL_FROM_NAME. Templates an
 *   administrator has already changed are left alone.
 * - When PASSWORD_RESET_URL or EMAIL_CONFIRMATION_REDIRECT are set, they are written to the
 *   users-permissions advanced settings (the portal page that receives `?code=...`, and where
 *   users land after confirming their e-mail address).
 */

const STRAPI_DEFAULT_SENDER = 'no-reply@strapi.io';

/**
 * Apply the sender and URL settings.
 * @param {import('@strapi/strapi').Core.Strapi} strapi Strapi instance.
 * @returns {Promise<void>}
 */
async function ensureAuthEmails(strapi) {
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });

  const templates = await store.get({ key: 'email' });
  if (templates) {
    const email = process.env.EMAIL_FROM || 'redactie@portal.local';
    const name = process.env.EMAIL_FROM_NAME || 'Logistiek & E-commerce Nieuws';
    let changed = false;
    for (const template of Object.values(templates)) {
      const from = template?.options?.from;
      if (from && from.email === STRAPI_DEFAULT_SENDER) {
        from.email = email;
        from.name = name;
        changed = true;
      }
    }
    if (changed) {
      await store.set({ key: 'email', value: templates });
      strapi.log.info(`[auth-emails] account e-mails are sent as "${name}" <${email}>`);
    }
  }

  const advanced = await store.get({ key: 'advanced' });
  if (advanced) {
    const wanted = {
      email_reset_password: process.env.PASSWORD_RESET_URL,
      email_confirmation_redirection: process.env.EMAIL_CONFIRMATION_REDIRECT,
    };
    const updates = Object.fromEntries(
      Object.entries(wanted).filter(([key, value]) => value && advanced[key] !== value)
    );
    if (Object.keys(updates).length > 0) {
      await store.set({ key: 'advanced', value: { ...advanced, ...updates } });
      strapi.log.info(`[auth-emails] updated users-permissions settings: ${Object.keys(updates).join(', ')}`);
    }
  }
}

module.exports = { ensureAuthEmails };
