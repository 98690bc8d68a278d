/**
 * A burst of registrations for an event's last places (issue 26, decisions 093 and 094): 50
 * visitors each load the registration form (their own idempotency key) and post it at the same
 * moment, without JavaScript, through the portal to the real CMS. Whatever the order in which the
 * CMS takes them:
 * - no answer is a 5xx;
 * - the answers that say "registered" (the redirect) are exactly the rows the CMS stored;
 * - the event's capacity is never exceeded;
 * - the event ends up filled (no places lost to the race);
 * - every other answer is "full", in Dutch.
 * Runs on SQLite and, with TEST_DATABASE=postgres, on PostgreSQL. The event is made for the test
 * (an API token's create) and removed afterwards.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import { apiToken } from '../support/cms-admin.ts';
import { storedRow } from '../support/cms-database.ts';
import { createTestApp, decodeHtml, PUBLIC_URL } from '../support/portal.ts';
import { listen } from '../support/raw-http.ts';

const VISITORS = 50;
const PLACES = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

let portal: PortalApp;
let server: { port: number; close: () => Promise<void> };
let token: string;
let event: { documentId: string; slug: string };
const mark = `burst${Date.now().toString(36)}`;

beforeAll(async () => {
  portal = await createTestApp();
  server = await listen(portal.app);
  token = await apiToken('full-access');
  const startsAt = new Date(Date.now() + 90 * DAY_MS);
  const created = await fetch(`${inject('cmsUrl')}/api/events?status=published`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      data: {
        title: `Drukte-test ${mark}`,
        slug: `drukte-test-${mark}`,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 3 * 60 * 60 * 1000).toISOString(),
        venue: 'Zaal 1',
        registrationOpen: true,
        capacity: PLACES,
      },
    }),
  });
  expect(created.status).toBe(201);
  event = ((await created.json()) as { data: { documentId: string; slug: string } }).data;
});

afterAll(async () => {
  if (event) {
    await fetch(`${inject('cmsUrl')}/api/events/${event.documentId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  }
  await server?.close();
  await portal?.close();
});

/** The hidden fields of the registration form in a page (its idempotency key). */
function hiddenFields(html: string): Record<string, string> {
  const form = /<form[^>]*action="\/inschrijvingen[^"]*"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const input of form.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    if (name) fields[name] = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
  }
  return fields;
}

/** The places the CMS says are left. */
async function placesLeft(): Promise<number | null> {
  const response = await fetch(`${inject('cmsUrl')}/api/event-registrations/availability`);
  const { data } = (await response.json()) as { data: Array<{ slug: string; remaining: number | null }> };
  return data.find((candidate) => candidate.slug === event.slug)?.remaining ?? null;
}

/** The event's stored registrations: rows of this burst, and attendees in all. */
async function stored(): Promise<{ rows: number; attendees: number }> {
  const row = await storedRow<{ rows: number | string; attendees: number | string | null }>(
    'SELECT COUNT(*) AS rows, SUM(attendees) AS attendees FROM event_registrations WHERE event_document_id = ?',
    event.documentId,
  );
  return { rows: Number(row?.rows ?? 0), attendees: Number(row?.attendees ?? 0) };
}

describe(`${VISITORS} registrations at once for the last ${PLACES} places`, () => {
  it('answer without a 5xx, accept exactly what is stored, never overbook and fill the event', async () => {
    expect(await placesLeft()).toBe(PLACES);
    const origin = `http://127.0.0.1:${server.port}`;
    // Every visitor loads the form first: each gets a key of its own.
    const forms: Array<Record<string, string>> = [];
    for (let index = 0; index < VISITORS; index++) {
      const page = await fetch(`${origin}/inschrijvingen?evenement=${event.slug}`);
      expect(page.status).toBe(200);
      forms.push(hiddenFields(await page.text()));
    }
    expect(new Set(forms.map((form) => form.idempotencyKey)).size).toBe(VISITORS);

    const answers = await Promise.all(
      forms.map(async (hidden, index) => {
        const response = await fetch(`${origin}/inschrijvingen`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL },
          body: new URLSearchParams({
            ...hidden,
            event: event.slug,
            name: `Deelnemer ${index + 1}`,
            email: `${mark}-${index + 1}@example.test`,
            organisation: 'Drukte BV',
            attendees: '1',
            consent: 'on',
          }),
          redirect: 'manual',
        });
        return {
          status: response.status,
          location: response.headers.get('location'),
          html: await response.text(),
        };
      }),
    );
    const statuses = answers.map((answer) => answer.status);
    const accepted = answers.filter((answer) => answer.status === 302);
    console.info(
      `[registration-burst] answers: ${JSON.stringify(
        Object.fromEntries(
          [...new Set(statuses)].map((status) => [status, statuses.filter((s) => s === status).length]),
        ),
      )}`,
    );

    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    for (const answer of accepted) {
      expect(answer.location).toMatch(new RegExp(`^/inschrijvingen\\?verzonden=1&evenement=${event.slug}`));
    }
    // Everyone else was told the event is full, in Dutch, with the form still there.
    for (const answer of answers.filter((candidate) => candidate.status !== 302)) {
      expect([409, 422]).toContain(answer.status);
      expect(decodeHtml(answer.html)).toContain('Dit evenement is volgeboekt. Kies een ander evenement.');
    }
    const rows = await stored();
    expect(rows.rows).toBe(accepted.length);
    expect(rows.attendees).toBeLessThanOrEqual(PLACES);
    expect(rows.attendees).toBe(PLACES);
    expect(await placesLeft()).toBe(0);
  });
});
