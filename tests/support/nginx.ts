/**
 * A real nginx for tests, configured from the shipped `deploy/nginx/nginx.conf`: see
 * scripts/lib/nginx.mjs (shared with `npm run lighthouse`).
 */
export {
  createSelfSignedCertificate,
  renderNginxConfig,
  requireNginx,
  SHIPPED_NGINX_CONF,
  type StartedNginx,
  startNginx,
  testNginxConfig,
} from '../../scripts/lib/nginx.mjs';
