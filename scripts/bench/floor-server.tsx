/**
 * The floor of `npm run bench` (docs/decisions/068-render-cost-against-a-floor.md): the least a
 * server can do to send the portal's pages. Plain Express and React render the portal's own React
 * tree (the same route table, document and views) for a fixed set of URLs, with every page's data
 * in memory: at start it asks the real portal once per URL and keeps the router state the portal
 * inlined into that page (the loader data the views render), each deferred value as its data
 * block carried it (settled, so nothing suspends). Per request: no CMS, no loaders, no middleware,
 * no cache; React's `renderToPipeableStream` streams the document to the socket through the
 * portal's own sink (the colour-mode script in `<head>`) with the entry as `bootstrapModules`, as
 * the portal does (docs/decisions/105-streaming-documents.md), so its bytes equal the portal's.
 *
 * Built by scripts/bench.mjs with the portal's Vite config (SSR environment) into its own folder
 * and run with plain `node`. Env: `PORT`, `FLOOR_SOURCE` (the portal's origin), `FLOOR_PATHS`
 * (JSON array of paths with query), `FLOOR_STATIC_FILE` (a file served at `/__static`, for the
 * page-cache comparison). Not part of the portal's build or tests.
 */
import express from 'express';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import {
  DocumentSink,
  inlineScriptElement,
  startDocumentRender,
} from '../../src/server/render/document-stream.server.ts';
import { matchedRoutes } from '../../src/server/render/matched-routes.server.ts';
import { loadAllTexts } from '../../src/shared/i18n/translations.ts';
import type { BrowserState } from '../../src/shared/route-state.ts';
import { createRoutes, loadPages } from '../../src/shared/routes.tsx';
import { COLOR_MODE_SCRIPT } from '../../src/shared/shell/color-mode.ts';
import {
  DEFERRED_MARKER,
  type DeferredBlock,
  deferredElementId,
  settledPromise,
} from '../../src/shared/ui/deferred.tsx';
import { BootstrapContext, type DocumentBootstrap } from '../../src/shared/ui/root-data.ts';

const STATE = /<script type="application\/json" id="__portal_state">([\s\S]*?)<\/script>/;
/** The entry's script, as React's `bootstrapModules` writes it. */
const ENTRY = /<script type="module" src="([^"]+)"(?: integrity="([^"]+)")? id="_R_" async=""><\/script>/;
const HEAD_ELEMENT = inlineScriptElement(COLOR_MODE_SCRIPT);

interface Page {
  bootstrap: DocumentBootstrap;
  entry: { src: string; integrity?: string };
  context: Exclude<Awaited<ReturnType<ReturnType<typeof createStaticHandler>['query']>>, Response>;
}

const source = process.env.FLOOR_SOURCE ?? '';
const paths = JSON.parse(process.env.FLOOR_PATHS ?? '[]') as string[];

/**
 * The page's loader data with each deferred value's stand-in replaced by a promise settled with
 * what its data block in `html` carried.
 */
function withDeferredValues(loaderData: Record<string, unknown>, html: string): Record<string, unknown> {
  const revived: Record<string, unknown> = {};
  for (const [routeId, data] of Object.entries(loaderData)) {
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      revived[routeId] = data;
      continue;
    }
    const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
    for (const [key, value] of Object.entries(copy)) {
      const id = (value as Record<string, unknown> | null)?.[DEFERRED_MARKER];
      if (typeof id !== 'string') continue;
      const element = `<script type="application/json" id="${deferredElementId(id)}">`;
      const start = html.indexOf(element);
      if (start < 0) throw new Error(`floor: no data block for ${id}`);
      const block = JSON.parse(
        html.slice(start + element.length, html.indexOf('</script>', start)),
      ) as DeferredBlock;
      copy[key] =
        'value' in block
          ? settledPromise({ ok: true, value: block.value }, id)
          : settledPromise({ ok: false, error: new Error('failed') }, id);
    }
    revived[routeId] = copy;
  }
  return revived;
}

/** The loader data of the page being prepared: loaders answer from memory, once per URL, at start. */
let current: Record<string, unknown> = {};
// As the portal does at start (src/server/route-modules.server.ts): every page component and every
// locale's translations loaded, so nothing is lazy while rendering.
await loadAllTexts();
const handler = createStaticHandler(
  createRoutes((id) => () => current[id] ?? null, undefined, await loadPages()),
);
const pages = new Map<string, Page>();

for (const path of paths) {
  const response = await fetch(new URL(path, source), { headers: { 'accept-language': 'nl' } });
  const html = await response.text();
  const stateJson = STATE.exec(html)?.[1];
  const entry = ENTRY.exec(html);
  if (response.status !== 200 || !stateJson || !entry) throw new Error(`floor: ${path} gave no page state`);
  const state = JSON.parse(stateJson) as BrowserState;
  if (state.router.errors) throw new Error(`floor: ${path} has route errors`);
  current = withDeferredValues(state.router.loaderData, html);
  const context = await handler.query(new Request(new URL(path, 'http://floor.local')));
  if (context instanceof Response) throw new Error(`floor: ${path} redirected`);
  // The view reads the exact state the portal inlined; the inline JSON is the portal's own text.
  pages.set(path, {
    // As the portal's document: React preloads the entry itself (bootstrapModules).
    bootstrap: {
      ...state.assets,
      modulePreloads: state.assets.modulePreloads.filter((href) => href !== entry[1]),
      stateJson,
    },
    entry: { src: entry[1]!, ...(entry[2] ? { integrity: entry[2] } : {}) },
    context,
  });
}

const app = express();
app.disable('x-powered-by');
if (process.env.FLOOR_STATIC_FILE) {
  app.get('/__static', (_req, res) => {
    res.sendFile(process.env.FLOOR_STATIC_FILE!, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  });
}
app.get('/{*path}', async (req, res, next) => {
  const page = pages.get(req.originalUrl);
  if (!page) {
    res.status(404).end();
    return;
  }
  try {
    // The matched branch only, as the portal does (src/server/render/matched-routes.server.ts).
    const router = createStaticRouter(matchedRoutes(page.context.matches), page.context);
    const render = await startDocumentRender(
      <BootstrapContext.Provider value={page.bootstrap}>
        <StaticRouterProvider router={router} context={page.context} hydrate={false} />
      </BootstrapContext.Provider>,
      {
        bootstrapModule: page.entry,
        whole: false,
        timeoutMs: 10_000,
        // Never expected: the portal sent this page without errors.
        onError: (error) => console.error('floor: render error', error),
      },
    );
    res.status(200).type('html');
    const sink = new DocumentSink(res, { headElement: HEAD_ELEMENT, keep: false });
    render.pipe(sink);
    await sink.done;
  } catch (error) {
    next(error);
  }
});
app.listen(Number(process.env.PORT ?? 3100), '127.0.0.1', () => {
  console.log(`floor: ${pages.size} pages`);
});
