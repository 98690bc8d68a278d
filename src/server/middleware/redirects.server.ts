/**
 * Redirect rules from the CMS `redirects` collection (docs/product.md#routes-and-layouts: a global check asks a
 * route-rules lookup by path). The whole table is loaded at once and kept for `ttlMs` (lru-cache
 * with stale-while-revalidate), so a request never waits on the CMS for it except on a cold start.
 * An absolute target leaves the site; a relative one stays inside and keeps the locale prefix.
 */
import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Redirect } from '../../shared/cms-types.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import { isDataRequest } from '../../shared/urls.ts';
import type { StrapiClient } from '../cms/strapi-client.server.ts';
import { requestCms, requestLogger } from '../http/request-id.server.ts';

/** A redirect rule as used at run time. */
export interface RedirectRule {
  to: string;
  status: 301 | 302;
}

/** Normalises a path for lookup: no trailing slash (except `/`), lower case. */
export function normalizeRulePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed.toLowerCase();
}

/** Builds the lookup table from CMS entries; invalid entries are skipped. */
export function buildRuleTable(entries: Redirect[]): Map<string, RedirectRule> {
  const table = new Map<string, RedirectRule>();
  for (const entry of entries) {
    if (!entry.from?.startsWith('/') || !entry.to) continue;
    const isAbsolute = /^https?:\/\//i.test(entry.to);
    if (!isAbsolute && !entry.to.startsWith('/')) continue;
    table.set(normalizeRulePath(entry.from), { to: entry.to, status: entry.statusCode === 301 ? 301 : 302 });
  }
  return table;
}

/**
 * Resolves where a request should go, or null when no rule matches.
 * @param path the path without locale prefix; `locale` prefixes relative targets.
 */
export function resolveRedirect(
  table: Map<string, RedirectRule>,
  path: string,
  locale: Parameters<typeof localizePath>[1],
  search: string,
): { location: string; status: 301 | 302 } | null {
  const rule = table.get(normalizeRulePath(path));
  if (!rule) return null;
  if (/^https?:\/\//i.test(rule.to)) return { location: rule.to, status: rule.status };
  const target = localizePath(rule.to, locale);
  return { location: search && !target.includes('?') ? target + search : target, status: rule.status };
}

export interface RedirectOptions {
  strapi: StrapiClient;
  logger: Logger;
  /** How long the table is used before it is refreshed, in ms (default 60 000). */
  ttlMs?: number;
}

/** Loads every redirect (pages of 100). */
async function loadRules(strapi: StrapiClient): Promise<Map<string, RedirectRule>> {
  const entries: Redirect[] = [];
  for (let page = 1; ; page++) {
    const list = await strapi.find<Redirect>('redirects', {
      fields: ['from', 'to', 'statusCode'],
      pagination: { page, pageSize: 100 },
    });
    entries.push(...list.data);
    if (!list.meta.pagination || page >= list.meta.pagination.pageCount) break;
  }
  return buildRuleTable(entries);
}

/**
 * Express middleware for GET/HEAD page requests. When the CMS cannot be reached the request goes
 * on without redirects (the page itself will then report the outage).
 */
export function redirectsMiddleware(options: RedirectOptions) {
  // The request's response travels as the fetch context: the rules load within its CMS deadline
  // and with its request id (src/server/http/request-id.server.ts).
  const cache = new LRUCache<'rules', Map<string, RedirectRule>, Response | undefined>({
    max: 1,
    ttl: options.ttlMs ?? 60_000,
    allowStale: true,
    noDeleteOnStaleGet: true,
    fetchMethod: (_key, _stale, { context }) =>
      loadRules(context === undefined ? options.strapi : requestCms(options.strapi, context)),
  });
  const middleware = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let table: Map<string, RedirectRule> | undefined;
    try {
      table = await cache.fetch('rules', { context: res });
    } catch (error) {
      requestLogger(res, options.logger).warn({ err: error }, 'redirect rules unavailable');
      return next();
    }
    const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    const target = table && resolveRedirect(table, req.localePath, req.locale, search);
    if (!target) return next();
    if (isDataRequest(req.originalUrl)) {
      // A client navigation: tell the browser router where to go instead of redirecting the fetch.
      res.json({
        redirect: target.location,
        status: target.status,
        external: /^https?:\/\//i.test(target.location),
      });
      return;
    }
    res.redirect(target.status, target.location);
  };
  /** Drops the cached table (CMS webhook on change). */
  middleware.invalidate = () => cache.clear();
  return middleware;
}
