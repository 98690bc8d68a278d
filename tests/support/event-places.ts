/**
 * Events and their places at the portal's form, for the tests of what pages say about an event's
 * registration (issue 28): the CMS's availability list, and an event with no places left, filled
 * through the CMS's registration API as the portal's form would.
 */
import { expect } from 'vitest';
import type { OpenEvent } from '../../src/shared/features/registrations/registration-form.ts';
import { uniqueEmail } from './accounts.ts';
import { cms } from './portal.ts';

/** The events open for registration at the portal's form, as the CMS reports them now. */
export async function openEvents(): Promise<OpenEvent[]> {
  const { status, body } = await cms<{ data: OpenEvent[] }>('/event-registrations/availability');
  expect(status).toBe(200);
  return body.data;
}

/**
 * An event with no places left: one that already is full (another test may have filled it), else
 * the one with the fewest places, filled now. The roomiest events stay free for the tests that
 * register.
 * @throws when no event with a capacity is open for registration
 */
export async function fullEvent(): Promise<OpenEvent> {
  const events = await openEvents();
  const full = events.find((event) => event.remaining === 0);
  if (full) return full;
  const target = events
    .filter((event) => event.remaining !== null)
    .sort((a, b) => a.remaining! - b.remaining!)[0];
  if (!target) throw new Error('No event with a capacity is open for registration');
  let left = target.remaining!;
  while (left > 0) {
    const answer = await cms<{
      data: { remaining: number | null } | null;
      error?: { details?: { remaining?: number } };
    }>('/event-registrations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        data: {
          event: target.slug,
          name: 'Vol Boeker',
          email: uniqueEmail('volgeboekt'),
          organisation: 'Testbedrijf',
          attendees: Math.min(left, 1000),
          consent: true,
        },
      }),
    });
    // 409: someone else took places meanwhile; go on with what is left.
    left =
      answer.status === 201
        ? (answer.body.data?.remaining ?? 0)
        : (answer.body.error?.details?.remaining ?? 0);
  }
  const after = (await openEvents()).find((event) => event.slug === target.slug);
  expect(after?.remaining, `places left at ${target.slug}`).toBe(0);
  return after!;
}
