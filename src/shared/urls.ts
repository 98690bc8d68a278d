/**
 * Every URL builder of the site, in one module: canonical, unprefixed paths of content items and
 * pages, the query parameters pages read, and the helpers that add them. `AppLink` and
 * `localizePath` add the `/en` prefix. Item paths use the Strapi 5 documentId
 * (docs/decisions/005-document-id-in-urls.md).
 */
import type {
  Article,
  Author,
  Event,
  JobCategory,
  Magazine,
  Partner,
  Subscription,
  Tag,
  Vacancy,
} from './cms-types.ts';
import type { SearchType } from './features/search/search-types.ts';
import type { Locale } from './i18n/locale.ts';

// ---- content items
/*
 * Canonical, unprefixed paths of content items (docs/product.md#routes-and-layouts route table). `{id}` is the
 * Strapi 5 documentId, which stays the same across publish cycles (docs/decisions/005).
 */

export const articlePath = (a: Pick<Article, 'documentId' | 'slug'>): string =>
  `/news/${a.documentId}/${a.slug}`;
export const tagPath = (t: Pick<Tag, 'slug'>): string => `/news/tag/${t.slug}`;
export const eventPath = (e: Pick<Event, 'slug'>): string => `/events/${e.slug}`;
export const vacancyPath = (v: Pick<Vacancy, 'documentId' | 'slug'>): string =>
  `/jobs/vacature/${v.documentId}/${v.slug}`;
export const magazinePath = (m: Pick<Magazine, 'documentId' | 'slug'>): string =>
  `/magazines/${m.documentId}/${m.slug}`;
export const topicPath = (slug: string): string => `/${slug}`;

// ---- catalogue pages
/*
 * Canonical, unprefixed paths of the catalogue pages (docs/product.md#routes-and-layouts route table):
 * magazines, subscriptions, partners, the tag overview and the human sitemap. Item paths that
 * other areas link to as well (magazines, topics) stay in `paths.ts`.
 */

/** `/magazines`: the list of magazine issues. */
export const MAGAZINES_PATH = '/magazines';

/** `/abonnementen`: the list of subscription plans. */
export const SUBSCRIPTIONS_PATH = '/abonnementen';

/** `/abonnementen/{slug}`: one subscription plan. */
export const subscriptionPath = (s: Pick<Subscription, 'slug'>): string => `/abonnementen/${s.slug}`;

/** `/partners/{link}`: one partner page. */
export const partnerPath = (p: Pick<Partner, 'link'>): string => `/partners/${p.link}`;
/** The partners overview. */
export const PARTNERS_PATH = '/partners';

/**
 * `/redactie`: the editorial team, a CMS page (seeded) with one heading per editor. A byline
 * links to the editor's heading; the collective byline "Redactie" to the page itself.
 */
export const EDITORS_PATH = '/redactie';

/**
 * The anchor of a heading: its text in lower-case ASCII, other characters as dashes
 * (`Thijs van Leeuwen` → `thijs-van-leeuwen`, `Anouk Peeters` → `anouk-peeters`).
 */
