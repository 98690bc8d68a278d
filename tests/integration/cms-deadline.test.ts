/**
 * One CMS timeout budget per request: the redirect rules, the session and the loaders of a page
 * share one deadline, so a slow CMS costs a page at most one timeout, not one per call in a row
 * (the CMS client's `withDeadline`, src/server/cms/strapi-client.server.ts). A form's write has a
 * deadline of its own and is looked up by its idempotency key before the portal answers
 * (docs/decisions/094-a-write-has-its-own-deadline.md): it costs at most the write's budget and one
 * timeout more, and the answer shows the form with what was typed in its HTML inputs.
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
import { WRITE_TIMEOUT_FACTOR } from '../../src/server/services/submit-once.server.ts';
import { decodeHtml, PUBLIC_URL } from '../support/portal.ts';
import { inputValue, isChecked, selectedOption } from '../support/public-forms.ts';

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

  it('gives a form post its write budget and a look-up, then says it is unconfirmed and keeps what was typed', async () => {
    const form = new URLSearchParams({
      name: 'Fenna de Vries',
      email: 'fenna.traag@example.nl',
      subject: 'Een trage server',
      message: 'Dit bericht mag niet verloren gaan.',
      consent: 'on',
      idempotencyKey: crypto.randomUUID(),
    }).toString();
    const { answer, ms } = await timed(() =>
      request(portal.app).post('/contact').set('Origin', PUBLIC_URL).type('form').send(form),
    );
    expect(answer.status).toBe(503);
    expect(answer.text).toContain('value="fenna.traag@example.nl"');
    expect(decodeHtml(answer.text)).toContain('We weten niet zeker of je bericht is aangekomen');
    // The write's own deadline (3 timeouts), the look-up (1) and the page's reads (1), no more.
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS * (WRITE_TIMEOUT_FACTOR + 1) * 0.9);
    expect(ms).toBeLessThan(TIMEOUT_MS * (WRITE_TIMEOUT_FACTOR + 2) * 1.3);
  });

  it('shows a registration posted without JavaScript again, with every typed value in its inputs', async () => {
    const form = {
      event: 'een-evenement',
      name: 'Marieke de Vries',
      email: 'marieke.traag@example.nl',
      organisation: 'Pakketpost B.V.',
      attendees: '2',
      consent: 'on',
    };
    const { answer, ms } = await timed(() =>
      request(portal.app)
        .post('/inschrijvingen')
        .set('Origin', PUBLIC_URL)
        .type('form')
        .send(new URLSearchParams(form).toString()),
    );
    expect(answer.status).toBe(503);
    expect(ms).toBeLessThan(TIMEOUT_MS * 2 * 1.3);
    const html = answer.text;
    expect(decodeHtml(html)).toContain('Je inschrijving is niet verstuurd');
    for (const name of ['name', 'email', 'organisation', 'attendees'] as const) {
      expect({ name, shown: inputValue(html, name) }).toEqual({ name, shown: form[name] });
    }
    expect(selectedOption(html, 'event')).toBe('een-evenement');
    expect(isChecked(html, 'consent')).toBe(true);
  });
});
