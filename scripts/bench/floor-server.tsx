/**
 * The floor of `npm run bench` (docs/decisions/068-render-cost-against-a-floor.md): the least a
 * server can do to send the portal's pages. Plain Express and React render the portal's own React
 * tree (the same route table, document and views) for a fixed set of URLs, with every page's data
 * in memory: at start it asks the real portal once per URL and keeps the router state the portal
 * inlined into that page (the loader data the views render). Per request: no CMS, no loaders, no
 * middleware, no cache; the whole document is rendered and sent in one write, with the doctype,
 * the colour-mode script and the entry script added as the portal adds them, so its bytes equal
 * the portal's.
 *
 * `FLOOR_RENDERER` picks React's renderer (docs/decisions/079-render-to-string.md): `stream`
 * (default) `renderToPipeableStream` waited for with `onAllReady`, the floor the issue measured;
 * `string` `renderToString`, what the portal uses.
 *
 * Built by scripts/bench.mjs with the portal's Vite config (SSR environment) into its own folder
 * and run with plain `node`. Env: `PORT`, `FLOOR_SOURCE` (the portal's origin), `FLOOR_PATHS`
 * (JSON array of paths with query), `FLOOR_STATIC_FILE` (a file served at `/__static`, for the
 * page-cache comparison). Not part of the portal's build or tests.
 */
import express from 'express';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import {
  completeDocument,
  moduleScriptElement,
  streamHtml,
} from '../../src/server/render/document-html.server.ts';
import { matchedRoutes } from '../../src/server/render/matched-routes.server.ts';
import { loadAllTexts } from '../../src/shared/i18n/translations.ts';
import type { BrowserState } from '../../src/shared/route-state.ts';
import { createRoutes, loadPages } from '../../src/shared/routes.tsx';
import { COLOR_MODE_SCRIPT } from '../../src/shared/shell/color-mode.ts';
import { BootstrapContext, type DocumentBootstrap } from '../../src/shared/ui/root-data.ts';

const STATE = /<script type="application\/json" id="__portal_state">([\s\S]*?)<\/script>/;
/** The entry's script, as the portal writes it before `</body>`. */
const ENTRY = /<script type="module" src="([^"]+)"(?: integrity="([^"]+)")?[^>]*><\/script><\/body>/;

interface Page {
  bootstrap: DocumentBootstrap;
  /** The entry's script before `</body>`. */
  bodyEnd: string;
  context: Exclude<Awaited<ReturnType<ReturnType<typeof createStaticHandler>['query']>>, Response>;
}

const source = process.env.FLOOR_SOURCE ?? '';
const paths = JSON.parse(process.env.FLOOR_PATHS ?? '[]') as string[];

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
  current = state.router.loaderData;
  const context = await handler.query(new Request(new URL(path, 'http://floor.local')));
  if (context instanceof Response) throw new Error(`floor: ${path} redirected`);
  // The view reads the exact state the portal inlined; the inline JSON is the portal's own text.
  pages.set(path, {
    bootstrap: { ...state.assets, stateJson },
    bodyEnd: moduleScriptElement({ src: entry[1]!, ...(entry[2] ? { integrity: entry[2] } : {}) }),
    context,
  });
}

const renderer = process.env.FLOOR_RENDERER ?? 'stream';
if (renderer !== 'stream' && renderer !== 'string')
  throw new Error('floor: FLOOR_RENDERER is stream or string');

/** The document for `page`, complete, as one buffer. */
async function renderPage(page: Page): Promise<Buffer> {
  // The matched branch only, as the portal does (src/server/render/matched-routes.server.ts).
  const router = createStaticRouter(matchedRoutes(page.context.matches), page.context);
  const tree: ReactElement = (
    <BootstrapContext.Provider value={page.bootstrap}>
      <StaticRouterProvider router={router} context={page.context} hydrate={false} />
    </BootstrapContext.Provider>
  );
  const html =
    renderer === 'string'
      ? renderToString(tree)
      : await streamHtml(tree, {
          timeoutMs: 10_000,
          // Never expected: the portal sent this page without errors.
          onError: (error) => console.error('floor: render error', error),
        });
  return Buffer.from(completeDocument(html, { headScript: COLOR_MODE_SCRIPT, bodyEnd: page.bodyEnd }));
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
    const body = await renderPage(page);
    res.status(200).type('html').end(body);
  } catch (error) {
    next(error);
  }
});
app.listen(Number(process.env.PORT ?? 3100), '127.0.0.1', () => {
  console.log(`floor (${renderer}): ${pages.size} pages`);
});
