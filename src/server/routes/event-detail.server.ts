/**
 * Event detail `/events/{slug}` (docs/product.md#routes-and-layouts): the published event with that slug,
 * its address, image and gallery, its registration state (`signUp`: open at the portal's form with
 * the places left, or at the organiser's ticket page; full; opens later; closed; ended), and up to
 * three other upcoming events with theirs.
 * An unknown slug is a 404. Under `/en` an event with an English translation is shown in English
 * (docs/decisions/061-untranslated-content.md).
 */
import { data } from 'react-router';
import type { Event } from '../../shared/cms-types.ts';
import type { EventDetailData } from '../../shared/pages/event-detail/event-detail.page.tsx';
import { currentMinuteIso } from '../cms/clock.server.ts';
import { withSignUp } from '../cms/event-sign-up.server.ts';
import { notFound } from '../cms/paging.server.ts';
import { EVENT_DETAIL_QUERY, EVENT_LIST_QUERY, upcomingEventFilter } from '../cms/queries/events.server.ts';
import { inSourceLocale, translateDetail, translateList } from '../cms/translations.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { MUST_REVALIDATE } from '../http/cache-policy.server.ts';

/**
 * `Cache-Control` of the event page: it shows the places left at the portal's form, which change
 * with every registration, so caches may keep it but must ask again before each use (decision 096).
 */
export const EVENT_PAGE_CACHE = MUST_REVALIDATE;

/** Loader of `events-slug`. */
export async function loader({ params, context }: PortalLoaderArgs) {
  // The URL's slug is the Dutch version's (decision 061); the English texts replace the Dutch ones.
  const found = await context.strapi.findFirst<Event>(
    'events',
    inSourceLocale({ ...EVENT_DETAIL_QUERY, filters: { slug: { $eq: params.slug ?? '' } } }),
  );
  if (!found) throw notFound();
  const event = await translateDetail(context, 'events', found);
  const now = currentMinuteIso();
  const more = await context.strapi.find<Event>(
    'events',
    inSourceLocale({
      ...EVENT_LIST_QUERY,
      filters: { $and: [{ documentId: { $ne: event.documentId } }, upcomingEventFilter(now)] },
      sort: ['startsAt:asc'],
      pagination: { page: 1, pageSize: 3 },
    }),
  );
  // One availability list for the event and the others (their places at the portal's form).
  const [shown, ...others] = await withSignUp(
    context,
    [event, ...(await translateList(context, 'events', more.data))],
    now,
  );
  const body: EventDetailData = { event, signUp: shown!.signUp, more: others };
  return data(body, { headers: { 'Cache-Control': EVENT_PAGE_CACHE } });
}
