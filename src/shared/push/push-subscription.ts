/**
 * Web Push subscriptions as the browser sends them to the portal (`POST /push/subscription`) and
 * the portal to the CMS (cms/src/lib/push.js checks the same rules): the topics a visitor can
 * choose, the registration constants of the product specification (docs/product.md, section 9)
 * and the valibot schema of the request body.
 */
import * as v from 'valibot';

/** Topics a visitor can choose; `all` means every notification. */
export const PUSH_TOPICS = ['all', 'ecommerce', 'logistiek', 'fulfilment'] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];

/** A registration call gives up after this, in ms (the spec's installation registration timeout). */
export const PUSH_REGISTRATION_TIMEOUT_MS = 10_000;
/** A subscription is refreshed after this, in ms: 7 days (the spec's token refresh). */
export const PUSH_REFRESH_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
/** Refresh this much earlier, in ms: 1 hour (the spec's token refresh margin). */
export const PUSH_REFRESH_MARGIN_MS = 60 * 60 * 1000;

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
