/**
 * Stage 10 of the app (src/server/app.ts): documents. Preview links from the CMS are checked and
 * sent on to the document's page (decision 101); the language switch sets its cookie; the locale
 * middleware and the CMS redirect rules run; then the document handler answers
 * (render/document-handler.server.ts: page cache lookup, preview, render streamed from the shell or
 * whole for bots and cache fills, headers, metrics; decision 105).
 */
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { StrapiClient } from '../cms/strapi-client.server.ts';
import { localeMiddleware } from '../middleware/locale.server.ts';
import { localeSwitchRouter } from '../middleware/locale-switch.server.ts';
import { previewPages, previewRouter } from '../preview/preview.server.ts';
import { type DocumentHandlerOptions, documentHandler } from '../render/document-handler.server.ts';

export interface DocumentsOptions extends DocumentHandlerOptions {
  strapi: StrapiClient;
  logger: Logger;
  secureCookies: boolean;
  /** The CMS redirect rules' middleware (middleware/redirects.server.ts). */
  redirects: RequestHandler;
}

/**
 * The handlers of this stage, in order.
 * @returns Handlers for `app.use(...)`.
 */
export function documents(options: DocumentsOptions): RequestHandler[] {
  const { strapi, logger, secureCookies, redirects, ...handler } = options;
  const preview = { secret: handler.previewSecret, frameAncestor: handler.previewFrameAncestor };
  return [
    previewRouter({ ...preview, strapi, logger }),
    localeSwitchRouter({ secureCookies }),
    localeMiddleware({ secureCookies }),
    redirects,
    previewPages(preview),
    documentHandler(handler),
  ];
}
