/**
 * Stage 6 of the app (src/server/app.ts): content changes. The CMS webhook `POST /hooks/cms`
 * (http/cms-webhook.server.ts) reports a change; it is applied here and passed on to every other
 * instance through Redis (cluster/content-broadcast.server.ts, decision 057). Applying a change
 * drops the cached CMS answers, rendered pages and redirect rules, and updates the search index:
 * the one changed document when the change names one, else a rebuild (decision 066). In
 * production the search index is also built in the background once the CMS answers, and rebuilt
 * every 5 minutes (decision 012).
 */
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { contentBroadcast } from '../cluster/content-broadcast.server.ts';
import type { RedisConnections } from '../cluster/redis.server.ts';
import type { StrapiClient } from '../cms/strapi-client.server.ts';
import { cmsWebhookRouter } from '../http/cms-webhook.server.ts';
import type { PageCache } from '../page-cache.server.ts';
import type { ContentChange } from '../search/documents.server.ts';
import type { SiteSearch } from '../search/site-search.server.ts';
import { warmWhenCmsReady } from '../search/warm-up.server.ts';

export interface ContentChangesOptions {
  strapi: StrapiClient;
  logger: Logger;
  searchIndex: SiteSearch;
  /** The redirect rules' cache (middleware/redirects.server.ts). */
  redirects: { invalidate: () => void };
  pageCache: PageCache | null;
  redis: RedisConnections | undefined;
  /** The webhook's shared secret; without it the endpoint answers 404. */
  webhookSecret: string | undefined;
  /** Build the search index at start and refresh it periodically (production). */
  warmSearch: boolean;
  /** The CMS's base URL, asked until it answers before the first build. */
  strapiUrl: string;
}

export interface ContentChanges {
  /** The webhook's route, for `app.use`. */
  webhook: RequestHandler;
  /** Applies a change on this instance only (no broadcast); without one, everything is dropped. */
  apply: (change?: ContentChange) => void;
  /** Stops the broadcast, the warm-up and the periodic refresh. */
  close: () => Promise<void>;
}

/**
 * Wires the webhook, the broadcast and the search index's refreshes.
 * @returns The webhook route, the local apply and a close.
 */
export function contentChanges(options: ContentChangesOptions): ContentChanges {
  const { strapi, searchIndex, redirects, pageCache } = options;
  /**
   * Pages rendered while the index changed (search results) are dropped again once it is in use.
   */
  const apply = (change?: ContentChange): void => {
    strapi.clearCache();
    redirects.invalidate();
    pageCache?.clear();
    if (change) searchIndex.apply(change);
    else searchIndex.refresh();
    if (pageCache) void searchIndex.whenIdle().then(() => pageCache.clear());
  };
  const broadcast = contentBroadcast(apply, options.redis);
  const stops: Array<() => void> = [];
  if (options.warmSearch) {
    stops.push(warmWhenCmsReady(searchIndex, options.strapiUrl), searchIndex.startPeriodicRefresh());
  }
  return {
    webhook: cmsWebhookRouter({
      secret: options.webhookSecret,
      logger: options.logger,
      onContentChange: (change) => broadcast.changed(change),
    }),
    apply,
    close: async () => {
      for (const stop of stops) stop();
      await broadcast.close();
    },
  };
}
