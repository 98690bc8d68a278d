/**
 * The newsletter pages (double opt-in):
 *
 * - `/nieuwsbrief`: the sign-up form (e-mail, first name, topics, consent); after a post it says
 *   "Check je inbox" whatever the address's state, so the page never tells whether an address is
 *   subscribed.
 * - `/nieuwsbrief/bevestigen`: the outcome of the confirmation link (confirmed, already confirmed,
 *   invalid, expired, or the CMS is unavailable).
 * - `/nieuwsbrief/afmelden`: a button that unsubscribes the link's token (GET never changes
 *   anything), then the outcome.
 */

import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData } from 'react-router';
import type { PublicFormActionData } from '../../features/public-forms/public-form-data.ts';
import {
  FormAlert,
  FormPageLayout,
  FormSection,
  PrivacyNote,
} from '../../features/public-forms/public-form-ui.tsx';
import { Checkbox, TextField } from '../../forms/fields.tsx';
import { IdempotencyKeyField } from '../../forms/idempotency-key-field.tsx';
import { PortalForm } from '../../forms/portal-form.tsx';
import { AppLink } from '../../ui/app-link.tsx';
import { Seo } from '../../ui/seo.tsx';
import { BreadcrumbJsonLd } from '../../ui/structured-data.tsx';
import {
  CONTACT_PATH,
  FORM_ANCHOR,
  NEWSLETTER_CONFIRM_PATH,
  NEWSLETTER_PATH,
  NEWSLETTER_UNSUBSCRIBE_PATH,
} from '../../urls.ts';
import type {
  NewsletterConfirmData,
  NewsletterPageData,
  NewsletterUnsubscribeData,
} from './newsletter-data.ts';
import { newsletterForm, unsubscribeForm } from './newsletter-form.ts';

/** What a subscriber gets, beside the form. */
function NewsletterBenefits() {
  const { t } = useTranslation();
  return (
    <section className="form-aside-card" aria-labelledby="newsletter-benefits-title">
      <h2 id="newsletter-benefits-title">{t('newsletter.benefits.title')}</h2>
      <ul className="form-aside-card__list">
        <li>{t('newsletter.benefits.news')}</li>
        <li>{t('newsletter.benefits.topics')}</li>
        <li>{t('newsletter.benefits.unsubscribe')}</li>
      </ul>
    </section>
  );
}

/** `/nieuwsbrief`. */
export function NewsletterPage() {
  const { signedUp, idempotencyKey } = useLoaderData() as NewsletterPageData;
  const action = useActionData() as PublicFormActionData | undefined;
  const { t } = useTranslation();
  return (
    <FormPageLayout title={t('newsletter.title')} lead={t('newsletter.intro')} aside={<NewsletterBenefits />}>
      <Seo
        title={t('newsletter.title')}
        description={t('newsletter.description')}
        path={NEWSLETTER_PATH}
        noindex={signedUp}
      />
      <BreadcrumbJsonLd crumbs={[{ name: t('newsletter.title'), path: NEWSLETTER_PATH }]} />
      <FormSection
        title={signedUp ? t('newsletter.sentTitle') : t('newsletter.formTitle')}
        intro={signedUp ? undefined : t('newsletter.formIntro')}
      >
        {signedUp ? (
          <>
            <FormAlert tone="success" code="signed-up">
              <p>{t('newsletter.sent')}</p>
            </FormAlert>
            <p className="form-actions">
              <AppLink to={`${NEWSLETTER_PATH}#${FORM_ANCHOR}`} className="button button--secondary">
                {t('newsletter.signUpAgain')}
              </AppLink>
            </p>
          </>
        ) : (
          <>
            {action?.error ? (
              <FormAlert tone="error" code={action.error}>
                <p>{t(`newsletter.${action.error}`)}</p>
              </FormAlert>
            ) : null}
            <PortalForm
              form={newsletterForm}
              serverErrors={action?.errors}
              serverValues={action?.values}
              submitLabel="newsletter.submit"
            >
              <IdempotencyKeyField value={action?.idempotencyKey ?? idempotencyKey} />
              <div className="form-grid">
                <TextField name="email" />
                <TextField name="firstName" />
              </div>
              <Checkbox name="topics" />
              <Checkbox name="consent" />
              <PrivacyNote text={t('newsletter.privacyLink')} />
            </PortalForm>
          </>
        )}
      </FormSection>
    </FormPageLayout>
  );
}

/** `/nieuwsbrief/bevestigen`. */
export function NewsletterConfirmPage() {
  const { outcome } = useLoaderData() as NewsletterConfirmData;
  const { t } = useTranslation();
  const good = outcome === 'confirmed' || outcome === 'already-confirmed';
  return (
    <FormPageLayout title={t('newsletter.confirm.title')}>
      <Seo
        title={t('newsletter.confirm.title')}
        description={t('newsletter.confirm.description')}
        path={NEWSLETTER_CONFIRM_PATH}
        noindex
      />
      <FormSection title={t(`newsletter.confirm.${outcome}.title`)}>
        <FormAlert tone={good ? 'success' : 'error'} code={outcome}>
          <p>{t(`newsletter.confirm.${outcome}.text`)}</p>
        </FormAlert>
        <p className="form-actions">
          {outcome === 'invalid' || outcome === 'expired' ? (
            <AppLink to={NEWSLETTER_PATH} className="button">
              {t('newsletter.confirm.signUp')}
            </AppLink>
          ) : null}
          <AppLink to="/" className="button button--secondary">
            {t('newsletter.confirm.home')}
          </AppLink>
        </p>
      </FormSection>
    </FormPageLayout>
  );
}

/** `/nieuwsbrief/afmelden`. */
export function NewsletterUnsubscribePage() {
  const loaded = useLoaderData() as NewsletterUnsubscribeData;
  const action = useActionData() as PublicFormActionData | undefined;
  const { t } = useTranslation();
  return (
    <FormPageLayout title={t('newsletter.unsubscribe.title')}>
      <Seo
        title={t('newsletter.unsubscribe.title')}
        description={t('newsletter.unsubscribe.description')}
        path={NEWSLETTER_UNSUBSCRIBE_PATH}
        noindex
      />
      {loaded.state === 'ask' ? (
        <FormSection intro={t('newsletter.unsubscribe.intro')}>
          {action?.error ? (
            <FormAlert tone="error" code={action.error}>
              <p>{t('newsletter.unsubscribe.unavailable')}</p>
            </FormAlert>
          ) : null}
          <PortalForm
            form={unsubscribeForm}
            serverValues={action?.values ?? { token: loaded.token }}
            submitLabel="newsletter.unsubscribe.submit"
          >
            <TextField name="token" />
          </PortalForm>
        </FormSection>
      ) : (
        <FormSection title={t(`newsletter.unsubscribe.${loaded.state}.title`)}>
          <FormAlert tone={loaded.state === 'invalid' ? 'error' : 'success'} code={loaded.state}>
            <p>{t(`newsletter.unsubscribe.${loaded.state}.text`)}</p>
          </FormAlert>
          <p className="form-actions">
            <AppLink
              to={loaded.state === 'invalid' ? CONTACT_PATH : NEWSLETTER_PATH}
              className="button button--secondary"
            >
              {loaded.state === 'invalid'
                ? t('newsletter.unsubscribe.contact')
                : t('newsletter.unsubscribe.signUp')}
            </AppLink>
          </p>
        </FormSection>
      )}
    </FormPageLayout>
  );
}
