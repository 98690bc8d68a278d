/**
 * The `redirect` parameter of the login page (issue 4): where a visitor returns after signing in.
 * Only site-relative paths are accepted, so the parameter cannot send anyone to another site
 * (OWASP Unvalidated Redirects and Forwards Cheat Sheet): `//evil`, `/\evil`, `https://…`,
 * `javascript:` and paths with control characters or white space are refused.
 */

/** Longest accepted redirect target, in characters. */
export const MAX_REDIRECT_LENGTH = 2048;

const BASE = 'http://portal.invalid';

/**
 * The safe redirect path for `value`, or null when it is missing or not a plain site-relative path.
 * @returns path, query and hash of the target, e.g. `/en/account?tab=1`
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value === '' || value.length > MAX_REDIRECT_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers treat `\` like `/` (`/\evil.com` is protocol-relative); no legitimate path needs it.
  if (value.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\s]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
