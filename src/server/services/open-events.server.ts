/**
 * The events open for registration with their places left, from the CMS endpoint
 * `GET /api/event-registrations/availability` (cms/src/api/event-registration/services/event-registration.js): upcoming,
 * published, `registrationOpen`, soonest first. Always asked afresh, so the page and the action
 * see the places as they are now; during a CMS outage the last known list keeps the form on screen.
 */

import type { OpenEvent } from '../../shared/features/registrations/registration-form.ts';
import type { PortalContext } from '../context.server.ts';

/**
 * Loads the events open for registration.
 * @throws StrapiError when the CMS fails or cannot be reached
 */
export async function loadOpenEvents(context: Pick<PortalContext, 'strapi'>): Promise<OpenEvent[]> {
  const body = await context.strapi.request<{ data?: OpenEvent[] }>('/event-registrations/availability', {
    cache: 'no-cache',
  });
  return Array.isArray(body?.data) ? body.data : [];
}
