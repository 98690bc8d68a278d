/**
 * A complete CMS outage never loses what a visitor typed (docs/decisions/046-last-known-good-content.md):
 * every public form page, posted while the CMS is unreachable, re-renders with status 503, every
 * typed value, and a Dutch message that nothing was sent — also on an instance that started
 * during the outage (site settings from the on-disk copy).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
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
  down = true;
});

afterAll(async () => {
  down = false;
  await warm?.close();
  await faulty?.close();
  await rm(stateDir, { recursive: true, force: true });
});

/** What a visitor typed into each form, and the sentence that says it was not sent. */
const FORMS: Array<{ path: string; form: () => PostedForm; notSent: string }> = [
  {
    path: '/contact',
    form: () => ({
      name: 'Fenna de Vries',
      email: 'fenna.storing@example.nl',
      organisation: 'Pakketpost BV',
      subject: 'Tip tijdens een storing',
      message: 'Dit bericht mag niet verloren gaan.',
      consent: 'on',
    }),
    notSent: 'Je bericht is niet verzonden',
  },
  {
    path: '/adverteren',
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
  },
  {
    path: '/nieuwsbrief',
    form: () => ({
      email: 'noor.storing@example.nl',
      firstName: 'Noor',
      topics: ['logistiek'],
      consent: 'on',
    }),
    notSent: 'Je aanmelding is niet gelukt',
  },
  {
    path: '/inschrijvingen',
    form: () => ({
      event: eventSlug,
      name: 'Marieke de Vries',
      email: 'marieke.storing@example.nl',
      organisation: 'Pakketpost B.V.',
      attendees: '2',
      consent: 'on',
    }),
    notSent: 'Je inschrijving is niet verstuurd',
  },
];

/** Asserts that the page shows every typed value of `form`. */
function expectValuesKept(html: string, form: PostedForm): void {
  for (const [name, value] of Object.entries(form)) {
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
    '$path keeps every typed value and says nothing was sent (503)',
    async ({ path: page, form, notSent }) => {
      const values = form();
      const response = await postForm(warm, page, values);
      expect(response.status).toBe(503);
      expect(response.headers['cache-control']).toContain('no-store');
      const html = decodeHtml(response.text);
      expect(html).toContain(notSent);
      expectValuesKept(response.text, values);
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

  it('keeps the form on an instance that started during the outage (site settings from disk)', async () => {
    const cold = await createTestApp(faulty.url, { stateDir });
    try {
      const values = FORMS[0]!.form();
      const response = await postForm(cold, '/contact', values);
      expect(response.status).toBe(503);
      expect(decodeHtml(response.text)).toContain('Je bericht is niet verzonden');
      expectValuesKept(response.text, values);
    } finally {
      await cold.close();
    }
  });
});
