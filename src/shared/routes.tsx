/**
 * The one route table, shared by the server (`createStaticHandler`) and the browser
 * (`createBrowserRouter`). Route ids follow the spec's route names (section 2: `news-id-slug`,
 * `l-id`, `c`, …); English copies carry the @nuxtjs/i18n suffix `___en` (`news-id-slug___en`).
 *
 * Loaders are attached by the caller: the server passes its route modules (`src/server/route-modules.server.ts`),
 * the browser a loader that reads the portal's JSON data endpoint. So browser code never imports
 * server code and never talks to the CMS (docs/decisions/003-one-route-table.md).
 */
import type { ActionFunction, LoaderFunction, RouteObject } from 'react-router';
import { DEFAULT_LOCALE, LOCALES, type Locale, splitLocale } from './i18n/locale.ts';
import { AccountPage } from './pages/account/account.page.tsx';
import { AccountActivatePage } from './pages/account-activate/account-activate.page.tsx';
import { AdvertisingPage } from './pages/advertising/advertising.page.tsx';
import { CmsPage } from './pages/cms-page/cms-page.page.tsx';
import { ContactPage } from './pages/contact/contact.page.tsx';
import { ContactCardPage } from './pages/contact-card/contact-card.page.tsx';
import { EmailConfirmPage } from './pages/email-confirm/email-confirm.page.tsx';
import { EventDetailPage } from './pages/event-detail/event-detail.page.tsx';
import { EventsPage } from './pages/events/events.page.tsx';
import { ForgotPasswordPage } from './pages/forgot-password/forgot-password.page.tsx';
import { HomePage } from './pages/home/home.page.tsx';
import { InvitePage } from './pages/invite/invite.page.tsx';
import { JobsPage } from './pages/jobs/jobs.page.tsx';
import { LoginPage } from './pages/login/login.page.tsx';
import { MagazineDetailPage, MagazinesPage } from './pages/magazines/magazines.page.tsx';
import { MyVacanciesPage } from './pages/my-vacancies/my-vacancies.page.tsx';
import { MyVacancyPage } from './pages/my-vacancy/my-vacancy.page.tsx';
import { NewsDetailPage } from './pages/news-detail/news-detail.page.tsx';
import { NewsTagPage } from './pages/news-tag/news-tag.page.tsx';
import {
  NewsletterConfirmPage,
  NewsletterPage,
  NewsletterUnsubscribePage,
} from './pages/newsletter/newsletter.page.tsx';
import { NotFoundPage } from './pages/not-found/not-found.page.tsx';
import { NotificationsPage } from './pages/notifications/notifications.page.tsx';
import { PartnerPage } from './pages/partners/partner.page.tsx';
import { PartnersPage } from './pages/partners/partners.page.tsx';
import { PasswordResetPage } from './pages/password-reset/password-reset.page.tsx';
import { PlaceVacancyPage } from './pages/place-vacancy/place-vacancy.page.tsx';
import { RegisterPage } from './pages/register/register.page.tsx';
import { RegistrationsPage } from './pages/registrations/registrations.page.tsx';
import { SearchPage } from './pages/search/search.page.tsx';
import { SitemapMonthPage, SitemapPage, SitemapYearPage } from './pages/sitemap/sitemap.page.tsx';
import { SubscriptionDetailPage, SubscriptionsPage } from './pages/subscriptions/subscriptions.page.tsx';
import { TagsOverviewPage } from './pages/tags-overview/tags-overview.page.tsx';
import { TopicPage } from './pages/topic/topic.page.tsx';
import { VacancyDetailPage } from './pages/vacancy-detail/vacancy-detail.page.tsx';
import type { LayoutName, RouteHandle } from './route-handle.ts';
import { Document, RootErrorBoundary } from './shell/document.tsx';
import { LocaleErrorBoundary, LocaleLayout } from './shell/layouts.tsx';

/** A page route before it is copied per locale. `name` is the spec route name and the loader key. */
export interface PageRouteDefinition {
  name: string;
  path?: string;
  index?: true;
  Component: React.ComponentType;
  layout?: LayoutName;
  /** The page needs no loader of its own (it only reads the root data). */
  noData?: true;
}

