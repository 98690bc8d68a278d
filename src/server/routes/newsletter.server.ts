/** Route module of the `newsletter` page (src/shared/pages/newsletter/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { data, redirect } from 'react-router';
import type { PublicFormActionData } from '../../shared/features/public-forms/public-form-data.ts';
import { validateForm } from '../../shared/forms/validate-form.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import {
  CONFIRM_RESULTS,
  type ConfirmOutcome,
  type NewsletterConfirmData,
  type NewsletterPageData,
  type NewsletterUnsubscribeData,
  resultValue,
  UNSUBSCRIBE_RESULTS,
  type UnsubscribeOutcome,
} from '../../shared/pages/newsletter/newsletter-data.ts';
import {
  NEWSLETTER_TOKEN_PATTERN,
  newsletterForm,
  unsubscribeForm,
} from '../../shared/pages/newsletter/newsletter-form.ts';
import {
  NEWSLETTER_CONFIRM_PATH,
  NEWSLETTER_PATH,
  NEWSLETTER_UNSUBSCRIBE_PATH,
  RESULT_PARAM,
  SIGNED_UP_PARAM,
  sentPath,
} from '../../shared/urls.ts';
import { notFound } from '../cms/paging.server.ts';
import { isStrapiError } from '../cms/strapi-client.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { PRIVATE_NO_STORE, PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';
import { flagParam, redirectAfterPost, rejected, sendPublicForm } from '../services/public-forms.server.ts';
import { newIdempotencyKey, postedIdempotencyKey } from '../services/submit-once.server.ts';

/**
 * Actions of the newsletter pages:
 *
 * - `/nieuwsbrief`: validates the sign-up with the page's form definition and hands it to the CMS
 *   once, with the form's idempotency key (`POST /api/newsletter-subscriptions`: stored as pending,
 *   confirmation e-mail with the confirm and unsubscribe links). The CMS answers the same for new,
 *   pending and confirmed addresses, and so does this action: a redirect to
 *   `/nieuwsbrief?aangemeld=1#formulier` ("Check je inbox"). Invalid input → 422 with the messages;
 *   a sign-up not (or perhaps not) stored → 503 with the typed values (`sendPublicForm`).
 * - `/nieuwsbrief/afmelden`: unsubscribes the token (`POST /api/newsletter-subscriptions/unsubscribe`,
 *   idempotent) and redirects to `?resultaat=afgemeld` (`al-afgemeld`, `ongeldig`). The token comes
 *   from the form's hidden field, or from the URL for a one-click unsubscribe by a mail client
 *   (RFC 8058: `POST` to the List-Unsubscribe URL with the body `List-Unsubscribe=One-Click`).
 *   A CMS outage → 503 and the button stays.
 */
export async function action({ request, context }: PortalLoaderArgs) {
  const formData = await request.formData();
  const posted = postedIdempotencyKey(formData);
  const result = validateForm(newsletterForm, formData, context.locale);
  if (!result.success) return rejected(newsletterForm, result, posted.key);
  const { email, firstName, topics, consent } = result.values;
  return sendPublicForm(context, {
    form: newsletterForm,
    result,
    posted,
    collection: 'newsletter-subscriptions',
    payload: { email, firstName, topics, consent, language: context.locale },
    sentPath: sentPath(NEWSLETTER_PATH, SIGNED_UP_PARAM),
  });
}

/** Action of `/nieuwsbrief/afmelden`. */
export async function unsubscribeAction({ request, context }: PortalLoaderArgs) {
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
    return data(body, { status: 503, headers: { 'Cache-Control': PRIVATE_NO_STORE } });
  }
}

/*
 * Loaders of the newsletter pages:
 *
 * - `/nieuwsbrief`: whether an address was just signed up (`?aangemeld=1`).
 * - `/nieuwsbrief/bevestigen?token=…`: the link in the confirmation e-mail. Visiting it confirms
 *   the subscription (`POST /api/newsletter-subscriptions/confirm`, idempotent) and redirects to
 *   `?resultaat=bevestigd` (or `al-bevestigd`, `ongeldig`, `verlopen`), so the token leaves the
 *   address bar and the outcome page is the same for everyone. A CMS outage shows a 503 page that
 *   keeps the link, so a reload tries again.
 * - `/nieuwsbrief/afmelden?token=…`: the link in every newsletter e-mail. GET only shows the
 *   "unsubscribe" button (it never changes anything: link checkers and prefetchers open links);
 *   the action unsubscribes. `?resultaat=` shows the outcome.
 * Unknown `?resultaat=` values and other flag values are 404s.
 */

