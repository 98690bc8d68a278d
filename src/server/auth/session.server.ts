/**
 * The session (spec sections 4 and 6, decisions 002 and 020): the CMS JWT in an httpOnly,
 * SameSite=Lax cookie (`Secure` when the public URL is https) that lives exactly as long as the
 * JWT (`Expires` = its `exp`). Browser code never sees the token: it is neither readable by
 * JavaScript nor part of any hydration data; only the public part of the user is.
 *
 * - {@link sessionMiddleware} opens the request's scope and marks every answer to a request that
 *   has or changes a session `Cache-Control: private, no-store`.
 * - {@link setSession} / {@link clearSession} write the cookie at once (so the page cache sees that
 *   the answer sets a cookie and never stores it).
 * - {@link currentSession} asks `GET /users/me` once per request; 401/403 clears the session;
 *   a CMS outage keeps it (the deliberate difference from the Nuxt Strapi module, decision 020).
 */
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from 'express';
import { decodeJwt } from 'jose';
import onHeaders from 'on-headers';
import type { Logger } from 'pino';
import type { RateLimiterMemory } from 'rate-limiter-flexible';
import type { PublicUser } from '../../shared/ui/root-data.ts';
import { isStrapiError } from '../cms/strapi-client.server.ts';
import type { PortalContext } from '../context.server.ts';
import type { AuthConfig } from './auth-config.server.ts';
import { isOutage } from './auth-errors.server.ts';
import { CmsAuth, type CmsUser } from './cms-auth.server.ts';
import {
  currentScope,
  type SessionScope,
  type SessionState,
  sessionStorage,
} from './session-scope.server.ts';

export type { SessionState };

/** Name of the session cookie (the Nuxt Strapi module's default name). */
export const SESSION_COOKIE = 'strapi_jwt';

/** `Cache-Control` of every answer to a visitor with a session. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** A JWT's shape: three base64url parts. Anything else in the cookie is ignored. */
const JWT_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** The session token in a `Cookie` header, or null. */
export function sessionTokenFromCookieHeader(header: string | null | undefined): string | null {
  if (!header) return null;
  const value = parseCookies(header)[SESSION_COOKIE];
  return value && value.length < 8192 && JWT_PATTERN.test(value) ? value : null;
}

/**
 * True when the request carries a session cookie (any value). Such requests bypass the rendered
 * page cache (decision 008) in both directions.
 */
export function hasSessionCookie(req: ExpressRequest): boolean {
  const header = req.headers.cookie;
  return typeof header === 'string' && parseCookies(header)[SESSION_COOKIE] !== undefined;
}

/** The expiry of a JWT (`exp`), or undefined when it has none or cannot be decoded. */
export function jwtExpiry(jwt: string): Date | undefined {
  try {
    const { exp } = decodeJwt(jwt);
    return typeof exp === 'number' ? new Date(exp * 1000) : undefined;
  } catch {
    return undefined;
  }
}

/** Replaces this cookie's `Set-Cookie` line on the response (one line per cookie name). */
function writeCookie(res: ExpressResponse, name: string, line: string): void {
  const existing = res.getHeader('Set-Cookie');
  const lines = (
    Array.isArray(existing) ? existing : existing === undefined ? [] : [String(existing)]
  ).filter((item) => !item.startsWith(`${name}=`));
  res.setHeader('Set-Cookie', [...lines, line]);
}

function cookieOptions(config: AuthConfig) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies, path: '/' };
}

/** The scope of this request. @throws Error outside a request (the accounts middleware is missing). */
export function requireScope(): SessionScope {
  const scope = currentScope();
  if (!scope)
    throw new Error('No session scope: the accounts middleware must run before loaders and actions');
  return scope;
}

/**
 * Starts a session: writes the cookie with the JWT (expiring with the JWT) and remembers the user
 * for the rest of the request.
 */
export function setSession(jwt: string, user?: CmsUser): void {
  const scope = requireScope();
  scope.jwt = jwt;
  scope.changed = true;
  scope.state = user ? Promise.resolve({ status: 'signed-in', user }) : undefined;
  writeCookie(
    scope.res,
    SESSION_COOKIE,
    serializeCookie(SESSION_COOKIE, jwt, { ...cookieOptions(scope.config), expires: jwtExpiry(jwt) }),
  );
}