/** Page routes in match order; every one without `noData` has a server route module (src/server/route-modules.server.ts). */
export const PAGE_ROUTES = [
  { name: 'index', index: true, Component: HomePage },
  { name: 'news-tag-tag', path: 'news/tag/:tag', Component: NewsTagPage },
  { name: 'news-id-slug', path: 'news/:id/:slug', Component: NewsDetailPage },
  { name: 'l-id', path: 'l/:id', Component: CmsPage, layout: 'empty' },
  { name: 'c', path: 'c', Component: ContactCardPage, layout: 'empty', noData: true },
  { name: 'events', path: 'events', Component: EventsPage },
  { name: 'events-slug', path: 'events/:slug', Component: EventDetailPage },
  { name: 'jobs', path: 'jobs', Component: JobsPage },
  { name: 'jobs-cat-id', path: 'jobs/cat/:id', Component: JobsPage },
  { name: 'jobs-vacature-id-slug', path: 'jobs/vacature/:id/:slug', Component: VacancyDetailPage },
  { name: 'magazines', path: 'magazines', Component: MagazinesPage },
  { name: 'magazines-id-slug', path: 'magazines/:id/:slug', Component: MagazineDetailPage },
  { name: 'abonnementen', path: 'abonnementen', Component: SubscriptionsPage },
  { name: 'abonnementen-slug', path: 'abonnementen/:slug', Component: SubscriptionDetailPage },
  { name: 'partners', path: 'partners', Component: PartnersPage },
  { name: 'partners-link', path: 'partners/:link', Component: PartnerPage },
  { name: 'ecommerce', path: 'ecommerce', Component: TopicPage },
  { name: 'logistiek', path: 'logistiek', Component: TopicPage },
  { name: 'fulfilment', path: 'fulfilment', Component: TopicPage },
  { name: 'tags-overzicht', path: 'tags-overzicht', Component: TagsOverviewPage },
  { name: 'tags-overzicht-char', path: 'tags-overzicht/:char', Component: TagsOverviewPage },
  { name: 'sitemap', path: 'sitemap', Component: SitemapPage },
  { name: 'sitemap-year', path: 'sitemap/:year', Component: SitemapYearPage },
  { name: 'sitemap-year-month', path: 'sitemap/:year/:month', Component: SitemapMonthPage },
  { name: 'zoeken', path: 'zoeken', Component: SearchPage },
  { name: 'account', path: 'account', Component: AccountPage },
  { name: 'inloggen', path: 'inloggen', Component: LoginPage },
  { name: 'registreren', path: 'registreren', Component: RegisterPage },
  { name: 'uitnodiging', path: 'uitnodiging', Component: InvitePage },
  { name: 'account-activeren', path: 'account-activeren', Component: AccountActivatePage },
  { name: 'email-valideren', path: 'email-valideren', Component: EmailConfirmPage },
  { name: 'wachtwoord-vergeten', path: 'wachtwoord-vergeten', Component: ForgotPasswordPage },
  { name: 'wachtwoord-reset', path: 'wachtwoord-reset', Component: PasswordResetPage },
  { name: 'jobs-plaatsen', path: 'jobs/plaatsen', Component: PlaceVacancyPage },
  { name: 'jobs-mijn', path: 'jobs/mijn', Component: MyVacanciesPage },
  { name: 'jobs-mijn-id', path: 'jobs/mijn/:id', Component: MyVacancyPage },
  { name: 'inschrijvingen', path: 'inschrijvingen', Component: RegistrationsPage },
  { name: 'contact', path: 'contact', Component: ContactPage },
  { name: 'adverteren', path: 'adverteren', Component: AdvertisingPage },
  { name: 'nieuwsbrief', path: 'nieuwsbrief', Component: NewsletterPage },
  { name: 'nieuwsbrief-bevestigen', path: 'nieuwsbrief/bevestigen', Component: NewsletterConfirmPage },
  { name: 'nieuwsbrief-afmelden', path: 'nieuwsbrief/afmelden', Component: NewsletterUnsubscribePage },
  { name: 'meldingen', path: 'meldingen', Component: NotificationsPage, noData: true },
  { name: 'slug', path: ':slug', Component: CmsPage },
  { name: 'not-found', path: '*', Component: NotFoundPage },
] as const satisfies readonly PageRouteDefinition[];

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
 */
export function createRoutes(
  loaderFor: (id: string, name: typeof ROOT_ROUTE_ID | DataRouteName) => LoaderFunction | undefined,
  actionFor: (id: string, name: DataRouteName) => ActionFunction | undefined = () => undefined,
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
          const base = {
            id,
            Component: page.Component,
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
