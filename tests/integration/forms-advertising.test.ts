/**
 * The advertising enquiry form on `/adverteren` against the real CMS: the page keeps the
 * CMS page's blocks and adds the form; a valid post is stored by the CMS, e-mailed to sales and
 * confirmed to the sender (Dutch, or English from /en); every invalid field — including a phone
 * number that is not Dutch — is refused with its exact message while the other values (text,
 * checkbox group, select) stay; a CMS outage keeps the input; the public API cannot read enquiries.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { Page, StrapiList } from '../../src/shared/cms-types.ts';
import { DUTCH_PHONE } from '../../src/shared/pages/advertising/advertising-form.ts';
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
  selectedOption,
  textareaValue,
} from '../support/public-forms.ts';

const mailDir = inject('mailDir');
const SALES = 'sales@portal.local';

let portal: PortalApp;

beforeAll(async () => {
  portal = await createTestApp();
});

afterAll(() => portal.close());

/** A valid enquiry with a unique company name and sender. */
function validForm(): PostedForm & { company: string; email: string; interests: string[] } {
  return {
    company: `Retourhub ${Math.random().toString(36).slice(2, 8)}`,
    contactPerson: 'Sanne Bakker',
    email: uniqueEmail('sales'),
    phone: '+31 (0)6 12 34 56 78',
    interests: ['banner', 'nieuwsbrief'],
    budget: 'between_2500_10000',
    message: 'Wij willen in het najaar onze retourdienst onder de aandacht brengen.',
    consent: 'on',
  };
}

/** Asserts that a refused page kept every value of `form` except `field`. */
function expectKept(html: string, form: ReturnType<typeof validForm>, field: string) {
  for (const name of ['company', 'contactPerson', 'email', 'phone'].filter((name) => name !== field)) {
    expect(inputValue(html, name), name).toBe(form[name]);
  }
  if (field !== 'interests') {
    expect(isChecked(html, 'interests', 'banner')).toBe(true);
    expect(isChecked(html, 'interests', 'nieuwsbrief')).toBe(true);
    expect(isChecked(html, 'interests', 'magazine')).toBe(false);
  }
  if (field !== 'budget') expect(selectedOption(html, 'budget')).toBe(form.budget);
  if (field !== 'message') expect(textareaValue(html, 'message')).toBe(form.message);
  if (field !== 'consent') expect(isChecked(html, 'consent')).toBe(true);
}

describe('the advertising page', () => {
  it('shows the CMS page adverteren with its blocks and the enquiry form', async () => {
    const page = await cms<StrapiList<Page>>('/pages?filters[slug][$eq]=adverteren&locale=nl');
    const response = await request(portal.app).get('/adverteren').expect(200);
    const html = decodeHtml(response.text);
    const cmsPage = page.body.data[0]!;
    expect(html).toContain(`<h1>${cmsPage.title}</h1>`);
    const gallery = cmsPage.blocks?.find((block) => block.__component === 'blocks.gallery') as
      | { title: string }
      | undefined;
    expect(gallery).toBeDefined();
    expect(html).toContain(gallery!.title);
    expect(html).toContain('Vraag een voorstel aan');
    for (const value of ['banner', 'nieuwsbrief', 'vacature', 'magazine', 'evenement']) {
      expect(response.text).toContain(`name="interests" value="${value}"`);
    }
    expect(response.text).toContain('<select');
    expect(response.text).toContain('type="tel"');
    expect(response.text).toContain('href="/privacy"');
  });

  it('answers 404 for an unknown value of the sent flag', async () => {
    await request(portal.app).get('/adverteren?verzonden=0').expect(404);
  });
});

describe('the Dutch phone number rule', () => {
  it('accepts Dutch numbers in the usual notations and refuses others', () => {
    for (const number of [
      '030 123 45 67',
      '0301234567',
      '06-12345678',
      '+31 6 12345678',
      '+31 (0)30 123 4567',
      '0031 20 123 4567',
    ]) {
      expect(DUTCH_PHONE.test(number), number).toBe(true);
    }
    for (const number of [
      '12345',
      '+32 2 123 45 67',
      '06 1234567',
      '06 123456789',
      '0012345678',
      'bel me maar',
    ]) {
      expect(DUTCH_PHONE.test(number), number).toBe(false);
    }
  });
});

