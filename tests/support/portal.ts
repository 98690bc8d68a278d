/**
 * Test helpers: a portal app wired to the test CMS (the app from the sources, so no build is
 * needed), direct CMS reads for expectations, and small HTML helpers.
 */
import { inject, vi } from 'vitest';
import { createApp, type PortalApp } from '../../src/server/app.ts';

export const PUBLIC_URL = 'https://portal.test';

/** The portal app against the test CMS (or `strapiUrl`). */
export function createTestApp(
  strapiUrl = inject('cmsUrl'),
  options: {
    pageCacheTtlMs?: number;
    stateDir?: string | null;
    trustProxy?: string;
    statisticsPerMinute?: number;
    /** The CMS's preview secret (decision 101); default none, so preview links answer 403. */
    previewSecret?: string;
  } = {},
): Promise<PortalApp> {
  return createApp({
    mode: 'test',
    strapiUrl,
    publicUrl: PUBLIC_URL,
    assets: { entry: '/assets/entry-client.js', styles: ['/assets/app.css'], modulePreloads: [] },
    cmsTimeoutMs: 3000,
    // Off unless a test is about the cache: each request must exercise the whole stack.
    pageCacheTtlMs: options.pageCacheTtlMs ?? 0,
    // No last known site settings on disk unless a test is about them.
    stateDir: options.stateDir ?? null,
    trustProxy: options.trustProxy,
    statisticsPerMinute: options.statisticsPerMinute,
    previewSecret: options.previewSecret,
  });
}

/**
 * The portal app for account journeys: generous auth rate limits (the limits have tests of their
 * own), plus any `env` the test needs, read when the app is created.
 */
export async function createJourneyApp(env: Record<string, string> = {}): Promise<PortalApp> {
  vi.stubEnv('AUTH_RATE_LIMIT_IP', '1000');
  vi.stubEnv('AUTH_RATE_LIMIT_IDENTIFIER', '1000');
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  try {
    return await createTestApp();
  } finally {
    vi.unstubAllEnvs();
  }
}

/** GET from the CMS REST API (`/api` + path) as the public role. */
export async function cms<T = unknown>(
  pathAndQuery: string,
  init?: RequestInit,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${inject('cmsUrl')}/api${pathAndQuery}`, init);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** The `<head>` part of an HTML document. */
export function headOf(html: string): string {
  const start = html.indexOf('<head>');
  const end = html.indexOf('</head>');
  return start >= 0 && end > start ? html.slice(start, end) : '';
}

/** Decodes the HTML entities React escapes in text. */
export function decodeHtml(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}
