/**
 * Bad input is the client's mistake and never a 5xx: wrong content types and unreadable bodies on
 * every form route answer 415/400, over-limit bodies 413 (also chunked, without Content-Length,
 * with the kept-alive connection still usable afterwards), methods nothing accepts 405, and bad
 * paths of the data endpoint (`/__data//`) 404.
 */
import net from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import { createTestApp, PUBLIC_URL } from '../support/portal.ts';
import { listen, rawRequest } from '../support/raw-http.ts';

/** Every page route with a form action (Dutch paths; the English ones share the actions). */
const FORM_ROUTES = [
  '/contact',
  '/adverteren',
  '/nieuwsbrief',
  '/inschrijvingen',
  '/inloggen',
  '/registreren',
  '/wachtwoord-vergeten',
  '/wachtwoord-reset',
  '/email-valideren',
];

/** Bodies a browser never sends to a form, with the status each must get. */
const BAD_BODIES: Array<{ label: string; type?: string; body: string; status: number }> = [
  { label: 'JSON', type: 'application/json', body: '{"email":"a@b.nl"}', status: 415 },
  { label: 'plain text', type: 'text/plain', body: 'email=a@b.nl', status: 415 },
  { label: 'XML', type: 'application/xml', body: '<a/>', status: 415 },
  { label: 'no content type', body: 'email=a@b.nl', status: 415 },
  {
    label: 'broken multipart',
    type: 'multipart/form-data; boundary=XYZ',
    body: '--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.nl',
    status: 400,
  },
  { label: 'multipart without boundary', type: 'multipart/form-data', body: 'email=a@b.nl', status: 400 },
];

let portal: PortalApp;
beforeAll(async () => {
  portal = await createTestApp();
});
afterAll(() => portal.close());

describe('bad input on form routes', () => {
  it('answers 415 or 400, never 5xx, for every form route, as a page and on the data endpoint', async () => {
    const server = await listen(portal.app);
    const seen: string[] = [];
    for (const route of FORM_ROUTES) {
      for (const bad of BAD_BODIES) {
        for (const path of [route, `/__data${route}`]) {
          // Raw bytes: supertest would add a form content type to a string body.
          const headers: Record<string, string> = { Origin: PUBLIC_URL, Accept: 'text/html' };
          if (bad.type) headers['Content-Type'] = bad.type;
          const response = await rawRequest(server.port, path, 'POST', { headers, body: bad.body });
          seen.push(`${path} ${bad.label} → ${response.status}`);
          expect({ path, body: bad.label, status: response.status }).toEqual({
            path,
            body: bad.label,
            status: bad.status,
          });
          expect(response.headers['cache-control']).toContain('no-store');
        }
      }
    }
    await server.close();
    expect(seen).toHaveLength(FORM_ROUTES.length * BAD_BODIES.length * 2);
  });

  it('shows a Dutch message on the page for people', async () => {
    const response = await request(portal.app)
      .post('/contact')
      .set('Origin', PUBLIC_URL)
      .set('Content-Type', 'application/json')
      .send('{}')
      .expect(415);
    expect(response.text).toContain(
      'Dit formulier accepteert alleen gegevens zoals een browser ze verstuurt.',
    );
  });

  it('answers 405 to methods nothing accepts, on pages and static paths alike', async () => {
    for (const method of ['put', 'delete', 'patch', 'options'] as const) {
      for (const path of ['/', '/contact', '/robots.txt', '/assets/app.js']) {
        const response = await request(portal.app)[method](path);
        expect({ method, path, status: response.status }).toEqual({ method, path, status: 405 });
        expect(response.headers.allow).toBe('GET, HEAD, POST');
      }
    }
  });
});

describe('bad paths of the data endpoint', () => {
  it('answer 4xx with JSON, never 5xx, and never name another host', async () => {
    const server = await listen(portal.app);
    try {
      for (const path of [
        '/__data//',
        '/__data///',
        '/__data//evil.example/x',
        '/__data/\\evil',
        '/__data//?x=1',
      ]) {
        const response = await rawRequest(server.port, path, 'GET', {
          headers: { Accept: 'application/json' },
        });
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
        expect(response.headers['content-type'], path).toMatch(/^application\/json/);
        expect(response.body, path).not.toContain('evil.example');
      }
    } finally {
      await server.close();
    }
  });
});

/** Writes raw bytes on one socket and collects what comes back until `until` matches. */
function exchange(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
  });
  return {
    socket,
    write: (text: string) => socket.write(text),
    async waitFor(pattern: RegExp, timeoutMs = 10_000): Promise<string> {
      const started = Date.now();
      while (!pattern.test(received)) {
        if (socket.destroyed || Date.now() - started > timeoutMs)
          throw new Error(`no ${pattern}: ${received}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
  };
}

describe('over-limit chunked bodies', () => {
  it('answer 413 and the same kept-alive connection answers the next request', async () => {
    const server = await listen(portal.app);
    try {
      const client = exchange(server.port);
      client.write(
        `POST /contact HTTP/1.1\r\nHost: portal.test\r\nOrigin: ${PUBLIC_URL}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      const chunk = 'x'.repeat(64 * 1024);
      for (let i = 0; i < 20; i++) client.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      client.write('0\r\n\r\n');
      const first = await client.waitFor(/^HTTP\/1\.1 \d{3}[\s\S]*?\r\n\r\n/);
      expect(first).toMatch(/^HTTP\/1\.1 413 /);
      // Same socket, next request.
      client.write('GET /health HTTP/1.1\r\nHost: portal.test\r\n\r\n');
      const both = await client.waitFor(/HTTP\/1\.1 200 [\s\S]*"status":"ok"/);
      expect(both.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
      client.socket.destroy();
    } finally {
      await server.close();
    }
  });
});
