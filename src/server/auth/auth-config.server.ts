/**
 * Configuration of accounts, read from the environment when the app is created and
 * checked with valibot, so a wrong value stops the portal with a clear message:
 *
 * | variable                         | default        | meaning                                                        |
 * | -------------------------------- | -------------- | -------------------------------------------------------------- |
 * | `AUTH_USER_POPULATE`             | —              | relations populated on `GET /users/me`, comma separated         |
 * | `AUTH_USER_FIELDS`               | —              | fields selected on `GET /users/me`, comma separated (all if empty) |
 * | `AUTH_RATE_LIMIT_WINDOW_MS`      | `900000`       | window of both auth rate limits, in ms                          |
 * | `AUTH_RATE_LIMIT_IP`             | `30`           | auth form posts per client IP per window                        |
 * | `AUTH_RATE_LIMIT_IDENTIFIER`     | `5`            | failed logins / e-mails per e-mail address (or user) per window |
 * | `STRAPI_PUBLIC_URL`              | `STRAPI_URL`   | CMS origin browsers are sent to for external sign-in            |
 * | `AUTH_PROVIDERS`                 | —              | external sign-in buttons on the login page (CMS provider names) |
 * | `AUTH_SESSION_RENEW_AFTER_S`     | `900`          | age in seconds after which a signed-in visit renews the JWT      |
 *
 * A limit of 0 switches that limit off.
 */
import * as v from 'valibot';

/** Settings of the auth rate limits (docs/decisions/023-auth-rate-limits.md). */
export interface RateLimitSettings {
  /** Window length in ms. */
  windowMs: number;
  /** Auth form posts per client IP per window; 0 = off. */
  perIp: number;
  /** Attempts per e-mail address or account per window; 0 = off. */
  perIdentifier: number;
}

/** Everything the accounts code needs to know about its environment. */
export interface AuthConfig {
  /** `Secure` cookies (the public URL is https). */
  secureCookies: boolean;
  /** Query of `GET /users/me` (docs/product.md#cms-calls: "with configured auth params"). */
  userQuery: Record<string, unknown> | undefined;
  rateLimit: RateLimitSettings;
  /** CMS origin for browser redirects to `/api/connect/{provider}`, no trailing slash. */
  strapiPublicUrl: string;
  /** External sign-in providers offered on the login page (enabled in the CMS; none by default). */
  providers: string[];
  /**
   * Age in ms after which a request of a signed-in visitor renews their JWT (sliding renewal,
   * docs/decisions/049-sessions-that-end.md).
   */
  renewAfterMs: number;
}

const list = v.pipe(
  v.optional(v.string(), ''),
  v.transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ),
  v.check(
    (items) => items.every((item) => /^[A-Za-z0-9_.]+$/.test(item)),
    'must be names separated by commas',
  ),
);

const count = (fallback: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.regex(/^\d{1,9}$/, 'must be a whole number'),
    v.transform(Number),
  );

const EnvSchema = v.object({
  AUTH_USER_POPULATE: list,
  AUTH_USER_FIELDS: list,
  AUTH_RATE_LIMIT_WINDOW_MS: v.pipe(count(900_000), v.minValue(1000, 'must be at least 1000 ms')),
  AUTH_RATE_LIMIT_IP: count(30),
  AUTH_RATE_LIMIT_IDENTIFIER: count(5),
  STRAPI_PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
  AUTH_SESSION_RENEW_AFTER_S: count(900),
  AUTH_PROVIDERS: v.pipe(
    list,
    v.check(
      (items) => items.every((item) => /^[a-z0-9][a-z0-9_-]{0,31}$/.test(item)),
      'must be provider names',
    ),
  ),
});

/**
 * Reads the accounts configuration.
 * @param env the environment (`process.env`)
 * @param app the app's public URL and CMS URL
 * @throws Error naming the variable when a value is invalid
 */
export function readAuthConfig(
  env: Record<string, string | undefined>,
  app: { publicUrl: string; strapiUrl: string },
): AuthConfig {
  const picked = Object.fromEntries(
    Object.keys(EnvSchema.entries).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const result = v.safeParse(EnvSchema, picked);
  if (!result.success) {
    const issue = result.issues[0];
    const key = issue.path?.[0]?.key;
    throw new Error(`Invalid accounts configuration: ${String(key ?? 'environment')} ${issue.message}`);
  }
  const parsed = result.output;
  const userQuery: Record<string, unknown> = {};
  if (parsed.AUTH_USER_POPULATE.length) userQuery.populate = parsed.AUTH_USER_POPULATE;
  if (parsed.AUTH_USER_FIELDS.length) userQuery.fields = parsed.AUTH_USER_FIELDS;
  return {
    secureCookies: app.publicUrl.startsWith('https://'),
    userQuery: Object.keys(userQuery).length ? userQuery : undefined,
    rateLimit: {
      windowMs: parsed.AUTH_RATE_LIMIT_WINDOW_MS,
      perIp: parsed.AUTH_RATE_LIMIT_IP,
      perIdentifier: parsed.AUTH_RATE_LIMIT_IDENTIFIER,
    },
    strapiPublicUrl: (parsed.STRAPI_PUBLIC_URL ?? app.strapiUrl).replace(/\/+$/, ''),
    providers: parsed.AUTH_PROVIDERS,
    renewAfterMs: parsed.AUTH_SESSION_RENEW_AFTER_S * 1000,
  };
}
