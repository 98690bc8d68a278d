/**
 * Web Push end to end without a browser: a local RFC 8030 push service (plain HTTP on a free
 * port) stands in for the browser vendors' services, which headless Chromium cannot reach.
 * Subscriptions are registered through the portal (`POST /push/subscription`) into the real CMS;
 * a notification published in the CMS (full-access API token) is encrypted with each
 * subscription's keys (RFC 8291, aes128gcm) and signed with VAPID (RFC 8292). The test decrypts
 * it with http_ece and the subscription's private key and checks title, body and link; a 410
 * from the push service deletes the subscription; topics and language choose who gets what.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import { apiToken } from '../support/cms-admin.ts';
import { createTestApp, PUBLIC_URL } from '../support/portal.ts';

interface Delivery {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A browser's push subscription: its keys stay here, the endpoint points at the local service. */
interface TestSubscription {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
}

let portal: PortalApp;
let service: Server;
let serviceUrl = '';
const deliveries: Delivery[] = [];
/** Paths of the local push service that answer 410 Gone (an expired subscription). */
const gonePaths = new Set<string>();

function subscription(path: string): TestSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: {
      endpoint: `${serviceUrl}${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

function subscribe(body: object) {
  return request(portal.app)
    .post('/push/subscription')
    .set('Origin', PUBLIC_URL)
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(body));
}

/** Creates and publishes a notification in the CMS as an editor's API token can. */
async function publishNotification(data: object): Promise<string> {
  const token = await apiToken('full-access');
  const response = await fetch(`${inject('cmsUrl')}/api/push-notifications?status=published`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ data }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { documentId: string } }).data.documentId;
}

/** The notification as the CMS stored it after sending. */
async function storedNotification(documentId: string) {
  const token = await apiToken('full-access');
  const response = await fetch(`${inject('cmsUrl')}/api/push-notifications/${documentId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (
    (await response.json()) as {
      data: {
        sentAt: string | null;
        sentCount: number | null;
        failedCount: number | null;
        removedCount: number | null;
      };
    }
  ).data;
}

function decrypt(delivery: Delivery, receiver: TestSubscription): Record<string, unknown> {
  const plain = ece.decrypt(delivery.body, {
    version: 'aes128gcm',
    privateKey: receiver.ecdh,
    authSecret: receiver.auth,
  });
  return JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
}

beforeAll(async () => {
  portal = await createTestApp();
  service = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = gonePaths.has(req.url ?? '') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await portal?.close();
  await new Promise((resolve) => service?.close(resolve));
});

describe('push subscriptions through the portal', () => {
  it('serves the VAPID public key and the topics', async () => {
    const config = await request(portal.app).get('/push/config').expect(200);
    expect(config.headers['cache-control']).toBe('no-store');
    expect(config.body.publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    expect(config.body.topics).toEqual(['all', 'ecommerce', 'logistiek', 'fulfilment']);
  });

  it('registers once (409 the second time), refreshes with the right keys only, and unregisters', async () => {
    const browser = subscription(`/push/register-${randomBytes(4).toString('hex')}`);
    await subscribe({ action: 'register', subscription: browser.json, topics: ['logistiek'] }).expect(201);
    const again = await subscribe({ action: 'register', subscription: browser.json }).expect(409);
    expect(again.body.error.status).toBe(409);
    await subscribe({ action: 'refresh', subscription: browser.json, topics: ['all'], locale: 'en' }).expect(
      200,
    );
    const stranger = {
      ...browser.json,
      keys: { ...browser.json.keys, auth: randomBytes(16).toString('base64url') },
    };
    await subscribe({ action: 'refresh', subscription: stranger }).expect(401);
    await subscribe({ action: 'unregister', subscription: stranger }).expect(401);
    await subscribe({ action: 'unregister', subscription: browser.json }).expect(204);
    await subscribe({ action: 'refresh', subscription: browser.json }).expect(404);
  });

  it('refuses bad bodies with 400 and a JSON error', async () => {
    const browser = subscription('/push/bad');
    const bad = [
      {},
      { action: 'register' },
      { action: 'delete', subscription: browser.json },
      { action: 'register', subscription: { ...browser.json, endpoint: 'javascript:alert(1)' } },
      { action: 'register', subscription: { ...browser.json, keys: { p256dh: 'kort', auth: 'kort' } } },
      { action: 'register', subscription: browser.json, topics: ['sport'] },
      { action: 'register', subscription: browser.json, locale: 'de' },
    ];
    for (const body of bad) {
      const answer = await subscribe(body).expect(400);
      expect(answer.body.error.status).toBe(400);
    }
    const notJson = await request(portal.app)
      .post('/push/subscription')
      .set('Origin', PUBLIC_URL)
      .set('Content-Type', 'application/json')
      .send('{niet json')
      .expect(400);
    expect(notJson.body.error.name).toBe('BadRequestError');
  });

  it('keeps subscriptions unreadable for the public', async () => {
    const list = await fetch(`${inject('cmsUrl')}/api/push-subscriptions`);
    expect([403, 404, 405]).toContain(list.status);
    const notifications = await fetch(`${inject('cmsUrl')}/api/push-notifications`);
    expect(notifications.status).toBe(403);
  });
});

describe('sending a published notification', () => {
  it('reaches the subscribers of its topic and language, encrypted for each, and a 410 deletes the subscription', async () => {
    const tag = randomBytes(4).toString('hex');
    const reader = subscription(`/push/reader-${tag}`);
    const everything = subscription(`/push/all-${tag}`);
    const otherTopic = subscription(`/push/fulfilment-${tag}`);
    const english = subscription(`/push/english-${tag}`);
    const gone = subscription(`/push/gone-${tag}`);
    gonePaths.add(`/push/gone-${tag}`);
    await subscribe({ action: 'register', subscription: reader.json, topics: ['logistiek'] }).expect(201);
    await subscribe({ action: 'register', subscription: everything.json, topics: ['all'] }).expect(201);
    await subscribe({ action: 'register', subscription: otherTopic.json, topics: ['fulfilment'] }).expect(
      201,
    );
    await subscribe({ action: 'register', subscription: english.json, topics: ['all'], locale: 'en' }).expect(
      201,
    );
    await subscribe({ action: 'register', subscription: gone.json, topics: ['logistiek'] }).expect(201);

    const documentId = await publishNotification({
      title: `Havenstaking ${tag}`,
      body: 'Containers blijven liggen in Rotterdam.',
      link: '/news/abc/havenstaking',
      topic: 'logistiek',
      language: 'nl',
      analyticsLabel: `push-${tag}`,
    });
    await expect
      .poll(async () => (await storedNotification(documentId)).sentCount, { timeout: 15_000 })
      .toBe(2);
    const stored = await storedNotification(documentId);
    expect(stored).toMatchObject({ failedCount: 0, removedCount: 1 });
    expect(stored.sentAt).toBeTruthy();

    const mine = deliveries.filter((delivery) => delivery.path.endsWith(tag));
    expect(mine.map((delivery) => delivery.path).sort()).toEqual(
      [`/push/all-${tag}`, `/push/gone-${tag}`, `/push/reader-${tag}`].sort(),
    );
    const forReader = mine.find((delivery) => delivery.path === `/push/reader-${tag}`);
    if (!forReader) throw new Error('no delivery for the reader');
    expect(forReader.headers['content-encoding']).toBe('aes128gcm');
    expect(forReader.headers.ttl).toBe('86400');
    expect(forReader.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(decrypt(forReader, reader)).toMatchObject({
      title: `Havenstaking ${tag}`,
      body: 'Containers blijven liggen in Rotterdam.',
      link: '/news/abc/havenstaking',
      analyticsLabel: `push-${tag}`,
      data: { link: '/news/abc/havenstaking', analyticsLabel: `push-${tag}`, id: documentId },
    });
    // The other subscriber's copy is encrypted for its own keys, not the reader's.
    const forEverything = mine.find((delivery) => delivery.path === `/push/all-${tag}`);
    if (!forEverything) throw new Error('no delivery for the all-topics subscriber');
    expect(() => decrypt(forEverything, reader)).toThrow();
    expect(decrypt(forEverything, everything).title).toBe(`Havenstaking ${tag}`);

    // 410 Gone: the subscription is deleted; the others stay.
    await subscribe({ action: 'refresh', subscription: gone.json }).expect(404);
    await subscribe({ action: 'refresh', subscription: reader.json, topics: ['logistiek'] }).expect(200);

    // Publishing is sending once: the same document published again sends nothing more.
    const before = deliveries.length;
    const token = await apiToken('full-access');
    await fetch(`${inject('cmsUrl')}/api/push-notifications/${documentId}?status=published`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ data: { body: 'Tweede keer.' } }),
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(deliveries.length).toBe(before);
  });
});
