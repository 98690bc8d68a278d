/**
 * The session (docs/decisions/002-jwt-in-httponly-cookie.md, 020-cms-outage-keeps-the-session.md,
 * 042-one-module-graph-and-request-context.md): the CMS JWT in an httpOnly, SameSite=Lax cookie
 * (`Secure` when the public URL is https) that lives exactly as long as the JWT (`Expires` = its
 * `exp`). Browser code never sees the token: it is neither readable by JavaScript nor part of any
 * hydration data; only the public part of the user is.
 *
 * One {@link Session} object per request travels on the loader/action context
 * (`context.session`). It asks `GET /users/me` at most once per request (401/403 clear the
 * session, so a logged-out, ended or expired token is gone at once; a CMS outage keeps it); a
 * token older than `renewAfterMs` is renewed on the way (sliding renewal, decision 049), and it records every change as a `Set-Cookie` line that the
 * route hands back in its returned `Response` headers ({@link Session.headers}); the route-module
 * wrapper adds the lines of changes a handler did not return itself (an expired token found while
 * loading), so no change is lost.
 */
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from 'express';
// The decoder alone: the package's index loads every JOSE module (decision 073).
import { decodeJwt } from 'jose/jwt/decode';
import onHeaders from 'on-headers';
import type { Logger } from 'pino';
import type { PublicUser } from '../../shared/ui/root-data.ts';
import { isOutage, StrapiError } from '../cms/strapi-error.server.ts';
import { PRIVATE_NO_STORE } from '../http/cache-policy.server.ts';
import { requestIdOf, requestLogger } from '../http/request-id.server.ts';
import type { AuthConfig } from './auth-config.server.ts';
import type { CmsAuth, CmsUser } from './cms-auth.server.ts';

/** Name of the session cookie (the Nuxt Strapi module's default name). */
export const SESSION_COOKIE = 'strapi_jwt';

/** A JWT's shape: three base64url parts. Anything else in the cookie is ignored. */
const JWT_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** What the current request knows about its visitor. */
export type SessionState =
  | { status: 'anonymous' }
  | { status: 'signed-in'; user: CmsUser }
  /** The CMS could not be asked (outage): the session is kept, the user is unknown (decision 020). */
  | { status: 'unavailable' };

/** The session token in a `Cookie` header, or null. */
function sessionTokenFromCookieHeader(header: string | null | undefined): string | null {
  if (!header) return null;
  const value = parseCookies(header)[SESSION_COOKIE];
  return value && value.length < 8192 && JWT_PATTERN.test(value) ? value : null;
}

/** True when a `Cookie` header carries a session cookie (any value). */
function hasSessionCookieHeader(header: string | null | undefined): boolean {
  return typeof header === 'string' && parseCookies(header)[SESSION_COOKIE] !== undefined;
}

/**
 * True when the request carries a session cookie (any value). Such requests bypass the rendered
 * page cache (docs/decisions/008-rendered-page-cache.md) in both directions.
 */
export function hasSessionCookie(req: ExpressRequest): boolean {
  return hasSessionCookieHeader(req.headers.cookie);
}

/** The expiry of a JWT (`exp`), or undefined when it has none or cannot be decoded. */
function jwtExpiry(jwt: string): Date | undefined {
  try {
    const { exp } = decodeJwt(jwt);
    return typeof exp === 'number' ? new Date(exp * 1000) : undefined;
  } catch {
    return undefined;
  }
}

