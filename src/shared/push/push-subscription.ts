/**
 * Web Push subscriptions as the browser sends them to the portal (`POST /push/subscription`) and
 * the portal to the CMS (cms/src/lib/push.js checks the same rules): the topics a visitor can
 * choose and the registration constants of the product specification (docs/product.md, section 9).
 * The valibot schema of the request body is in push-subscription-schema.ts, so the pages that
 * import these constants do not load valibot (docs/decisions/078-valibot-off-the-start-chunk.md).
 */

/** Topics a visitor can choose; `all` means every notification. */
export const PUSH_TOPICS = ['all', 'ecommerce', 'logistiek', 'fulfilment'] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];

/** A registration call gives up after this, in ms (the spec's installation registration timeout). */
export const PUSH_REGISTRATION_TIMEOUT_MS = 10_000;
/** A subscription is refreshed after this, in ms: 7 days (the spec's token refresh). */
export const PUSH_REFRESH_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
/** Refresh this much earlier, in ms: 1 hour (the spec's token refresh margin). */
export const PUSH_REFRESH_MARGIN_MS = 60 * 60 * 1000;
