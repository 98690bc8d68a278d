/**
 * Admin panel configuration. The panel is only served when SERVE_ADMIN_PANEL=true
 * (it needs a build first: `npm run admin` does both). Secrets come from the environment
 * (`cms/.env`, created by scripts/ensure-env.js); promotional flags are switched off.
 */
module.exports = ({ env }) => ({
  serveAdminPanel: env.bool('SERVE_ADMIN_PANEL', false),
  autoOpen: false,
  auth: {
    secret: env('ADMIN_JWT_SECRET'),
  },
  apiToken: {
    salt: env('API_TOKEN_SALT'),
  },
  transfer: {
    token: {
      salt: env('TRANSFER_TOKEN_SALT'),
    },
  },
  secrets: {
    encryptionKey: env('ENCRYPTION_KEY'),
  },
  flags: {
    nps: false,
    promoteEE: false,
  },
});
