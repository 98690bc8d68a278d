/**
 * Partner pages: the overview `/partners`, and `/partners/{link}` (docs/product.md#routes-and-layouts):
 * the partner whose `link` uid equals the path segment, plus the other partners for the "more
 * partners" strip; unknown → 404.
 */
import { data } from 'react-router';
import type { Partner } from '../../shared/cms-types.ts';
import type { PartnerData } from '../../shared/pages/partners/partner.page.tsx';
import type { PartnersData } from '../../shared/pages/partners/partners.page.tsx';
import { notFound } from '../cms/paging.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';

const LOGO_FIELDS = ['url', 'alternativeText', 'width', 'height', 'formats'];

/** How many other partners the page links to. */
export const OTHER_PARTNERS = 8;

/** Most partners the overview shows (the CMS holds a handful; the page does not page). */
export const PARTNERS_OVERVIEW_SIZE = 100;

/**
 * Loader of `/partners`: every partner with logo, name and description, by name. The spec names
 * only `/partners/{link}`; an overview is what visitors expect behind the "Partners" menu item.
 */
export async function overviewLoader({ context }: PortalLoaderArgs) {
  const partners = await context.strapi.find<Partner>('partners', {
    fields: ['name', 'link', 'description'],
    populate: { logo: { fields: LOGO_FIELDS } },
    sort: ['name:asc'],
    pagination: { page: 1, pageSize: PARTNERS_OVERVIEW_SIZE },
  });
  const body: PartnersData = { partners: partners.data };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}

/** Loader of `/partners/{link}`. */
export async function loader({ params, context }: PortalLoaderArgs) {
  const link = params.link ?? '';
  const [partner, others] = await Promise.all([
    context.strapi.findFirst<Partner>('partners', {
      fields: ['name', 'link', 'description', 'content', 'website'],
      populate: { logo: { fields: LOGO_FIELDS } },
      filters: { link: { $eq: link } },
    }),
    context.strapi.find<Partner>('partners', {
      fields: ['name', 'link'],
      populate: { logo: { fields: LOGO_FIELDS } },
      filters: { link: { $ne: link } },
      sort: ['name:asc'],
      pagination: { page: 1, pageSize: OTHER_PARTNERS },
    }),
  ]);
  if (!partner) throw notFound();
  const body: PartnerData = { partner, others: others.data };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
