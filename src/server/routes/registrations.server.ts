/** Route module of the `registrations` page (src/shared/pages/registrations/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { data, redirect } from 'react-router';
import {
  attendeeBound,
  isFull,
  type OpenEvent,
  registrationForm,
} from '../../shared/features/registrations/registration-form.ts';
import { type FieldErrors, formFailure, validateForm } from '../../shared/forms/validate-form.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import { fixedT } from '../../shared/i18n/translations.ts';
import type {
  RegistrationActionData,
  RegistrationsData,
} from '../../shared/pages/registrations/registrations.page.tsx';
import { loadOpenEvents } from '../cms/open-events.server.ts';
import { isOutage, isStrapiError, type StrapiError } from '../cms/strapi-client.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { MUST_REVALIDATE, PRIVATE_NO_STORE } from '../http/cache-policy.server.ts';
import { newIdempotencyKey, postedIdempotencyKey, submitOnce } from '../services/submit-once.server.ts';

/**
 * Action of `/inschrijvingen`: validates the registration with the page's form (the
 * attendees bounded by the chosen event's places left, read fresh from the CMS) and stores it once
 * with `POST /api/event-registrations` and the form's idempotency key
 * (services/submit-once.server.ts). A signed-in visitor's session JWT goes along, so the CMS links
 * the registration to the account. The CMS makes the authoritative, atomic capacity check: a full
 * event or too few places come back as messages on the event or attendees field (409). Success
 * redirects to `?verzonden=1&evenement={slug}` (Post/Redirect/Get), and so does the same post sent
 * again. Every other answer shows the form again with what was typed and its key: 503 when the
 * registration was not stored (`unavailable`) or the CMS did not confirm it in time (`unconfirmed`:
 * sending it again is safe), 422 with a new key when the key was malformed or used for other values
 * (`resubmit`). Those answers carry the events the action saw, so the page can show the form even
 * when its loader cannot reach the CMS.
 */

/** What the CMS answers for a stored registration. */
interface StoredRegistration {
  documentId: string;
  confirmationSent: boolean;
  event: { title: string; slug: string };
}

/** The `{ code, remaining }` details of a refused registration. */
function refusal(error: StrapiError): { code: string; remaining: number } | null {
  if (error.status !== 409) return null;
  const details = error.details as { code?: unknown; remaining?: unknown } | null;
  return {
    code: typeof details?.code === 'string' ? details.code : '',
    remaining: typeof details?.remaining === 'number' ? details.remaining : 0,
  };
}

