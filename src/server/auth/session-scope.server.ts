/**
 * The per-request session scope (docs/decisions/025-session-scope.md): one `AsyncLocalStorage`
 * store per HTTP request, opened by the accounts middleware in front of the data endpoint and the
 * renderer. Loaders and actions reach the Express response through it to set or clear the session
 * cookie (the render module does not forward action headers, and the data endpoint answers JSON
 * without them), and the signed-in user is fetched once per request through it.
 *
 * The storage lives on `globalThis` under a registered symbol: in production the HTTP layer runs
 * from the sources (tsx) while loaders and actions run from the Vite-built render module, so this
 * module exists twice and must share one storage.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Response as ExpressResponse } from 'express';
import type { Logger } from 'pino';
import type { RateLimiterMemory } from 'rate-limiter-flexible';
import type { AuthConfig } from './auth-config.server.ts';
import type { CmsAuth, CmsUser } from './cms-auth.server.ts';

/** What the current request knows about its visitor. */
export type SessionState =
  | { status: 'anonymous' }
  | { status: 'signed-in'; user: CmsUser }
  /** The CMS could not be asked (outage): the session is kept, the user is unknown (decision 020). */
  | { status: 'unavailable' };

/** One request's session scope. */
export interface SessionScope {
  /** The session JWT: the request's cookie, or the one set / cleared during this request. */
  jwt: string | null;
  /** The request arrived with a session cookie. */
  hadCookie: boolean;
  /** The session cookie was set or cleared during this request. */
  changed: boolean;
  /** The Express response (cookies are written on it straight away). */
  res: ExpressResponse;
  /** The visitor's IP as Express sees it (honours `trust proxy`). */
  clientIp: string;
  config: AuthConfig;
  auth: CmsAuth;
  /** Per e-mail address / account limiter (rate-limiter-flexible); null when switched off. */
  identifierLimiter: RateLimiterMemory | null;
  /** The per-IP limit was exceeded by this request (express-rate-limit flagged it). */
  ipLimited: boolean;
  logger: Logger;
  /** The visitor, fetched at most once per request. */
  state?: Promise<SessionState>;
}

const STORAGE_KEY = Symbol.for('portal.accounts.sessionScope');
const holder = globalThis as typeof globalThis & { [STORAGE_KEY]?: AsyncLocalStorage<SessionScope> };

holder[STORAGE_KEY] ??= new AsyncLocalStorage<SessionScope>();

/** The process-wide storage of session scopes. */
export const sessionStorage: AsyncLocalStorage<SessionScope> = holder[STORAGE_KEY];

/** The current request's scope, or undefined outside a request (e.g. a loader called by a unit test). */
export function currentScope(): SessionScope | undefined {
  return sessionStorage.getStore();
}
