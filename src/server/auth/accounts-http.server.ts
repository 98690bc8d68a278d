/**
 * The accounts part of the HTTP layer, mounted by `createApp` before the data endpoint
 * and the renderer: the request's session and rate-limit state, the per-IP auth rate limit and the external sign-in routes.
 *
 * External sign-in (docs/product.md#routes-and-layouts, docs/product.md#cms-calls, docs/decisions/024-external-sign-in.md):
 * - `GET /connect/{provider}[?redirect=/path]` remembers the provider and the return path in a
 *   short-lived httpOnly cookie and sends the browser to the CMS's provider flow
 *   (`{STRAPI_PUBLIC_URL}/api/connect/{provider}`). Providers are configured in the CMS.
 * - `GET /auth/connect?access_token=…` (where the CMS sends the browser back: with this CMS through
 *   its bridge route `/api/account/connect/{provider}/finish`) exchanges the token through
 *   `GET /api/auth/{provider}/callback?access_token=…`, starts the session and returns the visitor
 *   to where they were; failures go to the login page (in the flow's language) with the error
 *   code. Without the cookie of a flow this browser started, the exchange is refused (login CSRF).
 * Both exist under `/en` too.
 */
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import express, {
  type Express,
  type Request as ExpressRequest,
  type Response as ExpressResponse,
} from 'express';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import { safeRedirectPath } from '../../shared/features/accounts/redirect-target.ts';
import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  localizePath,
  splitLocale,
} from '../../shared/i18n/locale.ts';
import type { RedisConnections } from '../cluster/redis.server.ts';
import type { StrapiClient } from '../cms/strapi-client.server.ts';
import { NO_STORE } from '../http/cache-policy.server.ts';
import { type AuthConfig, readAuthConfig } from './auth-config.server.ts';
import { authErrorCode } from './auth-errors.server.ts';
import { CmsAuth, createAuthStrapiClient } from './cms-auth.server.ts';
import { identifierRateLimiter, ipRateLimiter, rateLimitsMiddleware } from './rate-limit.server.ts';
import { sessionMiddleware, sessionOf } from './session.server.ts';

/** Cookie that carries an external sign-in flow from `/connect/{provider}` to `/auth/connect`. */
const CONNECT_COOKIE = 'auth_connect';
/** Lifetime of {@link CONNECT_COOKIE} in seconds. */
const CONNECT_COOKIE_MAX_AGE_S = 600;

const PROVIDER_PATTERN = /^[a-z0-9][a-z0-9_-]{0,31}$/;

interface ConnectState {
  provider: string;
  redirect: string | null;
  /** Locale of the page the flow started from (errors are shown in it). */
  locale: Locale;
}

function encodeState(state: ConnectState): string {
  return Buffer.from(JSON.stringify(state)).toString('base64url');
}

function decodeState(value: string | undefined): ConnectState | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<ConnectState>;
    if (typeof parsed.provider !== 'string' || !PROVIDER_PATTERN.test(parsed.provider)) return null;
    return {
      provider: parsed.provider,
      redirect: safeRedirectPath(parsed.redirect),
      locale: isLocale(parsed.locale) ? parsed.locale : DEFAULT_LOCALE,
    };
  } catch {
    return null;
  }
}

function localeOf(req: ExpressRequest): Locale {
  return splitLocale(req.path).locale;
}

