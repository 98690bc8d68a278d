/**
 * The CMS's authentication API as the portal calls it (docs/product.md#cms-calls): users-permissions
 * (`/auth/local`, `/auth/local/register`, `/auth/forgot-password`, `/auth/reset-password`,
 * `/auth/change-password`, `/auth/send-email-confirmation`, `/auth/{provider}/callback`,
 * `/users/me`) and the portal's own CMS routes (`/account/...`, cms/src/api/account: invitations,
 * activation, e-mail confirmation, logout and session renewal).
 *
 * It uses a StrapiClient of its own ({@link createAuthStrapiClient}): never cached, never sending the
 * server API token (auth calls act as the visitor, with their JWT or anonymously), and forwarding
 * the visitor's IP in `X-Forwarded-For` so the CMS's own auth rate limit counts visitors rather
 * than the portal (the CMS trusts it with TRUST_FORWARDED_FOR=true). Every failure is a StrapiError.
 */
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import { type RequestOptions, StrapiClient } from '../cms/strapi-client.server.ts';

/** A users-permissions user as the CMS returns it (private fields are never sent). */
export interface CmsUser {
  id: number;
  documentId?: string;
  username: string;
  email: string;
  provider?: string;
  confirmed: boolean;
  blocked: boolean;
  createdAt?: string;
  updatedAt?: string;
  [field: string]: unknown;
}

/** The answer of a call that signs in: the JWT and the user. */
export interface AuthResponse {
  jwt: string;
  user: CmsUser;
}

/** Answer of `POST /auth/local/register`: a JWT only when no e-mail confirmation is needed. */
export interface RegisterResponse {
  jwt?: string;
  user: CmsUser;
}

/**
 * The StrapiClient for auth calls: no token, no cache. The visitor's IP is added per request by
 * {@link CmsAuth.forClient}.
 * @param options CMS URL, timeout (ms), logger and an optional dispatcher (tests: MockAgent)
 */
export function createAuthStrapiClient(options: {
  strapiUrl: string;
  timeoutMs: number;
  logger: Logger;
  dispatcher?: Dispatcher;
}): StrapiClient {
  return new StrapiClient({
    url: options.strapiUrl,
    timeoutMs: options.timeoutMs,
    logger: options.logger,
    cache: false,
    dispatcher: options.dispatcher,
  });
}

/** The CMS auth calls. Every method throws StrapiError when the CMS refuses or cannot be reached. */
export class CmsAuth {
  readonly #client: StrapiClient;
  readonly #headers: Record<string, string> | undefined;
  readonly #deadline: number | undefined;

  /**
   * @param client a client from {@link createAuthStrapiClient}
   * @param clientIp the visitor's IP, forwarded as `x-forwarded-for` (omitted when empty)
   * @param deadline the request's CMS deadline (ms since the epoch), shared with its other calls
   * @param requestId the request's id, forwarded as `x-request-id` (docs/decisions/092-request-ids.md)
   */
  constructor(client: StrapiClient, clientIp?: string, deadline?: number, requestId?: string) {
    this.#client = client;
    const headers: Record<string, string> = {};
    if (clientIp) headers['x-forwarded-for'] = clientIp;
    if (requestId) headers['x-request-id'] = requestId;
    this.#headers = clientIp || requestId ? headers : undefined;
    this.#deadline = deadline;
  }

