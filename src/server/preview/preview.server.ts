/**
 * Preview before publishing (docs/decisions/101-signed-preview-links.md). The CMS's Preview opens
 * `/voorvertoning?uid&documentId&locale&status&expires&signature` (cms/src/lib/preview.js):
 *
 * - {@link previewRouter} checks the signature, reads the document (its draft for `status=draft`)
 *   to learn its page, and answers 303 to that page (in the signed language) with the same query;
 * - {@link previewPages} marks a page request with such a query as a preview (`res.locals.preview`)
 *   after checking it again; the app renders it with {@link previewClient} (the draft of that one
 *   document), outside the page cache, and {@link markPreviewAnswer} makes the answer private,
 *   unstored, unindexed, and frameable by the CMS admin's origin alone.
 *
 * A wrong, altered or expired link answers 403 (no secret configured: 403 too) with a short page
 * that says why, in Dutch (English under `/en`), or JSON for JSON clients; never the draft. The
 * redirect and these pages may be framed by the CMS admin too, so an editor reads them there.
 */
import escapeHtml from 'escape-html';
import { type NextFunction, type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import type { Article, Event, Magazine, Page, Vacancy } from '../../shared/cms-types.ts';
import { type Locale, localizePath, splitLocale } from '../../shared/i18n/locale.ts';
import en from '../../shared/i18n/locales/en/preview.json' with { type: 'json' };
import nl from '../../shared/i18n/locales/nl/preview.json' with { type: 'json' };
import { addTexts, fixedT } from '../../shared/i18n/translations.ts';
import {
  articlePath,
  eventPath,
  isPreviewQuery,
  magazinePath,
  PREVIEW_PATH,
  vacancyPath,
} from '../../shared/urls.ts';
import { type DraftGrant, type StrapiClient, StrapiError } from '../cms/strapi-client.server.ts';
import { SOURCE_LOCALE } from '../cms/translations.server.ts';
import { NO_STORE, PRIVATE_NO_STORE } from '../http/cache-policy.server.ts';
import {
  checkPreview,
  PREVIEW_TYPES,
  type PreviewFields,
  type PreviewRefusal,
  previewQuery,
} from './preview-signature.server.ts';

addTexts('nl', 'preview', nl);
addTexts('en', 'preview', en);

/** Options of the preview middleware. */
export interface PreviewOptions {
  /** PREVIEW_SECRET, shared with the CMS; without it every preview link is refused. */
  secret: string | undefined;
  /** Origin of the CMS admin panel, the only one allowed to frame a preview (`frame-ancestors`). */
  frameAncestor: string;
  /** The app's CMS client. */
  strapi: StrapiClient;
  logger: Logger;
}

/** Why a preview shows nothing: a refused link (403) or a document the CMS does not have (404). */
type PreviewFailure = PreviewRefusal | 'not-found';

/** The text keys of each failure (`preview.json`). */
const FAILURE_TEXT: Record<PreviewFailure, string> = {
  invalid: 'invalid',
  expired: 'expired',
  'not-configured': 'notConfigured',
  'not-found': 'notFound',
};

/** The preview of a request, set by {@link previewPages}; undefined for every other request. */
export function previewOf(res: Response): PreviewFields | undefined {
  return res.locals.preview;
}

/**
 * The draft a preview may read: its document, for `status=draft` (a preview of the published
 * version reads as the public does); undefined otherwise.
 */
function draftGrant(fields: PreviewFields, secret: string): DraftGrant | undefined {
  if (fields.status !== 'draft') return undefined;
  return {
    collection: PREVIEW_TYPES[fields.uid],
    documentId: fields.documentId,
    header: previewQuery(fields, secret),
  };
}

/**
 * The CMS client a preview's page reads with: `strapi` itself, or its view that reads the
 * previewed document's draft ({@link StrapiClient.withDraft}).
 */
export function previewClient(
  strapi: StrapiClient,
  fields: PreviewFields,
  secret: string | undefined,
): StrapiClient {
  const grant = secret ? draftGrant(fields, secret) : undefined;
  return grant ? strapi.withDraft(grant) : strapi;
}

/** The query string of a request URL (with `?`), or ''. */
function searchOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
}

/**
 * Lets the CMS admin's origin alone frame this answer: the policy's `frame-ancestors` becomes
 * `frameAncestor`, and `X-Frame-Options` (which knows no other origin) goes.
 */
function allowFramingBy(res: Response, frameAncestor: string): void {
  res.removeHeader('X-Frame-Options');
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy !== 'string') {
    res.setHeader('Content-Security-Policy', `frame-ancestors ${frameAncestor}`);
    return;
  }
  const directive = `frame-ancestors ${frameAncestor}`;
  res.setHeader(
    'Content-Security-Policy',
    /frame-ancestors[^;]*/.test(policy)
      ? policy.replace(/frame-ancestors[^;]*/, directive)
      : `${policy};${directive}`,
  );
}

/**
 * Answers a failed preview: 403 (refused link) or 404, never stored nor indexed, shown in the CMS
 * admin's frame too (it holds no draft).
 */