export async function action({ request, context }: PortalLoaderArgs) {
  const formData = await request.formData();
  const posted = postedIdempotencyKey(formData);
  const t = fixedT(context.locale);
  const answer = (body: RegistrationActionData, status: number) =>
    data({ ...body, idempotencyKey: body.idempotencyKey ?? posted.key }, { status });

  let events: OpenEvent[] | null = null;
  try {
    events = await loadOpenEvents(context);
  } catch (error) {
    if (!isStrapiError(error)) throw error;
  }
  const slug = formData.get('event');
  const selected = events?.find((event) => event.slug === slug);
  const form = registrationForm(attendeeBound(events ?? [], selected));
  const result = validateForm(form, formData, context.locale);
  if (!events) {
    return answer({ ...formFailure(form, { values: result.values, errors: {} }), error: 'unavailable' }, 503);
  }
  const errors: FieldErrors = { ...result.errors };
  if (result.values.event && !selected) errors.event = [t('registrations.errors.closed')];
  else if (selected && isFull(selected)) errors.event = [t('registrations.errors.full')];
  if (!result.success || errors.event)
    return answer(formFailure(form, { values: result.values, errors }), 422);

  const values = result.values;
  /** The form again with what was typed, a form-level problem and the events the action saw. */
  const notStored = (error: NonNullable<RegistrationActionData['error']>, status: number, key?: string) =>
    answer(
      { ...formFailure(form, { values, errors: {} }), error, events: events ?? [], idempotencyKey: key },
      status,
    );
  if (posted.kind === 'malformed') return notStored('resubmit', 422);

  const session = await context.session.current();
  const jwt = session.status === 'signed-in' ? context.session.token() : null;
  const outcome = await submitOnce<StoredRegistration>(context, {
    path: '/event-registrations',
    data: {
      event: values.event,
      name: values.name,
      email: values.email,
      organisation: values.organisation,
      attendees: Number(values.attendees),
      consent: values.consent,
      locale: context.locale,
    },
    key: posted.key,
    jwt,
  });
  switch (outcome.kind) {
    case 'stored': {
      const stored = outcome.data;
      if (!outcome.replayed) context.analytics.record({ eventType: 'Lead', label: 'event-registrations' });
      const query = new URLSearchParams({
        [REGISTRATION_QUERY.done]: '1',
        [REGISTRATION_QUERY.event]: stored?.event.slug ?? values.event,
      });
      if (stored && !stored.confirmationSent) query.set(REGISTRATION_QUERY.mail, '0');
      return redirect(localizePath(`/inschrijvingen?${query}`, context.locale));
    }
    case 'refused': {
      const refused = refusal(outcome.error);
      if (!refused) {
        context.logger.warn({ strapi: outcome.error.toJSON() }, 'event registration refused');
        return notStored('failed', 400);
      }
      const fieldErrors: FieldErrors =
        refused.code === 'not-enough-places'
          ? { attendees: [t('registrations.errors.notEnough', { count: refused.remaining })] }
          : {
              event: [
                t(
                  refused.code === 'event-full' ? 'registrations.errors.full' : 'registrations.errors.closed',
                ),
              ],
            };
      return answer(formFailure(form, { values, errors: fieldErrors }), 409);
    }
    case 'key-reused':
      return notStored('resubmit', 422, newIdempotencyKey());
    case 'unconfirmed':
      return notStored('unconfirmed', 503);
    case 'not-sent':
      return notStored('unavailable', 503);
  }
}

/*
 * Loader of `/inschrijvingen`: the events open for registration with their places left,
 * the event preselected by `?evenement={slug}` (a full or closed event gives a notice instead), and
 * after a registration (`?verzonden=1&evenement={slug}`, `&mail=0` when the confirmation e-mail
 * could not be sent yet) the confirmation. The places change with every registration, so shared
 * caches must revalidate the confirmation; a page with the form carries a new idempotency key and is
 * private. When the CMS cannot say which events are open (an outage, or a slow answer after a
 * form's write), the page says so with status 503 instead of failing: after a post it still shows
 * the form with what was typed (the action's answer carries the events).
 */

/** `Cache-Control` of the registration page's confirmation: shareable, but never served stale. */
export const REGISTRATION_PAGE_CACHE = MUST_REVALIDATE;

/** Query parameters of the page. */
export const REGISTRATION_QUERY = { event: 'evenement', done: 'verzonden', mail: 'mail' } as const;

export async function loader({ request, context }: PortalLoaderArgs) {
  const query = new URL(request.url).searchParams;
  let events: OpenEvent[] = [];
  let unavailable = false;
  try {
    events = await loadOpenEvents(context);
  } catch (error) {
    if (!isStrapiError(error) || !isOutage(error)) throw error;
    context.logger.warn({ strapi: error.toJSON() }, 'events open for registration not loaded');
    unavailable = true;
  }
  const slug = query.get(REGISTRATION_QUERY.event);
  const event = slug ? events.find((candidate) => candidate.slug === slug) : undefined;
  const done = query.get(REGISTRATION_QUERY.done) === '1';
  const body: RegistrationsData = {
    events,
    unavailable,
    preselected: !done && event && !isFull(event) ? event.slug : null,
    notice:
      !done && slug && !unavailable
        ? event
          ? isFull(event)
            ? { kind: 'full', title: event.title }
            : null
          : { kind: 'closed', title: null }
        : null,
    done: done
      ? {
          title: event?.title ?? null,
          slug: event?.slug ?? null,
          confirmationSent: query.get(REGISTRATION_QUERY.mail) !== '0',
        }
      : null,
    idempotencyKey: done ? null : newIdempotencyKey(),
  };
  if (unavailable) return data(body, { status: 503, headers: { 'Cache-Control': PRIVATE_NO_STORE } });
  return data(body, { headers: { 'Cache-Control': done ? REGISTRATION_PAGE_CACHE : PRIVATE_NO_STORE } });
}
