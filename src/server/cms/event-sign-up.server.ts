/**
 * Adds each listed event's registration state (src/shared/features/events/event-sign-up.ts) for the
 * agenda, the event page, the home page, topic pages and the CMS pages' event lists, with the places
 * left from the CMS's availability list (./open-events.server.ts). The list is asked for only when
 * one of the events takes registrations at the portal's form.
 */
import type { Event } from '../../shared/cms-types.ts';
import { countsPlaces, type EventSignUp, signUpOf } from '../../shared/features/events/event-sign-up.ts';
import type { PortalContext } from '../context.server.ts';
import { currentMinuteIso } from './clock.server.ts';
import { loadOpenEvents } from './open-events.server.ts';

/**
 * The events with their `signUp` state at `now`.
 * @param events CMS events with `startsAt`, `endsAt`, `registrationOpen`, `registrationOpensAt`
 *   and `registrationUrl` (the card, list and detail queries of cms/queries/events.server.ts)
 * @param now ISO 8601 (default: the current minute)
 * @returns new objects, in the same order
 * @throws StrapiError when the availability list is needed and the CMS fails without a known answer
 */
export async function withSignUp<E extends Event>(
  context: Pick<PortalContext, 'strapi'>,
  events: readonly E[],
  now: string = currentMinuteIso(),
): Promise<Array<E & { signUp: EventSignUp }>> {
  const needed = events.some((event) => countsPlaces(event, now));
  const open = needed ? await loadOpenEvents(context, { fresh: false }) : [];
  const places = new Map(open.map((event) => [event.documentId, event]));
  return events.map((event) => ({ ...event, signUp: signUpOf(event, places.get(event.documentId), now) }));
}
