/**
 * HTTP server configuration: host, port, public URL, app keys and logger settings.
 * TRUST_FORWARDED_FOR=true makes Koa read the client IP from the last `X-Forwarded-For` entry
 * (set by the portal for auth calls), so the auth rate limit counts visitors instead of the
 * portal server. Only enable it when the CMS is reachable through the portal / a proxy alone.
 */
module.exports = ({ env }) => {
  const publicUrl = env('PUBLIC_URL', '');
  return {
    host: env('HOST', '0.0.0.0'),
    port: env.int('PORT', 1337),
    ...(publicUrl ? { url: publicUrl } : {}),
    ...(env.bool('TRUST_FORWARDED_FOR', false) ? { proxy: { koa: true, maxIpsCount: 1 } } : {}),
    app: {
      keys: env.array('APP_KEYS'),
    },
    logger: {
      updates: { enabled: false },
    },
    // Nightly jobs (config/cron-tasks.js): the analytics retention.
    cron: { enabled: true, tasks: require('./cron-tasks') },
  };
};
