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
import { isStrapiError } from '../cms/strapi-client.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { MUST_REVALIDATE } from '../http/cache-policy.server.ts';
import { loadOpenEvents } from '../services/open-events.server.ts';

/**
 * Action of `/inschrijvingen`: validates the registration with the page's form (the
 * attendees bounded by the chosen event's places left, read fresh from the CMS) and stores it with
 * `POST /api/event-registrations`. A signed-in visitor's session JWT goes along, so the CMS links the
 * registration to the account. The CMS makes the authoritative, atomic capacity check: a full event
 * or too few places come back as messages on the event or attendees field. Success redirects to
 * `?verzonden=1&evenement={slug}` (Post/Redirect/Get); every failure keeps what was typed, and a CMS
 * outage says the registration was not sent (503).
 */

/** What the CMS answers for a stored registration. */
interface StoredRegistration {
  documentId: string;
  confirmationSent: boolean;
  event: { title: string; slug: string };
}

/** The `{ code, remaining }` details of a refused registration. */
function refusal(error: unknown): { code: string; remaining: number } | null {
  if (!isStrapiError(error) || error.status !== 409) return null;
  const details = error.details as { code?: unknown; remaining?: unknown } | null;
  return {
    code: typeof details?.code === 'string' ? details.code : '',
    remaining: typeof details?.remaining === 'number' ? details.remaining : 0,
  };
}

export async function action({ request, context }: PortalLoaderArgs) {
  const formData = await request.formData();
  const t = fixedT(context.locale);
  const answer = (body: RegistrationActionData, status: number) => data(body, { status });

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
  const session = await context.session.current();
  const jwt = session.status === 'signed-in' ? context.session.token() : null;
  let stored: StoredRegistration | null;
  try {
    stored = await context.strapi.create<StoredRegistration>(
      'event-registrations',
      {
        event: values.event,
        name: values.name,
        email: values.email,
        organisation: values.organisation,
        attendees: Number(values.attendees),
        consent: values.consent,
        locale: context.locale,
      },
      { jwt },
    );
  } catch (error) {
    const refused = refusal(error);
    if (refused) {
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
    if (!isStrapiError(error)) throw error;
    context.logger.warn({ strapi: error.toJSON() }, 'event registration not stored');
    const outage = error.status >= 500 || error.status === 499;
    return answer(
      { ...formFailure(form, { values, errors: {} }), error: outage ? 'unavailable' : 'failed' },
      outage ? 503 : 400,
    );
  }
  context.analytics.record({ eventType: 'Lead', label: 'event-registrations' });
  const query = new URLSearchParams({
    [REGISTRATION_QUERY.done]: '1',
    [REGISTRATION_QUERY.event]: stored?.event.slug ?? values.event,
  });
  if (stored && !stored.confirmationSent) query.set(REGISTRATION_QUERY.mail, '0');
  return redirect(localizePath(`/inschrijvingen?${query}`, context.locale));
}

/*
 * Loader of `/inschrijvingen`: the events open for registration with their places left,
 * the event preselected by `?evenement={slug}` (a full or closed event gives a notice instead), and
 * after a registration (`?verzonden=1&evenement={slug}`, `&mail=0` when the confirmation e-mail
 * could not be sent yet) the confirmation. The places change with every registration, so shared
 * caches must revalidate.
 */

/** `Cache-Control` of the registration page: shareable, but never served stale. */
export const REGISTRATION_PAGE_CACHE = MUST_REVALIDATE;

/** Query parameters of the page. */
export const REGISTRATION_QUERY = { event: 'evenement', done: 'verzonden', mail: 'mail' } as const;

export async function loader({ request, context }: PortalLoaderArgs) {
  const query = new URL(request.url).searchParams;
  const events = await loadOpenEvents(context);
  const slug = query.get(REGISTRATION_QUERY.event);
  const event = slug ? events.find((candidate) => candidate.slug === slug) : undefined;
  const done = query.get(REGISTRATION_QUERY.done) === '1';
  const body: RegistrationsData = {
    events,
    preselected: !done && event && !isFull(event) ? event.slug : null,
    notice:
      !done && slug
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
  };
  return data(body, { headers: { 'Cache-Control': REGISTRATION_PAGE_CACHE } });
}
