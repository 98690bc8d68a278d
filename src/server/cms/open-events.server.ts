/**
 * The events open for registration at the portal's form with their places left, from the CMS
 * endpoint `GET /api/event-registrations/availability`
 * (cms/src/api/event-registration/services/event-registration.js): upcoming, published,
 * `registrationOpen`, without the organiser's ticket page, soonest first. The registration page and
 * its action ask afresh, so they see the places as they are now; the pages that only show an
 * event's state (agenda, event page, home) may share an answer for the CMS client's cache lifetime
 * (10 s). During a CMS outage the last known list is used.
 */

import type { OpenEvent } from '../../shared/features/registrations/registration-form.ts';
import type { PortalContext } from '../context.server.ts';

/**
 * Loads the events open for registration.
 * @param options.fresh ask the CMS now (default); false shares a cached answer of at most 10 s
 * @throws StrapiError when the CMS fails or cannot be reached and no answer is known
 */
export async function loadOpenEvents(
  context: Pick<PortalContext, 'strapi'>,
  options: { fresh?: boolean } = {},
): Promise<OpenEvent[]> {
  const body = await context.strapi.request<{ data?: OpenEvent[] }>('/event-registrations/availability', {
    cache: options.fresh === false ? true : 'no-cache',
  });
  return Array.isArray(body?.data) ? body.data : [];
}
