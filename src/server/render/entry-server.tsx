/**
 * The render module: the only server code that imports React. The HTTP layer calls `render()` for
 * documents and `queryData()` for client navigations; both answer with the headers of the matched
 * routes (every route's `Set-Cookie`). Part of the one server module graph that Vite builds from
 * `server.ts` (docs/decisions/042-one-module-graph-and-request-context.md).
 */
import { createStaticRouter, type StaticHandlerContext, StaticRouterProvider } from 'react-router';
import { splitLocale } from '../../shared/i18n/locale.ts';
import type { RouteHandle } from '../../shared/route-handle.ts';
import {
  type BrowserState,
  type DataPayload,
  deserializeErrors,
  serializeErrors,
  toInlineJson,
} from '../../shared/route-state.ts';
import { COLOR_MODE_SCRIPT } from '../../shared/shell/color-mode.ts';
import { BootstrapContext, type DocumentBootstrap } from '../../shared/ui/root-data.ts';
import type { ClientAssets, PortalContext } from '../context.server.ts';
import { NO_STORE, NOT_FOUND_CACHE, PRIVATE_NO_STORE } from '../http/cache-policy.server.ts';
import { CACHE_TAG_HEADER, isSharedCacheable, SURROGATE_KEY_HEADER } from '../http/shared-cache.server.ts';
import { serverRoutes } from '../route-modules.server.ts';
import {
  awaitLoaderData,
  type DeferredValues,
  deferredLines,
  NDJSON,
  splitPending,
  trackLoaderData,
} from './deferred.server.ts';
import {
  type DocumentRender,
  DocumentSink,
  inlineScriptElement,
  startDocumentRender,
} from './document-stream.server.ts';
import { matchedRoutes } from './matched-routes.server.ts';
import { pageModules } from './page-assets.server.ts';
import { createSegmentedStaticHandler } from './segmented-handler.server.ts';

/** Built once per process; split by first path segment (decision 073). */
const handler = createSegmentedStaticHandler(serverRoutes);

export type { ClientAssets };

export interface RenderOptions {
  portal: PortalContext;
  assets: ClientAssets;
  /** Build id, handed to the browser for new-version detection. */
  buildId: string;
  /** Show internal error messages (development only). */
  exposeErrors: boolean;
  /**
   * The `Content-Security-Policy` for a document that loads scripts with these SRI integrity
   * values (decision 051); each page loads its own chunks, so each page gets its own list. With
   * `streamedBoundaries` > 0 it also allows the scripts React streams for that many Suspense
   * boundaries completing after the shell (src/server/render/streaming-scripts.server.ts).
   */
  contentSecurityPolicy?: (scriptIntegrity: string[], streamedBoundaries: number) => string;
  /** How long a render may take before it is aborted and what is ready is sent, ms (`STREAM_TIMEOUT_MS`). */
  timeoutMs: number;
  /**
   * Render the whole document before anything is sent (`onAllReady`): for bots and previews. Else
   * the document is ready to be sent from its shell on.
   */
  whole: boolean;
}

/**
 * The assets of the document for `context`: with a build, the chunks of the matched pages'
 * components and of the translation files they and the shell use in the page's locale
 * (docs/decisions/065-per-route-javascript.md, docs/decisions/072-translations-per-route.md).
 */
function documentAssets(context: StaticHandlerContext, url: URL, assets: ClientAssets): ClientAssets {
  if (!assets.forPage) return assets;
  const names = context.matches.flatMap(
    (match) => ((match.route.handle as RouteHandle | undefined)?.name ?? []) as string[],
  );
  return { ...assets, ...assets.forPage(pageModules(names, splitLocale(url.pathname).locale)) };
}

/**
 * A document being rendered (docs/decisions/105-streaming-documents.md): its status and headers
 * are known (the loaders awaited the page's critical data); React is ready to write it from its
 * shell on, or with `whole` from its end.
 */