/** When a JWT was issued (`iat`, ms since the epoch), or undefined when it cannot be decoded. */
function jwtIssuedAt(jwt: string): number | undefined {
  try {
    const { iat } = decodeJwt(jwt);
    return typeof iat === 'number' ? iat * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** The public part of a CMS user (what pages and the browser may hold; never the JWT). */
export function toPublicUser(user: CmsUser): PublicUser {
  return { id: user.id, username: user.username, email: user.email, confirmed: user.confirmed === true };
}

/** What a {@link Session} is made of. */
export interface SessionInit {
  /** The request's `Cookie` header. */
  cookieHeader: string | null | undefined;
  config: AuthConfig;
  /** The CMS auth calls of this request (forwarding the visitor's IP). */
  auth: CmsAuth;
  /** The request's logger, or a function that makes it when the session first logs. */
  logger: Logger | (() => Logger);
}

/** One request's session: its token, its visitor (asked once) and the cookie changes it made. */
export class Session {
  readonly config: AuthConfig;
  readonly auth: CmsAuth;
  readonly #logger: Logger | (() => Logger);
  /** The request arrived with a session cookie. */
  readonly hadCookie: boolean;
  #jwt: string | null;
  #changed = false;
  #cookie: string | null = null;
  #state: Promise<SessionState> | undefined;

  constructor(init: SessionInit) {
    this.config = init.config;
    this.auth = init.auth;
    this.#logger = init.logger;
    this.hadCookie = hasSessionCookieHeader(init.cookieHeader);
    this.#jwt = sessionTokenFromCookieHeader(init.cookieHeader);
  }

  /** The request's logger. */
  #log(): Logger {
    return typeof this.#logger === 'function' ? this.#logger() : this.#logger;
  }

  /** The session cookie was set or cleared during this request. */
  get changed(): boolean {
    return this.#changed;
  }

  /** The session token: the request's cookie, or the one set / cleared during this request. */
  token(): string | null {
    return this.#jwt;
  }

  #cookieOptions() {
    return { httpOnly: true, sameSite: 'lax' as const, secure: this.config.secureCookies, path: '/' };
  }

  /** Starts a session: records the cookie (expiring with the JWT) and remembers the user. */
  set(jwt: string, user?: CmsUser): void {
    this.#jwt = jwt;
    this.#changed = true;
    this.#state = user ? Promise.resolve({ status: 'signed-in', user }) : undefined;
    this.#cookie = serializeCookie(SESSION_COOKIE, jwt, {
      ...this.#cookieOptions(),
      expires: jwtExpiry(jwt),
    });
  }

  /** Ends the session: records the clearing cookie (when there is one to clear), forgets the user. */
  clear(): void {
    this.#state = Promise.resolve({ status: 'anonymous' });
    this.#jwt = null;
    if (!this.hadCookie && !this.#changed) return;
    this.#changed = true;
    this.#cookie = serializeCookie(SESSION_COOKIE, '', { ...this.#cookieOptions(), expires: new Date(0) });
  }

  /** The `Set-Cookie` lines of this request's session changes (none, or the last change). */
  cookies(): string[] {
    return this.#cookie ? [this.#cookie] : [];
  }

  /** Response headers carrying the session changes, for `redirect(to, { headers })` or `data()`. */
  headers(init?: HeadersInit): Headers {
    const headers = new Headers(init);
    for (const line of this.cookies()) headers.append('Set-Cookie', line);
    return headers;
  }

  /**
   * The visitor: `GET /users/me` with the configured query, at most once per request
   * (docs/product.md#accounts). 401/403 (and other refusals) clear the session; an outage keeps it.
   */
  current(): Promise<SessionState> {
    if (!this.#jwt) {
      // A cookie that is not a JWT (damaged, or from another app) is removed.
      if (this.hadCookie && !this.#changed) this.clear();
      return Promise.resolve({ status: 'anonymous' });
    }
    this.#state ??= this.#fetchState(this.#jwt);
    return this.#state;
  }

  async #fetchState(jwt: string): Promise<SessionState> {
    try {
      const user = await this.auth.me(jwt, this.config.userQuery);
      await this.#renewIfOld(jwt, user);
      return { status: 'signed-in', user };
    } catch (error) {
      if (!(error instanceof StrapiError)) throw error;
      if (isOutage(error) || error.status === 429 || error.name === 'AbortError') {
        this.#log().warn(
          { strapi: { status: error.status, name: error.name } },
          'session kept: the CMS did not answer /users/me',
        );
        return { status: 'unavailable' };
      }
      this.clear();
      return { status: 'anonymous' };
    }
  }

  /**
   * Sliding renewal (docs/decisions/049-sessions-that-end.md): a valid token issued more than
   * `renewAfterMs` ago is swapped for a fresh one of the same session. A failed renewal keeps the
   * current token (it is still valid) and is logged.
   */
  async #renewIfOld(jwt: string, user: CmsUser): Promise<void> {
    const issuedAt = jwtIssuedAt(jwt);
    if (issuedAt === undefined || Date.now() - issuedAt < this.config.renewAfterMs) return;
    try {
      const renewed = await this.auth.renew(jwt);
      if (typeof renewed.jwt === 'string' && JWT_PATTERN.test(renewed.jwt)) this.set(renewed.jwt, user);
    } catch (error) {
      this.#log().warn(
        { strapi: error instanceof StrapiError ? { status: error.status, name: error.name } : undefined },
        'session not renewed; the current token stays',
      );
    }
  }

  /**
   * Ends the session at the CMS, so its tokens are refused from now on, then clears the cookie.
   * With `everywhere`, every session of the account ends ("log out everywhere").
   * @returns true when the CMS confirmed it; false when it could not be reached (the cookie is
   *   still cleared for a plain logout; for `everywhere` nothing changes, so the visitor can retry)
   */
  async end(everywhere = false): Promise<boolean> {
    const jwt = this.#jwt;
    let confirmed = jwt === null;
    if (jwt) {
      try {
        await this.auth.logout(jwt, everywhere ? 'all' : 'session');
        confirmed = true;
      } catch (error) {
        // 401: the token had already ended; nothing left to end.
        confirmed = error instanceof StrapiError && error.status === 401;
        if (!confirmed) {
          this.#log().warn(
            { strapi: error instanceof StrapiError ? { status: error.status, name: error.name } : undefined },
            'the CMS did not confirm the logout',
          );
        }
      }
    }
    if (confirmed || !everywhere) this.clear();
    return confirmed;
  }

  /**
   * The signed-in visitor's public details, or null (anonymous, or unknown during a CMS outage).
   * Never rejects: a failure is logged and treated as anonymous for this request.
   */
  async signedInUser(): Promise<PublicUser | null> {
    try {
      const state = await this.current();
      return state.status === 'signed-in' ? toPublicUser(state.user) : null;
    } catch (error) {
      this.#log().error({ err: error }, 'could not read the session');
      return null;
    }
  }
}

