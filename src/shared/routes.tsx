/**
 * The one route table, shared by the server (`createStaticHandler`) and the browser
 * (`createBrowserRouter`). Route ids follow the spec's route names (section 2: `news-id-slug`,
 * `l-id`, `c`, …); English copies carry the @nuxtjs/i18n suffix `___en` (`news-id-slug___en`).
 *
 * Loaders are attached by the caller: the server passes its route modules (`src/server/route-modules.server.ts`),
 * the browser a loader that reads the portal's JSON data endpoint. So browser code never imports
 * server code and never talks to the CMS (docs/decisions/003-one-route-table.md).
 *
 * Each page's component lives in its own module (`pages/<dir>/<file>.page.tsx`), which the
 * browser build splits into its own chunk: a route whose component the caller has not resolved
 * loads it with React Router's lazy route API, so a page ships only its own code
 * (docs/decisions/065-per-route-javascript.md). The server resolves all of them at start.
 *
 * A page module's translation files (`PAGE_TEXTS`, src/shared/i18n/page-texts.json) load with it:
 * the lazy route loads the module and the files of its locale together, the browser entry loads
 * them before hydrating, and the server preloads them (docs/decisions/072-translations-per-route.md).
 */
import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction, RouteObject } from 'react-router';
import { DEFAULT_LOCALE, LOCALES, type Locale, splitLocale } from './i18n/locale.ts';
import { loadTexts, PAGE_TEXTS, SHELL_TEXTS, type TextFile } from './i18n/translations.ts';
import type { LayoutName, RouteHandle } from './route-handle.ts';
import { Document, RootErrorBoundary } from './shell/document.tsx';
import { LocaleErrorBoundary, LocaleLayout } from './shell/layouts.tsx';

/** A page route before it is copied per locale. `name` is the spec route name and the loader key. */
export interface PageRouteDefinition {
  name: string;
  path?: string;
  index?: true;
  /** The page component: its module under `pages/` (without `.page.tsx`) and its export name. */
  page: readonly [module: string, exportName: string];
  layout?: LayoutName;
  /** The page needs no loader of its own (it only reads the root data). */
  noData?: true;
}