export interface DocumentResult {
  status: number;
  /** The headers to send with this answer. */
  headers: Headers;
  /** The spec name of the page route it shows ({@link routeNameOf}), the metrics' route label. */
  route: string;
  /** The started render; `pipe` it into a {@link DocumentSink} made with {@link headElement}. */
  render: DocumentRender;
  /** Markup the sink writes right after `<head>` (the colour-mode script, decision 056). */
  headElement: string;
  /** Deferred sections still pending when the render started: they stream after the shell. */
  pendingSections: number;
  /** Settles when every deferred value has: true when each resolved, false when one failed. */
  deferredSettled: Promise<boolean>;
  /**
   * Once `deferredSettled` has: the whole document again, rendered from the settled data, and its
   * headers (every document the page read named in `Surrogate-Key`; a CSP without the streaming
   * scripts): the page cache's copy of a page that streamed sections.
   */
  renderWhole(): Promise<{ headers: Headers; body: Buffer }>;
  /** `performance.now()` when React started. */
  renderStart: number;
}

/**
 * The spec name of the deepest matched page route (`news-id-slug`, the same in every locale), or
 * `not-found` when no page route matched: a bounded label for metrics
 * (src/server/metrics/portal-metrics.server.ts).
 */
function routeNameOf(context: StaticHandlerContext): string {
  for (let i = context.matches.length - 1; i >= 0; i--) {
    const name = (context.matches[i]!.route.handle as RouteHandle | undefined)?.name;
    if (name) return name;
  }
  return 'not-found';
}

/**
 * The errors to render: as they are, unless one is a server error with the request's id; then
 * all of them rebuilt from their transferable form, so the error page shows the id exactly as the
 * browser will hydrate it (docs/decisions/092-request-ids.md).
 */
function errorsToRender(
  context: StaticHandlerContext,
  errors: BrowserState['router']['errors'],
): StaticHandlerContext['errors'] {
  if (!errors) return context.errors;
  for (const id in errors) {
    if (errors[id]!.requestId !== undefined) return deserializeErrors(errors);
  }
  return context.errors;
}

/**
 * The `Set-Cookie` lines of every matched route, actions and loaders alike, in route order and
 * each line once (React Router's `getDocumentHeadersImpl` likewise keeps every route's cookies).
 */
function routeCookies(context: StaticHandlerContext): string[] {
  const lines = new Set<string>();
  for (const match of context.matches) {
    const id = match.route.id;
    for (const source of [context.actionHeaders[id], context.loaderHeaders[id]]) {
      for (const line of source?.getSetCookie() ?? []) lines.add(line);
    }
  }
  return [...lines];
}

/**
 * The document's headers: the other headers of the deepest matched route that returned any (for
 * example `Cache-Control`), every route's `Set-Cookie`, answers to form posts marked
 * `private, no-store` and error pages `no-store`, and on public answers the documents the page
 * shows as `Surrogate-Key` / `Cache-Tag` (docs/decisions/054-shared-cache-headers.md).
 */
function responseHeaders(context: StaticHandlerContext, method: string, portal: PortalContext): Headers {
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
  for (const line of routeCookies(context)) headers.append('Set-Cookie', line);
  // Answers to form posts show what this visitor typed; error pages must never be kept.
  if (method !== 'GET') {
    headers.set('Cache-Control', PRIVATE_NO_STORE);
    return headers;
  }
  if (context.statusCode >= 500) {
    headers.set('Cache-Control', NO_STORE);
    return headers;
  }
  for (let i = context.matches.length - 1; i >= 0; i--) {
    const routeHeaders = context.loaderHeaders[context.matches[i]!.route.id];
    const other = [...(routeHeaders?.entries() ?? [])].filter(([key]) => key !== 'set-cookie');
    if (other.length > 0) {
      for (const [key, value] of other) headers.set(key, value);
      break;
    }
  }
  if (context.statusCode === 404) headers.set('Cache-Control', NOT_FOUND_CACHE);
  const keys = isSharedCacheable(headers.get('Cache-Control')) ? portal.cacheKeys.headerValue() : null;
  if (keys !== null) {
    headers.set(SURROGATE_KEY_HEADER, keys);
    headers.set(CACHE_TAG_HEADER, keys.replaceAll(' ', ','));
  }
  return headers;
}