/** What the session middleware needs besides the request. */
export interface SessionMiddlewareOptions {
  config: AuthConfig;
  /**
   * The CMS auth calls for a visitor's IP, within the request's CMS deadline (ms since the epoch),
   * sending the request's id.
   */
  authFor: (clientIp: string, deadline?: number, requestId?: string) => CmsAuth;
  logger: Logger;
}

/** The session the middleware attached to this Express response. @throws Error without the middleware */
export function sessionOf(res: ExpressResponse): Session {
  const session = res.locals.session;
  if (!session) throw new Error('No session: the session middleware must run before the routes');
  return session;
}

/**
 * Express middleware creating the request's {@link Session} (`res.locals.session`). Answers to
 * requests that carry or change a session are marked `Cache-Control: private, no-store` just
 * before the headers go out, whichever part of the app answers.
 */
export function sessionMiddleware(options: SessionMiddlewareOptions) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction): void => {
    const session = new Session({
      cookieHeader: req.headers.cookie,
      config: options.config,
      auth: options.authFor(req.ip ?? '', res.locals.cmsDeadline, requestIdOf(res)),
      logger: () => requestLogger(res, options.logger),
    });
    res.locals.session = session;
    onHeaders(res, () => {
      if (session.hadCookie || session.changed) res.setHeader('Cache-Control', PRIVATE_NO_STORE);
    });
    next();
  };
}