export function headingAnchor(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `/redactie/{slug}`: an editor's own page, with their articles (decision 100). */
export const authorPagePath = (a: Pick<Author, 'slug'>): string => `${EDITORS_PATH}/${a.slug}`;

/**
 * Where a byline links: the editor's own page when the article is related to an author in the
 * CMS, else the name's heading on {@link EDITORS_PATH} (or the page itself for "Redactie").
 */
export function bylinePath(article: Pick<Article, 'author' | 'authorProfile'>): string {
  return article.authorProfile?.slug
    ? authorPagePath(article.authorProfile)
    : authorPath(article.author ?? '');
}

/** Unprefixed URL of a byline without an author page: the editor's heading on {@link EDITORS_PATH}. */
export function authorPath(author: string): string {
  const anchor = headingAnchor(author);
  return anchor && anchor !== 'redactie' ? `${EDITORS_PATH}#${anchor}` : EDITORS_PATH;
}

/** `/tags-overzicht`, or `/tags-overzicht/{key}` for one character group (`a`…`z`, `0-9`, `overig`). */
export const tagsOverviewPath = (key?: string): string =>
  key ? `/tags-overzicht/${key}` : '/tags-overzicht';

/**
 * `/sitemap`, `/sitemap/{year}` or `/sitemap/{year}/{month}`; the month is written with two digits
 * (`/sitemap/2026/03`), which is its canonical form.
 */
export function sitemapPath(year?: number, month?: number): string {
  if (year === undefined) return '/sitemap';
  if (month === undefined) return `/sitemap/${year}`;
  return `/sitemap/${year}/${String(month).padStart(2, '0')}`;
}

/** The paged list of all news (docs/decisions/099-paged-news-lists.md). */
export const NEWS_PATH = '/nieuws';

/**
 * The news archive: `/nieuws/archief` (its months) or `/nieuws/archief/{year}/{month}` (a month's
 * articles), the month with two digits, its canonical form (docs/decisions/099-paged-news-lists.md).
 */
export function newsArchivePath(year?: number, month?: number): string {
  if (year === undefined || month === undefined) return `${NEWS_PATH}/archief`;
  return `${NEWS_PATH}/archief/${year}/${String(month).padStart(2, '0')}`;
}

// ---- agenda and vacancies
/*
 * Unprefixed paths of the agenda and the vacancy pages (docs/product.md#routes-and-layouts:
 * `/events`, `/jobs`, `/jobs/cat/{id}`), plus the calendar download of an event.
 * `{id}` is the Strapi 5 documentId (docs/decisions/005).
 */

/** The events list. */
/** Prefix of the language switch route (src/server/middleware/locale-switch.server.ts). */
export const LOCALE_SWITCH_PREFIX = '/taal';
/** Query parameter of the language switch: the page to show in the other language. */
export const LOCALE_SWITCH_TARGET = 'naar';

/**
 * The language switch link: a server route that remembers the choice in the locale cookie and
 * redirects to `pagePath` (path and query, any locale) in `locale`. Works without JavaScript.
 */
export function localeSwitchPath(locale: string, pagePath: string): string {
  return `${LOCALE_SWITCH_PREFIX}/${locale}?${LOCALE_SWITCH_TARGET}=${encodeURIComponent(pagePath)}`;
}

export const EVENTS_PATH = '/events';
/** The vacancies list. */
export const JOBS_PATH = '/jobs';

/** Query parameter of the events list that selects past events (`?periode=afgelopen`). */
export const EVENT_PERIOD_PARAM = 'periode';
/** Value of {@link EVENT_PERIOD_PARAM} for past events. */
export const EVENT_PERIOD_PAST = 'afgelopen';
/** Query parameter of the events list with a month, `YYYY-MM` (`?maand=2026-05`). */
export const EVENT_MONTH_PARAM = 'maand';

/** Query parameters of the vacancy filters (GET form). */
export const JOB_FILTER_PARAMS = {
  keyword: 'trefwoord',
  category: 'categorie',
  location: 'plaats',
  employmentType: 'dienstverband',
} as const;

/** `/jobs/cat/{documentId}`: the vacancies of one category. */
export const jobCategoryPath = (c: Pick<JobCategory, 'documentId'>): string =>
  `${JOBS_PATH}/cat/${c.documentId}`;

/** `/events/{slug}/agenda.ics`: the iCalendar file of an event (served by an Express route). */
export const eventCalendarPath = (e: Pick<Event, 'slug'>): string => `${EVENTS_PATH}/${e.slug}/agenda.ics`;

/**
 * Appends the non-empty values of `query` to `path` in the given order, e.g.
 * `withQuery('/jobs', { plaats: 'Utrecht', page: '2' })` → `/jobs?plaats=Utrecht&page=2`.
 */
export function withQuery(path: string, query: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

// ---- account holders' vacancies
/*
 * Unprefixed site paths of the vacancies account holders place and manage (docs/product.md#routes-and-layouts:
 * `/jobs/plaatsen`, `/jobs/mijn`, `/jobs/mijn/{id}`; `{id}` is the vacancy's documentId, decision
 * 005) and the query values the pages read after a post (Post/Redirect/Get). `AppLink` and
 * `localizePath` add the `/en` prefix.
 */

/** Placing a vacancy. */
export const PLACE_VACANCY_PATH = '/jobs/plaatsen';
/** The account holder's own vacancies. */
export const MY_VACANCIES_PATH = '/jobs/mijn';

/** `/jobs/mijn/{documentId}`: one of the account holder's vacancies (edit and withdraw). */
export const myVacancyPath = (documentId: string): string => `${MY_VACANCIES_PATH}/${documentId}`;

/** Query parameters of the pages. */
export const MY_VACANCY_QUERY = {
  /** `/jobs/plaatsen?verzonden=1&vacature={id}`: the vacancy was placed. */
  placed: 'verzonden',
  /** The placed vacancy's documentId. */
  vacancy: 'vacature',
  /** `&mail=0`: the confirmation e-mail could not be sent. */
  mail: 'mail',
  /** `/jobs/mijn/{id}?opgeslagen=1`: the changes were saved. */
  saved: 'opgeslagen',
  /** `/jobs/mijn/{id}?intrekken=1`: the confirmation step of withdrawing. */
  withdraw: 'intrekken',
  /** `/jobs/mijn/{id}?ingetrokken=1`: the vacancy was withdrawn. */
  withdrawn: 'ingetrokken',
} as const;

/** `path?name=1`, or `path?name=1&…` for several flags. */
export function withFlag(path: string, ...names: string[]): string {
  return `${path}?${names.map((name) => `${name}=1`).join('&')}`;
}

// ---- public forms
/*
 * Unprefixed site paths of the public forms and the query values their pages read after
 * a submit (Post/Redirect/Get). `AppLink` and `localizePath` add the `/en` prefix.
 */

/** The contact page with its form. */
export const CONTACT_PATH = '/contact';
/** The advertising page with its enquiry form. */
export const ADVERTISING_PATH = '/adverteren';
/** The newsletter sign-up page. */
export const NEWSLETTER_PATH = '/nieuwsbrief';
/** The page that turns push notifications on or off (src/shared/pages/notifications). */
export const NOTIFICATIONS_PATH = '/meldingen';
/** Target of the confirmation link in the newsletter's double opt-in e-mail (`?token=`). */
export const NEWSLETTER_CONFIRM_PATH = '/nieuwsbrief/bevestigen';
/** Target of the unsubscribe link in every newsletter e-mail (`?token=`). */
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/nieuwsbrief/afmelden';
/** The privacy statement (a CMS page) the consent checkboxes refer to. */
export const PRIVACY_PATH = '/privacy';

/**
 * Where the CMS's preview links land (docs/decisions/101-signed-preview-links.md); they redirect to
 * the document's own page with the same signed query.
 */
export const PREVIEW_PATH = '/voorvertoning';

/** Whether a query string (`?…` or without `?`) is a preview's: it carries `uid` and `signature`. */
export function isPreviewQuery(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('uid') && params.has('signature');
}

/** Query parameter set after a contact message or advertising enquiry was sent (`?verzonden=1`). */
export const SENT_PARAM = 'verzonden';
/** Query parameter set after a newsletter sign-up (`?aangemeld=1`). */
export const SIGNED_UP_PARAM = 'aangemeld';
/** Query parameter of the outcome on the confirm and unsubscribe pages (`?resultaat=bevestigd`). */
export const RESULT_PARAM = 'resultaat';
/** Id of the form section; the redirect after a submit scrolls to it (`#formulier`). */
export const FORM_ANCHOR = 'formulier';

/** `path?param=1#formulier`: where a successful submit redirects to. */
export function sentPath(path: string, param: string): string {
  return `${path}?${param}=1#${FORM_ANCHOR}`;
}

// ---- search
/* URLs of the search page (`/zoeken?q=...&type=...&page=n`). */

/** Unprefixed path of the search page. */
export const SEARCH_PATH = '/zoeken';

/**
 * Unprefixed URL of a search: `q` first, then the type filter, then the page (left out for page 1,
 * so page 1 has one URL).
 */
export function searchPath(query: string, options: { type?: SearchType | null; page?: number } = {}): string {
  if (!query) return SEARCH_PATH;
  const params = new URLSearchParams({ q: query });
  if (options.type) params.set('type', options.type);
  if (options.page && options.page > 1) params.set('page', String(options.page));
  return `${SEARCH_PATH}?${params.toString()}`;
}

// ---- the data endpoint of client navigations

/** Path prefix of the JSON data endpoint: `/__data/<page path>?<query>` answers that page's loaders. */
export const DATA_ENDPOINT_PREFIX = '/__data';

/** True when `path` (a path, optionally with a query) is the data endpoint: `/__data` or `/__data/...`. */
export function isDataRequest(path: string): boolean {
  return /^\/__data(?:[/?]|$)/.test(path);
}

/** The page path a data-endpoint path asks for (`/__data/en/jobs` → `/en/jobs`); other paths as they are. */
export function pagePathOf(path: string): string {
  if (!isDataRequest(path)) return path;
  const rest = path.slice(DATA_ENDPOINT_PREFIX.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** The data endpoint's URL (path and query) for a page URL. */
export function dataUrl(pageUrl: URL): string {
  return `${DATA_ENDPOINT_PREFIX}${pageUrl.pathname}${pageUrl.search}`;
}

// ---- the installable app

/**
 * The pages' favicon, a 48 px PNG written by the client build (scripts/lib/web-app.ts): a multiple
 * of 48 px, as Google Search asks (https://developers.google.com/search/docs/appearance/favicon-in-search),
 * and a PNG rather than the SVG logo, which a browser renders as a document of its own on the
 * page's main thread (docs/decisions/077-less-main-thread-work-at-page-start.md).
 */
export const FAVICON_PATH = '/icons/favicon-48.png';

/**
 * The web app manifest of a locale's pages: `/manifest.webmanifest` (Dutch) or
 * `/en/manifest.webmanifest` (English), both written by the client build (scripts/lib/web-app.ts).
 */
export function webAppManifestPath(locale: Locale): string {
  return locale === 'en' ? '/en/manifest.webmanifest' : '/manifest.webmanifest';
}

/** Path of the registration page with an event preselected (`/inschrijvingen?evenement={slug}`). */
export function registrationPath(slug?: string): string {
  return slug ? `/inschrijvingen?evenement=${encodeURIComponent(slug)}` : '/inschrijvingen';
}
