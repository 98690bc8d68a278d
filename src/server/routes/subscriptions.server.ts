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
import { isOutage, isStrapiError } from '../cms/strapi-client.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { PRIVATE_NO_STORE, PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';
import { newIdempotencyKey, postedIdempotencyKey, submitOnce } from '../services/submit-once.server.ts';

/**
 * Action of `/abonnementen/{slug}` (route `abonnementen-slug`): validates the order form
 * and stores the order once with `POST /api/subscription-orders` and the form's idempotency key
 * (services/submit-once.server.ts); the CMS takes the plan's price and e-mails the confirmation
 * (masked IBAN). Success redirects to `?besteld={orderNumber}` (and `&mail=0` when the confirmation
 * could not be sent yet) — Post/Redirect/Get, and the same post sent again gets the same order
 * number, so ordering twice by accident is impossible. A rejected submit keeps every value it was
 * sent, the IBAN too; an order that was not stored says so (503 `unavailable`), one the CMS did not confirm in
 * time says that sending it again is safe (503 `unconfirmed`), and a key that could not be used
 * comes back as a new one (422 `resubmit`).
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
  const formData = await request.formData();
  const posted = postedIdempotencyKey(formData);
  const result = validateForm(form, formData, context.locale);
  const answer = (body: OrderActionData, status: number) =>
    data({ ...body, idempotencyKey: body.idempotencyKey ?? posted.key }, { status });
  if (!result.success) return answer(formFailure(form, result), 422);
  const values = result.values;
  const problem = (error: NonNullable<OrderActionData['error']>, status: number, key?: string) =>
    answer({ ...formFailure(form, { values, errors: {} }), error, idempotencyKey: key }, status);
  if (posted.kind === 'malformed') return problem('resubmit', 422);
  const outcome = await submitOnce<StoredOrder>(context, {
    path: '/subscription-orders',
    data: {
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
    },
    key: posted.key,
  });
  switch (outcome.kind) {
    case 'stored': {
      const stored = outcome.data;
      if (!stored) return problem('failed', 502);
      if (!outcome.replayed) context.analytics.record({ eventType: 'Lead', label: 'subscription-orders' });
      const query = new URLSearchParams({ [ORDER_QUERY.ordered]: stored.orderNumber });
      if (!stored.confirmationSent) query.set(ORDER_QUERY.mail, '0');
      return redirect(
        localizePath(`${subscriptionPath({ slug: encodeURIComponent(slug) })}?${query}`, context.locale),
      );
    }
    case 'refused':
      context.logger.warn({ strapi: outcome.error.toJSON() }, 'subscription order refused');
      return problem(outcome.error.status === 404 ? 'unknownPlan' : 'failed', 400);
    case 'key-reused':
      return problem('resubmit', 422, newIdempotencyKey());
    case 'unconfirmed':
      return problem('unconfirmed', 503);
    case 'not-sent':
      return problem('unavailable', 503);
  }
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
 * `&mail=0` when the confirmation e-mail is still to come) the placed order. The order form gets a
 * new idempotency key on every render, so a page with the form is private; the confirmation is
 * public. When the CMS cannot say what the plan is (an outage, or a slow answer after an order's
 * write), the page says so (`subscription: null`, status 503) instead of failing, and after a post
 * it still shows the form with what was typed.
 */
export async function detailLoader({ request, params, context }: PortalLoaderArgs) {
  const query = new URL(request.url).searchParams;
  const orderNumber = query.get(ORDER_QUERY.ordered);
  const ordered =
    orderNumber && ORDER_NUMBER_PATTERN.test(orderNumber)
      ? { orderNumber, confirmationSent: query.get(ORDER_QUERY.mail) !== '0' }
      : null;
  const idempotencyKey = ordered ? null : newIdempotencyKey();
  let subscription: Subscription | null;
  try {
    subscription = await context.strapi.findFirst<Subscription>('subscriptions', {
      fields: [...PLAN_FIELDS, 'description'],
      populate: { benefits: true },
      filters: { slug: { $eq: params.slug ?? '' } },
    });
  } catch (error) {
    if (!isStrapiError(error) || !isOutage(error)) throw error;
    context.logger.warn({ strapi: error.toJSON() }, 'subscription plan not loaded');
    const body: SubscriptionDetailData = {
      subscription: null,
      today: amsterdamToday(),
      ordered,
      idempotencyKey,
    };
    return data(body, { status: 503, headers: { 'Cache-Control': PRIVATE_NO_STORE } });
  }
  if (!subscription) throw notFound();
  const body: SubscriptionDetailData = { subscription, today: amsterdamToday(), ordered, idempotencyKey };
  return data(body, { headers: { 'Cache-Control': ordered ? PUBLIC_PAGE_CACHE : PRIVATE_NO_STORE } });
}
