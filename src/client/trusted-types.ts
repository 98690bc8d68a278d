/**
 * The page's one Trusted Types policy, `default` (docs/decisions/051-csp-with-sri-hashes.md). The
 * CSP requires Trusted Types for script sinks and allows only this policy name, so a string that
 * reaches `innerHTML`, a script's text or a script URL passes through these checks or is refused:
 *
 * - HTML: only text without `<` (no element can be created from it), and React's own
 *   `<script></script>`, the way React DOM creates a `<script>` element that can never run (a
 *   script made by `innerHTML` is not executed). The portal's other use is React writing JSON-LD,
 *   which is escaped so that it never contains `<` (toInlineJson).
 * - Script text: only JSON (inert; JSON-LD and state blocks), never code.
 * - Script URLs: only the service worker's own URL (`navigator.serviceWorker.register` is a
 *   script URL sink, https://w3c.github.io/trusted-types/dist/spec/#integration-with-service-workers).
 *   Chunks load through `import()`, which is no sink.
 *
 * Browsers without Trusted Types ignore all of this.
 */

import { SERVICE_WORKER_URL } from './service-worker-registration.ts';

interface TrustedTypePolicyFactory {
  defaultPolicy: unknown;
  createPolicy(
    name: string,
    rules: {
      createHTML?: (input: string) => string | null;
      createScript?: (input: string) => string | null;
      createScriptURL?: (input: string) => string | null;
    },
  ): unknown;
}

/** The markup React DOM assigns to create an inert `<script>` element (react-dom, createInstance). */
const REACT_SCRIPT_ELEMENT = '<script></script>';

/** True when `text` is JSON (and so cannot run as code). */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Installs the `default` policy once; a no-op where Trusted Types are not supported. */
export function installTrustedTypesPolicy(): void {
  const factory = (globalThis as { trustedTypes?: TrustedTypePolicyFactory }).trustedTypes;
  if (!factory || factory.defaultPolicy) return;
  factory.createPolicy('default', {
    createHTML: (input) => (input === REACT_SCRIPT_ELEMENT || !input.includes('<') ? input : null),
    createScript: (input) => (!input.includes('<') && isJson(input) ? input : null),
    createScriptURL: (input) => (input === SERVICE_WORKER_URL ? input : null),
  });
}
