/** Route module of the `subscriptions` page (src/shared/pages/subscriptions/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { data, redirect } from 'react-router';
import type { Subscription } from '../../shared/cms-types.ts';
import {
  amsterdamToday,
  ORDER_NUMBER_PATTERN,
  orderForm,
} from '../../shared/features/subscriptions/order-form.ts';
import type { OrderActionData } from '../../shared/features/subscriptions/order-form-fields.tsx';
import { formFailure, validateForm } from '../../shared/forms/validate-form.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import type {
  SubscriptionDetailData,
  SubscriptionsData,
} from '../../shared/pages/subscriptions/subscriptions.page.tsx';
import { subscriptionPath } from '../../shared/urls.ts';
import { findPage, notFound, pageParam } from '../cms/paging.server.ts';
import { isStrapiError } from '../cms/strapi-client.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';

/**
 * Action of `/abonnementen/{slug}` (route `abonnementen-slug`): validates the order form
 * and stores the order with `POST /api/subscription-orders`; the CMS takes the plan's price and
 * e-mails the confirmation (masked IBAN). Success redirects to `?besteld={orderNumber}` (and
 * `&mail=0` when the confirmation could not be sent yet) — Post/Redirect/Get, so reloading never
 * orders twice. A rejected submit keeps every value except the IBAN; a CMS outage says the order was
 * not sent (503).
 */

/** Query parameters of the plan page after an order. */
const ORDER_QUERY = { ordered: 'besteld', mail: 'mail' } as const;

/** What the CMS answers for a stored order. */
interface StoredOrder {
  orderNumber: string;
  confirmationSent: boolean;
}

export async function detailAction({ request, params, context }: PortalLoaderArgs) {
  const slug = params.slug ?? '';
  const form = orderForm(amsterdamToday());
  const result = validateForm(form, await request.formData(), context.locale);
  const answer = (body: OrderActionData, status: number) => data(body, { status });
  if (!result.success) return answer(formFailure(form, result), 422);
  const values = result.values;
  let stored: StoredOrder | null;
  try {
    stored = await context.strapi.create<StoredOrder>('subscription-orders', {
      plan: slug,
      name: values.name,
      street: values.street,
      houseNumber: values.houseNumber,
      postcode: values.postcode,
      city: values.city,
      email: values.email,
      iban: values.iban,
      accountHolder: values.accountHolder,
      startDate: values.startDate,
      terms: values.terms,
      locale: context.locale,
    });
  } catch (error) {
    if (!isStrapiError(error)) throw error;
    context.logger.warn({ strapi: error.toJSON() }, 'subscription order not stored');
    const outage = error.status >= 500 || error.status === 499;
    const problem = outage ? 'unavailable' : error.status === 404 ? 'unknownPlan' : 'failed';
    return answer({ ...formFailure(form, { values, errors: {} }), error: problem }, outage ? 503 : 400);
  }
  if (!stored) return answer({ ...formFailure(form, { values, errors: {} }), error: 'failed' }, 502);
  context.analytics.record({ eventType: 'Lead', label: 'subscription-orders' });
  const query = new URLSearchParams({ [ORDER_QUERY.ordered]: stored.orderNumber });
  if (!stored.confirmationSent) query.set(ORDER_QUERY.mail, '0');
  return redirect(
    localizePath(`${subscriptionPath({ slug: encodeURIComponent(slug) })}?${query}`, context.locale),
  );
}

/*
 * Subscriptions (docs/product.md#routes-and-layouts): `/abonnementen?page=n`, the plans ordered by their CMS
 * `order` (then name), and `/abonnementen/{slug}`, one plan; an unknown slug or page is a 404.
 */

/** Plans per list page (a portal has a handful; more than this paginates). */
const SUBSCRIPTIONS_PAGE_SIZE = 24;

const PLAN_FIELDS = ['name', 'slug', 'priceCents', 'period', 'summary', 'order'];

/** Loader of `/abonnementen`: the plans with their benefits. */
export async function loader({ request, context }: PortalLoaderArgs) {
  const page = pageParam(request);
  const list = await findPage<Subscription>(
    context.strapi,
    'subscriptions',
    {
      fields: PLAN_FIELDS,
      populate: { benefits: true },
      sort: ['order:asc', 'name:asc'],
    },
    page,
    SUBSCRIPTIONS_PAGE_SIZE,
  );
  const { pagination } = list;
  const body: SubscriptionsData = { subscriptions: list.data, pagination };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}

/**
 * Loader of `/abonnementen/{slug}`: the plan with its description and benefits, today's date in
 * Europe/Amsterdam for the order form, and after an order (`?besteld={orderNumber}`,
 * `&mail=0` when the confirmation e-mail is still to come) the placed order.
 */
export async function detailLoader({ request, params, context }: PortalLoaderArgs) {
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
