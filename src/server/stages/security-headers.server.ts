/**
 * Stage 2 of the app (src/server/app.ts): the security headers. Helmet's headers are the same for
 * every answer, computed once and set in one step (http/fixed-headers.server.ts, decision 073);
 * pages replace the Content-Security-Policy with their own, which lists the scripts that page loads
 * and the scripts React streams for its late Suspense boundaries (decisions 051, 065 and 105).
 */
import helmet from 'helmet';
import type { ClientAssets } from '../context.server.ts';
import {
  contentSecurityPolicy,
  serializeContentSecurityPolicy,
} from '../http/content-security-policy.server.ts';
import { fixedHeaders } from '../http/fixed-headers.server.ts';
import { MAX_STREAMED_BOUNDARIES, streamingScriptHashes } from '../render/streaming-scripts.server.ts';

export interface SecurityHeadersOptions {
  /** Development with Vite (its client and HMR need more). */
  development: boolean;
  /** The public origin is HTTPS: HSTS and `upgrade-insecure-requests`. */
  secure: boolean;
}

/**
 * The middleware that sets helmet's headers on every answer.
 * @param assets The client build's assets, when known at start (production): their integrity
 *   hashes go into the default policy.
 */
export function securityHeaders(options: SecurityHeadersOptions, assets: ClientAssets | undefined) {
  return fixedHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicy({
          development: options.development,
          secure: options.secure,
          scriptIntegrity: Object.values(assets?.integrity ?? {}),
        }),
      },
      // The browser default: with helmet's `no-referrer`, browsers send `Origin: null` on form posts.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: options.secure,
      crossOriginEmbedderPolicy: false,
    }),
  );
}

/** A page's policy from its scripts' integrity hashes and the number of boundaries it streams late. */
export type PagePolicy = (scriptIntegrity: string[], streamedBoundaries: number) => string;

/**
 * The policy of each page, or undefined when the assets know no page chunks (development). The few
 * distinct policies (one per combination of page chunks, locale and late boundaries) are serialised
 * once each; the streamed scripts' hashes are learnt from React at start (decision 105).
 */
export async function pagePolicies(
  options: SecurityHeadersOptions,
  assets: ClientAssets,
): Promise<PagePolicy | undefined> {
  if (!assets.forPage) return undefined;
  const policies = new Map<string, string>();
  const streamedScripts = await streamingScriptHashes();
  return (scriptIntegrity, streamedBoundaries) => {
    const boundaries = Math.min(streamedBoundaries, MAX_STREAMED_BOUNDARIES);
    const key = `${boundaries} ${scriptIntegrity.join(' ')}`;
    let policy = policies.get(key);
    if (policy === undefined) {
      policy = serializeContentSecurityPolicy(
        contentSecurityPolicy({
          development: options.development,
          secure: options.secure,
          scriptIntegrity,
          inlineScripts: streamedScripts[boundaries] ?? [],
        }),
      );
      // Bounded by the build's chunks; the guard only keeps a mistake from growing it forever.
      if (policies.size < 1000) policies.set(key, policy);
    }
    return policy;
  };
}
