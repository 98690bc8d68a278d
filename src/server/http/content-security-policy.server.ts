/**
 * The Content-Security-Policy of every answer (docs/decisions/051-csp-with-sri-hashes.md), as
 * helmet directives.
 *
 * Production: `default-src 'none'` plus what the pages need; scripts only by hash: the entry and
 * its preloaded modules carry SRI `integrity` and their `sha384-…` values are the whole
 * `script-src`, with `'strict-dynamic'` for the chunks they import at run time (CSP Level 3,
 * sections 8.2 and 8.3). No nonces: the rendered-page cache and any shared HTTP cache would freeze
 * one nonce into the pages every visitor gets; the hashes are fixed per build. Trusted Types are
 * required for script sinks; the browser entry installs the one `default` policy
 * (src/client/trusted-types.ts).
 *
 * One inline script is allowed by its SHA-384 hash in every mode: the colour-mode script in `<head>`
 * (src/shared/shell/color-mode.ts, docs/decisions/056-colour-mode.md), which must run before the
 * first paint. The hash is computed here from the same string the document renders.
 *
 * `worker-src 'self'`: the service worker (`/service-worker.js`, docs/decisions/059-installable-app.md)
 * is a script of the portal's own origin; without the directive `script-src`'s hashes would
 * govern it and refuse it. `manifest-src 'self'` allows the web app manifests.
 *
 * Development keeps Vite's needs (inline preamble, HMR socket); tests without a client build get
 * `script-src 'self'` plus that hash.
 */
import { createHash } from 'node:crypto';
import { COLOR_MODE_SCRIPT } from '../../shared/shell/color-mode.ts';

/**
 * The CSP hash source of an inline script's text, `'sha384-<base64>'` (CSP Level 3, section
 * 8.4: the hash of the element's text, UTF-8 encoded).
 */
export function inlineScriptHash(text: string): string {
  return `'sha384-${createHash('sha384').update(text, 'utf8').digest('base64')}'`;
}

/** Hash sources of the inline scripts every document carries. */
export const INLINE_SCRIPT_HASHES: readonly string[] = [inlineScriptHash(COLOR_MODE_SCRIPT)];

/** Helmet's directive map: name → sources, or null to leave a default directive out. */
export type CspDirectives = Record<string, string[] | null>;

/** What the policy depends on. */
export interface CspOptions {
  /** Vite's dev server serves the page (inline preamble, HMR over a WebSocket). */
  development: boolean;
  /** The public URL is https: ask browsers to upgrade any http subresource. */
  secure: boolean;
  /** SRI integrity values (`sha384-…`) of the scripts the document loads; empty without a build. */
  scriptIntegrity: string[];
  /**
   * Hash sources of further inline scripts this document may carry: those React streams for
   * Suspense boundaries completing after the shell (src/server/render/streaming-scripts.server.ts).
   */
  inlineScripts?: readonly string[];
}

/**
 * The directives for helmet's `contentSecurityPolicy.directives` (helmet adds nothing of its own
 * with `useDefaults: false`).
 */
export function contentSecurityPolicy(options: CspOptions): CspDirectives {
  if (options.development) {
    return {
      'default-src': ["'self'"],
      'script-src': ["'self'", "'unsafe-inline'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'ws:'],
      'font-src': ["'self'"],
      'worker-src': ["'self'"],
      'object-src': ["'none'"],
      'frame-ancestors': ["'self'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    };
  }
  const inline = [...INLINE_SCRIPT_HASHES, ...(options.inlineScripts ?? [])];
  const scripts = options.scriptIntegrity.length
    ? ["'strict-dynamic'", ...options.scriptIntegrity.map((value) => `'${value}'`), ...inline]
    : ["'self'", ...inline];
  return {
    'default-src': ["'none'"],
    'script-src': scripts,
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'require-trusted-types-for': ["'script'"],
    'trusted-types': ['default'],
    'upgrade-insecure-requests': options.secure ? [] : null,
  };
}

/**
 * The header value of a directive map, as helmet writes it (`name value value;name`); a directive
 * with no sources is written by name alone, a `null` one is left out.
 */
export function serializeContentSecurityPolicy(directives: CspDirectives): string {
  return Object.entries(directives)
    .flatMap(([name, sources]) => (sources === null ? [] : [[name, ...sources].join(' ')]))
    .join(';');
}
