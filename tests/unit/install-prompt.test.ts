/**
 * The install prompt's memory of a dismissal (src/client/install-offer.ts): a stored time holds
 * for 30 days, to the millisecond; anything else does not.
 */
import { describe, expect, it } from 'vitest';
import { dismissalHolds, INSTALL_DISMISS_MS } from '../../src/client/install-offer.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 24, 12);

describe('dismissalHolds', () => {
  it('holds for 30 days after the dismissal', () => {
    expect(INSTALL_DISMISS_MS).toBe(30 * DAY_MS);
    expect(dismissalHolds(String(NOW), NOW)).toBe(true);
    expect(dismissalHolds(String(NOW - 29 * DAY_MS), NOW)).toBe(true);
    expect(dismissalHolds(String(NOW - 30 * DAY_MS + 1), NOW)).toBe(true);
    expect(dismissalHolds(String(NOW - 30 * DAY_MS), NOW)).toBe(false);
    expect(dismissalHolds(String(NOW - 400 * DAY_MS), NOW)).toBe(false);
  });

  it('does not hold for nothing, garbage or a time in the future', () => {
    expect(dismissalHolds(null, NOW)).toBe(false);
    expect(dismissalHolds('', NOW)).toBe(false);
    expect(dismissalHolds('yesterday', NOW)).toBe(false);
    expect(dismissalHolds('-5', NOW)).toBe(false);
    expect(dismissalHolds(`${NOW}.5`, NOW)).toBe(false);
    expect(dismissalHolds(String(NOW + DAY_MS), NOW)).toBe(false);
  });
});