  /**
   * The same calls on behalf of the visitor at `clientIp`, within `deadline`, sending `requestId`
   * (one cheap object per request).
   */
  forClient(clientIp: string, deadline?: number, requestId?: string): CmsAuth {
    return new CmsAuth(this.#client, clientIp, deadline, requestId);
  }

  #request<T>(path: string, options: RequestOptions): Promise<T> {
    return this.#client.request<T>(path, {
      ...options,
      cache: false,
      headers: this.#headers,
      deadline: this.#deadline,
    });
  }

  #post<T>(path: string, body: unknown, jwt?: string): Promise<T> {
    return this.#request<T>(path, { method: 'POST', body, jwt });
  }

  /** `POST /auth/local`: signs in with e-mail address (or username) and password. */
  login(identifier: string, password: string): Promise<AuthResponse> {
    return this.#post('/auth/local', { identifier, password });
  }

  /** `POST /auth/local/register`: creates an account. */
  register(input: { username: string; email: string; password: string }): Promise<RegisterResponse> {
    return this.#post('/auth/local/register', input);
  }

  /** `POST /auth/forgot-password`: e-mails a reset code when the address has an account. */
  async forgotPassword(email: string): Promise<void> {
    await this.#post('/auth/forgot-password', { email });
  }

  /** `POST /auth/reset-password`: sets a new password with an e-mailed code and signs in. */
  resetPassword(input: {
    code: string;
    password: string;
    passwordConfirmation: string;
  }): Promise<AuthResponse> {
    return this.#post('/auth/reset-password', input);
  }

  /** `POST /auth/change-password` as the signed-in user; answers a fresh JWT. */
  changePassword(
    jwt: string,
    input: { currentPassword: string; password: string; passwordConfirmation: string },
  ): Promise<AuthResponse> {
    return this.#post('/auth/change-password', input, jwt);
  }

  /** `POST /auth/send-email-confirmation`: sends the confirmation e-mail again. */
  async sendEmailConfirmation(email: string): Promise<void> {
    await this.#post('/auth/send-email-confirmation', { email });
  }

  /** `POST /account/email-confirmation`: confirms the address of a code and signs in. */
  confirmEmail(confirmation: string): Promise<AuthResponse> {
    return this.#post('/account/email-confirmation', { confirmation });
  }

  /** `GET /account/activation?code=`: the e-mail address of a valid activation code. */
  activationInfo(code: string): Promise<{ email: string }> {
    return this.#request('/account/activation', { query: { code } });
  }

  /** `POST /account/activate`: sets the password of an invited account and signs in. */
  activate(input: { code: string; password: string; passwordConfirmation: string }): Promise<AuthResponse> {
    return this.#post('/account/activate', input);
  }

  /** `POST /account/invitations` as the signed-in user: invites a colleague. */
  async invite(jwt: string, email: string): Promise<void> {
    await this.#post('/account/invitations', { email }, jwt);
  }

  /** `GET /auth/{provider}/callback?access_token=`: exchanges a provider's token for a session. */
  providerCallback(provider: string, accessToken: string): Promise<AuthResponse> {
    return this.#request(`/auth/${encodeURIComponent(provider)}/callback`, {
      query: { access_token: accessToken },
    });
  }

  /**
   * `POST /account/logout` as the signed-in user: ends the session of `jwt`, or with `scope: 'all'`
   * every session of the account (docs/decisions/049-sessions-that-end.md).
   */
  async logout(jwt: string, scope: 'session' | 'all' = 'session'): Promise<void> {
    await this.#post('/account/logout', { scope }, jwt);
  }

  /** `POST /account/session`: a fresh JWT of the same session (sliding renewal, decision 049). */
  renew(jwt: string): Promise<{ jwt: string }> {
    return this.#post('/account/session', {}, jwt);
  }

  /**
   * `POST /account/delete` as the signed-in user: deletes the account and its personal data
   * (docs/personal-data.md). `proof` is the current password, or for an account of an external
   * provider its own e-mail address. A wrong proof is a 400 the mapping reads as `wrong-password`.
   */
  async deleteAccount(jwt: string, proof: { password: string } | { email: string }): Promise<void> {
    await this.#post('/account/delete', proof, jwt);
  }

  /** `GET /account/export` as the signed-in user: everything the CMS holds about the account. */
  exportData(jwt: string): Promise<{ data: Record<string, unknown> }> {
    return this.#request('/account/export', { jwt });
  }

  /**
   * `GET /account/overview` as the signed-in user: the pending e-mail change and the newsletter
   * state of the account's address (docs/personal-data.md).
   */
  overview(jwt: string): Promise<{
    data: { pendingEmail: string | null; newsletter: { state: string; topics: string[] } | null };
  }> {
    return this.#request('/account/overview', { jwt });
  }

  /** `PUT /account/profile` as the signed-in user: changes the name (null removes it). */
  updateProfile(jwt: string, fullName: string | null): Promise<{ user: CmsUser }> {
    return this.#request('/account/profile', { method: 'PUT', body: { data: { fullName } }, jwt });
  }

  /** `POST /account/email-change/confirm`: makes the pending address the account's address. */
  confirmEmailChange(jwt: string, code: string): Promise<{ user: CmsUser }> {
    return this.#post('/account/email-change/confirm', { code }, jwt);
  }

  /** `POST /account/newsletter/unsubscribe`: unsubscribes the account's address. */
  unsubscribeNewsletter(jwt: string): Promise<{ result: string }> {
    return this.#post('/account/newsletter/unsubscribe', {}, jwt);
  }

  /** `GET /users/me` with the configured query (docs/product.md#cms-calls). */
  me(jwt: string, query?: Record<string, unknown>): Promise<CmsUser> {
    return this.#request('/users/me', { jwt, query });
  }
}
