/**
 * HTTP routes of what machines read: `/robots.txt`, the sitemap index `/sitemap.xml`,
 * the sitemaps under `/sitemaps/`, and the RSS feeds `/rss.xml`, `/en/rss.xml` (the English
 * translations, docs/decisions/061-untranslated-content.md) and `/news/tag/{tag}/rss.xml`.
 *
 * - Registered before the page renderer, so these paths never reach a page route. Express answers
 *   HEAD with the GET handler's headers and no body; `res.send` adds an ETag and answers
 *   conditional requests with 304.
 * - 200 responses: `Content-Type: application/xml` (RSS: `application/rss+xml`, robots:
 *   `text/plain`), `charset=utf-8`, `Cache-Control: public, max-age=300`.
 * - A CMS failure (Strapi 5xx, network error, timeout) answers 503 with `Retry-After` and
 *   `Cache-Control: no-store`: never an empty or partial sitemap a crawler would believe.
 * - An unknown sitemap file or tag answers 404.
 */
import { type NextFunction, type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import { isStrapiError, type StrapiClient } from '../cms/strapi-client.server.ts';
import { FEED_CACHE, NO_STORE } from '../http/cache-policy.server.ts';
import { requestCms, requestLogger } from '../http/request-id.server.ts';
import { ENGLISH_RSS_PATH, RSS_PATH, SITEMAP_INDEX_PATH } from './feed-paths.server.ts';
import { feedText } from './feed-text.server.ts';
import { robotsTxt } from './robots.server.ts';

/**
 * The RSS and sitemap builders and their XML libraries (`feed`, `fast-xml-parser`) load on the
 * first feed or sitemap request, not at start: no page render needs them, and every module kept
 * in the heap makes it larger under load (decision 073).
 */
const rss = () => import('./rss.server.ts');
const sitemaps = () => import('./sitemaps.server.ts');

/** Seconds a client should wait after a 503 before it asks again. */
const RETRY_AFTER_S = 60;

/** Dependencies of {@link feedsRouter}. */
export interface FeedsRouterOptions {
  strapi: StrapiClient;
  logger: Logger;
  /** Public origin without trailing slash (absolute URLs in every document). */
  publicUrl: string;
  /** Current time in ms since the epoch (tests); default `Date.now`. */
  now?: () => number;
}

const XML = 'application/xml; charset=utf-8';
const RSS = 'application/rss+xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

/**
 * Builds the router. Mount it with `app.use(feedsRouter(…))` before the page renderer.
 * Errors other than CMS outages go to Express's error handler (500).
 */
export function feedsRouter({ strapi, logger, publicUrl, now = Date.now }: FeedsRouterOptions): Router {
  const router = Router();
  const siteUrl = publicUrl.replace(/\/+$/, '');

  /** Sends a document built by `build`; `null` from it is a 404. */
  const serve =
    (type: string, build: (req: Request, cms: StrapiClient) => Promise<string | null>) =>
    async (req: Request, res: Response, next: NextFunction): Promise<void> => {
      try {
        const body = await build(req, requestCms(strapi, res, { ownTimeouts: true }));
        if (body === null) {
          res.status(404).set({ 'Content-Type': TEXT, 'Cache-Control': FEED_CACHE });
          res.send(feedText('notFound'));
          return;
        }
        res.status(200).set({ 'Content-Type': type, 'Cache-Control': FEED_CACHE });
        res.send(body);
      } catch (error) {
        if (isStrapiError(error) && error.status >= 500) {
          requestLogger(res, logger).warn(
            { err: error, url: req.originalUrl },
            'CMS unavailable for a feed or sitemap',
          );
          res.status(503).set({
            'Content-Type': TEXT,
            'Cache-Control': NO_STORE,
            'Retry-After': String(RETRY_AFTER_S),
          });
          res.send(feedText('unavailable'));
          return;
        }
        next(error);
      }
    };

  const sitemapContext = (cms: StrapiClient) => ({ strapi: cms, siteUrl, now: now() });

  router.get(
    '/robots.txt',
    serve(TEXT, async () => robotsTxt(siteUrl)),
  );
  router.get(
    SITEMAP_INDEX_PATH,
    serve(XML, async (_req, cms) => (await sitemaps()).buildSitemapIndex(sitemapContext(cms))),
  );
  router.get(
    '/sitemaps/:file',
    serve(XML, async (req, cms) =>
      (await sitemaps()).buildSitemapFile(sitemapContext(cms), String(req.params.file)),
    ),
  );
  router.get(
    RSS_PATH,
    serve(RSS, async (_req, cms) => (await rss()).buildRss({ strapi: cms, siteUrl })),
  );
  router.get(
    ENGLISH_RSS_PATH,
    serve(RSS, async (_req, cms) => (await rss()).buildEnglishRss({ strapi: cms, siteUrl })),
  );
  router.get(
    '/news/tag/:tag/rss.xml',
    serve(RSS, async (req, cms) => (await rss()).buildRss({ strapi: cms, siteUrl }, String(req.params.tag))),
  );
  return router;
}
