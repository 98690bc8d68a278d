/**
 * Builds the search index right after start in production, without delaying the start and without
 * an error log per CMS call while the CMS is still booting (`npm start` starts the portal first):
 * it asks the CMS's `/_health` quietly every `intervalMs` and builds once the CMS answers.
 */
import { request } from 'undici';
import type { SiteSearch } from './site-search.server.ts';

/** Options of {@link warmWhenCmsReady}. */
export interface WarmUpOptions {
  /** Pause between health checks in ms (default 2000). */
  intervalMs?: number;
  /** Give up after this many ms (default 300 000); the first search or the periodic rebuild builds it then. */
  timeoutMs?: number;
}

async function cmsAnswers(strapiUrl: string): Promise<boolean> {
  try {
    const response = await request(new URL('/_health', strapiUrl), {
      method: 'HEAD',
      signal: AbortSignal.timeout(2000),
    });
    await response.body.dump();
    return response.statusCode < 500;
  } catch {
    return false;
  }
}

/**
 * Waits (in the background) until the CMS at `strapiUrl` answers, then builds `index`.
 * @returns a function that stops waiting (shutdown)
 */
export function warmWhenCmsReady(
  index: SiteSearch,
  strapiUrl: string,
  options: WarmUpOptions = {},
): () => void {
  const intervalMs = options.intervalMs ?? 2000;
  const deadline = Date.now() + (options.timeoutMs ?? 300_000);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const attempt = async (): Promise<void> => {
    if (stopped) return;
    if (await cmsAnswers(strapiUrl)) {
      if (!stopped) await index.warm();
      return;
    }
    if (Date.now() < deadline && !stopped) {
      timer = setTimeout(() => void attempt(), intervalMs);
      timer.unref();
    }
  };
  timer = setTimeout(() => void attempt(), 0);
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
