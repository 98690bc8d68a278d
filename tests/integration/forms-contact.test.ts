/**
 * The contact form `/contact` against the real CMS: the page shows the CMS page
 * `contact`, the form and the site's contact details; a valid post is stored by the CMS (202),
 * e-mailed to the editors and confirmed to the sender (Dutch, or English from /en) and the page
 * confirms after a redirect; every invalid field is refused with its exact message while the other
 * values stay; a CMS outage keeps the input and says nothing was sent; the public API cannot read
 * the messages.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { Page, Site, StrapiList } from '../../src/shared/cms-types.ts';
import { mailsTo, startFaultyCms, uniqueEmail, waitForMail } from '../support/accounts.ts';
import { cms, createTestApp, decodeHtml } from '../support/portal.ts';
import {
  fieldMessages,
  fieldsWithMessages,
  formStatus,
  inputValue,
  isChecked,
  type PostedForm,
  postData,
  postForm,
  textareaValue,
} from '../support/public-forms.ts';

const mailDir = inject('mailDir');
const EDITORS = 'redactie@portal.local';

let portal: PortalApp;

beforeAll(async () => {
  portal = await createTestApp();
});

afterAll(() => portal.close());

/** A valid contact form with a unique subject and sender. */
function validForm(): PostedForm & { email: string; subject: string } {
  const tag = Math.random().toString(36).slice(2, 8);
  return {
    name: 'Fenna de Vries',
    email: uniqueEmail('contact'),
    organisation: 'Pakketpost BV',
    subject: `Nieuwstip over pakketkluizen ${tag}`,
    message: 'In Utrecht openen deze maand veertig nieuwe pakketkluizen.\nMeer weten? Bel me gerust.',
    consent: 'on',
  };
}

