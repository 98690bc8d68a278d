/**
 * A complete CMS outage never loses what a visitor typed (docs/decisions/046-last-known-good-content.md,
 * 094-a-write-has-its-own-deadline.md): every form page, posted while the CMS is out, re-renders
 * with status 503 and every typed value in its HTML inputs (what a visitor without JavaScript
 * sees), with a Dutch message that tells the truth:
 * - a CMS that refuses connections got nothing: "niet verzonden" — also on an instance that started
 *   during the outage (site settings from the on-disk copy, no events or plan known);
 * - a CMS that drops the connection after the post was sent may have stored it: the message says
 *   it is not sure, and that sending it again is safe (the form keeps its idempotency key).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/lib/processes.mjs';
import type { PortalApp } from '../../src/server/app.ts';
import type { Subscription } from '../../src/shared/cms-types.ts';
import { startFaultyCms } from '../support/accounts.ts';
import { createTestApp, decodeHtml } from '../support/portal.ts';
import {
  inputValue,
  isChecked,
  type PostedForm,
  postForm,
  selectedOption,
  textareaValue,
} from '../support/public-forms.ts';

let down = false;
let faulty: { url: string; close: () => Promise<void> };
let stateDir: string;
let warm: PortalApp;
let eventSlug: string;
let planSlug: string;

beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'portal-state-'));
  faulty = await startFaultyCms(inject('cmsUrl'), () => down);
  warm = await createTestApp(faulty.url, { stateDir });
  // The visits of an ordinary day: every form page once, while the CMS answers.
  for (const page of ['/contact', '/adverteren', '/nieuwsbrief', '/inschrijvingen', '/inloggen']) {
    await request(warm.app).get(page).expect(200);
  }
  const events = await (await fetch(`${inject('cmsUrl')}/api/event-registrations/availability`)).json();
  eventSlug = (events as { data: Array<{ slug: string }> }).data[0]!.slug;
  const plans = await (await fetch(`${inject('cmsUrl')}/api/subscriptions`)).json();
  planSlug = (plans as { data: Subscription[] }).data[0]!.slug;
  await request(warm.app).get(`/abonnementen/${planSlug}`).expect(200);
  down = true;
});

afterAll(async () => {
  down = false;
  await warm?.close();
  await faulty?.close();
  await rm(stateDir, { recursive: true, force: true });
});

/**
 * What a visitor typed into each form, the sentence that says it was not sent, the sentence that
 * says it may have arrived, and the fields that never come back (secrets).
 */
const FORMS: Array<{
  name: string;
  path: () => string;
  form: () => PostedForm;
  notSent: string;
  unconfirmed: string;
  secrets?: string[];
}> = [
  {
    name: '/contact',
    path: () => '/contact',
    form: () => ({
      name: 'Fenna de Vries',
      email: 'fenna.storing@example.nl',
      organisation: 'Pakketpost BV',
      subject: 'Tip tijdens een storing',
      message: 'Dit bericht mag niet verloren gaan.',
      consent: 'on',
    }),
    notSent: 'Je bericht is niet verzonden',
    unconfirmed: 'We weten niet zeker of je bericht is aangekomen',
  },
  {
    name: '/adverteren',
    path: () => '/adverteren',
    form: () => ({
      company: 'Retourhub Storing',
      contactPerson: 'Sanne Bakker',
      email: 'sanne.storing@example.nl',
      phone: '+31 (0)6 12 34 56 78',
      interests: ['banner'],
      budget: 'between_2500_10000',
      message: 'Ook dit mag niet verloren gaan.',
      consent: 'on',
    }),
    notSent: 'Je aanvraag is niet verzonden',
    unconfirmed: 'We weten niet zeker of je aanvraag is aangekomen',
  },
  {
    name: '/nieuwsbrief',
    path: () => '/nieuwsbrief',
    form: () => ({
      email: 'noor.storing@example.nl',
      firstName: 'Noor',
      topics: ['logistiek'],
      consent: 'on',
    }),
    notSent: 'Je aanmelding is niet gelukt',
    unconfirmed: 'We weten niet zeker of je aanmelding is aangekomen',
  },
  {
    name: '/inschrijvingen',
    path: () => '/inschrijvingen',
    form: () => ({
      event: eventSlug,
      name: 'Marieke de Vries',
      email: 'marieke.storing@example.nl',
      organisation: 'Pakketpost B.V.',
      attendees: '2',
      consent: 'on',
    }),
    notSent: 'Je inschrijving is niet verstuurd',
    unconfirmed: 'We weten niet zeker of je inschrijving is aangekomen',
  },
  {
    name: '/abonnementen/{slug}',
    path: () => `/abonnementen/${planSlug}`,
    form: () => ({
      name: 'Sanne Bakker',
      street: 'Keizersgracht',
      houseNumber: '123B',
      postcode: '1015 CJ',
      city: 'Amsterdam',
      email: 'sanne.storing@example.nl',
      iban: 'NL44 RABO 0123 4567 89',
      accountHolder: 'S. Bakker',
      startDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(
        new Date(Date.now() + 14 * 86_400_000),
      ),
      terms: 'on',
    }),
    notSent: 'Je bestelling is niet verstuurd',
    unconfirmed: 'We weten niet zeker of je bestelling is aangekomen',
    // The IBAN comes back too: only passwords are never sent back (decision 110).
  },
];