/** Page routes in match order; every one without `noData` has a server route module (src/server/route-modules.server.ts). */
export const PAGE_ROUTES = [
  { name: 'index', index: true, page: ['home/home', 'HomePage'] },
  { name: 'news-tag-tag', path: 'news/tag/:tag', page: ['news-tag/news-tag', 'NewsTagPage'] },
  { name: 'news-id-slug', path: 'news/:id/:slug', page: ['news-detail/news-detail', 'NewsDetailPage'] },
  { name: 'nieuws', path: 'nieuws', page: ['news/news', 'NewsPage'] },
  { name: 'nieuws-archief', path: 'nieuws/archief', page: ['news/news', 'NewsArchivePage'] },
  {
    name: 'nieuws-archief-year-month',
    path: 'nieuws/archief/:year/:month',
    page: ['news/news', 'NewsArchiveMonthPage'],
  },
  { name: 'l-id', path: 'l/:id', page: ['cms-page/cms-page', 'CmsPage'], layout: 'empty' },
  {
    name: 'c',
    path: 'c',
    page: ['contact-card/contact-card', 'ContactCardPage'],
    layout: 'empty',
    noData: true,
  },
  { name: 'events', path: 'events', page: ['events/events', 'EventsPage'] },
  { name: 'events-slug', path: 'events/:slug', page: ['event-detail/event-detail', 'EventDetailPage'] },
  { name: 'jobs', path: 'jobs', page: ['jobs/jobs', 'JobsPage'] },
  { name: 'jobs-cat-id', path: 'jobs/cat/:id', page: ['jobs/jobs', 'JobsPage'] },
  {
    name: 'jobs-vacature-id-slug',
    path: 'jobs/vacature/:id/:slug',
    page: ['vacancy-detail/vacancy-detail', 'VacancyDetailPage'],
  },
  { name: 'magazines', path: 'magazines', page: ['magazines/magazines', 'MagazinesPage'] },
  {
    name: 'magazines-id-slug',
    path: 'magazines/:id/:slug',
    page: ['magazines/magazines', 'MagazineDetailPage'],
  },
  { name: 'abonnementen', path: 'abonnementen', page: ['subscriptions/subscriptions', 'SubscriptionsPage'] },
  {
    name: 'abonnementen-slug',
    path: 'abonnementen/:slug',
    page: ['subscriptions/subscriptions', 'SubscriptionDetailPage'],
  },
  { name: 'partners', path: 'partners', page: ['partners/partners', 'PartnersPage'] },
  { name: 'partners-link', path: 'partners/:link', page: ['partners/partner', 'PartnerPage'] },
  { name: 'ecommerce', path: 'ecommerce', page: ['topic/topic', 'TopicPage'] },
  { name: 'logistiek', path: 'logistiek', page: ['topic/topic', 'TopicPage'] },
  { name: 'fulfilment', path: 'fulfilment', page: ['topic/topic', 'TopicPage'] },
  {
    name: 'tags-overzicht',
    path: 'tags-overzicht',
    page: ['tags-overview/tags-overview', 'TagsOverviewPage'],
  },
  {
    name: 'tags-overzicht-char',
    path: 'tags-overzicht/:char',
    page: ['tags-overview/tags-overview', 'TagsOverviewPage'],
  },
  { name: 'sitemap', path: 'sitemap', page: ['sitemap/sitemap', 'SitemapPage'] },
  { name: 'sitemap-year', path: 'sitemap/:year', page: ['sitemap/sitemap', 'SitemapYearPage'] },
  { name: 'sitemap-year-month', path: 'sitemap/:year/:month', page: ['sitemap/sitemap', 'SitemapMonthPage'] },
  { name: 'zoeken', path: 'zoeken', page: ['search/search', 'SearchPage'] },
  { name: 'account', path: 'account', page: ['account/account', 'AccountPage'] },
  { name: 'inloggen', path: 'inloggen', page: ['login/login', 'LoginPage'] },
  { name: 'registreren', path: 'registreren', page: ['register/register', 'RegisterPage'] },
  { name: 'uitnodiging', path: 'uitnodiging', page: ['invite/invite', 'InvitePage'] },
  {
    name: 'account-activeren',
    path: 'account-activeren',
    page: ['account-activate/account-activate', 'AccountActivatePage'],
  },
  {
    name: 'email-valideren',
    path: 'email-valideren',
    page: ['email-confirm/email-confirm', 'EmailConfirmPage'],
  },
  {
    name: 'wachtwoord-vergeten',
    path: 'wachtwoord-vergeten',
    page: ['forgot-password/forgot-password', 'ForgotPasswordPage'],
  },
  {
    name: 'wachtwoord-reset',
    path: 'wachtwoord-reset',
    page: ['password-reset/password-reset', 'PasswordResetPage'],
  },
  { name: 'jobs-plaatsen', path: 'jobs/plaatsen', page: ['place-vacancy/place-vacancy', 'PlaceVacancyPage'] },
  { name: 'jobs-mijn', path: 'jobs/mijn', page: ['my-vacancies/my-vacancies', 'MyVacanciesPage'] },
  { name: 'jobs-mijn-id', path: 'jobs/mijn/:id', page: ['my-vacancy/my-vacancy', 'MyVacancyPage'] },
  {
    name: 'inschrijvingen',
    path: 'inschrijvingen',
    page: ['registrations/registrations', 'RegistrationsPage'],
  },
  { name: 'contact', path: 'contact', page: ['contact/contact', 'ContactPage'] },
  { name: 'adverteren', path: 'adverteren', page: ['advertising/advertising', 'AdvertisingPage'] },
  { name: 'nieuwsbrief', path: 'nieuwsbrief', page: ['newsletter/newsletter', 'NewsletterPage'] },
  {
    name: 'nieuwsbrief-bevestigen',
    path: 'nieuwsbrief/bevestigen',
    page: ['newsletter/newsletter', 'NewsletterConfirmPage'],
  },
  {
    name: 'nieuwsbrief-afmelden',
    path: 'nieuwsbrief/afmelden',
    page: ['newsletter/newsletter', 'NewsletterUnsubscribePage'],
  },
  {
    name: 'meldingen',
    path: 'meldingen',
    page: ['notifications/notifications', 'NotificationsPage'],
    noData: true,
  },
  { name: 'redactie-author', path: 'redactie/:author', page: ['author/author', 'AuthorPage'] },
  { name: 'slug', path: ':slug', page: ['cms-page/cms-page', 'CmsPage'] },
  { name: 'not-found', path: '*', page: ['not-found/not-found', 'NotFoundPage'] },
] as const satisfies readonly PageRouteDefinition[];

