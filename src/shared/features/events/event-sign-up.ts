/**
 * Whether and where a visitor can sign up for an event now: one rule for the agenda's badges, the
 * home page's cards, the event page's buttons and its schema.org `Offer`, so they never disagree
 * (docs/decisions/096-one-way-to-sign-up-for-an-event.md).
 *
 * An event has one way to sign up: the organiser's ticket page when the CMS has a
 * `registrationUrl` for it, else the portal's own form (`/inschrijvingen`), whose places the CMS
 * counts (`GET /api/event-registrations/availability`, cms/src/api/event-registration). Only the
 * portal's form can be "full": of the organiser's tickets the portal knows nothing.
 */
import type { Event } from '../../cms-types.ts';

/**
 * The state of an event's registration:
 * `open` (sign up now), `full` (the portal's form has no places left), `opens-later` (closed,
 * opens at `registrationOpensAt`), `closed` (not open, no opening ahead) or `ended` (the event is over).
 */
export type SignUpStatus = 'open' | 'full' | 'opens-later' | 'closed' | 'ended';

/** Where a visitor signs up: the portal's form or the organiser's ticket page. */
export type SignUpChannel = 'portal' | 'organiser';

/** An event's registration as the pages show it (decided by the server at the request). */
export interface EventSignUp {
  status: SignUpStatus;
  /** The one way to sign up while `open` or `full`; null otherwise. */
  channel: SignUpChannel | null;
  /** Places left at the portal's form; null without a limit, when not known, or for the organiser's tickets. */
  remaining: number | null;
}

/** An event with its registration state (the loaders of the agenda, home, topic and CMS pages add it). */
export type EventWithSignUp = Event & { signUp?: EventSignUp };

/** The event fields the rule reads. */
export type SignUpFields = Pick<
  Event,
  'startsAt' | 'endsAt' | 'registrationOpen' | 'registrationOpensAt' | 'registrationUrl'
>;

/** True when the organiser's ticket page is the way to sign up (a non-empty `registrationUrl`). */
export function hasTicketPage(event: Pick<Event, 'registrationUrl'>): boolean {
  return typeof event.registrationUrl === 'string' && event.registrationUrl.trim() !== '';
}

/**
 * True when the places of the portal's form matter for `event`: its registration is open at the
 * portal and it has not ended at `now`.
 */
export function countsPlaces(event: SignUpFields, now: string): boolean {
  return !hasEnded(event, now) && Boolean(event.registrationOpen) && !hasTicketPage(event);
}

/** True when the event ended (its end, else its start) before `now` (ISO 8601). */
export function hasEnded(event: Pick<Event, 'startsAt' | 'endsAt'>, now: string): boolean {
  return Date.parse(event.endsAt ?? event.startsAt) < Date.parse(now);
}

/**
 * The registration state of `event` at `now`.
 * @param event the CMS event (`registrationOpen`, `registrationOpensAt`, `registrationUrl`, times)
 * @param places the event's places at the portal's form: `remaining` from the CMS's availability
 *   list (null: no limit), or undefined when the list does not name the event (then nothing is
 *   known about places and the event counts as open)
 * @param now the current time, ISO 8601
 * @returns the state; never `full` for an event with a ticket page
 */
export function signUpOf(
  event: SignUpFields,
  places: { remaining: number | null } | undefined,
  now: string,
): EventSignUp {
  if (hasEnded(event, now)) return { status: 'ended', channel: null, remaining: null };
  if (!event.registrationOpen) {
    const opensLater =
      Boolean(event.registrationOpensAt) && Date.parse(event.registrationOpensAt ?? '') > Date.parse(now);
    return { status: opensLater ? 'opens-later' : 'closed', channel: null, remaining: null };
  }
  if (hasTicketPage(event)) return { status: 'open', channel: 'organiser', remaining: null };
  const remaining = places?.remaining ?? null;
  return { status: remaining !== null && remaining <= 0 ? 'full' : 'open', channel: 'portal', remaining };
}
