/**
 * Admin panel configuration. The panel is only served when SERVE_ADMIN_PANEL=true
 * (it needs a build first: `npm run admin` does both). Secrets come from the environment
 * (`cms/.env`, created by scripts/ensure-env.js); promotional flags are switched off.
 *
 * Preview (Strapi 5, free): with PREVIEW_SECRET (shared with the portal) the Content Manager
 * opens articles, events, vacancies, magazines and pages in the portal at PORTAL_URL through a
 * signed link (src/lib/preview.js; the portal's docs/decisions/101-signed-preview-links.md);
 * `allowedOrigins` lets the admin frame the portal (Strapi adds it to `frame-src`).
 */
const { previewHandler } = require('../src/lib/preview');

module.exports = ({ env }) => {
  const portal = (env('PORTAL_URL') || env('PUBLIC_PORTAL_URL') || 'http://localhost:3000').replace(/\/+$/, '');
  const previewSecret = env('PREVIEW_SECRET', '');
  return {
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
    preview: {
      enabled: previewSecret !== '',
      config: {
        allowedOrigins: [new URL(portal).origin],
        handler: previewHandler(portal, previewSecret),
      },
    },
  };
};
