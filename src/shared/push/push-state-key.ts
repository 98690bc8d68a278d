/**
 * localStorage key of this browser's push registration (`{ endpoint, topics, locale,
 * registeredAt }`, src/shared/push/push-client.ts), in a module of its own so the entry script can
 * check for it without loading the push code.
 */
export const PUSH_STATE_KEY = 'push-subscription';

/** Cache Storage cache and entry where the service worker finds the topics and language. */
export const PUSH_STATE_CACHE = 'push-state';
export const PUSH_STATE_URL = '/push/state';
