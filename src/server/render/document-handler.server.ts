/**
 * The document handler (docs/decisions/105-streaming-documents.md): every page request that no
 * earlier route answered (GET, HEAD and form posts), in named steps:
 *
 * 1. **cache lookup**: a fresh (or stale, while another request renders it again) copy from the
 *    page cache (docs/decisions/008-page-cache.md) is sent whole; visitors with a session and
 *    previews never read or fill it.
 * 2. **preview**: a previewed draft is read past every cache (decision 101) and rendered whole.
 * 3. **render**: the loaders await the page's critical data (status and headers come from them),
 *    then React renders: browsers get the document from its shell on, deferred sections as they
 *    complete; bots (`isbot`) get it whole (`onAllReady`).
 * 4. **headers**: the route's, plus `X-Accel-Buffering: no` when sections are still to come after
 *    the shell, so nginx passes the answer on as it comes and never stores it (nginx caches only
 *    what it buffered). A page with nothing pending is whole as sent, and nginx may keep it.
 * 5. **cache fill**: only a complete document is kept, once every deferred value has resolved; a
 *    page that streamed sections is rendered once more, whole, from the settled data. A page with
 *    a deferred call that failed is not kept.
 * 6. **metrics**: the route's render time (to the end of the render) and the page cache's lookups.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isbot } from 'isbot';
import { hasSessionCookie } from '../auth/session.server.ts';
import type { ClientAssets, PortalContext } from '../context.server.ts';
import { PRIVATE_REVALIDATE } from '../http/cache-policy.server.ts';
import { createFetchRequest, sendFetchResponse } from '../http/fetch-bridge.server.ts';
import type { PortalMetrics } from '../metrics/portal-metrics.server.ts';
import { PageCache } from '../page-cache.server.ts';
import { markPreviewAnswer, previewClient, previewOf } from '../preview/preview.server.ts';
import { DocumentSink } from './document-stream.server.ts';
import { type DocumentResult, type RenderOptions, render } from './entry-server.tsx';

/** What the document handler needs from the app. */
export interface DocumentHandlerOptions {
  pageCache: PageCache | null;
  metrics: PortalMetrics;
  /** The request's portal context (locale, CMS client with the request's deadline, …). */
  portalContext: (req: Request, res: Response) => PortalContext;
  assets: ClientAssets;
  contentSecurityPolicy: RenderOptions['contentSecurityPolicy'];
  /** `STREAM_TIMEOUT_MS`: a render still running then is aborted and what is ready is sent, ms. */
  streamTimeoutMs: number;
  buildId: string;
  exposeErrors: boolean;
  /** The preview key (decision 101), or undefined when previews are off. */
  previewSecret: string | undefined;
  /** The CMS admin's origin, which may frame a preview. */
  previewFrameAncestor: string;
}

/** Which page-cache entry a request reads and fills, and what it found there. */
interface CacheStep {
  key: string | null;
  generation: number | undefined;
  /** This request renders a stale page again; it must store it or release the URL. */
  revalidating: string | null;
}

