/**
 * Event detail `/events/{slug}` (docs/product.md#routes-and-layouts): the published event with that slug,
 * its address, image and gallery, whether it has ended and whether its registration opens later, and
 * up to three other upcoming events.
 * An unknown slug is a 404. Under `/en` an event with an English translation is shown in English
 * (docs/decisions/061-untranslated-content.md).
 */
import { data } from 'react-router';
import type { Event } from '../../shared/cms-types.ts';
import type { EventDetailData } from '../../shared/pages/event-detail/event-detail.page.tsx';
import { currentMinuteIso } from '../cms/clock.server.ts';
import { notFound } from '../cms/paging.server.ts';
import { EVENT_DETAIL_QUERY, EVENT_LIST_QUERY, upcomingEventFilter } from '../cms/queries/events.server.ts';
import { inSourceLocale, translateDetail, translateList } from '../cms/translations.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';

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
  const ended = Date.parse(event.endsAt ?? event.startsAt) < Date.parse(now);
  const opensLater =
    !event.registrationOpen &&
    Boolean(event.registrationOpensAt) &&
    Date.parse(event.registrationOpensAt ?? '') > Date.parse(now);
  const body: EventDetailData = {
    event,
    ended,
    opensLater,
    more: await translateList(context, 'events', more.data),
  };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