/** Ends the session: clears the cookie (when there is one to clear) and forgets the user. */
export function clearSession(): void {
  const scope = currentScope();
  if (!scope) return;
  scope.state = Promise.resolve({ status: 'anonymous' });
  if (!scope.hadCookie && !scope.changed) {
    scope.jwt = null;
    return;
  }
  scope.jwt = null;
  scope.changed = true;
  writeCookie(
    scope.res,
    SESSION_COOKIE,
    serializeCookie(SESSION_COOKIE, '', { ...cookieOptions(scope.config), expires: new Date(0) }),
  );
}

/** The session token of this request (set during it, else from its cookie), or null. */
export function sessionToken(request?: Request): string | null {
  const scope = currentScope();
  if (scope) return scope.jwt;
  return request ? sessionTokenFromCookieHeader(request.headers.get('cookie')) : null;
}

async function fetchState(jwt: string, auth: CmsAuth, config: AuthConfig | undefined, logger: Logger) {
  try {
    const user = await auth.me(jwt, config?.userQuery);
    return { status: 'signed-in', user } satisfies SessionState;
  } catch (error) {
    if (isStrapiError(error) && (error.status === 401 || error.status === 403)) {
      clearSession();
      return { status: 'anonymous' } satisfies SessionState;
    }
    if (isStrapiError(error) && (isOutage(error) || error.status === 429 || error.name === 'AbortError')) {
      logger.warn(
        { strapi: { status: error.status, name: error.name } },
        'session kept: the CMS did not answer /users/me',
      );
      return { status: 'unavailable' } satisfies SessionState;
    }
    if (isStrapiError(error)) {
      clearSession();
      return { status: 'anonymous' } satisfies SessionState;
    }
    throw error;
  }
}

/**
 * The visitor of this request: `GET /users/me` with the configured query, at most once per request
 * (spec section 4). 401/403 (and other refusals) clear the session; an outage does not.
 * @param context the loader/action context (used outside a scope, e.g. in unit tests)
 */
export function currentSession(
  request: Request,
  context: Pick<PortalContext, 'strapi' | 'logger'>,
): Promise<SessionState> {
  const scope = currentScope();
  if (!scope) {
    const jwt = sessionTokenFromCookieHeader(request.headers.get('cookie'));
    if (!jwt) return Promise.resolve({ status: 'anonymous' });
    return fetchState(jwt, new CmsAuth(context.strapi), undefined, context.logger);
  }
  if (!scope.jwt) {
    // A cookie that is not a JWT (damaged, or from another app) is removed.
    if (scope.hadCookie && !scope.changed) clearSession();
    return Promise.resolve({ status: 'anonymous' });
  }
  scope.state ??= fetchState(scope.jwt, scope.auth, scope.config, scope.logger);
  return scope.state;
}

/** The public part of a CMS user (what pages and the browser may hold; never the JWT). */
export function toPublicUser(user: CmsUser): PublicUser {
  return { id: user.id, username: user.username, email: user.email, confirmed: user.confirmed === true };
}

/**
 * The signed-in visitor's public details, or null (anonymous, or unknown during a CMS outage).
 * Never rejects: a failure is logged and treated as anonymous for this request.
 */
export async function signedInUser(
  request: Request,
  context: Pick<PortalContext, 'strapi' | 'logger'>,
): Promise<PublicUser | null> {
  try {
    const state = await currentSession(request, context);
    return state.status === 'signed-in' ? toPublicUser(state.user) : null;
  } catch (error) {
    context.logger.error({ err: error }, 'could not read the session');
    return null;
  }
}

/** What the middleware needs besides the request. */
export interface SessionMiddlewareOptions {
  config: AuthConfig;
  auth: CmsAuth;
  identifierLimiter: RateLimiterMemory | null;
  logger: Logger;
}

/**
 * Express middleware opening the session scope of a request. Answers to requests that carry or
 * change a session are marked `Cache-Control: private, no-store` just before the headers go out.
 */
export function sessionMiddleware(options: SessionMiddlewareOptions) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction): void => {
    const jwt = sessionTokenFromCookieHeader(req.headers.cookie);
    const scope: SessionScope = {
      jwt,
      hadCookie: hasSessionCookie(req),
      changed: false,
      res,
      clientIp: req.ip ?? '',
      config: options.config,
      auth: options.auth,
      identifierLimiter: options.identifierLimiter,
      ipLimited: false,
      logger: options.logger,
    };
    onHeaders(res, () => {
      if (scope.hadCookie || scope.changed) res.setHeader('Cache-Control', PRIVATE_NO_STORE);
    });
    sessionStorage.run(scope, next);
  };
}
