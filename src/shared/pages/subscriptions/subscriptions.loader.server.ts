/**
 * Subscriptions (spec section 2, issue 3): `/abonnementen?page=n`, the plans ordered by their CMS
 * `order` (then name), and `/abonnementen/{slug}`, one plan; an unknown slug or page is a 404.
 */
import { data } from 'react-router';
import { notFound, PUBLIC_PAGE_CACHE, pageParam } from '../../../server/loaders/content.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import type { Subscription } from '../../strapi/types.ts';
import { ORDER_QUERY } from './order.action.server.ts';
import { amsterdamToday, ORDER_NUMBER_PATTERN } from './order-form.ts';
import type { SubscriptionDetailData, SubscriptionsData } from './subscriptions.page.tsx';

/** Plans per list page (a portal has a handful; more than this paginates). */
export const SUBSCRIPTIONS_PAGE_SIZE = 24;

const PLAN_FIELDS = ['name', 'slug', 'priceCents', 'period', 'summary', 'order'];

/** Loader of `/abonnementen`: the plans with their benefits. */
export async function subscriptionsLoader({ request, context }: PortalLoaderArgs) {
  const page = pageParam(request);
  const list = await context.strapi.find<Subscription>('subscriptions', {
    fields: PLAN_FIELDS,
    populate: { benefits: true },
    sort: ['order:asc', 'name:asc'],
    pagination: { page, pageSize: SUBSCRIPTIONS_PAGE_SIZE },
  });
  const pagination = list.meta.pagination ?? {
    page,
    pageSize: SUBSCRIPTIONS_PAGE_SIZE,
    pageCount: 1,
    total: list.data.length,
  };
  if (page > 1 && page > pagination.pageCount) throw notFound();
  const body: SubscriptionsData = { subscriptions: list.data, pagination };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}

/**
 * Loader of `/abonnementen/{slug}`: the plan with its description and benefits, today's date in
 * Europe/Amsterdam for the order form (issue 5), and after an order (`?besteld={orderNumber}`,
 * `&mail=0` when the confirmation e-mail is still to come) the placed order.
 */
export async function subscriptionDetailLoader({ request, params, context }: PortalLoaderArgs) {
  const subscription = await context.strapi.findFirst<Subscription>('subscriptions', {
    fields: [...PLAN_FIELDS, 'description'],
    populate: { benefits: true },
    filters: { slug: { $eq: params.slug ?? '' } },
  });
  if (!subscription) throw notFound();
  const query = new URL(request.url).searchParams;
  const orderNumber = query.get(ORDER_QUERY.ordered);
  const body: SubscriptionDetailData = {
    subscription,
    today: amsterdamToday(),
    ordered:
      orderNumber && ORDER_NUMBER_PATTERN.test(orderNumber)
        ? { orderNumber, confirmationSent: query.get(ORDER_QUERY.mail) !== '0' }
        : null,
  };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
