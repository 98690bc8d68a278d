/**
 * The order form of a subscription plan, on `/abonnementen/{slug}`: name, address,
 * e-mail address, IBAN and account holder for the direct debit, start date and terms, posted to the
 * page's own action (works without JavaScript). After an order the page shows the order number
 * instead (`?besteld=`). A rejected submit keeps every value, the IBAN too (library default).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData } from 'react-router';
import type { Subscription } from '../../cms-types.ts';
import { Checkbox, TextField } from '../../forms/fields.tsx';
import { IdempotencyKeyField } from '../../forms/idempotency-key-field.tsx';
import { PortalForm } from '../../forms/portal-form.tsx';
import type { FormActionData } from '../../forms/validate-form.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { formatDate } from '../../ui/format.ts';
import { useLocale, useRootData } from '../../ui/root-data.ts';
import { SUBSCRIPTIONS_PATH } from '../../urls.ts';
import { firstStartDate, orderForm } from './order-form.ts';
import '../../forms/submission.css';

/** Action data of a refused order: the values as sent, messages and a form-level problem. */
export interface OrderActionData extends FormActionData {
  /**
   * `unavailable`: not stored, the CMS could not be reached; `unconfirmed`: perhaps stored, the CMS
   * did not confirm in time (sending it again is safe); `resubmit`: the form's key could not be used
   * (a new one comes back); `unknownPlan`: the plan cannot be ordered; `failed`: other refusals.
   */
  error?: 'unavailable' | 'unconfirmed' | 'resubmit' | 'unknownPlan' | 'failed';
}

/** A placed order as the page shows it (from `?besteld=`). */
export interface PlacedOrder {
  orderNumber: string;
  /** The confirmation e-mail went out (`&mail=0` when not yet). */
  confirmationSent: boolean;
}

/** Id of the order section (the plan box links to it). */
export const ORDER_SECTION_ID = 'bestellen';

/** The confirmation after an order. */
export function OrderDone({ order }: { order: PlacedOrder }) {
  const { t } = useTranslation();
  return (
    <section
      className="submission-done submission-done--banner"
      role="status"
      aria-labelledby="order-done"
      data-submission-done="order"
    >
      {/* Above the plan's h1, so a strong line rather than a heading. */}
      <p className="submission-done__title" id="order-done">
        {t('orders.done.title')}
      </p>
      <p>
        {t(order.confirmationSent ? 'orders.done.text' : 'orders.done.textNoMail', {
          orderNumber: order.orderNumber,
        })}
      </p>
      <p className="submission-done__number">
        {t('orders.done.number')}: <strong data-order-number={order.orderNumber}>{order.orderNumber}</strong>
      </p>
      <p className="submission-done__actions">
        <AppLink to={SUBSCRIPTIONS_PATH} className="button">
          {t('orders.done.back')}
        </AppLink>
      </p>
    </section>
  );
}

/**
 * The order form of `subscription`.
 * @param today `YYYY-MM-DD` in Europe/Amsterdam from the loader (the start date must lie after it)
 * @param priceText the plan's price as the page shows it (left out while the plan is unknown)
 * @param idempotencyKey the loader's key for this form (an action's answer brings its own)
 */
export function SubscriptionOrderForm({
  subscription,
  today,
  priceText,
  idempotencyKey,
}: {
  subscription: Pick<Subscription, 'name'>;
  today: string;
  priceText?: string;
  idempotencyKey: string | null;
}) {
  const { t } = useTranslation();
  const action = useActionData() as OrderActionData | undefined;
  const user = useRootData()?.user ?? null;
  const locale = useLocale();
  const form = orderForm(today);
  const email = user?.email ?? '';
  const firstDay = firstStartDate(today);
  // The start date begins at the first day allowed, tomorrow. One object per input: <PortalForm>
  // starts again whenever `serverValues` is a new object.
  const initial = useMemo(() => ({ email, startDate: firstDay }), [email, firstDay]);
  return (
    <section className="submission-panel order" id={ORDER_SECTION_ID} aria-labelledby="order-title">
      <h2 id="order-title">{t('orders.title', { name: subscription.name })}</h2>
      <p className="submission-panel__note">
        {t('orders.intro')}{' '}
        {priceText ? t('orders.summary', { name: subscription.name, price: priceText }) : null}
      </p>
      {action?.error ? (
        <p className="submission-alert submission-alert--error" role="alert" data-form-error={action.error}>
          {t(`orders.errors.${action.error}`)}
        </p>
      ) : null}
      <PortalForm
        key={today}
        form={form}
        id="order-form"
        serverErrors={action?.errors}
        serverValues={action?.values ?? initial}
        submitLabel="orders.submit"
      >
        <IdempotencyKeyField value={action?.idempotencyKey ?? idempotencyKey} />
        <TextField name="name" />
        <fieldset className="submission-group">
          <legend>{t('orders.addressLegend')}</legend>
          <div className="submission-row">
            <TextField name="street" />
            <TextField name="houseNumber" />
          </div>
          <div className="submission-row submission-row--postcode">
            <TextField name="postcode" />
            <TextField name="city" />
          </div>
        </fieldset>
        <TextField name="email" />
        <fieldset className="submission-group">
          <legend>{t('orders.paymentLegend')}</legend>
          <TextField name="iban" />
          <TextField name="accountHolder" />
        </fieldset>
        <TextField
          name="startDate"
          className="form-field--narrow"
          min={firstDay}
          help={t('orders.fields.startDateHelpDate', { date: formatDate(firstDay, locale, 'short') })}
        />
        <Checkbox name="terms" />
      </PortalForm>
    </section>
  );
}