/**
 * Loads and starts rendering the document for `request`.
 * @returns a `Response` when a loader redirected (or answered raw), otherwise the document,
 *   ready to be piped from its shell on (or, with `options.whole`, complete).
 * @throws when the shell itself cannot render (the HTTP layer then sends its static error page).
 */
export async function render(request: Request, options: RenderOptions): Promise<Response | DocumentResult> {
  const context = await handler.query(request, { requestContext: options.portal });
  if (context instanceof Response) return context;
  const logRenderError = (error: unknown) => {
    // The visitor went away mid-stream (React: "The destination stream closed early"): nothing failed.
    if (request.signal.aborted) {
      options.portal.logger.debug({ url: request.url }, 'render stopped: the client went away');
      return;
    }
    options.portal.logger.error({ err: error, url: request.url }, 'render error');
  };
  const deferred = await trackLoaderData(context.loaderData, (error, id) => {
    options.portal.logger.warn({ err: error, url: request.url, deferred: id }, 'deferred section left out');
  });
  const errors = serializeErrors(context.errors, options.exposeErrors, options.portal.requestId);
  context.errors = errorsToRender(context, errors);
  // Only the matched branch: the whole table would be converted again per request (decision 068).
  const router = createStaticRouter(matchedRoutes(context.matches), context);
  const assets = documentAssets(context, new URL(request.url), options.assets);
  const state: BrowserState = {
    router: {
      loaderData: deferred.loaderData,
      actionData: context.actionData,
      errors,
    },
    assets: {
      styles: assets.styles,
      modulePreloads: assets.modulePreloads,
      integrity: assets.integrity,
      devPreamble: assets.devPreamble,
    },
    buildId: options.buildId,
  };
  const bootstrap: DocumentBootstrap = {
    styles: assets.styles,
    // React preloads the entry itself (bootstrapModules); the document lists the other modules.
    modulePreloads: assets.modulePreloads.filter((href) => href !== assets.entry),
    integrity: assets.integrity,
    devPreamble: assets.devPreamble,
    stateJson: toInlineJson(state),
  };
  const status = context.statusCode;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const streamedBoundaries = options.whole ? 0 : deferred.pending;
  const documentHeaders = (boundaries: number) => {
    const headers = responseHeaders(context, method, options.portal);
    if (options.contentSecurityPolicy && assets.integrity) {
      headers.set(
        'Content-Security-Policy',
        options.contentSecurityPolicy(Object.values(assets.integrity), boundaries),
      );
    }
    return headers;
  };
  const tree = () => (
    <BootstrapContext.Provider value={bootstrap}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </BootstrapContext.Provider>
  );
  const bootstrapModule = { src: assets.entry, integrity: assets.integrity?.[assets.entry] };
  const headElement = inlineScriptElement(COLOR_MODE_SCRIPT);
  const renderStart = performance.now();
  const started = await startDocumentRender(tree(), {
    bootstrapModule,
    whole: options.whole,
    timeoutMs: options.timeoutMs,
    onError: logRenderError,
  });
  return {
    status,
    headers: documentHeaders(streamedBoundaries),
    route: routeNameOf(context),
    render: started,
    headElement,
    pendingSections: streamedBoundaries,
    deferredSettled: deferred.settled,
    async renderWhole() {
      const whole = await startDocumentRender(tree(), {
        bootstrapModule,
        whole: true,
        timeoutMs: options.timeoutMs,
        onError: logRenderError,
      });
      const sink = new DocumentSink(null, { headElement, keep: true });
      whole.pipe(sink);
      return { headers: documentHeaders(0), body: await sink.done };
    },
    renderStart,
  };
}

