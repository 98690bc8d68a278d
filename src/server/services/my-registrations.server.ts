/**
 * Server helper for the account page: the signed-in visitor's own event registrations,
 * from `GET /api/event-registrations/mine` with the visitor's session JWT (the CMS answers only the
 * caller's registrations; visitors without a session get none). A CMS failure is logged and
 * answered with `null`, so the account page still renders and says the list is unavailable.
 */

import type { MyRegistration } from '../../shared/features/registrations/my-registrations.tsx';
import { isStrapiError } from '../cms/strapi-client.server.ts';
import type { PortalContext } from '../context.server.ts';

/** One registration as the CMS answers it. */
interface CmsRegistration {
  documentId: string;
  attendees: number;
  createdAt: string;
  event: {
    title: string;
    slug: string;
    startsAt: string;
    endsAt: string | null;
    timeZone: string | null;
    venue: string | null;
  } | null;
}

/**
 * The visitor's registrations, soonest event first, each marked `past` once its event has ended.
 * @param now ms since the epoch (default: the request time)
 * @returns the list (empty without a session), or null when the CMS could not answer
 */
export async function loadMyRegistrations(
  context: Pick<PortalContext, 'strapi' | 'logger' | 'session'>,
  now = Date.now(),
): Promise<MyRegistration[] | null> {
  const jwt = context.session.token();
  if (!jwt) return [];
  try {
    const body = await context.strapi.request<{ data?: CmsRegistration[] }>('/event-registrations/mine', {
      jwt,
    });
    return (body?.data ?? []).map((registration) => ({
      documentId: registration.documentId,
      attendees: registration.attendees,
      event: registration.event,
      past: registration.event
        ? Date.parse(registration.event.endsAt ?? registration.event.startsAt) < now
        : true,
    }));
  } catch (error) {
    if (!isStrapiError(error)) throw error;
    context.logger.warn({ strapi: error.toJSON() }, 'own event registrations could not be loaded');
    return null;
  }
}
