/**
 * The pages that are part of signing in themselves (unprefixed paths). Their form posts
 * count against the per-IP auth rate limit (src/server/auth/rate-limit.server.ts), and the
 * header's login link on them carries no `redirect` back to them.
 */
export const SIGN_IN_PAGES: readonly string[] = [
  '/inloggen',
  '/registreren',
  '/wachtwoord-vergeten',
  '/wachtwoord-reset',
  '/email-valideren',
  '/account-activeren',
];
