/**
 * The one registry of server route modules: for the root route and every page route that loads
 * data (`DataRouteName`, derived from the route table in src/shared/routes.tsx), the loader and
 * the optional action that serve it. The registry is typed `Record<…, RouteModule>`, so a route
 * without a loader fails `npm run typecheck`.
 *
 * A route module (`routes/<page-folder>.server.ts`) is named like the page folder whose view it
 * feeds and exports `loader` and `action`; a page folder that serves several routes exports one
 * more named loader per extra route (`detailLoader`, `yearLoader`, …).
 *
 * Every loader and action is wrapped once, here, so that CMS failures become route errors with the
 * right status: a missing document is a 404, an unreachable or failing CMS a 503, never an empty
 * 200 page (docs/decisions/001-react-renders-the-whole-document.md and guides in docs/).
 */
import {
  data,
  isRouteErrorResponse,
  type LoaderFunction,
  type UNSAFE_DataWithResponseInit,
} from 'react-router';
import { loadAllTexts } from '../shared/i18n/translations.ts';
import { createRoutes, type DataRouteName, loadPages, type ROOT_ROUTE_ID } from '../shared/routes.tsx';
import { StrapiError } from './cms/strapi-error.server.ts';
import type { PortalAction, PortalLoader } from './context.server.ts';
import { BodyTooLargeError } from './http/fetch-bridge.server.ts';
import * as account from './routes/account.server.ts';
import * as accountActivate from './routes/account-activate.server.ts';
import * as advertising from './routes/advertising.server.ts';
import * as author from './routes/author.server.ts';
import * as cmsPage from './routes/cms-page.server.ts';
import * as contact from './routes/contact.server.ts';
import * as emailConfirm from './routes/email-confirm.server.ts';
import * as eventDetail from './routes/event-detail.server.ts';
import * as events from './routes/events.server.ts';
import * as forgotPassword from './routes/forgot-password.server.ts';
import * as home from './routes/home.server.ts';
import * as invite from './routes/invite.server.ts';
import * as jobs from './routes/jobs.server.ts';
import * as login from './routes/login.server.ts';
import * as magazines from './routes/magazines.server.ts';
import * as myVacancies from './routes/my-vacancies.server.ts';
import * as myVacancy from './routes/my-vacancy.server.ts';
import * as news from './routes/news.server.ts';
import * as newsDetail from './routes/news-detail.server.ts';
import * as newsTag from './routes/news-tag.server.ts';
import * as newsletter from './routes/newsletter.server.ts';
import * as notFound from './routes/not-found.server.ts';
import * as partners from './routes/partners.server.ts';
import * as passwordReset from './routes/password-reset.server.ts';
import * as placeVacancy from './routes/place-vacancy.server.ts';
import * as register from './routes/register.server.ts';
import * as registrations from './routes/registrations.server.ts';
import * as root from './routes/root.server.ts';
import * as search from './routes/search.server.ts';
import * as sitemap from './routes/sitemap.server.ts';
import * as subscriptions from './routes/subscriptions.server.ts';
import * as tagsOverview from './routes/tags-overview.server.ts';
import * as topic from './routes/topic.server.ts';
import * as vacancyDetail from './routes/vacancy-detail.server.ts';

/** What serves one route on the server. */
export interface RouteModule {
  loader: PortalLoader;
  action?: PortalAction;
}

/** Route name → route module; the root route's name is its id (`root`). */
const ROUTE_MODULES: Record<typeof ROOT_ROUTE_ID | DataRouteName, RouteModule> = {
  root,
  index: home,
  'news-tag-tag': newsTag,
  'news-id-slug': newsDetail,
  nieuws: news,
  'nieuws-archief': { loader: news.archiveLoader },
  'nieuws-archief-year-month': { loader: news.archiveMonthLoader },
  'l-id': { loader: cmsPage.landingLoader },
  'redactie-author': author,
  slug: cmsPage,
  'not-found': notFound,
  events,
  'events-slug': eventDetail,
  jobs,
  'jobs-cat-id': { loader: jobs.categoryLoader },
  'jobs-vacature-id-slug': vacancyDetail,
  magazines,
  'magazines-id-slug': { loader: magazines.detailLoader },
  abonnementen: subscriptions,
  'abonnementen-slug': { loader: subscriptions.detailLoader, action: subscriptions.detailAction },
  partners: { loader: partners.overviewLoader },
  'partners-link': partners,
  ecommerce: topic,
  logistiek: topic,
  fulfilment: topic,
  'tags-overzicht': tagsOverview,
  'tags-overzicht-char': { loader: tagsOverview.charLoader },
  sitemap,
  'sitemap-year': { loader: sitemap.yearLoader },
  'sitemap-year-month': { loader: sitemap.monthLoader },
  zoeken: search,
  account,
  inloggen: login,
  registreren: register,
  uitnodiging: invite,
  'account-activeren': accountActivate,
  'email-valideren': emailConfirm,
  'wachtwoord-vergeten': forgotPassword,
  'wachtwoord-reset': passwordReset,
  'jobs-plaatsen': placeVacancy,
  'jobs-mijn': myVacancies,
  'jobs-mijn-id': myVacancy,
  inschrijvingen: registrations,
  contact,
  adverteren: advertising,
  nieuwsbrief: newsletter,
  'nieuwsbrief-bevestigen': { loader: newsletter.confirmLoader },
  'nieuwsbrief-afmelden': { loader: newsletter.unsubscribeLoader, action: newsletter.unsubscribeAction },
};

