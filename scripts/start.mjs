/**
 * `npm start`: builds the portal, starts the CMS (http://localhost:1337, demo content seeded on
 * first start) and the portal (http://localhost:3000), and stops both on Ctrl-C / SIGTERM.
 * `npm run dev` does the same with the portal in Vite development mode (HMR).
 * Ports: PORT (portal) and CMS_PORT (CMS); their metrics on METRICS_PORT (default 9464) and
 * CMS_METRICS_PORT (default 9465), `0` turns one off. The CMS webhook that refreshes the portal's caches and
 * search index gets a random WEBHOOK_SECRET per start (or the one in the environment).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ROOT_DIR, startCms, stopProcess, waitForHttp } from './lib/processes.mjs';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const cmsPort = Number(process.env.CMS_PORT ?? 1337);
const strapiUrl = process.env.STRAPI_URL ?? `http://127.0.0.1:${cmsPort}`;
const webhookSecret = process.env.WEBHOOK_SECRET || randomBytes(24).toString('base64url');

if (!dev) {
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--app', '--logLevel', 'warn'],
    {
      cwd: ROOT_DIR,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children = [];
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map((child) => stopProcess(child)));
  process.exit(code);
}
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));

const portal = spawn(process.execPath, dev ? ['--import', 'tsx', 'server.ts'] : ['builds/server/server.js'], {
  cwd: ROOT_DIR,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: dev ? 'development' : 'production',
    PORT: String(port),
    STRAPI_URL: strapiUrl,
    WEBHOOK_SECRET: webhookSecret,
  },
});
children.push(portal);
portal.on('exit', (code) => void stopAll(code ?? 1));

if (!process.env.STRAPI_URL) {
  console.log(`[start] starting the CMS on ${strapiUrl} (first start seeds the demo content) ...`);
  const cms = await startCms({
    port: cmsPort,
    host: '127.0.0.1',
    env: {
      PORTAL_WEBHOOK_URL: process.env.PORTAL_WEBHOOK_URL ?? `http://127.0.0.1:${port}/hooks/cms`,
      WEBHOOK_SECRET: webhookSecret,
      // Account e-mails (confirmation, reset, invitation) link to this portal.
      PORTAL_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
      // The CMS listens on 127.0.0.1 only, so the visitor IP the portal forwards can be trusted
      // (its auth rate limit then counts visitors, not the portal).
      TRUST_FORWARDED_FOR: process.env.TRUST_FORWARDED_FOR ?? 'true',
      METRICS_PORT: process.env.CMS_METRICS_PORT ?? '9465',
    },
  }).catch((error) => {
    console.error(`[start] ${error.message}`);
    return stopAll(1);
  });
  if (cms) {
    children.push(cms.child);
    cms.child.on('exit', (code) => void stopAll(code ?? 1));
  }
}
await waitForHttp(`http://127.0.0.1:${port}/health`, { child: portal, name: 'portal', timeoutMs: 60_000 });
console.log(`[start] portal ready on http://localhost:${port} (CMS ${strapiUrl})`);
