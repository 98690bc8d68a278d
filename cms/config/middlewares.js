/**
 * Global middleware stack: Strapi 5's standard list, with
 * - CORS limited to the portal's origin (PORTAL_URL; default http://localhost:3000): browsers on
 *   any other origin get no CORS headers, so they cannot read the API's answers with credentials;
 * - no `X-Powered-By` banner (`strapi::poweredBy` left out);
 * - no `strapi::logger`: src/lib/metrics.js logs the same request line with the request's id.
 *   That middleware, registered in src/index.js `register`, runs before all of these.
 * The admin panel is served by the CMS itself (same origin) and needs no CORS.
 */
module.exports = ({ env }) => {
  const portal = (env('PORTAL_URL') || env('PUBLIC_PORTAL_URL') || 'http://localhost:3000').replace(/\/+$/, '');
  return [
    'strapi::errors',
    'strapi::security',
    {
      name: 'strapi::cors',
      config: {
        origin: [new URL(portal).origin],
        methods: ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'],
        keepHeaderOnError: true,
      },
    },
    'strapi::query',
    'strapi::body',
    'strapi::session',
    'strapi::favicon',
    'strapi::public',
  ];
};
