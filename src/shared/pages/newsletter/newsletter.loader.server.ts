/**
 * Loaders of the newsletter pages (issue 5):
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
import { data, redirect } from 'react-router';
import { notFound, PUBLIC_PAGE_CACHE } from '../../../server/loaders/content.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { isStrapiError } from '../../../server/strapi/strapi-client.server.ts';
import { localizePath } from '../../i18n/locale.ts';
import { NEWSLETTER_CONFIRM_PATH, RESULT_PARAM, SIGNED_UP_PARAM } from '../../public-forms-paths.ts';
import { flagParam, NO_STORE } from '../public-forms/public-forms.server.ts';
import {
  CONFIRM_RESULTS,
  type ConfirmOutcome,
  type NewsletterConfirmData,
  type NewsletterPageData,
  type NewsletterUnsubscribeData,
  resultValue,
  UNSUBSCRIBE_RESULTS,
} from './newsletter-data.ts';
import { NEWSLETTER_TOKEN_PATTERN } from './newsletter-form.ts';

/** Headers of outcome pages: the same for everyone, so shared caches may keep them. */
const PUBLIC = { 'Cache-Control': PUBLIC_PAGE_CACHE };
/** Headers of pages that carry a personal token or a transient failure. */
const PRIVATE = { 'Cache-Control': NO_STORE };

/** The error code of a refused token (`details.code` of the CMS's 400), or null for other errors. */
export function tokenErrorCode(error: unknown): 'invalid-token' | 'expired-token' | null {
  if (!isStrapiError(error) || error.status !== 400) return null;
  const code = (error.details as { code?: unknown } | null)?.code;
  return code === 'expired-token' ? 'expired-token' : 'invalid-token';
}

/** Loader of `/nieuwsbrief`. */
export async function newsletterLoader({ request }: PortalLoaderArgs) {
  const body: NewsletterPageData = { signedUp: flagParam(request, SIGNED_UP_PARAM) };
  return data(body, { headers: PUBLIC });
}

/** Loader of `/nieuwsbrief/bevestigen`. */
export async function newsletterConfirmLoader({ request, context }: PortalLoaderArgs) {
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
export async function newsletterUnsubscribeLoader({ request }: PortalLoaderArgs) {
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
