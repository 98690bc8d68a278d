/**
 * The error page of docs/product.md#routes-and-layouts, docs/product.md#errors: heading "Er is iets fout gegaan", the message, and a button
 * "Terug naar home" to `/`. A 404 names the path ("Pagina niet gevonden: {path}"); a CMS outage
 * (503) says the content is temporarily unavailable. Internal error details never reach the page.
 */
import { isbot } from 'isbot';
import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { useT } from '../i18n/use-t.ts';
import { AppLink } from '../ui/app-link.tsx';
import { Seo } from '../ui/seo.tsx';

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
  const t = useT();
  const isResponse = isRouteErrorResponse(error);
  const status = isResponse ? error.status : 500;
  // A render error that happened in the browser (not a server response) is not shown to crawlers:
  // they get the server's own answer for the URL instead (docs/product.md#routes-and-layouts).
  useEffect(() => {
    if (!isResponse && (isbot(navigator.userAgent) || CRAWLER_PATTERN.test(navigator.userAgent))) {
      window.location.replace(pathname + search);
    }
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
      <AppLink to="/" className="button">
        {t('error.backHome')}
      </AppLink>
    </section>
  );
}
