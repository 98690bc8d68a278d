/**
 * Action of `/abonnementen/{slug}` (route `abonnementen-slug`, issue 5): validates the order form
 * and stores the order with `POST /api/subscription-orders`; the CMS takes the plan's price and
 * e-mails the confirmation (masked IBAN). Success redirects to `?besteld={orderNumber}` (and
 * `&mail=0` when the confirmation could not be sent yet) — Post/Redirect/Get, so reloading never
 * orders twice. A rejected submit keeps every value except the IBAN; a CMS outage says the order was
 * not sent (503).
 */
import { data, redirect } from 'react-router';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { isStrapiError } from '../../../server/strapi/strapi-client.server.ts';
import { subscriptionPath } from '../../catalog-paths.ts';
import { formFailure, validateForm } from '../../forms/validate-form.ts';
import { localizePath } from '../../i18n/locale.ts';
import { amsterdamToday, orderForm } from './order-form.ts';
import type { OrderActionData } from './order-form.tsx';

/** Query parameters of the plan page after an order. */
export const ORDER_QUERY = { ordered: 'besteld', mail: 'mail' } as const;

/** What the CMS answers for a stored order. */
interface StoredOrder {
  orderNumber: string;
  confirmationSent: boolean;
}

export async function subscriptionOrderAction({ request, params, context }: PortalLoaderArgs) {
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
  const query = new URLSearchParams({ [ORDER_QUERY.ordered]: stored.orderNumber });
  if (!stored.confirmationSent) query.set(ORDER_QUERY.mail, '0');
  return redirect(
    localizePath(`${subscriptionPath({ slug: encodeURIComponent(slug) })}?${query}`, context.locale),
  );
}
