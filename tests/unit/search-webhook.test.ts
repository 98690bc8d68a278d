/**
 * `POST /hooks/cms` on its own: 404 without a configured secret, 401 without or with a
 * wrong secret, 204 and one invalidation with the right one, statistics events ignored, 400 for
 * a body that is not JSON.
 */
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  CMS_WEBHOOK_PATH,
  cmsWebhookRouter,
  contentChangeOf,
  isIgnoredEvent,
  secretMatches,
  WEBHOOK_SECRET_HEADER,
} from '../../src/server/http/cms-webhook.server.ts';

const SECRET = 'test-secret-0123456789abcdef';

function appWith(secret: string | undefined) {
  let changes = 0;
  const app = express();
  app.use(
    cmsWebhookRouter({
      secret,
      logger: pino({ level: 'silent' }),
      onContentChange: () => {
        changes += 1;
      },
    }),
  );
  return { app, changes: () => changes };
}

describe('secretMatches', () => {
  it('accepts only the exact secret', () => {
    expect(secretMatches(SECRET, SECRET)).toBe(true);
    expect(secretMatches(`${SECRET}x`, SECRET)).toBe(false);
    expect(secretMatches(SECRET.slice(0, -1), SECRET)).toBe(false);
    expect(secretMatches('', SECRET)).toBe(false);
    expect(secretMatches(undefined, SECRET)).toBe(false);
  });
});

describe('isIgnoredEvent', () => {
  it('ignores statistics, form submissions, users and admin events only', () => {
    expect(isIgnoredEvent({ uid: 'api::statistic.statistic' })).toBe(true);
    expect(isIgnoredEvent({ uid: 'api::contact-message.contact-message' })).toBe(true);
    expect(isIgnoredEvent({ uid: 'api::subscription-order.subscription-order' })).toBe(true);
    expect(isIgnoredEvent({ uid: 'api::vacancy.vacancy' })).toBe(false);
    expect(isIgnoredEvent({ uid: 'plugin::users-permissions.user' })).toBe(true);
    expect(isIgnoredEvent({ uid: 'api::article.article' })).toBe(false);
    expect(isIgnoredEvent({ event: 'trigger-test' })).toBe(false);
    expect(isIgnoredEvent(undefined)).toBe(false);
  });
});

describe(`POST ${CMS_WEBHOOK_PATH}`, () => {
  it('does not exist without a configured secret', async () => {
    const { app, changes } = appWith(undefined);
    await request(app).post(CMS_WEBHOOK_PATH).set(WEBHOOK_SECRET_HEADER, SECRET).send({}).expect(404);
    expect(changes()).toBe(0);
  });

  it('answers 401 without or with a wrong secret', async () => {
    const { app, changes } = appWith(SECRET);
    await request(app).post(CMS_WEBHOOK_PATH).send({ event: 'entry.update' }).expect(401);
    await request(app)
      .post(CMS_WEBHOOK_PATH)
      .set(WEBHOOK_SECRET_HEADER, 'wrong-secret-0123456789abcdef')
      .send({ event: 'entry.update' })
      .expect(401);
    expect(changes()).toBe(0);
  });

  it('invalidates once and answers 204 with the right secret', async () => {
    const { app, changes } = appWith(SECRET);
    const response = await request(app)
      .post(CMS_WEBHOOK_PATH)
      .set(WEBHOOK_SECRET_HEADER, SECRET)
      .send({ event: 'entry.publish', model: 'article', uid: 'api::article.article', entry: { id: 1 } })
      .expect(204);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(changes()).toBe(1);
  });

  it('answers 204 without invalidating for statistics events', async () => {
    const { app, changes } = appWith(SECRET);
    await request(app)
      .post(CMS_WEBHOOK_PATH)
      .set(WEBHOOK_SECRET_HEADER, SECRET)
      .send({ event: 'entry.create', model: 'statistic', uid: 'api::statistic.statistic' })
      .expect(204);
    expect(changes()).toBe(0);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const { app, changes } = appWith(SECRET);
    await request(app)
      .post(CMS_WEBHOOK_PATH)
      .set(WEBHOOK_SECRET_HEADER, SECRET)
      .set('Content-Type', 'application/json')
      .send('{not json')
      .expect(400);
    expect(changes()).toBe(0);
  });
});

describe('contentChangeOf', () => {
  it('names the entry of a Strapi webhook body, or nothing', () => {
    expect(
      contentChangeOf({
        event: 'entry.unpublish',
        model: 'article',
        uid: 'api::article.article',
        entry: { id: 7, documentId: 'abc123' },
      }),
    ).toEqual({ event: 'entry.unpublish', uid: 'api::article.article', documentId: 'abc123' });
    expect(
      contentChangeOf({ event: 'entry.publish', uid: 'api::article.article', entry: { id: 1 } }),
    ).toBeUndefined();
    expect(contentChangeOf({ event: 'media.create', entry: { documentId: 'x' } })).toBeUndefined();
    expect(
      contentChangeOf({ uid: 'api::page.page', entry: { documentId: '' }, event: 'entry.update' }),
    ).toBeUndefined();
    expect(contentChangeOf(null)).toBeUndefined();
  });

  it('is passed to the content-change callback', async () => {
    const seen: unknown[] = [];
    const app = express();
    app.use(
      cmsWebhookRouter({
        secret: SECRET,
        logger: pino({ level: 'silent' }),
        onContentChange: (change) => seen.push(change),
      }),
    );
    await request(app)
      .post(CMS_WEBHOOK_PATH)
      .set(WEBHOOK_SECRET_HEADER, SECRET)
      .send({ event: 'entry.delete', uid: 'api::event.event', entry: { documentId: 'ev1' } })
      .expect(204);
    expect(seen).toEqual([{ event: 'entry.delete', uid: 'api::event.event', documentId: 'ev1' }]);
  });
});
