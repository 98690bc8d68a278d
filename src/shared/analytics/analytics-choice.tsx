/**
 * The analytics choice on the privacy page (docs/analytics.md): what is recorded, and two
 * buttons to stop or resume being counted. A plain form post (works without JavaScript); the
 * page is redirected with `?statistieken=uit|aan`, which it confirms. The current choice is not
 * rendered from the cookie, so the page stays the same for everyone and cacheable.
 */

import { useTranslation } from 'react-i18next';
import { Form, useSearchParams } from 'react-router';
import { FormAlert } from '../features/public-forms/public-form-ui.tsx';
import { localizePath } from '../i18n/locale.ts';
import { useLocale } from '../ui/root-data.ts';
import { ANALYTICS_CHOICE_PARAM } from './events.ts';

/** The section with the choice. */
export function AnalyticsChoice() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const choice = params.get(ANALYTICS_CHOICE_PARAM);
  return (
    <section className="analytics-choice block" aria-labelledby="analytics-choice-title">
      <h2 id="analytics-choice-title">{t('analytics.title')}</h2>
      <p>{t('analytics.what')}</p>
      <p>{t('analytics.retention')}</p>
      <p>{t('analytics.signals')}</p>
      {choice === 'uit' || choice === 'aan' ? (
        <FormAlert tone="success" code={`analytics-${choice}`}>
          <p>{t(choice === 'uit' ? 'analytics.optedOut' : 'analytics.optedIn')}</p>
        </FormAlert>
      ) : null}
      <Form method="post" action={localizePath('/privacy', locale)} className="analytics-choice__form">
        <button type="submit" name="intent" value="analytics-off" className="button">
          {t('analytics.optOut')}
        </button>
        <button type="submit" name="intent" value="analytics-on" className="button button--secondary">
          {t('analytics.optIn')}
        </button>
      </Form>
    </section>
  );
}
