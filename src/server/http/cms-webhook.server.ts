/**
 * `POST /hooks/cms`: the CMS webhook that tells the portal content changed, so it drops
 * its caches (CMS answers, rendered pages, redirect table) and rebuilds the search index.
 *
 * - The shared secret travels in `X-Portal-Webhook-Secret` and is compared in constant time with
 *   the configured one (both hashed with SHA-256 first, so the lengths always match).
 * - No secret configured: the endpoint does not exist (404). Missing or wrong secret: 401.
 * - The body (Strapi's `{ event, model, uid, entry }`) is read only after authentication, up to
 *   2 MB; events of types that never change what visitors see (statistics, form submissions, users, admin) answer
 *   204 without invalidating, so every tracked page view does not empty the page cache.
 * - Success: 204. The change is passed on as `{ event, uid, documentId }` when the body names one
 *   entry, so the search index can update just it (docs/decisions/066-postgres-full-text-search.md).
 * The CMS registers the webhook itself (cms/src/lib/webhook.js).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import type { ContentChange } from '../search/documents.server.ts';
import { NO_STORE } from './cache-policy.server.ts';

/** Path of the webhook endpoint. */
export const CMS_WEBHOOK_PATH = '/hooks/cms';
/** Header that carries the shared secret. */
export const WEBHOOK_SECRET_HEADER = 'X-Portal-Webhook-Secret';

/** Content types whose changes never affect pages, redirects or search results. */
const IGNORED_UIDS = new Set([
  'api::statistic.statistic',
  // Form submissions: private, never shown to visitors; one post must not empty every cache.
  'api::contact-message.contact-message',
  'api::advertising-enquiry.advertising-enquiry',
  'api::newsletter-subscription.newsletter-subscription',
  'api::event-registration.event-registration',
  'api::subscription-order.subscription-order',
  // Push: subscriptions are private, notifications are sent by the CMS and shown nowhere.
  'api::push-subscription.push-subscription',
  'api::push-notification.push-notification',
]);
const IGNORED_UID_PREFIXES = ['plugin::users-permissions.', 'admin::'];

export interface CmsWebhookOptions {
  /** Shared secret (env `WEBHOOK_SECRET`); without one the endpoint answers 404. */
  secret: string | undefined;
  /**
   * Called once per relevant event: drop caches and update the search index; `change` names the
   * entry when the body does (see {@link contentChangeOf}).
   */
  onContentChange: (change?: ContentChange) => void;
  logger: Logger;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Compares a received secret with the expected one in constant time. */
export function secretMatches(received: string | undefined, expected: string): boolean {
  if (received === undefined || received === '') return false;
  return timingSafeEqual(digest(received), digest(expected));
}

/** True when a webhook body concerns a content type that cannot change what visitors see. */
export function isIgnoredEvent(body: unknown): boolean {
  const uid = typeof body === 'object' && body !== null ? (body as { uid?: unknown }).uid : undefined;
  if (typeof uid !== 'string') return false;
  return IGNORED_UIDS.has(uid) || IGNORED_UID_PREFIXES.some((prefix) => uid.startsWith(prefix));
}

/**
 * The one entry a webhook body (Strapi's `{ event, uid, entry: { documentId } }`) names, or
 * undefined when it names none (then everything is refreshed).
 */
export function contentChangeOf(body: unknown): ContentChange | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { event, uid, entry } = body as { event?: unknown; uid?: unknown; entry?: unknown };
  const documentId =
    typeof entry === 'object' && entry !== null ? (entry as { documentId?: unknown }).documentId : undefined;
  if (
    typeof event !== 'string' ||
    typeof uid !== 'string' ||
    typeof documentId !== 'string' ||
    documentId === ''
  ) {
    return undefined;
  }
  return { event, uid, documentId };
}

/** Router with `POST /hooks/cms`. */
export function cmsWebhookRouter(options: CmsWebhookOptions): Router {
  const router = express.Router();
  const parseJson = express.json({ limit: '2mb' });
  router.post(CMS_WEBHOOK_PATH, (req: Request, res: Response, next: NextFunction) => {
    res.set('Cache-Control', NO_STORE);
    const secret = options.secret;
    if (!secret) {
      res.status(404).json({ error: { status: 404, name: 'NotFoundError', message: 'Not Found' } });
      return;
    }
    if (!secretMatches(req.get(WEBHOOK_SECRET_HEADER), secret)) {
      options.logger.warn({ ip: req.ip }, 'CMS webhook with a missing or wrong secret');
      res.status(401).json({ error: { status: 401, name: 'UnauthorizedError', message: 'Unauthorized' } });
      return;
    }
    parseJson(req, res, (error?: unknown) => {
      if (error) {
        res.status(400).json({ error: { status: 400, name: 'BadRequestError', message: 'Invalid body' } });
        return;
      }
      try {
        const body: unknown = req.body;
        const event =
          typeof body === 'object' && body !== null ? (body as { event?: unknown }).event : undefined;
        if (isIgnoredEvent(body)) {
          res.status(204).end();
          return;
        }
        options.onContentChange(contentChangeOf(body));
        options.logger.info(
          { event, uid: (body as { uid?: unknown } | undefined)?.uid },
          'CMS content changed',
        );
        res.status(204).end();
      } catch (cause) {
        next(cause);
      }
    });
  });
  return router;
}