describe('the contact page', () => {
  it('shows the CMS page contact, the form, the privacy link and the site contact details', async () => {
    const page = await cms<StrapiList<Page>>('/pages?filters[slug][$eq]=contact&locale=nl');
    const site = await cms<{ data: Site }>('/site?populate=contact&locale=nl');
    const response = await request(portal.app).get('/contact').expect(200);
    const html = decodeHtml(response.text);
    const cmsPage = page.body.data[0]!;
    expect(html).toContain(`<h1>${cmsPage.title}</h1>`);
    const cta = cmsPage.blocks?.find((block) => block.__component === 'blocks.call-to-action') as
      | { title: string }
      | undefined;
    expect(cta).toBeDefined();
    expect(html).toContain(`<h2>${cta!.title}</h2>`);
    for (const name of ['name', 'email', 'organisation', 'subject', 'consent']) {
      expect(response.text).toContain(`name="${name}"`);
    }
    expect(response.text).toContain('<textarea');
    expect(response.text).toContain('method="post"');
    expect(response.text).toContain('href="/privacy"');
    expect(html).toContain(`mailto:${site.body.data.contact!.email}`);
    expect(html).toContain(site.body.data.contact!.phone!);
    // The form carries a key of its own (decision 093): the page is never shared by a cache.
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('shows the English page under /en with English labels and links', async () => {
    const page = await cms<StrapiList<Page>>('/pages?filters[slug][$eq]=contact&locale=en');
    const response = await request(portal.app).get('/en/contact').expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain(`<h1>${page.body.data[0]!.title}</h1>`);
    expect(html).toContain('Send us a message');
    expect(response.text).toContain('href="/en/privacy"');
  });

  it('answers 404 for an unknown value of the sent flag', async () => {
    await request(portal.app).get('/contact?verzonden=ja').expect(404);
  });
});

describe('sending a message', () => {
  it('stores it, e-mails the editors and the sender, and confirms after a redirect', async () => {
    const form = validForm();
    const response = await postForm(portal, '/contact', form).expect(303);
    expect(response.headers.location).toBe('/contact?verzonden=1#formulier');
    expect(response.headers['cache-control']).toBeUndefined();

    const editors = await waitForMail(mailDir, EDITORS, new RegExp(`Contactformulier: ${form.subject}`));
    expect(editors.text).toContain('Naam: Fenna de Vries');
    expect(editors.text).toContain(`E-mailadres: ${form.email}`);
    expect(editors.text).toContain('Organisatie: Pakketpost BV');
    expect(editors.text).toContain('veertig nieuwe pakketkluizen.\nMeer weten?');
    const confirmation = await waitForMail(mailDir, form.email, /We hebben je bericht ontvangen/);
    expect(confirmation.text).toContain('Bedankt voor je bericht');
    expect(confirmation.text).not.toContain(form.subject);

    const page = await request(portal.app).get('/contact?verzonden=1').expect(200);
    expect(formStatus(page.text)).toBe('sent');
    expect(decodeHtml(page.text)).toContain('Bedankt voor je bericht');
    expect(page.text).not.toContain('name="subject"');
  });

  it('answers in English from /en: redirect under /en and an English confirmation', async () => {
    const form = validForm();
    const response = await postForm(portal, '/en/contact', form).expect(303);
    expect(response.headers.location).toBe('/en/contact?verzonden=1#formulier');
    const confirmation = await waitForMail(mailDir, form.email, /We have received your message/);
    expect(confirmation.text).toContain('Thank you for your message');
    const editors = await waitForMail(mailDir, EDITORS, new RegExp(`Contactformulier: ${form.subject}`));
    expect(editors.text).toContain('Taal: Engels');
    const page = await request(portal.app).get('/en/contact?verzonden=1').expect(200);
    expect(decodeHtml(page.text)).toContain('Thank you for your message');
  });

  it('answers the client action (JavaScript) with the same redirect', async () => {
    const form = validForm();
    const response = await postData(portal, '/contact', form).expect(200);
    expect(response.body).toEqual({
      redirect: '/contact?verzonden=1#formulier',
      status: 303,
      external: false,
    });
    await waitForMail(mailDir, form.email, /We hebben je bericht ontvangen/);
  });
});

describe('invalid input', () => {
  const cases: Array<{ field: string; value: string | null; message: string }> = [
    { field: 'name', value: '', message: 'Naam is verplicht.' },
    { field: 'name', value: 'F', message: 'Naam moet tussen de 2 en 100 tekens zijn.' },
    { field: 'email', value: '', message: 'E-mailadres is verplicht.' },
    { field: 'email', value: 'fenna@', message: 'Vul een geldig e-mailadres in.' },
    {
      field: 'organisation',
      value: 'x'.repeat(151),
      message: 'Organisatie mag maximaal 150 tekens lang zijn.',
    },
    { field: 'subject', value: '', message: 'Onderwerp is verplicht.' },
    { field: 'subject', value: 'Hi', message: 'Onderwerp moet tussen de 3 en 150 tekens zijn.' },
    { field: 'message', value: '', message: 'Je bericht is verplicht.' },
    { field: 'message', value: 'Te kort', message: 'Je bericht moet tussen de 10 en 5000 tekens zijn.' },
    { field: 'consent', value: null, message: 'Accepteer de privacyverklaring.' },
  ];

  for (const { field, value, message } of cases) {
    it(`refuses ${field} = ${JSON.stringify(value?.slice(0, 12))} with "${message}" and keeps the other values`, async () => {
      const form = validForm();
      const posted: PostedForm = { ...form };
      if (value === null) delete posted[field];
      else posted[field] = value;
      const response = await postForm(portal, '/contact', posted).expect(422);
      expect(fieldMessages(response.text, field)).toEqual([message]);
      expect(fieldsWithMessages(response.text)).toEqual([field]);
      expect(decodeHtml(response.text)).toContain('Er zijn fouten in je formulier gevonden.');
      for (const other of ['name', 'email', 'organisation', 'subject'].filter((name) => name !== field)) {
        expect(inputValue(response.text, other)).toBe(form[other]);
      }
      if (field !== 'message') expect(textareaValue(response.text, 'message')).toBe(form.message);
      if (field !== 'consent') expect(isChecked(response.text, 'consent')).toBe(true);
      expect(await mailsTo(mailDir, form.email)).toHaveLength(0);
    });
  }

  it('gives the messages in English under /en', async () => {
    const response = await postForm(portal, '/en/contact', { ...validForm(), name: '', email: 'x' }).expect(
      422,
    );
    expect(fieldMessages(response.text, 'name')).toEqual(['Name is required.']);
    expect(fieldMessages(response.text, 'email')).toEqual(['Please enter a valid email address.']);
  });

  it('answers the client action with the messages and values per field', async () => {
    const form = validForm();
    const response = await postData(portal, '/contact', { ...form, subject: '' }).expect(422);
    const actionData = response.body.actionData.contact as {
      errors: object;
      values: Record<string, unknown>;
    };
    expect(actionData.errors).toEqual({ subject: ['Onderwerp is verplicht.'] });
    expect(actionData.values).toMatchObject({ name: form.name, email: form.email, consent: true });
  });
});

describe('a CMS outage while sending', () => {
  it('keeps every typed value, says it may have arrived (the connection broke) and sends no mail', async () => {
    const faulty = await startFaultyCms(
      inject('cmsUrl'),
      (method, path) => method === 'POST' && path.startsWith('/api/contact-messages'),
    );
    const down = await createTestApp(faulty.url);
    try {
      const form = validForm();
      const response = await postForm(down, '/contact', form).expect(503);
      // The connection broke after the post was sent: the portal cannot know, and says so (decision 094).
      expect(formStatus(response.text)).toBe('unconfirmed');
      expect(decodeHtml(response.text)).toContain('We weten niet zeker of je bericht is aangekomen');
      expect(response.headers['cache-control']).toBe('private, no-store');
      for (const name of ['name', 'email', 'organisation', 'subject']) {
        expect(inputValue(response.text, name)).toBe(form[name]);
      }
      expect(textareaValue(response.text, 'message')).toBe(form.message);
      expect(isChecked(response.text, 'consent')).toBe(true);
      expect(await mailsTo(mailDir, form.email)).toHaveLength(0);
    } finally {
      await down.close();
      await faulty.close();
    }
  });
});

describe('the CMS API of contact messages', () => {
  it('cannot be read by the public', async () => {
    const list = await cms('/contact-messages');
    expect([403, 404]).toContain(list.status);
    const one = await cms('/contact-messages/abc');
    expect([403, 404]).toContain(one.status);
  });

  it('accepts a valid message with 202 and an empty body, and refuses bad input without echoing it', async () => {
    const email = uniqueEmail('api');
    const data = {
      name: 'Api',
      email,
      subject: 'Via de API',
      message: 'Een bericht via de API.',
      consent: true,
    };
    const ok = await cms('/contact-messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { ...data, id: 99, createdAt: '2000-01-01' } }),
    });
    expect(ok).toEqual({ status: 202, body: null });
    await waitForMail(mailDir, email, /We hebben je bericht ontvangen/);
    const bad = await cms<{ error: { name: string; message: string } }>('/contact-messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { ...data, consent: false } }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.name).toBe('ValidationError');
    expect(JSON.stringify(bad.body)).not.toContain(email);
  });
});
