/**
 * The events open for registration with their places left, from the CMS endpoint
 * `GET /api/event-registrations/availability` (cms/src/lib/event-registrations.js): upcoming,
 * published, `registrationOpen`, soonest first. Read uncached, so the page and the action see the
 * places as they are now.
 */

import type { OpenEvent } from '../../shared/features/registrations/registration-form.ts';
import type { PortalContext } from '../context.server.ts';

/**
 * Loads the events open for registration.
 * @throws StrapiError when the CMS fails or cannot be reached
 */
export async function loadOpenEvents(context: Pick<PortalContext, 'strapi'>): Promise<OpenEvent[]> {
  const body = await context.strapi.request<{ data?: OpenEvent[] }>('/event-registrations/availability', {
    cache: false,
  });
  return Array.isArray(body?.data) ? body.data : [];
}
