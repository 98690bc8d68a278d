/**
 * Subscriptions (docs/product.md#routes-and-layouts): the plans side by side (name, price per period,
 * summary, benefits) and the page of one plan with its order form (order-form.tsx; after
 * an order the order number instead). Questions go to the contact page (`/contact`).
 */

import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData, useParams } from 'react-router';
import type { StrapiPagination, Subscription } from '../../cms-types.ts';
import {
  ORDER_SECTION_ID,
  type OrderActionData,
  OrderDone,
  type PlacedOrder,
  SubscriptionOrderForm,
} from '../../features/subscriptions/order-form-fields.tsx';
import { DEFAULT_LOCALE, foreignLang } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { RichText } from '../../ui/rich-text.tsx';
import { useLocale } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';
import { BreadcrumbJsonLd } from '../../ui/structured-data.tsx';
import { UntranslatedNote } from '../../ui/untranslated-note.tsx';
import { SUBSCRIPTIONS_PATH, subscriptionPath } from '../../urls.ts';
import { formatCents } from './price.ts';
import './subscriptions.css';

/** Data of `/abonnementen`. */
export interface SubscriptionsData {
  subscriptions: Subscription[];
  pagination: StrapiPagination;
}

/** Data of `/abonnementen/{slug}`. */
export interface SubscriptionDetailData {
  /** The plan; null when the CMS could not be reached (status 503). */
  subscription: Subscription | null;
  /** Today in Europe/Amsterdam (`YYYY-MM-DD`): the order's start date must lie after it. */
  today: string;
  /** The order just placed (`?besteld=`), else null. */
  ordered: PlacedOrder | null;
  /** The order form's idempotency key (src/shared/forms/idempotency-key.ts); null after an order. */
  idempotencyKey: string | null;
}

/** Path of the contact page: the next step for questions about a plan. */
const CONTACT_PATH = '/contact';

/** `€ 12,50 per maand` / `€12.50 per month`; only the amount when the plan has no period. */
function usePriceText(subscription: Pick<Subscription, 'priceCents' | 'period'>): string {
  const { t } = useTranslation();
  const locale = useLocale();
  const price = formatCents(subscription.priceCents, locale);
  return subscription.period
    ? t('subscriptions.pricePer', { price, period: t(`subscriptions.period.${subscription.period}`) })
    : price;
}

/** The price block of a plan: the amount large, the period small (read as one phrase). */
function Price({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <p className="plan__price">
      <span className="plan__amount">{formatCents(subscription.priceCents, locale)}</span>
      {subscription.period ? (
        <>
          {' '}
          <span className="plan__period">
            {t('subscriptions.perPeriod', { period: t(`subscriptions.period.${subscription.period}`) })}
          </span>
        </>
      ) : null}
    </p>
  );
}

/** A checklist of a plan's benefits. */
function Benefits({ subscription }: { subscription: Subscription }) {
  const benefits = subscription.benefits ?? [];
  const dutch = foreignLang({ locale: DEFAULT_LOCALE }, useLocale());
  if (!benefits.length) return null;
  return (
    <ul className="plan__benefits" lang={dutch}>
      {benefits.map((benefit, index) => (
        <li key={benefit.id ?? index}>{benefit.text}</li>
      ))}
    </ul>
  );
}

/** The contact box: the one next step that works today. */
function ContactStep({ name }: { name?: string }) {
  const { t } = useTranslation();
  return (
    <aside className="plan-contact" aria-labelledby="plan-contact-title">
      <h2 id="plan-contact-title">{t('subscriptions.questionsTitle')}</h2>
      <p>{name ? t('subscriptions.questionsPlan', { name }) : t('subscriptions.questionsText')}</p>
      <AppLink to={CONTACT_PATH} className="button button--secondary">
        {t('subscriptions.contact')}
      </AppLink>
    </aside>
  );
}

