/**
 * One CMS timeout budget per request: the redirect rules, the session and the loaders of a page
 * share one deadline, so a slow CMS costs a page at most one timeout, not one per call in a row
 * (the CMS client's `withDeadline`, src/server/cms/strapi-client.server.ts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import { createApp } from '../../src/server/app.ts';
import { PUBLIC_URL } from '../support/portal.ts';

const TIMEOUT_MS = 1000;
/** Far longer than the timeout: every CMS call would spend its whole budget. */
const CMS_DELAY_MS = 4000;

let slowCms: Server;
let portal: PortalApp;
let stateDir: string;

beforeAll(async () => {
  slowCms = createServer((_req, res) => {
    const timer = setTimeout(
      () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
      CMS_DELAY_MS,
    );
    res.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => slowCms.listen(0, '127.0.0.1', resolve));
  const { port } = slowCms.address() as AddressInfo;
  // The site settings this instance saw before the CMS slowed down (decision 046).
  stateDir = await mkdtemp(path.join(tmpdir(), 'portal-deadline-'));
  const site = (await (
    await fetch(
      `${inject('cmsUrl')}/api/site?populate[navigation]=true&populate[footerLinks]=true&populate[contact]=true&populate[social]=true`,
    )
  ).json()) as { data: unknown };
  await writeFile(path.join(stateDir, 'site-nl.json'), JSON.stringify(site.data));
  portal = await createApp({
    mode: 'test',
    strapiUrl: `http://127.0.0.1:${port}`,
    publicUrl: PUBLIC_URL,
    assets: { entry: '/assets/entry-client.js', styles: [], modulePreloads: [] },
    cmsTimeoutMs: TIMEOUT_MS,
    pageCacheTtlMs: 0,
    stateDir,
  });
});

afterAll(async () => {
  await portal?.close();
  slowCms?.closeAllConnections();
  await new Promise<void>((resolve) => slowCms?.close(() => resolve()));
  await rm(stateDir, { recursive: true, force: true });
});

/** Runs `send` and returns its answer with the time it took, in ms. */
async function timed<T>(send: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await send();
  return { answer, ms: performance.now() - started };
}

describe('a slow CMS', () => {
  it('costs a page one timeout, although the redirect rules and the loaders ask it in a row', async () => {
    const { answer, ms } = await timed(() => request(portal.app).get('/nieuws-bestaat-niet'));
    expect(answer.status).toBe(503);
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS * 0.9);
    expect(ms).toBeLessThan(TIMEOUT_MS * 1.6);
  });

  it('costs a form post one timeout, and the form keeps what was typed', async () => {
    const form = new URLSearchParams({
      name: 'Fenna de Vries',
      email: 'fenna.traag@example.nl',
      subject: 'Een trage server',
      message: 'Dit bericht mag niet verloren gaan.',
      consent: 'on',
    }).toString();
    const { answer, ms } = await timed(() =>
      request(portal.app).post('/contact').set('Origin', PUBLIC_URL).type('form').send(form),
    );
    expect(answer.status).toBe(503);
    expect(answer.text).toContain('value="fenna.traag@example.nl"');
    expect(ms).toBeLessThan(TIMEOUT_MS * 1.6);
  });
});