function fail(
  req: Request,
  res: Response,
  failure: PreviewFailure,
  locale: Locale,
  frameAncestor: string,
): void {
  const status = failure === 'not-found' ? 404 : 403;
  allowFramingBy(res, frameAncestor);
  const t = fixedT(locale, 'preview');
  const key = FAILURE_TEXT[failure];
  const title = t(`preview.${key}.title`);
  const text = t(`preview.${key}.text`);
  res.status(status).set({ 'Cache-Control': NO_STORE, 'X-Robots-Tag': 'noindex' });
  if (req.accepts(['html', 'json']) === 'json') {
    res.json({ error: { status, name: failure, message: `${title}. ${text}` } });
    return;
  }
  res
    .type('html')
    .send(
      `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${localizePath('/', locale)}">${escapeHtml(t('preview.backHome'))}</a></p></main></body></html>`,
    );
}

/**
 * The unprefixed path of a previewed document's page, read from the CMS (its draft for a draft
 * preview): articles, vacancies and magazines by documentId and Dutch slug, events by Dutch slug
 * (docs/decisions/061-untranslated-content.md), pages by their slug in the preview's language
 * (else the Dutch one), the page `home` at `/`.
 * @throws StrapiError 404 when the CMS has no such document
 */
async function documentPath(strapi: StrapiClient, fields: PreviewFields): Promise<string> {
  const collection = PREVIEW_TYPES[fields.uid];
  const read = <T>(locale: Locale) =>
    strapi.findOne<T>(collection, fields.documentId, { fields: ['slug'], locale }, { cache: false });
  switch (collection) {
    case 'articles':
      return articlePath(await read<Article>(SOURCE_LOCALE));
    case 'events':
      return eventPath(await read<Event>(SOURCE_LOCALE));
    case 'vacancies':
      return vacancyPath(await read<Vacancy>(SOURCE_LOCALE));
    case 'magazines':
      return magazinePath(await read<Magazine>(SOURCE_LOCALE));
    case 'pages': {
      const page = await read<Page>(fields.locale).catch((error: unknown) => {
        if (error instanceof StrapiError && error.status === 404 && fields.locale !== SOURCE_LOCALE) {
          return read<Page>(SOURCE_LOCALE);
        }
        throw error;
      });
      return page.slug === 'home' ? '/' : `/${page.slug}`;
    }
  }
}

/**
 * `GET /voorvertoning`: checks the link, then 303 to the document's page in the link's language
 * with the same signed query (not stored). Refused: 403; a document the CMS does not have: 404.
 */
export function previewRouter(options: PreviewOptions): Router {
  const router = Router();
  router.get(PREVIEW_PATH, async (req: Request, res: Response, next: NextFunction) => {
    const search = searchOf(req.originalUrl);
    const params = new URLSearchParams(search);
    const locale: Locale = params.get('locale') === 'en' ? 'en' : 'nl';
    const check = checkPreview(params, options.secret);
    if (!check.ok) {
      fail(req, res, check.reason, locale, options.frameAncestor);
      return;
    }
    const strapi = previewClient(
      options.strapi.withDeadline(res.locals.cmsDeadline),
      check.fields,
      options.secret,
    );
    try {
      const path = await documentPath(strapi, check.fields);
      allowFramingBy(res, options.frameAncestor);
      res
        .status(303)
        .set({ 'Cache-Control': NO_STORE, 'X-Robots-Tag': 'noindex' })
        .location(`${localizePath(path, check.fields.locale)}${search}`)
        .end();
    } catch (error) {
      if (error instanceof StrapiError && error.status === 404) {
        fail(req, res, 'not-found', check.fields.locale, options.frameAncestor);
        return;
      }
      next(error);
    }
  });
  return router;
}

/**
 * Page requests (GET/HEAD) whose query is a preview's: a valid link marks the request as a
 * preview ({@link previewOf}), any other answers 403. Other requests pass untouched.
 */
export function previewPages(options: Pick<PreviewOptions, 'secret' | 'frameAncestor'>) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const search = searchOf(req.originalUrl);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || search === '' || !isPreviewQuery(search)) {
      next();
      return;
    }
    const check = checkPreview(new URLSearchParams(search), options.secret);
    if (!check.ok) {
      fail(req, res, check.reason, splitLocale(req.path).locale, options.frameAncestor);
      return;
    }
    res.locals.preview = check.fields;
    next();
  };
}

/**
 * Makes a rendered preview answer private and unindexed, framed by the CMS admin alone:
 * `Cache-Control: private, no-store`, `X-Robots-Tag: noindex`, the page policy's
 * `frame-ancestors` set to `frameAncestor` (no `X-Frame-Options`), and `<meta name="robots"
 * content="noindex">` at the start of `<head>` (after the charset) unless the page has one.
 * @returns the body to send
 */
export function markPreviewAnswer(res: Response, body: Buffer, frameAncestor: string): Buffer {
  res.setHeader('Cache-Control', PRIVATE_NO_STORE);
  res.setHeader('X-Robots-Tag', 'noindex');
  allowFramingBy(res, frameAncestor);
  const html = body.toString('utf8');
  if (/<meta name="robots"/.test(html)) return body;
  // After the charset, which must come first (HTML: within the first 1024 bytes).
  const charset = /<meta charSet="utf-8"\/>/i.exec(html);
  const at = charset ? charset.index + charset[0].length : html.indexOf('<head>') + '<head>'.length;
  return Buffer.from(`${html.slice(0, at)}<meta name="robots" content="noindex"/>${html.slice(at)}`, 'utf8');
}
