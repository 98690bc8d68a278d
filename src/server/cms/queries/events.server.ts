/**
 * CMS filters of the agenda pages. An event is upcoming while it has not ended: its end lies
 * in the future, or, without an end, its start does. Everything else is past. Both filters take
 * the current time as ISO 8601 (use `currentMinuteIso()` so the CMS client's cache key is stable
 * for a minute).
 */
import type { Event, StrapiList } from '../../../shared/cms-types.ts';
import type { EventSignUp } from '../../../shared/features/events/event-sign-up.ts';
import type { PortalContext } from '../../context.server.ts';
import { currentMinuteIso } from '../clock.server.ts';
import { withSignUp } from '../event-sign-up.server.ts';
import { inSourceLocale, translateList } from '../translations.server.ts';
import { DETAIL_MEDIA_FIELDS, MEDIA_FIELDS, NAME_SLUG_FIELDS } from './fields.server.ts';

/** Strapi filter: events that have not ended at `nowIso` (not yet started or still running). */
export function upcomingEventFilter(nowIso: string): object {
  return {
    $or: [
      { endsAt: { $gte: nowIso } },
      { $and: [{ endsAt: { $null: true } }, { startsAt: { $gte: nowIso } }] },
    ],
  };
}

/** Strapi filter: events that ended before `nowIso` (the complement of {@link upcomingEventFilter}). */
export function pastEventFilter(nowIso: string): object {
  return {
    $or: [
      { endsAt: { $lt: nowIso } },
      { $and: [{ endsAt: { $null: true } }, { startsAt: { $lt: nowIso } }] },
    ],
  };
}

/** Fields of an event teaser, with what decides its registration state (features/events/event-sign-up.ts). */
const EVENT_CARD_QUERY = {
  fields: [
    'title',
    'slug',
    'startsAt',
    'endsAt',
    'timeZone',
    'venue',
    'registrationOpen',
    'registrationOpensAt',
    'registrationUrl',
    'summary',
  ],
  populate: { address: true },
} as const;

/** Fields and relations of an event in the agenda list: the teaser plus image and topic. */
export const EVENT_LIST_QUERY = {
  fields: EVENT_CARD_QUERY.fields,
  populate: {
    ...EVENT_CARD_QUERY.populate,
    image: { fields: MEDIA_FIELDS },
    topic: { fields: ['name', 'slug'] },
  },
} as const;

/** Fields and relations of the event detail page. */
export const EVENT_DETAIL_QUERY = {
  fields: [
    'title',
    'slug',
    'startsAt',
    'endsAt',
    'timeZone',
    'venue',
    'summary',
    'description',
    'organiser',
    'organiserUrl',
    'registrationOpen',
    'registrationOpensAt',
    'registrationUrl',
    'price',
    'capacity',
    'updatedAt',
  ],
  populate: {
    address: true,
    image: { fields: DETAIL_MEDIA_FIELDS },
    gallery: { fields: DETAIL_MEDIA_FIELDS },
    topic: { fields: NAME_SLUG_FIELDS },
  },
} as const;

/**
 * The next events for teaser lists (home, topic pages, content-list blocks): those starting from
 * now on, soonest first, in the request's language where translated, each with its registration
 * state (`signUp`: open, full, …). The agenda itself (`/events`) also lists events still running
 * (`upcomingEventFilter` in event-filters.server.ts).
 * @throws StrapiError when the CMS fails
 */
export async function upcomingEvents(
  ctx: PortalContext,
  pageSize: number,
  filters?: object,
): Promise<StrapiList<Event & { signUp: EventSignUp }>> {
  const now = currentMinuteIso();
  const list = await ctx.strapi.find<Event>(
    'events',
    inSourceLocale({
      ...EVENT_CARD_QUERY,
      filters: { ...filters, startsAt: { $gte: now } },
      sort: ['startsAt:asc'],
      pagination: { page: 1, pageSize },
    }),
  );
  return { ...list, data: await withSignUp(ctx, await translateList(ctx, 'events', list.data), now) };
}

/** What the search index reads of an event. */
export const EVENT_SEARCH_QUERY = {
  fields: ['title', 'slug', 'summary', 'description', 'startsAt', 'venue', 'organiser'],
  populate: { address: { fields: ['city'] }, topic: { fields: ['name'] } },
} as const;
