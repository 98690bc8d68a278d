/**
 * Time rules of the agenda: offsets across daylight saving time in Europe/Amsterdam,
 * month keys and month boundaries, same-day aware date ranges and the date badge.
 */
import { describe, expect, it } from 'vitest';
import { monthRange } from '../../src/shared/features/events/event-months.server.ts';
import {
  dateBadgeParts,
  eventPeriodParts,
  eventTimeZone,
  monthKey,
  zonedIso,
} from '../../src/shared/features/events/event-time.ts';
import { withQuery } from '../../src/shared/urls.ts';

describe('zonedIso', () => {
  it('writes local time with the UTC offset of the date (CET in winter, CEST in summer)', () => {
    expect(zonedIso('2027-01-07T08:00:00.000Z', 'Europe/Amsterdam')).toBe('2027-01-07T09:00:00+01:00');
    expect(zonedIso('2026-07-01T07:00:00.000Z', 'Europe/Amsterdam')).toBe('2026-07-01T09:00:00+02:00');
    expect(zonedIso('2026-07-01T07:00:00.000Z', 'UTC')).toBe('2026-07-01T07:00:00+00:00');
    expect(zonedIso('not a date', 'Europe/Amsterdam')).toBe('');
  });
});

describe('months', () => {
  it('puts an instant in its Amsterdam month, also just after midnight on the 1st', () => {
    expect(monthKey('2026-02-28T23:30:00.000Z')).toBe('2026-03');
    expect(monthKey('2026-03-31T21:59:00.000Z')).toBe('2026-03');
    expect(monthKey('2026-03-31T22:00:00.000Z')).toBe('2026-04');
  });

  it('gives the UTC instants of the month boundaries, across the DST change', () => {
    expect(monthRange('2026-03')).toEqual({
      start: '2026-02-28T23:00:00.000Z',
      end: '2026-03-31T22:00:00.000Z',
    });
    expect(monthRange('2026-12')).toEqual({
      start: '2026-11-30T23:00:00.000Z',
      end: '2026-12-31T23:00:00.000Z',
    });
    expect(() => monthRange('2026-13')).toThrow(RangeError);
  });
});

describe('eventPeriodParts', () => {
  const base = { timeZone: 'Europe/Amsterdam' };

  it('keeps one date for an event within a day', () => {
    const parts = eventPeriodParts(
      { ...base, startsAt: '2027-01-07T08:00:00.000Z', endsAt: '2027-01-07T16:30:00.000Z' },
      'nl',
    );
    expect(parts).toMatchObject({
      sameDay: true,
      date: 'donderdag 7 januari 2027',
      startTime: '09:00',
      endTime: '17:30',
    });
  });

  it('shows both dates for an event over several days, and handles a missing or invalid end', () => {
    const multi = eventPeriodParts(
      { ...base, startsAt: '2027-02-04T08:00:00.000Z', endsAt: '2027-02-05T16:00:00.000Z' },
      'en',
    );
    expect(multi.sameDay).toBe(false);
    expect(multi.startDateTime).toContain('4 February 2027');
    expect(multi.endDateTime).toContain('5 February 2027');
    const open = eventPeriodParts({ ...base, startsAt: '2027-02-04T08:00:00.000Z', endsAt: null }, 'nl');
    expect(open).toMatchObject({ sameDay: true, endTime: null, endDateTime: null });
    const backwards = eventPeriodParts(
      { ...base, startsAt: '2027-02-04T08:00:00.000Z', endsAt: '2027-02-04T07:00:00.000Z' },
      'nl',
    );
    expect(backwards.endTime).toBeNull();
  });

  it('falls back to Europe/Amsterdam for an unknown zone', () => {
    expect(eventTimeZone({ timeZone: 'Mars/Olympus' })).toBe('Europe/Amsterdam');
    expect(eventTimeZone({ timeZone: 'Europe/London' })).toBe('Europe/London');
    expect(eventTimeZone({ timeZone: null })).toBe('Europe/Amsterdam');
  });
});

describe('dateBadgeParts', () => {
  it('gives day, month and weekday in the zone', () => {
    expect(dateBadgeParts('2026-11-30T23:30:00.000Z', 'nl', 'Europe/Amsterdam')).toEqual({
      day: '1',
      month: 'dec',
      weekday: 'di',
    });
  });
});

describe('withQuery', () => {
  it('appends the non-empty values in order and encodes them', () => {
    expect(withQuery('/jobs', { plaats: 'Den Bosch', dienstverband: null, page: 2 })).toBe(
      '/jobs?plaats=Den+Bosch&page=2',
    );
    expect(withQuery('/events', { maand: '', periode: undefined })).toBe('/events');
  });
});
