/**
 * Actions of the newsletter pages (issue 5):
 *
 * - `/nieuwsbrief`: validates the sign-up with the page's form definition and hands it to the CMS
 *   (`POST /api/newsletter-subscriptions`: stored as pending, confirmation e-mail with the confirm
 *   and unsubscribe links). The CMS answers the same for new, pending and confirmed addresses, and
 *   so does this action: a redirect to `/nieuwsbrief?aangemeld=1#formulier` ("Check je inbox").
 *   Invalid input → 422 with the messages; a CMS outage → 503 with the typed values.
 * - `/nieuwsbrief/afmelden`: unsubscribes the token (`POST /api/newsletter-subscriptions/unsubscribe`,
 *   idempotent) and redirects to `?resultaat=afgemeld` (`al-afgemeld`, `ongeldig`). The token comes
 *   from the form's hidden field, or from the URL for a one-click unsubscribe by a mail client
 *   (RFC 8058: `POST` to the List-Unsubscribe URL with the body `List-Unsubscribe=One-Click`).
 *   A CMS outage → 503 and the button stays.
 */
import { data } from 'react-router';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { isStrapiError } from '../../../server/strapi/strapi-client.server.ts';
import { validateForm } from '../../forms/validate-form.ts';
import {
  NEWSLETTER_PATH,
  NEWSLETTER_UNSUBSCRIBE_PATH,
  RESULT_PARAM,
  SIGNED_UP_PARAM,
  sentPath,
} from '../../public-forms-paths.ts';
import type { PublicFormActionData } from '../public-forms/public-form-data.ts';
import {
  NO_STORE,
  redirectAfterPost,
  rejected,
  submitToCms,
  unavailable,
} from '../public-forms/public-forms.server.ts';
import { tokenErrorCode } from './newsletter.loader.server.ts';
import { resultValue, UNSUBSCRIBE_RESULTS, type UnsubscribeOutcome } from './newsletter-data.ts';
import { newsletterForm, unsubscribeForm } from './newsletter-form.ts';

/** Action of `/nieuwsbrief`. */
export async function newsletterAction({ request, context }: PortalLoaderArgs) {
  const result = validateForm(newsletterForm, await request.formData(), context.locale);
  if (!result.success) return rejected(newsletterForm, result);
  const { email, firstName, topics, consent } = result.values;
  const sent = await submitToCms(context, 'newsletter-subscriptions', {
    email,
    firstName,
    topics,
    consent,
    language: context.locale,
  });
  if (!sent) return unavailable(newsletterForm, result);
  return redirectAfterPost(sentPath(NEWSLETTER_PATH, SIGNED_UP_PARAM), context);
}

/** Action of `/nieuwsbrief/afmelden`. */
export async function newsletterUnsubscribeAction({ request, context }: PortalLoaderArgs) {
  const posted = await request.formData();
  const token = posted.get('token') ?? new URL(request.url).searchParams.get('token') ?? '';
  const result = validateForm(unsubscribeForm, { token }, context.locale);
  const outcomePath = (outcome: UnsubscribeOutcome) =>
    `${NEWSLETTER_UNSUBSCRIBE_PATH}?${RESULT_PARAM}=${resultValue(UNSUBSCRIBE_RESULTS, outcome)}`;
  if (!result.success) return redirectAfterPost(outcomePath('invalid'), context);
  try {
    const answer = await context.strapi.request<{ result?: string }>(
      '/newsletter-subscriptions/unsubscribe',
      {
        method: 'POST',
        body: { token: result.values.token },
      },
    );
    const outcome = answer?.result === 'already-unsubscribed' ? 'already-unsubscribed' : 'unsubscribed';
    return redirectAfterPost(outcomePath(outcome), context);
  } catch (error) {
    if (tokenErrorCode(error) !== null) return redirectAfterPost(outcomePath('invalid'), context);
    if (!isStrapiError(error)) throw error;
    context.logger.warn({ strapi: { status: error.status, name: error.name } }, 'unsubscribe not sent');
    const body: PublicFormActionData = {
      values: { token: result.values.token },
      errors: {},
      error: 'unavailable',
    };
    return data(body, { status: 503, headers: { 'Cache-Control': NO_STORE } });
  }
}