/** `/abonnementen`: every plan as a card. */
export function SubscriptionsPage() {
  const { subscriptions, pagination } = useLoaderData() as SubscriptionsData;
  const { t } = useTranslation();
  // Plans are written in Dutch only (decision 061): their texts are marked so under /en.
  const dutch = foreignLang({ locale: DEFAULT_LOCALE }, useLocale());
  const path = pagination.page > 1 ? `${SUBSCRIPTIONS_PATH}?page=${pagination.page}` : SUBSCRIPTIONS_PATH;
  return (
    <div className="container subscriptions">
      <Seo title={t('subscriptions.title')} description={t('subscriptions.description')} path={path} />
      <BreadcrumbJsonLd crumbs={[{ name: t('subscriptions.title'), path: SUBSCRIPTIONS_PATH }]} />
      <header className="page-header">
        <h1>{t('subscriptions.title')}</h1>
        <p>{t('subscriptions.intro')}</p>
      </header>
      {subscriptions.length ? <UntranslatedNote kind="subscriptions" /> : null}
      {subscriptions.length ? (
        <ul className="plan-grid">
          {subscriptions.map((subscription) => (
            <li key={subscription.documentId} className="plan">
              <h2 className="plan__name" lang={dutch}>
                <AppLink to={subscriptionPath(subscription)}>{subscription.name}</AppLink>
              </h2>
              <Price subscription={subscription} />
              {subscription.summary ? (
                <p className="plan__summary" lang={dutch}>
                  {subscription.summary}
                </p>
              ) : null}
              <Benefits subscription={subscription} />
              {/* The visible text starts the accessible name (WCAG 2.5.3); the plan's name completes it. */}
              <AppLink to={subscriptionPath(subscription)} className="button plan__more">
                {t('subscriptions.moreAbout')}
                <span className="visually-hidden">
                  {t('subscriptions.moreAboutOf', { name: subscription.name })}
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t('subscriptions.empty')}</p>
      )}
      <Pagination path={SUBSCRIPTIONS_PATH} page={pagination.page} pageCount={pagination.pageCount} />
      <ContactStep />
    </div>
  );
}

/** True when the first paragraph of a rich text is `text` (then a lead would repeat it). */
function opensWith(content: Subscription['description'], text: string): boolean {
  const first = content?.[0];
  if (first?.type !== 'paragraph') return false;
  const plain = first.children.map((child) => (child.type === 'text' ? child.text : '')).join('');
  return plain.trim() === text.trim();
}

/** `/abonnementen/{slug}`: one plan with its description and benefits. */
export function SubscriptionDetailPage() {
  const data = useLoaderData() as SubscriptionDetailData;
  if (!data.subscription) return <PlanUnavailable today={data.today} idempotencyKey={data.idempotencyKey} />;
  return <PlanDetail {...data} subscription={data.subscription} />;
}

/**
 * The plan page while the CMS cannot say what the plan is: a notice, and after a post the order
 * form with what was typed and the action's message, so nothing typed is lost.
 */
function PlanUnavailable({ today, idempotencyKey }: { today: string; idempotencyKey: string | null }) {
  const { t } = useTranslation();
  const action = useActionData() as OrderActionData | undefined;
  const { slug = '' } = useParams();
  return (
    <div className="container subscription-detail">
      <Seo title={t('orders.planUnavailableTitle')} path={subscriptionPath({ slug })} noindex />
      <nav className="subscription-detail__back" aria-label={t('subscriptions.breadcrumb')}>
        <AppLink to={SUBSCRIPTIONS_PATH}>{t('subscriptions.allPlans')}</AppLink>
      </nav>
      <header className="page-header">
        <h1>{t('orders.planUnavailableTitle')}</h1>
      </header>
      {action ? (
        <div className="subscription-detail__order">
          <SubscriptionOrderForm
            subscription={{ name: slug }}
            today={today}
            idempotencyKey={idempotencyKey}
          />
        </div>
      ) : (
        <p className="submission-alert submission-alert--error" role="alert" data-form-error="plan">
          {t('orders.planUnavailable')}
        </p>
      )}
      <ContactStep />
    </div>
  );
}

/** The plan with its description, benefits and order form. */
function PlanDetail({
  subscription,
  today,
  ordered,
  idempotencyKey,
}: SubscriptionDetailData & { subscription: Subscription }) {
  const { t } = useTranslation();
  const priceText = usePriceText(subscription);
  const dutch = foreignLang({ locale: DEFAULT_LOCALE }, useLocale());
  return (
    <div className="container subscription-detail">
      <Seo
        title={t('subscriptions.detailTitle', { name: subscription.name })}
        description={t('subscriptions.detailDescription', {
          name: subscription.name,
          price: priceText,
          summary: subscription.summary ?? '',
        }).trim()}
        path={subscriptionPath(subscription)}
      />
      <Breadcrumb
        crumbs={[
          { name: t('subscriptions.title'), path: SUBSCRIPTIONS_PATH },
          { name: subscription.name, path: subscriptionPath(subscription), lang: dutch },
        ]}
      />
      <UntranslatedNote kind="subscription" />
      {ordered ? <OrderDone order={ordered} /> : null}
      <div className="subscription-detail__layout">
        <article className="subscription-detail__main">
          <header className="page-header">
            <p className="card__kicker">{t('subscriptions.kicker')}</p>
            <h1 lang={dutch}>{subscription.name}</h1>
            {subscription.summary && !opensWith(subscription.description, subscription.summary) ? (
              <p className="article__lead" lang={dutch}>
                {subscription.summary}
              </p>
            ) : null}
          </header>
          <div lang={dutch}>
            <RichText content={subscription.description} />
          </div>
        </article>
        <aside className="plan plan--detail" aria-label={t('subscriptions.overviewLabel')}>
          <Price subscription={subscription} />
          <Benefits subscription={subscription} />
          {ordered ? null : (
            <a href={`#${ORDER_SECTION_ID}`} className="button button--secondary plan__order">
              {t('orders.cta')}
            </a>
          )}
        </aside>
        {ordered ? null : (
          <div className="subscription-detail__order">
            <SubscriptionOrderForm
              subscription={subscription}
              today={today}
              priceText={priceText}
              idempotencyKey={idempotencyKey}
            />
          </div>
        )}
      </div>
      <ContactStep name={subscription.name} />
    </div>
  );
}
