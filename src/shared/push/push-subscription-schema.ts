/**
 * The valibot schema of `POST /push/subscription` (the browser's subscription and the visitor's
 * choices; cms/src/lib/push.js checks the same rules), apart from push-subscription.ts so that the
 * notifications page does not load valibot (docs/decisions/078-valibot-off-the-start-chunk.md).
 * Used by src/server/push/push-router.server.ts; browser code must not import it.
 */
import * as v from 'valibot';
import { PUSH_TOPICS } from './push-subscription.ts';

const base64url = (min: number, max: number) =>
  v.pipe(v.string(), v.minLength(min), v.maxLength(max), v.regex(/^[A-Za-z0-9_-]+=*$/));

/** The browser's `PushSubscription.toJSON()` (endpoint and keys; `expirationTime` is ignored). */
export const PushSubscriptionSchema = v.object({
  endpoint: v.pipe(v.string(), v.url(), v.maxLength(1000), v.regex(/^https?:\/\//)),
  keys: v.object({ p256dh: base64url(80, 100), auth: base64url(16, 64) }),
});

/** Body of `POST /push/subscription`. */
export const PushSubscriptionRequestSchema = v.object({
  action: v.picklist(['register', 'refresh', 'unregister']),
  subscription: PushSubscriptionSchema,
  topics: v.optional(
    v.pipe(v.array(v.picklist(PUSH_TOPICS)), v.minLength(1), v.maxLength(PUSH_TOPICS.length)),
    ['all'],
  ),
  locale: v.optional(v.picklist(['nl', 'en']), 'nl'),
});
export type PushSubscriptionRequest = v.InferOutput<typeof PushSubscriptionRequestSchema>;