/** The document handler, mounted last before the error handler. */
export function documentHandler(options: DocumentHandlerOptions): RequestHandler {
  const { pageCache, metrics } = options;

  /** Step 1: sends the cached copy and returns null, or says what this request must fill. */
  function cacheLookup(req: Request, res: Response, preview: boolean): CacheStep | null {
    const key =
      pageCache && req.method !== 'POST' && !preview && !hasSessionCookie(req) ? req.originalUrl : null;
    const found = key && pageCache ? pageCache.lookup(key) : undefined;
    if (found) metrics.pageCache(found.state);
    const hit = found?.state === 'fresh' || found?.state === 'stale' ? found.page : undefined;
    if (hit) {
      res.locals.route = hit.route;
      res.status(hit.status);
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader('X-Cache', found?.state === 'stale' ? 'STALE' : 'HIT');
      if (res.getHeader('Set-Cookie')) res.setHeader('Cache-Control', PRIVATE_REVALIDATE);
      res.end(req.method === 'HEAD' ? undefined : hit.body);
      return null;
    }
    return {
      key,
      generation: pageCache?.generation,
      revalidating: found?.state === 'revalidate' && key ? key : null,
    };
  }

  /** Step 4: the document's status and headers on `res`; whether the page cache may keep it. */
  function writeHeaders(res: Response, result: DocumentResult, cache: CacheStep, streamed: boolean): boolean {
    res.locals.route = result.route;
    res.status(result.status);
    result.headers.forEach((value, name) => {
      res.setHeader(name, value);
    });
    // A response that sets a cookie is this visitor's own: keep it out of shared caches.
    if (res.getHeader('Set-Cookie')) res.setHeader('Cache-Control', PRIVATE_REVALIDATE);
    if (streamed) res.setHeader('X-Accel-Buffering', 'no');
    const keep = Boolean(
      pageCache &&
        cache.key &&
        PageCache.cacheable(result.status) &&
        PageCache.shareable(result.headers.get('cache-control') ?? undefined) &&
        !res.getHeader('Set-Cookie'),
    );
    if (keep) res.setHeader('X-Cache', cache.revalidating ? 'REVALIDATED' : 'MISS');
    return keep;
  }

  /**
   * Step 5: keeps the complete document once every deferred value has resolved, else releases a
   * revalidated URL. `sent` is what was sent: already whole when no section streamed.
   */
  async function cacheFill(result: DocumentResult, cache: CacheStep, keep: boolean, sent: Buffer | null) {
    const complete = keep && (await result.deferredSettled);
    if (!pageCache || !cache.key || !complete) {
      if (cache.revalidating) pageCache?.release(cache.revalidating);
      return;
    }
    const whole =
      result.pendingSections === 0 && sent
        ? { headers: result.headers, body: sent }
        : await result.renderWhole();
    pageCache.store(cache.key, result.status, [...whole.headers], whole.body, cache.generation, result.route);
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    if (!['GET', 'HEAD', 'POST'].includes(req.method)) return next();
    // Step 2: previews never read or fill the page cache (decision 101).
    const preview = previewOf(res);
    const cache = cacheLookup(req, res, Boolean(preview));
    if (!cache) return;
    try {
      const request = createFetchRequest(req, res);
      const portal = options.portalContext(req, res);
      if (preview) portal.strapi = previewClient(portal.strapi, preview, options.previewSecret);
      // Step 3: render.
      const whole = Boolean(preview) || isbot(req.get('user-agent'));
      const result = await render(request, {
        portal,
        assets: options.assets,
        contentSecurityPolicy: options.contentSecurityPolicy,
        timeoutMs: options.streamTimeoutMs,
        buildId: options.buildId,
        exposeErrors: options.exposeErrors,
        whole,
      });
      if (result instanceof Response) {
        res.locals.route = 'redirect';
        if (cache.revalidating) pageCache?.release(cache.revalidating);
        await sendFetchResponse(res, result);
        return;
      }
      // Only an answer with sections still to come is streamed past nginx (and so never stored there).
      const streamed = !whole && req.method !== 'HEAD' && result.pendingSections > 0;
      const keep = writeHeaders(res, result, cache, streamed);
      if (req.method === 'HEAD') {
        // Headers are all a HEAD gets: the render stops here.
        result.render.abort();
        res.end();
        if (cache.revalidating) pageCache?.release(cache.revalidating);
        return;
      }
      let sent: Buffer | null = null;
      if (whole) {
        const sink = new DocumentSink(null, { headElement: result.headElement, keep: true });
        result.render.pipe(sink);
        sent = await sink.done;
        res.end(preview ? markPreviewAnswer(res, sent, options.previewFrameAncestor) : sent);
      } else {
        // Only a page with nothing to stream is whole as sent; the others are rendered again to keep.
        const sink = new DocumentSink(res, {
          headElement: result.headElement,
          keep: keep && result.pendingSections === 0,
        });
        res.once('close', () => {
          if (!sink.writableFinished) sink.destroy();
        });
        result.render.pipe(sink);
        sent = await sink.done;
      }
      // Step 6: metrics.
      metrics.rendered(result.route, (performance.now() - result.renderStart) / 1000);
      await cacheFill(result, cache, keep, keep ? sent : null);
    } catch (error) {
      if (cache.revalidating) pageCache?.release(cache.revalidating);
      next(error);
    }
  };
}