describe('sending an enquiry', () => {
  it('stores it, e-mails sales and the sender, and confirms after a redirect', async () => {
    const form = validForm();
    const response = await postForm(portal, '/adverteren', form).expect(303);
    expect(response.headers.location).toBe('/adverteren?verzonden=1#formulier');
    const sales = await waitForMail(mailDir, SALES, new RegExp(`Advertentieaanvraag: ${form.company}`));
    expect(sales.text).toContain('Contactpersoon: Sanne Bakker');
    expect(sales.text).toContain(`E-mailadres: ${form.email}`);
    expect(sales.text).toContain('Telefoon: +31 (0)6 12 34 56 78');
    expect(sales.text).toContain('Interesse: Banners op de website, Nieuwsbrief');
    expect(sales.text).toContain('Budget: € 2.500 – € 10.000');
    expect(sales.text).toContain('retourdienst');
    const confirmation = await waitForMail(
      mailDir,
      form.email,
      /We hebben je aanvraag over adverteren ontvangen/,
    );
    expect(confirmation.text).toContain('Bedankt voor je interesse in adverteren');

    const page = await request(portal.app).get('/adverteren?verzonden=1').expect(200);
    expect(formStatus(page.text)).toBe('sent');
    expect(decodeHtml(page.text)).toContain('Bedankt voor je aanvraag');
  });

  it('accepts an enquiry without the optional phone and message, in English from /en', async () => {
    const form = { ...validForm(), phone: '', message: '', interests: ['evenement'], budget: 'unknown' };
    const response = await postForm(portal, '/en/adverteren', form).expect(303);
    expect(response.headers.location).toBe('/en/adverteren?verzonden=1#formulier');
    const sales = await waitForMail(mailDir, SALES, new RegExp(`Advertentieaanvraag: ${form.company}`));
    expect(sales.text).toContain('Telefoon: –');
    expect(sales.text).toContain('Interesse: Evenementen');
    expect(sales.text).toContain('Taal: Engels');
    const confirmation = await waitForMail(mailDir, form.email, /We have received your advertising enquiry/);
    expect(confirmation.text).toContain('Thank you for your interest in advertising');
  });

  it('answers the client action (JavaScript) with the same redirect', async () => {
    const form = validForm();
    const response = await postData(portal, '/adverteren', form).expect(200);
    expect(response.body).toEqual({
      redirect: '/adverteren?verzonden=1#formulier',
      status: 303,
      external: false,
    });
    await waitForMail(mailDir, form.email, /We hebben je aanvraag/);
  });
});

describe('invalid input', () => {
  const cases: Array<{ field: string; value: string | string[] | null; message: string }> = [
    { field: 'company', value: '', message: 'Bedrijf is verplicht.' },
    { field: 'company', value: 'x'.repeat(151), message: 'Bedrijf moet tussen de 2 en 150 tekens zijn.' },
    { field: 'contactPerson', value: '', message: 'Contactpersoon is verplicht.' },
    { field: 'email', value: 'sales.example.test', message: 'Vul een geldig e-mailadres in.' },
    {
      field: 'phone',
      value: '+32 2 123 45 67',
      message: 'Vul een geldig Nederlands telefoonnummer in, bijvoorbeeld 030 123 45 67 of +31 6 12345678.',
    },
    {
      field: 'phone',
      value: '06 1234',
      message: 'Vul een geldig Nederlands telefoonnummer in, bijvoorbeeld 030 123 45 67 of +31 6 12345678.',
    },
    { field: 'interests', value: null, message: 'Interesse is verplicht.' },
    { field: 'interests', value: ['tv-reclame'], message: 'Interesse is verplicht.' },
    { field: 'budget', value: '', message: 'Budget is verplicht.' },
    { field: 'budget', value: 'miljoenen', message: 'Budget is verplicht.' },
    { field: 'message', value: 'x'.repeat(5001), message: 'Toelichting mag maximaal 5000 tekens lang zijn.' },
    { field: 'consent', value: null, message: 'Accepteer de privacyverklaring.' },
  ];

  for (const { field, value, message } of cases) {
    it(`refuses ${field} = ${JSON.stringify(value)?.slice(0, 20)} with "${message}" and keeps the other values`, async () => {
      const form = validForm();
      const posted: PostedForm = { ...form };
      if (value === null) delete posted[field];
      else posted[field] = value;
      const response = await postForm(portal, '/adverteren', posted).expect(422);
      expect(fieldMessages(response.text, field)).toEqual([message]);
      expect(fieldsWithMessages(response.text)).toEqual([field]);
      expectKept(response.text, form, field);
      expect(await mailsTo(mailDir, form.email)).toHaveLength(0);
    });
  }

  it('gives the messages in English under /en', async () => {
    const response = await postForm(portal, '/en/adverteren', {
      ...validForm(),
      phone: '12345',
      budget: '',
    }).expect(422);
    expect(fieldMessages(response.text, 'phone')).toEqual([
      'Please enter a valid Dutch phone number, for example 030 123 45 67 or +31 6 12345678.',
    ]);
    expect(fieldMessages(response.text, 'budget')).toEqual(['Budget is required.']);
  });
});

describe('a CMS outage while sending', () => {
  it('keeps every typed value, says it may have arrived (the connection broke) and sends no mail', async () => {
    const faulty = await startFaultyCms(
      inject('cmsUrl'),
      (method, path) => method === 'POST' && path.startsWith('/api/advertising-enquiries'),
    );
    const down = await createTestApp(faulty.url);
    try {
      const form = validForm();
      const response = await postForm(down, '/adverteren', form).expect(503);
      // The connection broke after the post was sent: the portal cannot know, and says so (decision 094).
      expect(formStatus(response.text)).toBe('unconfirmed');
      expect(decodeHtml(response.text)).toContain('We weten niet zeker of je aanvraag is aangekomen');
      expectKept(response.text, form, '');
      expect(await mailsTo(mailDir, form.email)).toHaveLength(0);
    } finally {
      await down.close();
      await faulty.close();
    }
  });
});

describe('the CMS API of advertising enquiries', () => {
  it('cannot be read by the public', async () => {
    const list = await cms('/advertising-enquiries');
    expect([403, 404]).toContain(list.status);
    const one = await cms('/advertising-enquiries/abc');
    expect([403, 404]).toContain(one.status);
  });

  it('refuses options the form does not offer', async () => {
    const data = {
      company: 'Api BV',
      contactPerson: 'Api',
      email: uniqueEmail('api-sales'),
      interests: ['billboard'],
      budget: 'unknown',
      consent: true,
    };
    const bad = await cms<{ error: { name: string } }>('/advertising-enquiries', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.name).toBe('ValidationError');
  });
});
