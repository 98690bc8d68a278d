/**
 * `GET /events/{slug}/agenda.ics` (and `/en/events/{slug}/agenda.ics`): one published event as an
 * iCalendar file (RFC 5545) for "add to calendar". The text, line folding and escaping
 * come from the `ics` library; times are written in UTC (`DTSTART:20260512T070000Z`), so no
 * VTIMEZONE is needed. Unknown slug → 404; an unreachable or failing CMS → 503.
 */

import { type Request, type Response, Router } from 'express';
import type { EventAttributes } from 'ics';
import type { Logger } from 'pino';
import type { Event } from '../../shared/cms-types.ts';
import { type Locale, localizePath } from '../../shared/i18n/locale.ts';
import { eventPath } from '../../shared/urls.ts';
import { isStrapiError, type StrapiClient } from '../cms/strapi-client.server.ts';
import { inSourceLocale } from '../cms/translations.server.ts';
import { NO_STORE, NOT_FOUND_CACHE, PUBLIC_PAGE_CACHE } from './cache-policy.server.ts';
import { requestCms, requestLogger } from './request-id.server.ts';

export interface EventCalendarOptions {
  strapi: StrapiClient;
  logger: Logger;
  /** Absolute public origin without trailing slash (URL and UID of the calendar entry). */
  publicUrl: string;
}

/** Fields the calendar entry needs. */
const EVENT_CALENDAR_QUERY = {
  fields: ['title', 'slug', 'startsAt', 'endsAt', 'venue', 'summary', 'updatedAt'],
  populate: { address: true },
} as const;

/** `venue, street, postal code city` of an event (empty parts left out). */
function eventLocationText(event: Pick<Event, 'venue' | 'address'>): string {
  const address = event.address;
  const cityLine = [address?.postalCode, address?.city].filter(Boolean).join(' ');
  return [event.venue, address?.street, cityLine].filter(Boolean).join(', ');
}

/**
 * The iCalendar text of one event.
 * @param pageUrl absolute URL of the event page (`URL` property and the end of `DESCRIPTION`)
 * @param host the portal's host name, which makes the `UID` globally unique (RFC 5545 3.8.4.7)
 * @throws Error when the `ics` library rejects the event (e.g. an invalid start time)
 */
async function eventCalendar(event: Event, pageUrl: string, host: string): Promise<string> {
  const start = Date.parse(event.startsAt);
  const endMs = event.endsAt ? Date.parse(event.endsAt) : Number.NaN;
  // RFC 5545 3.6.1: without DTEND a timed event ends at its start, so an unknown end is the start.
  const end = Number.isFinite(endMs) && endMs > start ? endMs : start;
  const location = eventLocationText(event);
  const attributes: EventAttributes = {
    uid: `event-${event.documentId}@${host}`,
    productId: `-//${host}//Agenda//NL`,
    method: 'PUBLISH',
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: event.title,
    description: [event.summary, pageUrl].filter(Boolean).join('\n\n'),
    location: location || undefined,
    url: pageUrl,
    status: 'CONFIRMED',
    lastModified: event.updatedAt ? Date.parse(event.updatedAt) : undefined,
  };
  // Loaded on the first calendar request: no page render needs it (decision 073).
  const { createEvent } = await import('ics');
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error('ics: empty calendar');
  return value;
}

/** Router serving the calendar file in both locales. */
export function eventCalendarRouter({ strapi, logger, publicUrl }: EventCalendarOptions): Router {
  const router = Router();
  const host = new URL(publicUrl).host;
  const handler = (locale: Locale) => async (req: Request<{ slug: string }>, res: Response) => {
    try {
      const event = await requestCms(strapi, res).findFirst<Event>(
        'events',
        inSourceLocale({ ...EVENT_CALENDAR_QUERY, filters: { slug: { $eq: req.params.slug } } }),
      );
      if (!event) {
        res.status(404).set('Cache-Control', NOT_FOUND_CACHE).type('text/plain').send('Not Found');
        return;
      }
      const pageUrl = `${publicUrl}${localizePath(eventPath(event), locale)}`;
      const calendar = await eventCalendar(event, pageUrl, host);
      res
        .status(200)
        .set({
          'Content-Type': 'text/calendar; charset=utf-8',
          'Content-Disposition': `attachment; filename="${event.slug}.ics"`,
          'Cache-Control': PUBLIC_PAGE_CACHE,
        })
        .send(calendar);
    } catch (error) {
      res.set('Cache-Control', NO_STORE).type('text/plain');
      if (!isStrapiError(error)) {
        requestLogger(res, logger).error({ err: error, url: req.originalUrl }, 'calendar failed');
        res.status(500).send('Internal Server Error');
      } else if (error.status === 404 || error.status === 400) {
        res.status(404).send('Not Found');
      } else {
        res.status(503).send('Service Unavailable');
      }
    }
  };
  router.get('/events/:slug/agenda.ics', handler('nl'));
  router.get('/en/events/:slug/agenda.ics', handler('en'));
  return router;
}
