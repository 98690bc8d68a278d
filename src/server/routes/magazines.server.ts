/**
 * Magazines (docs/product.md#routes-and-layouts): `/magazines?page=n`, the issues newest first, 12 a page;
 * `/magazines/{id}/{slug}`, one issue by documentId (decision 005), where a wrong or outdated slug
 * answers 301 to the canonical URL and an unknown id 404.
 */
import { data, redirect } from 'react-router';
import type { Magazine } from '../../shared/cms-types.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import type { MagazineDetailData, MagazinesData } from '../../shared/pages/magazines/magazines.page.tsx';
import { magazinePath } from '../../shared/urls.ts';
import { findPage, pageParam } from '../cms/paging.server.ts';
import { MAGAZINE_CARD_QUERY, MAGAZINE_COVER } from '../cms/queries/magazines.server.ts';
import { inSourceLocale, translateDetail, translateList } from '../cms/translations.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';

/** Issues per list page. */
const MAGAZINES_PAGE_SIZE = 12;

/** Loader of `/magazines`: one page of issues; a page beyond the last is a 404. */
export async function loader({ request, context }: PortalLoaderArgs) {
  const page = pageParam(request);
  const list = await findPage<Magazine>(
    context.strapi,
    'magazines',
    inSourceLocale(MAGAZINE_CARD_QUERY),
    page,
    MAGAZINES_PAGE_SIZE,
  );
  const { pagination } = list;
  const body: MagazinesData = { magazines: await translateList(context, 'magazines', list.data), pagination };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}

/** Loader of `/magazines/{id}/{slug}`: the issue and the four newest other issues. */
export async function detailLoader({ params, request, context }: PortalLoaderArgs) {
  const found = await context.strapi.findOne<Magazine>(
    'magazines',
    params.id ?? '',
    inSourceLocale({
      fields: ['title', 'slug', 'issue', 'date', 'summary', 'description', 'link'],
      populate: {
        cover: MAGAZINE_COVER,
        pdf: { fields: ['url', 'name', 'mime', 'ext', 'size'] },
      },
    }),
  );
  const magazine = await translateDetail(context, 'magazines', found);
  if (magazine.slug !== params.slug) {
    const search = new URL(request.url).search;
    throw redirect(localizePath(magazinePath(magazine), context.locale) + search, 301);
  }
  const others = await context.strapi.find<Magazine>(
    'magazines',
    inSourceLocale({
      ...MAGAZINE_CARD_QUERY,
      filters: { documentId: { $ne: magazine.documentId } },
      pagination: { page: 1, pageSize: 4 },
    }),
  );
  const body: MagazineDetailData = {
    magazine,
    others: await translateList(context, 'magazines', others.data),
  };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
