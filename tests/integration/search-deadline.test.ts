/**
 * The one CMS deadline per request (decision 048) on a cold instance: the first search of a portal
 * that just started waits for its search backend and index no longer than any page waits for the
 * CMS (src/server/search/search-index.server.ts `ChosenSearch.search`).
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

const TIMEOUT_MS = 2000;
/** Far longer than the timeout, as a CMS that answers in 8 s against the default 5 s. */
const CMS_DELAY_MS = 8000;
/** The redirect rules come slowly, but in time: most of the request's budget is gone after them. */
const RULES_DELAY_MS = 1500;

let slowCms: Server;
let portal: PortalApp;
let stateDir: string;
let asked: string[] = [];

beforeAll(async () => {
  // The redirect rules (asked before the loaders) in 1.5 s of the 2 s budget; the backend choice at
  // once (no PostgreSQL search here: MiniSearch); everything else too slow, the documents the first
  // index build reads among them. Without the request's deadline, the search would wait a whole
  // timeout of its own after the rules: 3.5 s.
  slowCms = createServer((req, res) => {
    const url = req.url ?? '';
    asked.push(url);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.startsWith('/api/redirects')) {
      const rules = { data: [], meta: { pagination: { page: 1, pageSize: 100, pageCount: 0, total: 0 } } };
      const timer = setTimeout(() => json(200, rules), RULES_DELAY_MS);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (url.startsWith('/api/search/backend')) {
      json(404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found' } });
      return;
    }
    const timer = setTimeout(() => json(200, {}), CMS_DELAY_MS);
    res.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => slowCms.listen(0, '127.0.0.1', resolve));
  const { port } = slowCms.address() as AddressInfo;
  // The site settings this instance saw before (decision 046), so the 503 page has its layout.
  stateDir = await mkdtemp(path.join(tmpdir(), 'portal-search-deadline-'));
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

describe('the first search of a cold instance with a slow CMS', () => {
  it('answers the 503 page within one timeout, while the index is being built', async () => {
    asked = [];
    const started = performance.now();
    const answer = await request(portal.app).get('/zoeken?q=logistiek');
    const ms = performance.now() - started;
    expect(answer.status).toBe(503);
    expect(answer.text).toContain('<h1');
    // The search got as far as building its index (it reads the articles first).
    expect(asked.some((url) => url.startsWith('/api/search/backend'))).toBe(true);
    expect(asked.some((url) => url.startsWith('/api/articles'))).toBe(true);
    expect(ms).toBeLessThan(TIMEOUT_MS * 1.4);
  });

  it('answers the same way on the data endpoint (JSON)', async () => {
    const started = performance.now();
    const answer = await request(portal.app).get('/__data/zoeken?q=logistiek');
    const ms = performance.now() - started;
    expect(answer.status).toBe(503);
    expect(answer.headers['content-type']).toMatch(/json/);
    expect(ms).toBeLessThan(TIMEOUT_MS * 1.4);
  });
});
