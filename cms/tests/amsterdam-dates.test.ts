/**
 * Dates in Europe/Amsterdam (cms/src/lib/dates.js, on @date-fns/tz): the closing time of a vacancy
 * (23:59 Amsterdam time on its closing date, as src/api/vacancy/services/vacancy.js stores it) on
 * ordinary winter and summer days and around both daylight-saving changes of 2026 (last Sunday of
 * March 02:00 → 03:00, last Sunday of October 03:00 → 02:00), whatever the machine's own time zone.
 */
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';

const require = createRequire(import.meta.url);
type CalendarDate = { year: number; month: number; day: number };
const dates = require('../src/lib/dates.js') as {
  amsterdamOffsetMinutes: (instant: Date) => number;
  amsterdamDate: (now: Date, days: number) => CalendarDate;
  amsterdamTime: (date: CalendarDate, hour: number, minute?: number) => Date;
  isoDate: (date: CalendarDate) => string;
};

/** The closing instant of a vacancy that closes on `date` (`YYYY-MM-DD`), as the vacancy service computes it. */
function closingTime(date: string): string {
  const [year = 0, month = 0, day = 0] = date.split('-').map(Number);
  return dates.amsterdamTime({ year, month, day }, 23, 59).toISOString();
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('vacancy closing times (23:59 in Amsterdam)', () => {
  it.each([
    ['an ordinary winter day', '2026-01-15', '2026-01-15T22:59:00.000Z'],
    ['an ordinary summer day', '2026-07-15', '2026-07-15T21:59:00.000Z'],
    ['the day before summer time starts', '2026-03-28', '2026-03-28T22:59:00.000Z'],
    ['the day summer time starts (23 hours)', '2026-03-29', '2026-03-29T21:59:00.000Z'],
    ['the day after summer time starts', '2026-03-30', '2026-03-30T21:59:00.000Z'],
    ['the day before winter time starts', '2026-10-24', '2026-10-24T21:59:00.000Z'],
    ['the day winter time starts (25 hours)', '2026-10-25', '2026-10-25T22:59:00.000Z'],
    ['the day after winter time starts', '2026-10-26', '2026-10-26T22:59:00.000Z'],
    ['New Year’s Eve (year rolls over in UTC only later)', '2026-12-31', '2026-12-31T22:59:00.000Z'],
  ])('%s: %s closes at %s', (_name, date, instant) => {
    expect(closingTime(date)).toBe(instant);
  });

  it('does not depend on the machine’s time zone', () => {
    const noonUtcIn = { UTC: 12, 'America/New_York': 7, 'Asia/Tokyo': 21, 'Europe/Amsterdam': 13 };
    for (const [zone, hour] of Object.entries(noonUtcIn)) {
      vi.stubEnv('TZ', zone);
      // The machine's zone really changed: Date's local getters follow it.
      expect(new Date('2026-01-15T12:00:00Z').getHours()).toBe(hour);
      expect(closingTime('2026-03-29')).toBe('2026-03-29T21:59:00.000Z');
      expect(closingTime('2026-10-25')).toBe('2026-10-25T22:59:00.000Z');
      expect(dates.isoDate(dates.amsterdamDate(new Date('2026-03-28T23:30:00Z'), 0))).toBe('2026-03-29');
    }
  });
});

describe('wall-clock times on the changeover nights', () => {
  it('moves a time that does not exist (02:30 on 29 March) an hour on, to 03:30 summer time', () => {
    expect(dates.amsterdamTime({ year: 2026, month: 3, day: 29 }, 2, 30).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(dates.amsterdamTime({ year: 2026, month: 3, day: 29 }, 1, 59).toISOString()).toBe(
      '2026-03-29T00:59:00.000Z',
    );
    expect(dates.amsterdamTime({ year: 2026, month: 3, day: 29 }, 3, 0).toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
  });

  it('takes the second (winter time) 02:30 on 25 October, which happens twice', () => {
    expect(dates.amsterdamTime({ year: 2026, month: 10, day: 25 }, 2, 30).toISOString()).toBe(
      '2026-10-25T01:30:00.000Z',
    );
    expect(dates.amsterdamTime({ year: 2026, month: 10, day: 25 }, 1, 59).toISOString()).toBe(
      '2026-10-24T23:59:00.000Z',
    );
    expect(dates.amsterdamTime({ year: 2026, month: 10, day: 25 }, 3, 0).toISOString()).toBe(
      '2026-10-25T02:00:00.000Z',
    );
  });

  it('gives the offset of the instant: CET +60, CEST +120, switching at 01:00 UTC', () => {
    expect(dates.amsterdamOffsetMinutes(new Date('2026-01-15T12:00:00Z'))).toBe(60);
    expect(dates.amsterdamOffsetMinutes(new Date('2026-07-15T12:00:00Z'))).toBe(120);
    expect(dates.amsterdamOffsetMinutes(new Date('2026-03-29T00:59:59Z'))).toBe(60);
    expect(dates.amsterdamOffsetMinutes(new Date('2026-03-29T01:00:00Z'))).toBe(120);
    expect(dates.amsterdamOffsetMinutes(new Date('2026-10-25T00:59:59Z'))).toBe(120);
    expect(dates.amsterdamOffsetMinutes(new Date('2026-10-25T01:00:00Z'))).toBe(60);
  });
});

describe('calendar dates in Amsterdam', () => {
  it('is the Amsterdam date, not the UTC date, late in the evening', () => {
    // 23:30 on 28 March in Amsterdam (CET) is 22:30 UTC; 00:30 on 26 October (CET) is 23:30 UTC on the 25th.
    expect(dates.isoDate(dates.amsterdamDate(new Date('2026-03-28T22:30:00Z'), 0))).toBe('2026-03-28');
    expect(dates.isoDate(dates.amsterdamDate(new Date('2026-10-25T23:30:00Z'), 0))).toBe('2026-10-26');
    expect(dates.isoDate(dates.amsterdamDate(new Date('2026-07-15T22:30:00Z'), 0))).toBe('2026-07-16');
  });

  it('counts calendar days across a 23-hour and a 25-hour day', () => {
    // 23:30 on 28 March: one calendar day on is 29 March, though 24 hours on is already 30 March 00:30.
    expect(dates.isoDate(dates.amsterdamDate(new Date('2026-03-28T22:30:00Z'), 1))).toBe('2026-03-29');
    expect(dates.isoDate(dates.amsterdamDate(new Date('2026-02-27T22:30:00Z'), 30))).toBe('2026-03-29');
    // 00:30 on 25 October (CEST): one calendar day on is 26 October, though 24 hours on is still the 25th.
    expect(dates.isoDate(dates.amsterdamDate(new Date('2026-10-24T22:30:00Z'), 1))).toBe('2026-10-26');
    expect(dates.isoDate(dates.amsterdamDate(new Date('2026-10-26T12:00:00Z'), -2))).toBe('2026-10-24');
    expect(dates.amsterdamDate(new Date('2026-12-31T12:00:00Z'), 1)).toEqual({ year: 2027, month: 1, day: 1 });
  });
});
