/**
 * Generic CMS pages: `/{slug}` (the page's own layout) and `/l/{id}` (by documentId, always the
 * empty layout). `/home` redirects to `/`, the home page's canonical URL.
 */
import { data, redirect } from 'react-router';
import { localizePath } from '../../shared/i18n/locale.ts';
import type { CmsPageData } from '../../shared/pages/cms-page/cms-page.page.tsx';
import { notFound } from '../cms/paging.server.ts';
import { findCmsPage, resolveBlocks } from '../cms/queries/pages.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';

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
