/**
 * The error page of docs/product.md#routes-and-layouts, docs/product.md#errors: heading "Er is iets fout gegaan", the message, and a button
 * "Terug naar home" to `/`. A 404 names the path ("Pagina niet gevonden: {path}") and offers a
 * search and the site's sections, as a visitor expects of a page that is not there; a CMS outage
 * (503) says the content is temporarily unavailable. Internal error details never reach the page;
 * a server error shows the request's id instead, for the visitor to quote
 * (docs/decisions/092-request-ids.md).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { localizePath } from '../i18n/locale.ts';
import { requestIdOfError } from '../route-state.ts';
import { AppLink } from '../ui/app-link.tsx';
import { useLocale, useRootData } from '../ui/root-data.ts';
import { Seo } from '../ui/seo.tsx';
import { SEARCH_PATH } from '../urls.ts';

/** A page that is not there: search the site, or go on to one of its sections. */
function NotFoundHelp() {
  const { t } = useTranslation();
  const locale = useLocale();
  const sections = useRootData()?.site?.navigation ?? [];
  return (
    <div className="error-page__help">
      <search>
        <form className="error-page__search" method="get" action={localizePath(SEARCH_PATH, locale)}>
          <label htmlFor="not-found-query">{t('error.searchLabel')}</label>
          <div className="error-page__search-row">
            <input id="not-found-query" name="q" type="search" maxLength={200} autoComplete="off" />
            <button type="submit" className="button">
              {t('error.searchButton')}
            </button>
          </div>
        </form>
      </search>
      {sections.length ? (
        <nav aria-labelledby="not-found-sections">
          <h2 id="not-found-sections" className="error-page__sections-title">
            {t('error.sections')}
          </h2>
          <ul className="error-page__sections">
            {sections.map((item) => (
              <li key={`${item.label}-${item.url}`}>
                <AppLink to={item.url}>{item.label}</AppLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

/** Crawler user agents for which client-side errors are not shown (docs/product.md#routes-and-layouts). */
const CRAWLER_PATTERN = /bot|lighthouse|facebook|google/i;

/** Messages of the client errors a form post can get (bad input is never a 5xx). */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'error.badRequest',
  405: 'error.methodNotAllowed',
  413: 'error.tooLarge',
  415: 'error.unsupportedMedia',
};

/** Heading, message and home button for the error of the nearest route. */
export function ErrorPage() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const { t } = useTranslation();
  const isResponse = isRouteErrorResponse(error);
  const status = isResponse ? error.status : 500;
  const requestId = status >= 500 ? requestIdOfError(error) : undefined;
  // A render error that happened in the browser (not a server response) is not shown to crawlers:
  // they get the server's own answer for the URL instead (docs/product.md#routes-and-layouts).
  // isbot's patterns load only then: a browser-side render error is rare, and every page would
  // otherwise carry them (docs/decisions/065-per-route-javascript.md).
  useEffect(() => {
    if (isResponse) return;
    const reload = () => window.location.replace(pathname + search);
    const agent = navigator.userAgent;
    if (CRAWLER_PATTERN.test(agent)) reload();
    else
      void import('isbot').then(
        (module) => {
          if (module.isbot(agent)) reload();
        },
        () => {
          // Not loaded (offline, new build): treated as a person, who sees the error.
        },
      );
  }, [isResponse, pathname, search]);
  let message: string;
  if (status === 404) message = t('error.notFound', { path: pathname });
  else if (status === 503) message = t('error.unavailable');
  else if (status in STATUS_MESSAGES) message = t(STATUS_MESSAGES[status]!);
  else if (isResponse && typeof error.data === 'object' && error.data && 'message' in error.data)
    message = String((error.data as { message: unknown }).message);
  else message = t('error.unexpected');
  return (
    <section className="error-page container" aria-labelledby="error-title">
      <Seo title={t('error.title')} path={pathname} noindex />
      <p className="error-page__status">{status}</p>
      <h1 id="error-title">{t('error.title')}</h1>
      <p className="error-page__message">{message}</p>
      {requestId ? (
        <p className="error-page__request-id">
          {t('error.requestId')} <code>{requestId}</code>
        </p>
      ) : null}
      {status === 404 ? <NotFoundHelp /> : null}
      <AppLink to="/" className={status === 404 ? 'button button--secondary' : 'button'}>
        {t('error.backHome')}
      </AppLink>
    </section>
  );
}
