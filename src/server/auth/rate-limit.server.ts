/**
 * Rate limits of the auth endpoints (docs/decisions/023-auth-rate-limits.md), on top of
 * the CMS's own:
 *
 * - per client IP with express-rate-limit: form posts to the sign-in, registration, confirmation,
 *   activation and password pages (document and data endpoint, both locales) and the external
 *   sign-in routes. A limited form post is not refused outright: it is flagged on the session
 *   scope and the page's action answers 429 with its message on the form, keeping what the
 *   visitor typed. Other limited requests get a plain 429 page.
 * - per identifier (normalised e-mail address, or account id) with rate-limiter-flexible, called
 *   from the actions: failed logins, e-mails sent (reset, confirmation, registration), password
 *   changes and invitations.
 *
 * Both travel per request as a {@link RequestRateLimits} on the loader/action context
 * (`context.rateLimits`), created by {@link rateLimitsMiddleware} (`res.locals.rateLimits`).
 * The counters are in this process, or in Redis when `REDIS_URL` is set, so all instances count
 * together (src/server/cluster/rate-limit-store.server.ts); while Redis is unreachable the limits
 * let requests through and a warning is logged (fail open: docs/decisions/057-many-instances.md).
 */
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from 'express';
import { rateLimit } from 'express-rate-limit';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { SIGN_IN_PAGES } from '../../shared/features/accounts/sign-in-pages.ts';
import { splitLocale } from '../../shared/i18n/locale.ts';
import { isDataRequest, pagePathOf } from '../../shared/urls.ts';
import {
  createLimiter,
  FlexibleStore,
  type Limiter,
  storeErrorLogger,
} from '../cluster/rate-limit-store.server.ts';
import type { RedisConnections } from '../cluster/redis.server.ts';
import { NO_STORE } from '../http/cache-policy.server.ts';
import type { RateLimitSettings } from './auth-config.server.ts';

/** Pages whose form posts count against the per-IP limit (unprefixed paths). */
const RATE_LIMITED_FORM_PAGES = SIGN_IN_PAGES;

/** Unprefixed paths of the external sign-in routes. */
const CONNECT_PATHS = /^\/(?:connect\/[^/]+|auth\/connect)\/?$/;

/** The page path of a request: without `/__data` and the locale prefix. */
function pagePath(req: ExpressRequest): { path: string; locale: 'nl' | 'en' } {
  const raw = pagePathOf(req.path);
  const { locale, path } = splitLocale(raw);
  return { path: path.length > 1 ? path.replace(/\/+$/, '') : path, locale };
}

/** True when the request counts against the per-IP auth limit. */
function isRateLimitedAuthRequest(req: ExpressRequest): boolean {
  const { path } = pagePath(req);
  if (req.method === 'POST') return RATE_LIMITED_FORM_PAGES.includes(path);
  return req.method === 'GET' && CONNECT_PATHS.test(path);
}

const MESSAGES = {
  nl: {
    title: 'Te veel pogingen',
    body: 'Je hebt het te vaak geprobeerd. Wacht een paar minuten en probeer het dan opnieuw.',
    home: 'Terug naar home',
  },
  en: {
    title: 'Too many attempts',
    body: 'You have tried too often. Please wait a few minutes and try again.',
    home: 'Back to home',
  },
};

/**
 * Express middleware limiting auth requests per client IP; undefined when the limit is off.
 * Runs after {@link rateLimitsMiddleware}: a limited form post is flagged on the request's limits.
 * @param redis shared counters of all instances; undefined counts in this process
 * @param logger where a store error is logged (the request then goes through)
 * @param onLimited called for every request over the limit (metrics)
 */
export function ipRateLimiter(
  settings: RateLimitSettings,
  redis?: RedisConnections,
  logger: { warn: (object: object, message: string) => void } = console,
  onLimited?: () => void,
) {
  if (settings.perIp <= 0) return undefined;
  const durationS = Math.max(1, Math.round(settings.windowMs / 1000));
  return rateLimit({
    windowMs: settings.windowMs,
    limit: settings.perIp,
    store: new FlexibleStore(
      createLimiter({ keyPrefix: 'auth-ip', points: settings.perIp, durationS }, redis),
    ),
    passOnStoreError: true,
    logger: storeErrorLogger(redis, logger),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skip: (req) => !isRateLimitedAuthRequest(req),
    handler: (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
      onLimited?.();
      const limits = res.locals.rateLimits;
      if (req.method === 'POST' && limits) {
        limits.ipLimited = true;
        next();
        return;
      }
      const { locale } = pagePath(req);
      const text = MESSAGES[locale];
      res.status(429).set('Cache-Control', NO_STORE);
      if (isDataRequest(req.path) || req.accepts(['html', 'json']) === 'json') {
        res.json({ error: { status: 429, name: 'TooManyRequestsError', message: text.body } });
        return;
      }
      res
        .type('html')
        .send(
          `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text.title}</title></head><body><main><h1>${text.title}</h1><p>${text.body}</p><p><a href="${locale === 'en' ? '/en' : '/'}">${text.home}</a></p></main></body></html>`,
        );
    },
  });
}