/** A page module: its page components by export name. */
type PageModule = Record<string, ComponentType>;

/** Every page module, loaded on demand (one chunk each in the browser build). */
const PAGE_MODULES = import.meta.glob<PageModule>('./pages/*/*.page.tsx');

/** Source path of a page module as Vite's manifest names it (`src/shared/pages/home/home.page.tsx`). */
export function pageModuleSource(module: string): string {
  return `src/shared/pages/${module}.page.tsx`;
}

/**
 * Loads the page component of `page` (a `PAGE_ROUTES` entry's `page`).
 * @throws Error when the module or its export does not exist (a mistake in the table).
 */
export async function loadPageComponent(page: PageRouteDefinition['page']): Promise<ComponentType> {
  const [module, exportName] = page;
  const load = PAGE_MODULES[`./pages/${module}.page.tsx`];
  if (!load) throw new Error(`No page module pages/${module}.page.tsx`);
  const component = (await load())[exportName];
  if (!component) throw new Error(`pages/${module}.page.tsx has no export ${exportName}`);
  return component;
}

/**
 * The translation files the views of the given routes use: the shell's, then each page module's
 * (`PAGE_TEXTS`), each once.
 * @throws Error when a page module declares no files (a page missing from page-texts.json)
 */
export function textsOfRoutes(names: readonly string[]): TextFile[] {
  const files = new Set(SHELL_TEXTS);
  for (const name of names) {
    const page = PAGE_ROUTES.find((route) => route.name === name);
    if (!page) continue;
    const own = PAGE_TEXTS[page.page[0]];
    if (!own)
      throw new Error(`pages/${page.page[0]}.page.tsx has no entry in src/shared/i18n/page-texts.json`);
    for (const file of own) files.add(file);
  }
  return [...files];
}

/**
 * Loads a page's component and, at the same time, its translation files in `locale` (the route's
 * chunk and texts for a client navigation or a prefetch).
 */
export async function loadPage(page: PageRouteDefinition, locale: Locale): Promise<ComponentType> {
  const [component] = await Promise.all([
    loadPageComponent(page.page),
    loadTexts(locale, textsOfRoutes([page.name])),
  ]);
  return component;
}

/** React Router's `lazy.Component` function for a page that is not loaded yet. */
function lazyPage(page: PageRouteDefinition, locale: Locale): () => Promise<ComponentType> {
  return () => loadPage(page, locale);
}

/** Page components already loaded, by module and export name (`home/home#HomePage`). */
export type LoadedPages = ReadonlyMap<string, ComponentType>;

/** The key of a page in {@link LoadedPages}. */
export function pageKey(page: PageRouteDefinition['page']): string {
  return `${page[0]}#${page[1]}`;
}

/**
 * Loads the page components of the given routes (all of them when `names` is omitted).
 * @returns a map for {@link createRoutes}' `pages`.
 */