function firstQuery(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The external sign-in routes. */
function connectRouter(config: AuthConfig, logger: Logger): express.Router {
  const router = express.Router();
  const connectCookie = (value: string, maxAge: number) =>
    serializeCookie(CONNECT_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      path: '/',
      maxAge,
    });

  router.get(['/connect/:provider', '/en/connect/:provider'], (req: ExpressRequest, res: ExpressResponse) => {
    const provider = String(req.params.provider ?? '');
    res.set('Cache-Control', NO_STORE);
    if (!PROVIDER_PATTERN.test(provider)) {
      res.redirect(302, `${localizePath('/inloggen', localeOf(req))}?error=operation-not-allowed`);
      return;
    }
    const redirect = safeRedirectPath(firstQuery(req.query.redirect));
    res.append(
      'Set-Cookie',
      connectCookie(encodeState({ provider, redirect, locale: localeOf(req) }), CONNECT_COOKIE_MAX_AGE_S),
    );
    res.redirect(302, `${config.strapiPublicUrl}/api/connect/${encodeURIComponent(provider)}`);
  });

  router.get(
    ['/auth/connect', '/en/auth/connect'],
    async (req: ExpressRequest, res: ExpressResponse, next) => {
      const state = decodeState(parseCookies(req.headers.cookie ?? '')[CONNECT_COOKIE]);
      // The CMS returns to the unprefixed path: the flow's own language then decides.
      const locale =
        splitLocale(req.path).path === req.path ? (state?.locale ?? DEFAULT_LOCALE) : localeOf(req);
      res.set('Cache-Control', NO_STORE);
      res.append('Set-Cookie', connectCookie('', 0));
      const fail = (code: string) => {
        res.redirect(302, `${localizePath('/inloggen', locale)}?error=${code}`);
      };
      const provider = firstQuery(req.query.provider) ?? state?.provider;
      const accessToken = firstQuery(req.query.access_token);
      if (!state || !provider || provider !== state.provider) {
        logger.warn({ provider }, 'external sign-in refused: no flow started in this browser');
        fail('operation-not-allowed');
        return;
      }
      if (!accessToken || firstQuery(req.query.error)) {
        fail('invalid-credential');
        return;
      }
      const session = sessionOf(res);
      try {
        session.clear();
        const { jwt, user } = await session.auth.providerCallback(provider, accessToken);
        session.set(jwt, user);
        res.append('Set-Cookie', session.cookies());
        res.redirect(302, state.redirect ?? localizePath('/account', locale));
      } catch (error) {
        // The old session ends whatever the exchange answered.
        if (session.cookies().length > 0) res.append('Set-Cookie', session.cookies());
        try {
          fail(authErrorCode(error));
        } catch (unexpected) {
          next(unexpected);
        }
      }
    },
  );
  return router;
}

/** What `createApp` hands to the accounts part. */
export interface AccountsHttpOptions {
  strapi: StrapiClient;
  logger: Logger;
  publicUrl: string;
  options: { strapiUrl: string; dispatcher?: Dispatcher };
  /** The CMS budget of one request, ms (the app's, decision 048). */
  cmsTimeoutMs: number;
  /** Shared rate-limit counters of all instances (REDIS_URL); undefined counts in this process. */
  redis?: RedisConnections;
  /** Called for every request or attempt an auth rate limit refuses (metrics). */
  onRateLimited?: (limit: 'auth-ip' | 'auth-identifier') => void;
}

/**
 * Mounts the accounts middleware and routes on `app` (session scope, per-IP auth limit, external
 * sign-in). CMS errors and exchanges of the auth client are re-emitted as the app client's
 * `strapi:error` and `strapi:call`.
 * @throws Error when the accounts environment variables are invalid (see auth-config.server.ts)
 */
export function installAccounts(app: Express, input: AccountsHttpOptions): void {
  const config = readAuthConfig(process.env, {
    publicUrl: input.publicUrl,
    strapiUrl: input.options.strapiUrl,
  });
  const client = createAuthStrapiClient({
    strapiUrl: input.options.strapiUrl,
    timeoutMs: input.cmsTimeoutMs,
    logger: input.logger,
    dispatcher: input.options.dispatcher,
  });
  client.on('strapi:error', (event) => input.strapi.emit('strapi:error', event));
  client.on('strapi:call', (event) => input.strapi.emit('strapi:call', event));
  const auth = new CmsAuth(client);
  app.use(
    sessionMiddleware({
      config,
      authFor: (clientIp, deadline, requestId) => auth.forClient(clientIp, deadline, requestId),
      logger: input.logger,
    }),
  );
  const { onRateLimited } = input;
  app.use(
    rateLimitsMiddleware(
      identifierRateLimiter(
        config.rateLimit,
        input.redis,
        input.logger,
        onRateLimited && (() => onRateLimited('auth-identifier')),
      ),
    ),
  );
  const limiter = ipRateLimiter(
    config.rateLimit,
    input.redis,
    input.logger,
    onRateLimited && (() => onRateLimited('auth-ip')),
  );
  if (limiter) app.use(limiter);
  app.use(connectRouter(config, input.logger));
}
