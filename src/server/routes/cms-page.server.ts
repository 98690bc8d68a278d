/**
 * Generic CMS pages: `/{slug}` (the page's own layout) and `/l/{id}` (by documentId, always the
 * empty layout). `/home` redirects to `/`, the home page's canonical URL. The privacy page also
 * takes the visitor's analytics choice.
 */
import { serialize as serializeCookie } from 'cookie';
import { data, redirect } from 'react-router';
import {
  ANALYTICS_CHOICE_PARAM,
  ANALYTICS_OPT_OUT_COOKIE,
  ANALYTICS_SESSION_COOKIE,
} from '../../shared/analytics/events.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import type { CmsPageData } from '../../shared/pages/cms-page/cms-page.page.tsx';
import { notFound } from '../cms/paging.server.ts';
import { findCmsPage, resolveBlocks } from '../cms/queries/pages.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { PRIVATE_NO_STORE, PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';

/** Loader of `/{slug}`. */
export async function loader({ params, context }: PortalLoaderArgs) {
  const slug = params.slug ?? '';
  if (slug === 'home') throw redirect(localizePath('/', context.locale), 301);
  const page = await findCmsPage(context, { slug }, context.locale);
  if (!page) throw notFound();
  const body: CmsPageData = {
    page: { ...page, blocks: await resolveBlocks(context, page.blocks) },
    layout: page.layout ?? 'default',
    path: `/${page.slug}`,
  };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}

/** The CMS page that carries the analytics choice (docs/analytics.md). */
const PRIVACY_SLUG = 'privacy';

/**
 * Action of `/{slug}`: only the privacy page takes posts, the analytics choice (`intent`
 * `analytics-off` / `analytics-on`). Off sets the opt-out cookie for a year and removes the
 * analytics session cookie; on removes the opt-out. Then 303 back to `/privacy?statistieken=uit|aan`.
 * Works without JavaScript. Any other page, or another intent, answers 405 / 400.
 */
export async function action({ params, request, context }: PortalLoaderArgs) {
  if (params.slug !== PRIVACY_SLUG) {
    throw data({ message: 'Method Not Allowed' }, { status: 405, headers: { Allow: 'GET, HEAD' } });
  }
  const intent = (await request.formData()).get('intent');
  if (intent !== 'analytics-off' && intent !== 'analytics-on') {
    return data({ message: 'Bad Request' }, { status: 400, headers: { 'Cache-Control': PRIVATE_NO_STORE } });
  }
  const secure = context.session.config.secureCookies;
  const options = { path: '/', sameSite: 'lax' as const, secure };
  const headers = new Headers({ 'Cache-Control': PRIVATE_NO_STORE });
  if (intent === 'analytics-off') {
    headers.append(
      'Set-Cookie',
      serializeCookie(ANALYTICS_OPT_OUT_COOKIE, 'off', { ...options, maxAge: 365 * 86_400 }),
    );
    headers.append(
      'Set-Cookie',
      serializeCookie(ANALYTICS_SESSION_COOKIE, '', { ...options, expires: new Date(0) }),
    );
  } else {
    headers.append(
      'Set-Cookie',
      serializeCookie(ANALYTICS_OPT_OUT_COOKIE, '', { ...options, expires: new Date(0) }),
    );
  }
  const choice = intent === 'analytics-off' ? 'uit' : 'aan';
  headers.set(
    'Location',
    localizePath(`/${PRIVACY_SLUG}?${ANALYTICS_CHOICE_PARAM}=${choice}`, context.locale),
  );
  return new Response(null, { status: 303, headers });
}

/** Loader of `/l/{id}`: a landing page in the empty layout. */
export async function landingLoader({ params, context }: PortalLoaderArgs) {
  const page = await findCmsPage(context, { documentId: params.id ?? '' }, context.locale);
  if (!page) throw notFound();
  const body: CmsPageData = {
    page: { ...page, blocks: await resolveBlocks(context, page.blocks) },
    layout: 'empty',
    path: `/l/${page.documentId}`,
  };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