export async function loadPages(names?: readonly string[]): Promise<LoadedPages> {
  const wanted = names ? PAGE_ROUTES.filter((route) => names.includes(route.name)) : PAGE_ROUTES;
  const entries = await Promise.all(
    wanted.map(async (route) => [pageKey(route.page), await loadPageComponent(route.page)] as const),
  );
  return new Map(entries);
}

/** The page definition of a route id (`jobs___en` → the `jobs` entry), or undefined. */
export function pageRouteOf(id: string): PageRouteDefinition | undefined {
  const name = id.split('___')[0];
  return PAGE_ROUTES.find((route) => route.name === name);
}

/** The name of a page route (`news-id-slug`, `jobs`, …), derived from the table. */
export type RouteName = (typeof PAGE_ROUTES)[number]['name'];

/** The names of page routes that load data on the server (every route without `noData`). */
export type DataRouteName = Exclude<(typeof PAGE_ROUTES)[number], { noData: true }>['name'];

/** Route id of the root route (document + site data). */
export const ROOT_ROUTE_ID = 'root' as const;

/** Route id of a page route in a locale (`news-id-slug`, `news-id-slug___en`). */
function routeId(name: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? name : `${name}___${locale}`;
}

/** Route id of the locale layout route (`locale-nl`, `locale-en`). */
function localeRouteId(locale: Locale): string {
  return `locale-${locale}`;
}

/**
 * Builds the route objects.
 * @param loaderFor returns the loader for a route id and spec route name (`root` for the root route),
 *   or undefined for a route without data.
 * @param actionFor returns the action (form posts) for a route id and name, or undefined.
 * @param pages page components already loaded ({@link loadPages}); every other page route loads
 *   its component and translation files lazily (React Router's `lazy.Component`) when first matched.
 * @param pagesLocale the locale whose routes get `pages` (the browser's page locale, whose files
 *   the entry loaded); the other locales' routes load theirs lazily. Default: every locale (server).
 */
export function createRoutes(
  loaderFor: (id: string, name: typeof ROOT_ROUTE_ID | DataRouteName) => LoaderFunction | undefined,
  actionFor: (id: string, name: DataRouteName) => ActionFunction | undefined = () => undefined,
  pages: LoadedPages = new Map(),
  pagesLocale?: Locale,
): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      Component: Document,
      ErrorBoundary: RootErrorBoundary,
      loader: loaderFor(ROOT_ROUTE_ID, ROOT_ROUTE_ID),
      // Site data depends on the locale (and, after a form post, possibly on the session): reload it
      // when the locale changes or after an action.
      shouldRevalidate: ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
        formMethod && formMethod !== 'GET'
          ? defaultShouldRevalidate
          : splitLocale(currentUrl.pathname).locale !== splitLocale(nextUrl.pathname).locale,
      children: LOCALES.map((locale) => ({
        id: localeRouteId(locale),
        path: locale === DEFAULT_LOCALE ? '/' : `/${locale}`,
        Component: LocaleLayout,
        ErrorBoundary: LocaleErrorBoundary,
        children: PAGE_ROUTES.map((entry) => {
          const page: PageRouteDefinition = entry;
          const dataName = 'noData' in entry ? null : entry.name;
          const id = routeId(page.name, locale);
          const handle: RouteHandle = { name: page.name, layout: page.layout ?? 'default' };
          const loaded = !pagesLocale || pagesLocale === locale ? pages.get(pageKey(page.page)) : undefined;
          const base = {
            id,
            ...(loaded ? { Component: loaded } : { lazy: { Component: lazyPage(page, locale) } }),
            handle,
            loader: dataName ? loaderFor(id, dataName) : undefined,
            action: dataName ? actionFor(id, dataName) : undefined,
          };
          return page.index ? { ...base, index: true as const } : { ...base, path: page.path };
        }),
      })),
    },
  ];
}
