/**
 * The `redirect` parameter of the login page (docs/product.md#accounts): where a visitor returns after signing in.
 * Only site-relative paths are accepted, so the parameter cannot send anyone to another site
 * (OWASP Unvalidated Redirects and Forwards Cheat Sheet): `//evil`, `/\evil`, `https://…`,
 * `javascript:` and paths with control characters or white space are refused.
 */

/** Longest accepted redirect target, in characters. */
export const MAX_REDIRECT_LENGTH = 2048;

const BASE = 'http://portal.invalid';

/** A plain site-relative path: one leading `/`, no `//`, no `\\`, no control characters or white space. */
function isPlainPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  // Browsers treat `\` like `/` (`/\evil.com` is protocol-relative); no legitimate path needs it.
  if (value.includes('\\')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  return !/[\u0000-\u001f\u007f\s]/.test(value);
}

/**
 * The safe redirect path for `value`, or null when it is missing or not a plain site-relative path.
 * The value is normalised first (URL parsing collapses dot segments, also percent-encoded ones:
 * `/.//evil.example`, `/%2e//evil.example` and `/..//evil.example` all become `//evil.example`),
 * and the normalised value is what is validated and returned (OWASP Unvalidated Redirects and
 * Forwards Cheat Sheet: validate the value that is used).
 * @returns path, query and hash of the target, e.g. `/en/account?tab=1`
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value === '' || value.length > MAX_REDIRECT_LENGTH) return null;
  if (!isPlainPath(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  if (!isPlainPath(normalised)) return null;
  // The result must be stable: parsed again, it stays on the site and unchanged.
  const again = new URL(normalised, BASE);
  if (again.origin !== BASE || `${again.pathname}${again.search}${again.hash}` !== normalised) return null;
  return normalised;
}