/** Headers of outcome pages: the same for everyone, so shared caches may keep them. */
const PUBLIC = { 'Cache-Control': PUBLIC_PAGE_CACHE };
/** Headers of pages that carry a personal token or a transient failure. */
const PRIVATE = { 'Cache-Control': PRIVATE_NO_STORE };

/** The error code of a refused token (`details.code` of the CMS's 400), or null for other errors. */
function tokenErrorCode(error: unknown): 'invalid-token' | 'expired-token' | null {
  if (!isStrapiError(error) || error.status !== 400) return null;
  const code = (error.details as { code?: unknown } | null)?.code;
  return code === 'expired-token' ? 'expired-token' : 'invalid-token';
}

/**
 * Loader of `/nieuwsbrief`: the form with a new idempotency key (so the page is private), or after a
 * sign-up the public "Check je inbox".
 */
export async function loader({ request }: PortalLoaderArgs) {
  const signedUp = flagParam(request, SIGNED_UP_PARAM);
  const body: NewsletterPageData = { signedUp, idempotencyKey: signedUp ? null : newIdempotencyKey() };
  return data(body, { headers: signedUp ? PUBLIC : PRIVATE });
}

/** Loader of `/nieuwsbrief/bevestigen`. */
export async function confirmLoader({ request, context }: PortalLoaderArgs) {
  const query = new URL(request.url).searchParams;
  const token = query.get('token');
  const result = query.get(RESULT_PARAM);
  if (token !== null) {
    let outcome: Exclude<ConfirmOutcome, 'unavailable'> = 'invalid';
    if (NEWSLETTER_TOKEN_PATTERN.test(token)) {
      try {
        const answer = await context.strapi.request<{ result?: string }>(
          '/newsletter-subscriptions/confirm',
          {
            method: 'POST',
            body: { token },
          },
        );
        outcome = answer?.result === 'already-confirmed' ? 'already-confirmed' : 'confirmed';
      } catch (error) {
        const code = tokenErrorCode(error);
        if (code === null) {
          if (!isStrapiError(error)) throw error;
          const body: NewsletterConfirmData = { outcome: 'unavailable' };
          return data(body, { status: 503, headers: PRIVATE });
        }
        outcome = code === 'expired-token' ? 'expired' : 'invalid';
      }
    }
    const target = `${NEWSLETTER_CONFIRM_PATH}?${RESULT_PARAM}=${resultValue(CONFIRM_RESULTS, outcome)}`;
    throw redirect(localizePath(target, context.locale), 303);
  }
  if (result === null) {
    const body: NewsletterConfirmData = { outcome: 'invalid' };
    return data(body, { status: 400, headers: PUBLIC });
  }
  if (!Object.hasOwn(CONFIRM_RESULTS, result)) throw notFound();
  const body: NewsletterConfirmData = { outcome: CONFIRM_RESULTS[result]! };
  return data(body, { headers: PUBLIC });
}

/** Loader of `/nieuwsbrief/afmelden`. */
export async function unsubscribeLoader({ request }: PortalLoaderArgs) {
  const query = new URL(request.url).searchParams;
  const result = query.get(RESULT_PARAM);
  if (result !== null) {
    if (!Object.hasOwn(UNSUBSCRIBE_RESULTS, result)) throw notFound();
    const body: NewsletterUnsubscribeData = { state: UNSUBSCRIBE_RESULTS[result]!, token: null };
    return data(body, { headers: PUBLIC });
  }
  const token = query.get('token');
  if (token !== null && NEWSLETTER_TOKEN_PATTERN.test(token)) {
    const body: NewsletterUnsubscribeData = { state: 'ask', token };
    return data(body, { headers: PRIVATE });
  }
  const body: NewsletterUnsubscribeData = { state: 'invalid', token: null };
  return data(body, { status: 400, headers: PUBLIC });
}