/** Asserts that the page's HTML inputs show every typed value of `form` (secrets come back empty). */
function expectValuesKept(html: string, form: PostedForm, secrets: string[] = []): void {
  for (const [name, value] of Object.entries(form)) {
    if (secrets.includes(name)) {
      expect({ name, shown: inputValue(html, name) }).toEqual({ name, shown: '' });
      continue;
    }
    if (Array.isArray(value)) {
      for (const item of value)
        expect({ name, item, checked: isChecked(html, name, item) }).toMatchObject({ checked: true });
    } else if (value === 'on') {
      expect({ name, checked: isChecked(html, name) }).toMatchObject({ checked: true });
    } else {
      const shown = inputValue(html, name) ?? textareaValue(html, name) ?? selectedOption(html, name);
      expect({ name, shown }).toEqual({ name, shown: value });
    }
  }
}

describe('a form post during a complete CMS outage', () => {
  it.each(FORMS)(
    '$name keeps every typed value and says it may have arrived when the connection broke (503)',
    async ({ path: page, form, unconfirmed, secrets }) => {
      const values = form();
      const response = await postForm(warm, page(), values);
      expect(response.status).toBe(503);
      expect(response.headers['cache-control']).toContain('no-store');
      const html = decodeHtml(response.text);
      expect(html).toContain(unconfirmed);
      expectValuesKept(response.text, values, secrets);
      expect(inputValue(response.text, 'idempotencyKey')).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it('keeps the e-mail address on the login page and says the service is unavailable (503)', async () => {
    const response = await postForm(warm, '/inloggen', {
      email: 'inlog.storing@example.nl',
      password: 'geheim wachtwoord 1',
    });
    expect(response.status).toBe(503);
    expect(decodeHtml(response.text)).toContain('tijdelijk niet beschikbaar');
    expect(inputValue(response.text, 'email')).toBe('inlog.storing@example.nl');
    expect(response.text).not.toContain('geheim wachtwoord 1');
  });

  it.each(FORMS)(
    '$name keeps the form and says nothing was sent on an instance that started while the CMS refuses connections',
    async ({ path: page, form, notSent, secrets }) => {
      // Nothing listens on this port: every connection is refused (site settings from disk).
      const cold = await createTestApp(`http://127.0.0.1:${await freePort()}`, { stateDir });
      try {
        const values = form();
        const response = await postForm(cold, page(), values);
        expect(response.status).toBe(503);
        expect(decodeHtml(response.text)).toContain(notSent);
        expectValuesKept(response.text, values, secrets);
      } finally {
        await cold.close();
      }
    },
  );
});