/** How many times the per-client limit of failed logins one address may fail in all, per window. */
export const GLOBAL_LOGIN_FACTOR = 10;

/** The limiters behind {@link RequestRateLimits}; null when the per-identifier limit is off. */
export interface IdentifierLimiters {
  /** Per identifier; for logins per address and client IP. */
  perClient: Limiter;
  /** Failed logins per address from all clients: a slower, global limit. */
  global: Limiter;
  /** Called with a store error (Redis unreachable); the attempt is then not limited. */
  onStoreError: (error: unknown) => void;
  /** Called for every attempt refused because a key is over its limit (metrics). */
  onLimited?: () => void;
}

/**
 * The per-identifier limiters (rate-limiter-flexible, in memory or in Redis); null when the limit is off.
 * Failed logins count per address and IP, plus a global per-address counter that allows
 * {@link GLOBAL_LOGIN_FACTOR} times as many (OWASP Authentication Cheat Sheet, "Account
 * Lockout"): one attacker cannot lock an address for everyone, many together are still stopped.
 */
export function identifierRateLimiter(
  settings: RateLimitSettings,
  redis?: RedisConnections,
  logger: { warn: (object: object, message: string) => void } = console,
  onLimited?: () => void,
): IdentifierLimiters | null {
  if (settings.perIdentifier <= 0) return null;
  const durationS = Math.max(1, Math.round(settings.windowMs / 1000));
  const log = storeErrorLogger(redis, logger);
  return {
    perClient: createLimiter(
      { keyPrefix: 'auth-identifier', points: settings.perIdentifier, durationS },
      redis,
    ),
    global: createLimiter(
      {
        keyPrefix: 'auth-identifier-global',
        points: settings.perIdentifier * GLOBAL_LOGIN_FACTOR,
        durationS,
      },
      redis,
    ),
    onStoreError: (error) => log.warn(error, 'rate limit store failed: the attempt is not limited'),
    onLimited,
  };
}

/**
 * One request's rate-limit state: the shared per-identifier limiters (null when switched off),
 * the client's IP, and whether the request went over the per-IP limit. Login keys
 * (`login:<address>`) count per address and client IP and, more slowly, per address; other keys
 * (e-mails sent, password changes, invitations) per identifier.
 */
export class RequestRateLimits {
  readonly #limiters: IdentifierLimiters | null;
  readonly #clientIp: string;
  /** This request went over the per-IP limit (set by {@link ipRateLimiter}). */
  ipLimited = false;

  constructor(limiters: IdentifierLimiters | null, clientIp = '') {
    this.#limiters = limiters;
    this.#clientIp = clientIp;
  }

  /** The counters `key` uses: [limiter, key] pairs. */
  #counters(key: string): Array<[Limiter, string]> {
    if (!this.#limiters) return [];
    if (!key.startsWith('login:')) return [[this.#limiters.perClient, key]];
    return [
      [this.#limiters.perClient, `${key}|${this.#clientIp}`],
      [this.#limiters.global, key],
    ];
  }

  /** A store failure (Redis unreachable): logged, and the attempt is not limited (fail open). */
  #storeFailed(error: unknown): void {
    this.#limiters?.onStoreError(error);
  }

  /** True when `key` has no attempts left in the current window (nothing is counted). */
  async identifierExhausted(key: string): Promise<boolean> {
    for (const [limiter, counter] of this.#counters(key)) {
      try {
        const state = await limiter.get(counter);
        if (state !== null && state.consumedPoints >= limiter.points) {
          this.#limiters?.onLimited?.();
          return true;
        }
      } catch (error) {
        this.#storeFailed(error);
      }
    }
    return false;
  }

  /**
   * Counts one attempt for `key`.
   * @returns true when the attempt was over the limit (the caller refuses it)
   */
  async countAttempt(key: string): Promise<boolean> {
    let over = false;
    for (const [limiter, counter] of this.#counters(key)) {
      try {
        await limiter.consume(counter);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) over = true;
        else this.#storeFailed(rejection);
      }
    }
    if (over) this.#limiters?.onLimited?.();
    return over;
  }

  /** Forgets the attempts of `key` (after a successful login). */
  async resetAttempts(key: string): Promise<void> {
    for (const [limiter, counter] of this.#counters(key)) {
      await limiter.delete(counter).catch((error: unknown) => this.#storeFailed(error));
    }
  }
}

/** Express middleware giving every request its {@link RequestRateLimits} (`res.locals.rateLimits`). */
export function rateLimitsMiddleware(limiters: IdentifierLimiters | null) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction): void => {
    res.locals.rateLimits = new RequestRateLimits(limiters, req.ip ?? '');
    next();
  };
}

/** A per-identifier key: a purpose and a normalised identifier (`login:jan@example.nl`). */
export function identifierKey(
  purpose: 'login' | 'mail' | 'password' | 'invite',
  identifier: string | number,
): string {
  return `${purpose}:${String(identifier).trim().toLowerCase()}`;
}
