/**
 * Plugin configuration.
 *
 * - users-permissions: 1-day JWTs with sliding renewal and sessions that end (src/lib/sessions.js), auth rate limiting (AUTH_RATELIMIT=false switches it off, e.g. for tests),
 *   the portal's password policy (src/lib/password-policy.js) for register, reset and change password.
 * - email (nodemailer): uses SMTP_HOST/SMTP_PORT/SMTP_USER/SMTP_PASS/SMTP_SECURE when SMTP_HOST is set;
 *   otherwise it talks to the local capture server started in src/index.js
 *   (127.0.0.1:MAIL_CAPTURE_PORT, default 1025), so no mail leaves the machine.
 */

const { isAcceptablePassword } = require('../src/lib/password-policy');

/**
 * Build the nodemailer transport options.
 * @param {Function & {int: Function, bool: Function}} env Strapi env helper.
 * @returns {object} nodemailer SMTP transport options.
 */
const smtpOptions = (env) => {
  const host = env('SMTP_HOST', '');
  if (host) {
    const user = env('SMTP_USER', '');
    return {
      host,
      port: env.int('SMTP_PORT', 587),
      secure: env.bool('SMTP_SECURE', false),
      ...(user ? { auth: { user, pass: env('SMTP_PASS', '') } } : {}),
    };
  }
  return {
    host: '127.0.0.1',
    port: env.int('MAIL_CAPTURE_PORT', 1025),
    secure: false,
    ignoreTLS: true,
  };
};

module.exports = ({ env }) => ({
  'users-permissions': {
    config: {
      // A day, renewed by the portal while the visitor is active (docs/decisions/049-sessions-that-end.md).
      jwt: { expiresIn: '1d' },
      ratelimit: {
        enabled: env.bool('AUTH_RATELIMIT', true),
        interval: 60000,
        max: 10,
      },
      validationRules: {
        validatePassword: isAcceptablePassword,
      },
    },
  },
  email: {
    config: {
      provider: 'nodemailer',
      providerOptions: smtpOptions(env),
      settings: {
        defaultFrom: env('EMAIL_FROM', 'redactie@portal.local'),
        defaultReplyTo: env('EMAIL_REPLY_TO', env('EMAIL_FROM', 'redactie@portal.local')),
      },
    },
  },
});