/** Maps a CMS error thrown by a loader to a route error response; returns anything else as is. */
function toRouteError(error: unknown): unknown {
  if (!(error instanceof StrapiError)) return error;
  if (error.status === 404 || error.status === 400) return data({ message: 'Not Found' }, { status: 404 });
  return data({ message: 'Service Unavailable' }, { status: 503 });
}

/** True for the value `data(...)` returns (thrown as a 404 or similar by loaders). */
function isDataWithResponseInit(value: unknown): value is UNSAFE_DataWithResponseInit<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'DataWithResponseInit'
  );
}

/** The cookie name of a `Set-Cookie` line. */
const cookieName = (line: string): string => line.slice(0, line.indexOf('='));

/**
 * Adds the session's `Set-Cookie` lines that a handler's result does not carry yet (for example
 * when an expired token was found while loading), so a session change always reaches the
 * response: a `Response` gets them appended, `data()` gets them merged into its headers, and a
 * plain value is wrapped in `data()`.
 */
function withSessionCookies(result: unknown, cookies: string[]): unknown {
  if (cookies.length === 0 || isRouteErrorResponse(result)) return result;
  const missing = (headers: Headers) => {
    const names = new Set(headers.getSetCookie().map(cookieName));
    return cookies.filter((line) => !names.has(cookieName(line)));
  };
  if (result instanceof Response) {
    for (const line of missing(result.headers)) result.headers.append('Set-Cookie', line);
    return result;
  }
  if (isDataWithResponseInit(result)) {
    const headers = new Headers(result.init?.headers);
    for (const line of missing(headers)) headers.append('Set-Cookie', line);
    return data(result.data, { ...result.init, headers });
  }
  const headers = new Headers();
  for (const line of cookies) headers.append('Set-Cookie', line);
  return data(result, { headers });
}

/**
 * The one wrapper of every loader and action: route errors pass; CMS errors become 404/503;
 * anything else is logged; session cookie changes are added to the result (returned or thrown).
 */
function wrap(handler: PortalLoader): LoaderFunction {
  return async (args) => {
    const portalArgs = args as unknown as Parameters<PortalLoader>[0];
    const { session } = portalArgs.context;
    try {
      return withSessionCookies(await handler(portalArgs), session.cookies());
    } catch (error) {
      if (error instanceof Response || isRouteErrorResponse(error) || isDataWithResponseInit(error))
        throw withSessionCookies(error, session.cookies());
      if (!(error instanceof StrapiError))
        portalArgs.context.logger.error({ err: error, url: args.request.url }, 'loader failed');
      throw toRouteError(error);
    }
  };
}

/** Form encodings a browser sends (HTML's form submission algorithm). */
const FORM_TYPES = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i;

/** True when `error` is, or was caused by, a body over the size limit. */
function isBodyTooLarge(error: unknown): boolean {
  return (
    error instanceof BodyTooLargeError || (error as { cause?: unknown })?.cause instanceof BodyTooLargeError
  );
}

/**
 * Checks a form post before its action runs, so bad input is a client error and never a 500:
 * another content type is 415, a body over 1 MiB 413, a body that is not a readable form 400.
 * The action reads the original body; the check parses a copy.
 * @throws a `data()` route error with that status
 */
async function checkFormPost(request: Request): Promise<void> {
  const fail = (status: number, message: string) => data({ message }, { status });
  if (!FORM_TYPES.test(request.headers.get('content-type') ?? '')) throw fail(415, 'Unsupported Media Type');
  try {
    await request.clone().formData();
  } catch (error) {
    throw isBodyTooLarge(error) ? fail(413, 'Payload Too Large') : fail(400, 'Bad Request');
  }
}

// The server renders every locale: all translations, loaded once at start.
await loadAllTexts();

/**
 * The route table with the server's loaders and actions, each wrapped once, and every page
 * component loaded at start (the browser loads them per route; the server renders any of them).
 */
export const serverRoutes = createRoutes(
  (_id, name) => wrap(ROUTE_MODULES[name].loader),
  (_id, name) => {
    const action = ROUTE_MODULES[name].action;
    if (!action) return undefined;
    return wrap(async (args) => {
      await checkFormPost(args.request);
      return action(args);
    });
  },
  await loadPages(),
);