/**
 * Runs the loaders of `request` (a page URL) for a client navigation and answers JSON: the router
 * state, or where a loader redirected to. Status codes mirror the document's, and so does the
 * state's `Cache-Control` (the same data is inlined in the document): a public page's data is
 * public, so the service worker may keep a news item's data for offline reading
 * (docs/decisions/059-installable-app.md). Redirects, answers that set a cookie, errors and form
 * posts are never stored; a visitor's session makes any answer private (src/server/auth/session.server.ts).
 * A GET that accepts `application/x-ndjson` while a deferred value is still pending gets a streamed
 * answer instead ({@link streamedData}, decision 105's addendum).
 */
export async function queryData(
  request: Request,
  options: Pick<RenderOptions, 'portal' | 'exposeErrors'> & {
    /** Hears the spec name of the matched page route ({@link routeNameOf}; not called for redirects). */
    onRoute?: (route: string) => void;
  },
): Promise<Response> {
  const context = await handler.query(request, { requestContext: options.portal });
  const headers = new Headers({
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': NO_STORE,
  });
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    if (location && context.status >= 300 && context.status < 400) {
      const external = /^[a-z][a-z0-9+.-]*:/i.test(location) || location.startsWith('//');
      const payload: DataPayload = { redirect: location, status: context.status, external };
      for (const line of context.headers.getSetCookie()) headers.append('Set-Cookie', line);
      return new Response(JSON.stringify(payload), { status: 200, headers });
    }
    return context;
  }
  options.onRoute?.(routeNameOf(context));
  for (const line of routeCookies(context)) headers.append('Set-Cookie', line);
  const leftOut = (error: unknown, id: string) => {
    options.portal.logger.warn({ err: error, url: request.url, deferred: id }, 'deferred section left out');
  };
  // A browser that reads NDJSON gets the state at once and each slow deferred value as it settles
  // (decision 105, addendum); when nothing is pending, it gets the same JSON as anyone else.
  let logged = false;
  if (request.method === 'GET' && request.headers.get('Accept')?.includes(NDJSON)) {
    const tracked = await trackLoaderData(context.loaderData, leftOut);
    logged = true;
    if (tracked.pending > 0) return streamedData(context, tracked, headers, request.method, options);
  }
  // Otherwise deferred values are awaited here: the navigation gets them in one answer.
  const { loaderData, failed } = await awaitLoaderData(context.loaderData, logged ? () => {} : leftOut);
  const documentCacheControl = responseHeaders(context, request.method, options.portal).get('Cache-Control');
  // An answer with a section left out is not kept: the next one may have it.
  if (documentCacheControl && headers.getSetCookie().length === 0 && !failed) {
    headers.set('Cache-Control', documentCacheControl);
  }
  const payload: DataPayload = {
    loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors, options.exposeErrors, options.portal.requestId),
  };
  return new Response(JSON.stringify(payload), { status: context.statusCode, headers });
}

/**
 * A streamed `/__data` answer (`application/x-ndjson`, decision 105's addendum): the first line is
 * the router state with a marker for each pending deferred value (src/server/render/deferred.server.ts
 * `splitPending`), each later line one value as it settles. Like a streamed document, it carries
 * its page's `Cache-Control` (so the service worker keeps a news item read this way for offline
 * reading) and `X-Accel-Buffering: no`, so nginx passes it on as it comes and never stores it.
 */
function streamedData(
  context: StaticHandlerContext,
  tracked: DeferredValues,
  headers: Headers,
  method: string,
  options: Pick<RenderOptions, 'portal' | 'exposeErrors'>,
): Response {
  const { loaderData, pending } = splitPending(tracked);
  const payload: DataPayload = {
    loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors, options.exposeErrors, options.portal.requestId),
  };
  headers.set('Content-Type', `${NDJSON}; charset=utf-8`);
  const documentCacheControl = responseHeaders(context, method, options.portal).get('Cache-Control');
  if (documentCacheControl && headers.getSetCookie().length === 0) {
    headers.set('Cache-Control', documentCacheControl);
  }
  headers.set('X-Accel-Buffering', 'no');
  const lines = deferredLines(pending);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${JSON.stringify(payload)}\n`));
    },
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, { status: context.statusCode, headers });
}
