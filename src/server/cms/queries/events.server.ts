/**
 * CMS filters of the agenda pages (issue 3). An event is upcoming while it has not ended: its end lies
 * in the future, or, without an end, its start does. Everything else is past. Both filters take
 * the current time as ISO 8601 (use `currentMinuteIso()` so the CMS client's cache key is stable
 * for a minute).
 */

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
