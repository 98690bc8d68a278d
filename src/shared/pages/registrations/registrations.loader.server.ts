/**
 * Loader of `/inschrijvingen` (issue 5): the events open for registration with their places left,
 * the event preselected by `?evenement={slug}` (a full or closed event gives a notice instead), and
 * after a registration (`?verzonden=1&evenement={slug}`, `&mail=0` when the confirmation e-mail
 * could not be sent yet) the confirmation. The places change with every registration, so shared
 * caches must revalidate.
 */
import { data } from 'react-router';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { loadOpenEvents } from './open-events.server.ts';
import { isFull } from './registration-form.ts';
import type { RegistrationsData } from './registrations.page.tsx';

/** `Cache-Control` of the registration page: shareable, but never served stale. */
export const REGISTRATION_PAGE_CACHE = 'public, max-age=0, must-revalidate';

/** Query parameters of the page. */
export const REGISTRATION_QUERY = { event: 'evenement', done: 'verzonden', mail: 'mail' } as const;

export async function registrationsLoader({ request, context }: PortalLoaderArgs) {
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
