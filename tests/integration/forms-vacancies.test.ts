/**
 * Vacancies placed and managed by account holders against the real CMS: `/jobs/plaatsen`
 * for signed-in visitors only (anonymous visitors go to the login page and back), a valid vacancy
 * stored as a draft for review owned by the poster (in their `/jobs/mijn`, never in the public API
 * nor on `/jobs`; the owner comes from the session, never from the request body), the confirmation
 * e-mail with the IBAN masked, every invalid field refused with its exact message while every
 * value stays, the IBAN typed too (decision 110), `/jobs/mijn` and `/jobs/mijn/{id}` (prefilled edit
 * that keeps the stored IBAN when left empty and sends a published vacancy back to review; withdraw
 * with a confirmation step), privacy between two accounts through the CMS API and through the portal
 * (404 for somebody else's vacancy), invoice details and IBAN never in a public answer, and a CMS
 * outage on submit keeping the input.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import { errorFromResponse } from '../../src/server/cms/strapi-error.server.ts';
import { refusalOf } from '../../src/server/services/my-vacancies.server.ts';
import type { JobCategory, Vacancy } from '../../src/shared/cms-types.ts';
import { vacancyForm } from '../../src/shared/features/vacancies/vacancy-form.ts';
import { CookieJar, mailsTo, startFaultyCms, uniqueEmail, waitForMail } from '../support/accounts.ts';
import { editorToken } from '../support/cms-admin.ts';
import { revealStoredIban, storedRow } from '../support/cms-database.ts';
import { amsterdamDate } from '../support/dates.ts';
import { cms, createJourneyApp, createTestApp, decodeHtml, PUBLIC_URL } from '../support/portal.ts';

const mailDir = inject('mailDir');
const cmsUrl = inject('cmsUrl');
const PASSWORD = 'vacature wachtwoord';
const IBAN = 'NL44 RABO 0123 4567 89';
/** The same IBAN with one changed digit: the mod-97 check fails. */
const IBAN_ONE_DIGIT_OFF = 'NL44 RABO 0123 4567 88';
const OTHER_IBAN = 'NL91 ABNA 0417 1643 00';
const ZONE = 'Europe/Amsterdam';

/** A signed-in account: address, CMS JWT and the portal session cookies. */
interface Account {
  email: string;
  jwt: string;
  jar: CookieJar;
}

/** What `GET /api/vacancies/mine` answers. */
interface OwnList {
  data: Array<{ documentId: string; title: string; status: string }>;
  meta: { pagination: { total: number } };
}

let portal: PortalApp;
let first: Account;
let second: Account;
let categories: JobCategory[];

/** A same-origin form post (what a browser sends from the portal's own page). */
function post(app: PortalApp, path: string, form: Record<string, string>, jar?: CookieJar) {
  const call = request(app.app).post(path).set('Origin', PUBLIC_URL).type('form').send(form);
  return jar?.header() ? call.set('Cookie', jar.header()) : call;
}

function get(app: PortalApp, path: string, jar?: CookieJar) {
  const call = request(app.app).get(path);
  return jar?.header() ? call.set('Cookie', jar.header()) : call;
}

/** A call to the CMS API with a user's JWT (or anonymous). */
function cmsAs<T = unknown>(
  jwt: string | null,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  return cms<T>(path, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(jwt ? { authorization: `Bearer ${jwt}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

/** `5 jan. 2026`: a date as the form library writes it in messages (Dutch, Europe/Amsterdam). */
function messageDate(date: string): string {
  return new Intl.DateTimeFormat('nl-NL', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: ZONE,
  }).format(new Date(`${date}T00:00:00Z`));
}

/** A complete, valid vacancy form post. */
function validForm(title: string): Record<string, string> {
  return {
    title,
    summary: 'Wij zoeken een ervaren planner voor ons distributiecentrum.',
    description:
      'Als planner zorg je dat elke zending op tijd vertrekt.\n\nWat je doet:\n\n- ritten plannen\n- contact met vervoerders',
    category: categories[0]!.documentId,
    employmentType: 'FULL_TIME',
    employer: 'Pakketpost B.V.',
    location: 'Tilburg',
    salaryMin: '3200',
    salaryMax: '4100',
    salaryPeriod: 'MONTH',
    applyUrl: 'https://werkenbij.pakketpost.example/planner',
    applyEmail: '',
    publishFrom: amsterdamDate(0),
    validThrough: amsterdamDate(30),
    invoiceCompany: 'Pakketpost B.V.',
    invoiceStreet: 'Stationsstraat',
    invoiceHouseNumber: '12A',
    invoicePostcode: '5038 EC',
    invoiceCity: 'Tilburg',
    kvkNumber: '12345678',
    vatNumber: 'NL123456789B01',
    invoiceEmail: 'factuur@pakketpost.example',
    iban: IBAN,
    terms: 'on',
  };
}

/** The messages shown next to field `name` of the vacancy form. */
function fieldMessages(html: string, name: string): string[] {
  const list = new RegExp(`id="vacancy-form-${name}-messages">([\\s\\S]*?)</ul>`).exec(html)?.[1] ?? '';
  return [...list.matchAll(/<li>([^<]*)<\/li>/g)].map((match) => decodeHtml(match[1]!));
}

/** The text of textarea `name` of the vacancy form (`undefined` when there is none). */
function textOf(html: string, name: string): string | undefined {
  const text = new RegExp(`<textarea[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html)?.[1];
  return text === undefined ? undefined : decodeHtml(text);
}

/** The value attribute of input `name` of the vacancy form (`undefined` when the input has none). */
function inputValue(html: string, name: string): string | undefined {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';
  const value = /value="([^"]*)"/.exec(tag)?.[1];
  return value === undefined ? undefined : decodeHtml(value);
}

/** Every way the test IBAN could appear in a text. */
function containsIban(text: string, iban = IBAN): boolean {
  const compact = iban.replace(/\s+/g, '');
  return text.includes(compact) || text.includes(iban) || text.includes(compact.slice(4, 12));
}

/** A registered, confirmed account (CMS registration + captured confirmation), signed in at the portal. */
async function signedInAccount(name: string): Promise<Account> {
  const email = uniqueEmail(name);
  const registered = await cmsAs(null, '/auth/local/register', {
    method: 'POST',
    body: { username: email, email, password: PASSWORD },
  });
  expect(registered.status).toBe(200);
  const mail = await waitForMail(mailDir, email, /Bevestig je e-mailadres/);
  const code = /confirmation=([a-f0-9]+)/.exec(mail.html ?? mail.text)?.[1];
  expect(code).toBeTruthy();
  const confirmed = await cmsAs<{ jwt: string }>(null, '/account/email-confirmation', {
    method: 'POST',
    body: { confirmation: code },
  });
  expect(confirmed.status).toBe(200);
  const jar = new CookieJar();
  jar.take(await post(portal, '/inloggen', { email, password: PASSWORD }).expect(302));
  return { email, jwt: confirmed.body.jwt, jar };
}

/** Places a vacancy through the portal; returns its documentId. */
async function placeThroughPortal(account: Account, title: string): Promise<string> {
  const response = await post(portal, '/jobs/plaatsen', validForm(title), account.jar).expect(302);
  const location = new URL(response.headers.location as string, PUBLIC_URL);
  expect(location.pathname).toBe('/jobs/plaatsen');
  expect(location.searchParams.get('verzonden')).toBe('1');
  const documentId = location.searchParams.get('vacature');
  expect(documentId).toMatch(/^[a-z0-9]{20,}$/);
  return documentId!;
}

/** Vacancies this file published; taken offline again afterwards so other test files see only the seed. */
const publishedHere = new Set<string>();

/** What an editor does in the admin panel: approve the vacancy and publish it. */
async function approveAndPublish(documentId: string): Promise<void> {
  publishedHere.add(documentId);
  const token = await editorToken();
  const base = `${cmsUrl}/content-manager/collection-types/api::vacancy.vacancy/${documentId}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const saved = await fetch(base, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ reviewStatus: 'approved' }),
  });
  expect(saved.status).toBe(200);
  const published = await fetch(`${base}/actions/publish`, { method: 'POST', headers, body: '{}' });
  expect(published.status).toBe(200);
}

beforeAll(async () => {
  portal = await createJourneyApp();
  const { body } = await cms<{ data: JobCategory[] }>('/job-categories?sort=name:asc');
  categories = body.data;
  [first, second] = await Promise.all([signedInAccount('vacature-een'), signedInAccount('vacature-twee')]);
});

afterAll(async () => {
  // The test CMS is shared by every test file: unpublish what this file put online.
  if (publishedHere.size) {
    const headers = { authorization: `Bearer ${await editorToken()}`, 'content-type': 'application/json' };
    for (const documentId of publishedHere) {
      const base = `${cmsUrl}/content-manager/collection-types/api::vacancy.vacancy/${documentId}`;
      const response = await fetch(`${base}/actions/unpublish`, { method: 'POST', headers, body: '{}' });
      // 200, or 400/404 when the test already took it offline (withdrawn or sent back to review).
      expect([200, 400, 404]).toContain(response.status);
    }
    const open = await cms<{ data: Array<{ documentId: string }> }>('/vacancies?pagination[pageSize]=100');
    expect(open.body.data.some((v) => publishedHere.has(v.documentId))).toBe(false);
  }
  await portal.close();
});

describe('the page for placing a vacancy', () => {
  it('sends anonymous visitors to the login page and back', async () => {
    const response = await get(portal, '/jobs/plaatsen').expect(302);
    expect(response.headers.location).toBe('/inloggen?redirect=%2Fjobs%2Fplaatsen');
    expect((await get(portal, '/jobs/mijn').expect(302)).headers.location).toBe(
      '/inloggen?redirect=%2Fjobs%2Fmijn',
    );
    expect((await get(portal, '/en/jobs/mijn/abc123').expect(302)).headers.location).toBe(
      '/en/inloggen?redirect=%2Fen%2Fjobs%2Fmijn%2Fabc123',
    );
    const posted = await post(portal, '/jobs/plaatsen', validForm('Anonieme vacature')).expect(302);
    expect(posted.headers.location).toBe('/inloggen?redirect=%2Fjobs%2Fplaatsen');
  });

  it('shows the form with the CMS job categories to a signed-in visitor, privately', async () => {
    const response = await get(portal, '/jobs/plaatsen', first.jar).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const html = decodeHtml(response.text);
    expect(html).toContain('<h1>Vacature plaatsen</h1>');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    for (const category of categories) {
      expect(html).toContain(`<option value="${category.documentId}">${category.name}</option>`);
    }
    expect(inputValue(html, 'invoiceEmail')).toBe(first.email);
    expect(inputValue(html, 'publishFrom')).toBe(amsterdamDate(0));
    expect(html).toContain('name="iban"');
  });
});

describe('placing a vacancy', () => {
  let documentId: string;
  const title = `Planner distributiecentrum ${Date.now().toString(36)}`;

  beforeAll(async () => {
    documentId = await placeThroughPortal(first, title);
  });

  it('confirms it on the page and by e-mail, with the IBAN masked', async () => {
    const page = decodeHtml(
      (await get(portal, `/jobs/plaatsen?verzonden=1&vacature=${documentId}`, first.jar).expect(200)).text,
    );
    expect(page).toContain('Je vacature is ontvangen');
    expect(page).toContain(`De redactie beoordeelt ‘${title}’ zo snel mogelijk.`);
    expect(page).toContain('We hebben je een bevestiging per e-mail gestuurd.');
    expect(page).toContain(`href="/jobs/mijn/${documentId}"`);
    expect(page).not.toContain('id="vacancy-form"');

    const mail = await waitForMail(mailDir, first.email, /We hebben je vacature ontvangen/);
    expect(mail.subject).toBe(`We hebben je vacature ontvangen: ${title}`);
    expect(mail.text).toContain('Automatische incasso van: NL** **** **** **67 89');
    expect(mail.text).toContain(`https://portal.test/jobs/mijn/${documentId}`);
    expect(containsIban(`${mail.text}${mail.html}`)).toBe(false);
    const notice = await waitForMail(
      mailDir,
      'redactie@portal.local',
      new RegExp(`ter beoordeling: ${title}`),
    );
    expect(notice.text).toContain(`Geplaatst door: ${first.email}`);
    expect(containsIban(`${notice.text}${notice.html}`)).toBe(false);
    expect(notice.text).not.toContain('12345678');
  });

  it('stores it as a draft for review, owned by the poster', async () => {
    const mine = await cmsAs<OwnList>(first.jwt, '/vacancies/mine');
    expect(mine.status).toBe(200);
    expect(mine.body.data).toContainEqual(expect.objectContaining({ documentId, title, status: 'pending' }));

    const own = await cmsAs<{ data: Record<string, unknown> }>(first.jwt, `/vacancies/mine/${documentId}`);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({
      title,
      status: 'pending',
      publishedAt: null,
      salaryMin: 3200,
      salaryMax: 4100,
      publishFrom: amsterdamDate(0),
      validThrough: amsterdamDate(30),
      description: validForm(title).description,
      invoice: {
        company: 'Pakketpost B.V.',
        postcode: '5038 EC',
        kvkNumber: '12345678',
        vatNumber: 'NL123456789B01',
        ibanMasked: 'NL** **** **** **67 89',
      },
    });
    expect(containsIban(JSON.stringify(own.body))).toBe(false);
  });

  it('stores the IBAN encrypted (decision 050): never in clear in the database', async () => {
    const row = await storedRow<{ iban: string }>(
      'SELECT iban FROM vacancies WHERE document_id = ?',
      documentId,
    );
    expect(row?.iban).toMatch(/^enc:v2:[0-9a-f]{8}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(containsIban(row?.iban ?? '')).toBe(false);
    expect(revealStoredIban(row?.iban ?? '')).toBe(IBAN.replace(/\s+/g, ''));
  });

  it('keeps it out of the public API and off /jobs', async () => {
    expect((await cms(`/vacancies/${documentId}`)).status).toBe(404);
    expect((await cms(`/vacancies/${documentId}?status=draft`)).status).toBe(404);
    const byTitle = await cms<{ data: Vacancy[] }>(
      `/vacancies?filters[title][$eq]=${encodeURIComponent(title)}&status=draft`,
    );
    expect(byTitle.status).toBe(200);
    expect(byTitle.body.data).toEqual([]);
    const jobs = decodeHtml((await get(portal, '/jobs').expect(200)).text);
    expect(jobs).not.toContain(title);
    expect((await get(portal, `/jobs/vacature/${documentId}/planner`).expect(404)).status).toBe(404);
  });

  it('lists it in /jobs/mijn with its status and a link to edit it', async () => {
    const response = await get(portal, '/jobs/mijn', first.jar).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const html = decodeHtml(response.text);
    const item = new RegExp(
      `<li class="own-vacancy[^"]*" data-vacancy="${documentId}">([\\s\\S]*?)</li>`,
    ).exec(html)?.[1];
    expect(item).toBeDefined();
    expect(item).toContain(title);
    expect(item).toContain('data-status="pending"');
    expect(item).toContain('Wacht op beoordeling');
    expect(item).toContain(`href="/jobs/mijn/${documentId}"`);
    expect((await get(portal, '/jobs/mijn?page=2', first.jar)).status).toBe(404);
    expect((await get(portal, '/jobs/mijn?page=nul', first.jar)).status).toBe(404);
  });

  it('takes the owner from the session, never from the request body', async () => {
    const own = await cmsAs<OwnList>(first.jwt, '/vacancies/mine');
    const before = own.body.meta.pagination.total;
    const body = {
      data: {
        ...validForm('Vacature met vervalste eigenaar'),
        terms: true,
        owner: 1,
        reviewStatus: 'approved',
        publishedAt: new Date().toISOString(),
      },
    };
    const placed = await cmsAs<{ data: { documentId: string; status: string } }>(
      second.jwt,
      '/vacancies/mine',
      {
        method: 'POST',
        body,
      },
    );
    expect(placed.status).toBe(201);
    expect(placed.body.data.status).toBe('pending');
    expect((await cmsAs<OwnList>(first.jwt, '/vacancies/mine')).body.meta.pagination.total).toBe(before);
    const theirs = await cmsAs<OwnList>(second.jwt, '/vacancies/mine');
    expect(theirs.body.data.map((vacancy) => vacancy.documentId)).toContain(placed.body.data.documentId);
    expect((await cms(`/vacancies/${placed.body.data.documentId}`)).status).toBe(404);
  });
});

describe('refused vacancy forms', () => {
  const cases: Array<{ field: string; value: string; messages: string[]; extra?: Record<string, string> }> = [
    { field: 'title', value: '', messages: ['Functietitel is verplicht.'] },
    { field: 'title', value: 'Kok', messages: ['Functietitel moet tussen de 5 en 120 tekens zijn.'] },
    {
      field: 'summary',
      value: 'Kort',
      messages: ['Korte samenvatting moet tussen de 10 en 300 tekens zijn.'],
    },
    {
      field: 'description',
      value: 'Te kort.',
      messages: ['Omschrijving moet tussen de 30 en 10000 tekens zijn.'],
    },
    { field: 'category', value: 'onbekende-categorie', messages: ['Categorie is verplicht.'] },
    { field: 'employmentType', value: '', messages: ['Dienstverband is verplicht.'] },
    { field: 'employer', value: '', messages: ['Werkgever is verplicht.'] },
    { field: 'location', value: 'X', messages: ['Standplaats moet tussen de 2 en 80 tekens zijn.'] },
    { field: 'salaryMin', value: 'veel', messages: ['Salaris vanaf moet een getal zijn.'] },
    {
      field: 'salaryMin',
      value: '3200.50',
      messages: ["Salaris vanaf moet een bedrag in hele euro's zijn, zonder punten of komma's."],
    },
    {
      field: 'salaryMax',
      value: '3000',
      messages: ['Salaris tot en met moet minimaal 3200 zijn.'],
    },
    { field: 'salaryPeriod', value: 'WEEK', messages: ['Salaris per is verplicht.'] },
    { field: 'applyUrl', value: 'ftp://pakketpost.example', messages: ['Voer een geldige URL in.'] },
    {
      field: 'applyUrl',
      value: '',
      // Once, next to the link, in written Dutch (decision 110).
      messages: ['Vul een sollicitatielink of een e-mailadres voor sollicitaties in, of allebei.'],
    },
    {
      field: 'applyEmail',
      value: 'geen-adres',
      messages: ['Vul een geldig e-mailadres in.'],
      extra: { applyUrl: '' },
    },
    {
      field: 'publishFrom',
      value: amsterdamDate(-1),
      messages: ['Online vanaf mag niet in het verleden liggen.'],
    },
    {
      field: 'validThrough',
      value: amsterdamDate(5),
      messages: [`Online tot en met moet na ${messageDate(amsterdamDate(5))} zijn.`],
      extra: { publishFrom: amsterdamDate(5) },
    },
    { field: 'invoiceCompany', value: '', messages: ['Bedrijfsnaam is verplicht.'] },
    { field: 'invoiceHouseNumber', value: 'nul', messages: ['Huisnummer is geen toegestane waarde.'] },
    { field: 'invoicePostcode', value: '1234 SA', messages: ['Postcode is geen toegestane waarde.'] },
    { field: 'invoicePostcode', value: '0123 AB', messages: ['Postcode is geen toegestane waarde.'] },
    { field: 'kvkNumber', value: '1234567', messages: ['Een KvK-nummer bestaat uit 8 cijfers.'] },
    {
      field: 'vatNumber',
      value: 'NL12345678B01',
      messages: ['Vul een Nederlands btw-nummer in, zoals NL123456789B01.'],
    },
    { field: 'invoiceEmail', value: 'factuur@', messages: ['Vul een geldig e-mailadres in.'] },
    { field: 'iban', value: IBAN_ONE_DIGIT_OFF, messages: ['Vul een geldig IBAN in.'] },
    { field: 'iban', value: '', messages: ['IBAN is verplicht.'] },
    { field: 'terms', value: '', messages: ['Accepteer de voorwaarden voor vacatureplaatsingen.'] },
  ];

  it.each(cases)('refuses $field "$value" with its message and keeps the other values', async (item) => {
    const title = `Geweigerde vacature ${item.field}`;
    const form = { ...validForm(title), ...item.extra, [item.field]: item.value };
    const before = (await cmsAs<OwnList>(first.jwt, '/vacancies/mine')).body.meta.pagination.total;
    const response = await post(portal, '/jobs/plaatsen', form, first.jar).expect(422);
    const html = decodeHtml(response.text);
    expect(fieldMessages(html, item.field)).toEqual(item.messages);
    expect(html).toContain('Er zijn fouten in je formulier gevonden.');
    if (item.field !== 'title') expect(inputValue(html, 'title')).toBe(title);
    if (item.field !== 'invoiceCompany') expect(inputValue(html, 'invoiceCompany')).toBe('Pakketpost B.V.');
    if (item.field !== 'description') {
      expect(html).toContain('Als planner zorg je dat elke zending op tijd vertrekt.');
    }
    // The IBAN comes back as it was typed, valid or not, as every other value (decision 110).
    expect(inputValue(html, 'iban')).toBe(form.iban);
    for (const name of ['summary', 'location', 'salaryMin', 'publishFrom', 'invoicePostcode', 'kvkNumber'])
      if (name !== item.field) expect(inputValue(html, name) ?? textOf(html, name)).toBe(form[name]);
    expect((await cmsAs<OwnList>(first.jwt, '/vacancies/mine')).body.meta.pagination.total).toBe(before);
  });

  it("is refused by the CMS in Strapi's 400 shape, which the portal puts next to the field", async () => {
    /** Strapi's `ValidationError` (docs/decisions/081-cms-validation-on-yup.md). */
    type Refused = {
      error: {
        status: number;
        name: string;
        details: { field: string; errors: Array<{ path: string[]; message: string; name: string }> };
      };
    };
    const data = { ...validForm('Door het CMS geweigerd'), terms: true };
    // Every refused field, in the form's order, never the value.
    const invalid = await cmsAs<Refused>(first.jwt, '/vacancies/mine', {
      method: 'POST',
      body: { data: { ...data, kvkNumber: '123', iban: IBAN_ONE_DIGIT_OFF } },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ status: 400, name: 'ValidationError' });
    expect(invalid.body.error.details.field).toBe('kvkNumber');
    expect(invalid.body.error.details.errors.map((error) => error.path.join('.'))).toEqual([
      'data.kvkNumber',
      'data.iban',
    ]);
    expect(containsIban(JSON.stringify(invalid.body), IBAN_ONE_DIGIT_OFF)).toBe(false);
    // A category that is well-formed but does not exist (e.g. removed while the form was open).
    const unknown = await cmsAs<Refused>(first.jwt, '/vacancies/mine', {
      method: 'POST',
      body: { data: { ...data, category: 'geencategorie0' } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual({
      field: 'category',
      errors: [
        {
          path: ['data', 'category'],
          message: 'data.category is not a job category',
          name: 'ValidationError',
        },
      ],
    });
    const form = vacancyForm({ today: amsterdamDate(0), categories, mode: 'place' });
    expect(refusalOf(errorFromResponse(unknown.status, unknown.body), form, 'nl')).toEqual({
      status: 422,
      errors: { category: ['Deze waarde is niet geaccepteerd. Kies of vul een andere waarde in.'] },
    });
  });

  it('speaks English under /en', async () => {
    const form = { ...validForm('Refused in English'), kvkNumber: '123', salaryMax: '100' };
    const html = decodeHtml((await post(portal, '/en/jobs/plaatsen', form, first.jar).expect(422)).text);
    expect(fieldMessages(html, 'kvkNumber')).toEqual(['A KvK number has 8 digits.']);
    expect(fieldMessages(html, 'salaryMax')).toEqual(['Salary up to must be at least 3200.']);
    expect(html).toContain('There were errors in your form.');
  });
});

describe('editing and withdrawing an own vacancy', () => {
  let documentId: string;
  const title = `Teamleider fulfilment ${Date.now().toString(36)}`;

  beforeAll(async () => {
    documentId = await placeThroughPortal(first, title);
  });

  it('prefills the form without the IBAN, which stays when left empty', async () => {
    const response = await get(portal, `/jobs/mijn/${documentId}`, first.jar).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const html = decodeHtml(response.text);
    expect(inputValue(html, 'title')).toBe(title);
    expect(inputValue(html, 'kvkNumber')).toBe('12345678');
    expect(inputValue(html, 'salaryMin')).toBe('3200');
    expect(inputValue(html, 'validThrough')).toBe(amsterdamDate(30));
    expect(html).toContain(`<option value="${categories[0]!.documentId}" selected="">`);
    expect(inputValue(html, 'iban')).toBe('');
    expect(html).toContain(
      'Laat dit veld leeg om het opgeslagen rekeningnummer (NL** **** **** **67 89) te houden.',
    );
    expect(containsIban(html)).toBe(false);

    const changed = { ...validForm(`${title} (gewijzigd)`), iban: '', location: 'Waalwijk' };
    const saved = await post(portal, `/jobs/mijn/${documentId}`, changed, first.jar).expect(302);
    expect(saved.headers.location).toBe(`/jobs/mijn/${documentId}?opgeslagen=1`);
    const own = await cmsAs<{
      data: { title: string; location: string; status: string; invoice: { ibanMasked: string } };
    }>(first.jwt, `/vacancies/mine/${documentId}`);
    expect(own.body.data).toMatchObject({
      title: `${title} (gewijzigd)`,
      location: 'Waalwijk',
      status: 'pending',
      invoice: { ibanMasked: 'NL** **** **** **67 89' },
    });
    const page = decodeHtml(
      (await get(portal, saved.headers.location as string, first.jar).expect(200)).text,
    );
    expect(page).toContain('Je wijzigingen zijn opgeslagen. De redactie beoordeelt de vacature opnieuw.');
  });

  it('replaces the IBAN when a new one is given, and refuses invalid changes keeping the input', async () => {
    const refused = await post(
      portal,
      `/jobs/mijn/${documentId}`,
      { ...validForm(title), iban: IBAN_ONE_DIGIT_OFF, location: 'Breda' },
      first.jar,
    ).expect(422);
    const html = decodeHtml(refused.text);
    expect(fieldMessages(html, 'iban')).toEqual(['Vul een geldig IBAN in.']);
    expect(inputValue(html, 'location')).toBe('Breda');
    // The IBAN the visitor typed comes back to be corrected (decision 110); the stored one never shows.
    expect(inputValue(html, 'iban')).toBe(IBAN_ONE_DIGIT_OFF);
    expect(containsIban(html)).toBe(false);

    await post(
      portal,
      `/jobs/mijn/${documentId}`,
      { ...validForm(title), iban: OTHER_IBAN },
      first.jar,
    ).expect(302);
    const own = await cmsAs<{ data: { invoice: { ibanMasked: string } } }>(
      first.jwt,
      `/vacancies/mine/${documentId}`,
    );
    expect(own.body.data.invoice.ibanMasked).toBe('NL** **** **** **43 00');
    const row = await storedRow<{ iban: string }>(
      'SELECT iban FROM vacancies WHERE document_id = ?',
      documentId,
    );
    expect(row?.iban).toMatch(/^enc:v2:[0-9a-f]{8}:/);
    expect(revealStoredIban(row?.iban ?? '')).toBe(OTHER_IBAN.replace(/\s+/g, ''));
  });

  it('sends a published vacancy back to review when it is changed', async () => {
    await approveAndPublish(documentId);
    expect((await cms(`/vacancies/${documentId}`)).status).toBe(200);
    const list = decodeHtml((await get(portal, '/jobs/mijn', first.jar).expect(200)).text);
    const item = new RegExp(`data-vacancy="${documentId}">([\\s\\S]*?)</li>`).exec(list)?.[1] ?? '';
    expect(item).toContain('data-status="published"');
    expect(item).toContain('Bekijk op de site');

    const editPage = decodeHtml((await get(portal, `/jobs/mijn/${documentId}`, first.jar).expect(200)).text);
    expect(editPage).toContain('na het opslaan gaat de vacature offline');
    await post(
      portal,
      `/jobs/mijn/${documentId}`,
      { ...validForm(`${title} v3`), iban: '' },
      first.jar,
    ).expect(302);
    expect((await cms(`/vacancies/${documentId}`)).status).toBe(404);
    const own = await cmsAs<{ data: { status: string; publishedAt: string | null } }>(
      first.jwt,
      `/vacancies/mine/${documentId}`,
    );
    expect(own.body.data).toMatchObject({ status: 'pending', publishedAt: null });
  });

  it('withdraws after a confirmation step, takes it offline and keeps it unchangeable', async () => {
    await approveAndPublish(documentId);
    expect((await cms(`/vacancies/${documentId}`)).status).toBe(200);

    const before = decodeHtml((await get(portal, `/jobs/mijn/${documentId}`, first.jar).expect(200)).text);
    expect(before).toContain(`href="/jobs/mijn/${documentId}?intrekken=1"`);
    expect(before).not.toContain('data-withdraw-confirm');
    const confirm = decodeHtml(
      (await get(portal, `/jobs/mijn/${documentId}?intrekken=1`, first.jar).expect(200)).text,
    );
    expect(confirm).toContain('Weet je zeker dat je deze vacature wilt intrekken?');
    expect(confirm).toContain('name="intent" value="withdraw"');
    expect(confirm).not.toContain('id="vacancy-form"');

    const withdrawn = await post(
      portal,
      `/jobs/mijn/${documentId}`,
      { intent: 'withdraw' },
      first.jar,
    ).expect(302);
    expect(withdrawn.headers.location).toBe(`/jobs/mijn/${documentId}?ingetrokken=1`);
    expect((await cms(`/vacancies/${documentId}`)).status).toBe(404);
    const page = decodeHtml(
      (await get(portal, withdrawn.headers.location as string, first.jar).expect(200)).text,
    );
    expect(page).toContain('De vacature is ingetrokken en staat niet meer op de site.');
    expect(page).toContain('data-status="withdrawn"');
    expect(page).not.toContain('id="vacancy-form"');

    const edit = await post(
      portal,
      `/jobs/mijn/${documentId}`,
      { ...validForm(title), iban: '' },
      first.jar,
    ).expect(409);
    expect(decodeHtml(edit.text)).toContain(
      'Deze vacature is ingetrokken en kan niet meer worden gewijzigd.',
    );
    const own = await cmsAs<{ data: { status: string } }>(first.jwt, `/vacancies/mine/${documentId}`);
    expect(own.body.data.status).toBe('withdrawn');
  });
});

describe('privacy between accounts', () => {
  let documentId: string;
  const title = `Vacature van het eerste account ${Date.now().toString(36)}`;

  beforeAll(async () => {
    documentId = await placeThroughPortal(first, title);
  });

  it('lets nobody else read, change or withdraw it through the CMS API (404, as if it did not exist)', async () => {
    const theirs = await cmsAs<OwnList>(second.jwt, '/vacancies/mine?pageSize=50');
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.map((vacancy) => vacancy.documentId)).not.toContain(documentId);

    const unknown = 'a1b2c3d4e5f6g7h8i9j0k1l2';
    for (const id of [documentId, unknown]) {
      expect((await cmsAs(second.jwt, `/vacancies/mine/${id}`)).status).toBe(404);
      const put = await cmsAs(second.jwt, `/vacancies/mine/${id}`, {
        method: 'PUT',
        body: { data: { ...validForm('Overgenomen'), terms: true } },
      });
      expect(put.status).toBe(404);
      expect((await cmsAs(second.jwt, `/vacancies/mine/${id}/withdraw`, { method: 'POST' })).status).toBe(
        404,
      );
    }
    const own = await cmsAs<{ data: { title: string; status: string } }>(
      first.jwt,
      `/vacancies/mine/${documentId}`,
    );
    expect(own.body.data).toMatchObject({ title, status: 'pending' });
  });

  it('closes the own-vacancy routes to anonymous callers and the core write routes to everybody', async () => {
    expect((await cmsAs(null, '/vacancies/mine')).status).toBe(403);
    expect((await cmsAs(null, `/vacancies/mine/${documentId}`)).status).toBe(403);
    expect(
      (await cmsAs(null, '/vacancies/mine', { method: 'POST', body: { data: validForm('Anoniem') } })).status,
    ).toBe(403);
    // Without core create/update/delete routes there is nothing a permission could open by mistake.
    for (const jwt of [null, first.jwt]) {
      const headers = {
        'content-type': 'application/json',
        ...(jwt ? { authorization: `Bearer ${jwt}` } : {}),
      };
      const body = JSON.stringify({ data: { title: 'Overgenomen' } });
      expect((await fetch(`${cmsUrl}/api/vacancies`, { method: 'POST', headers, body })).status).toBe(405);
      for (const method of ['PUT', 'DELETE']) {
        const response = await fetch(`${cmsUrl}/api/vacancies/${documentId}`, { method, headers, body });
        expect(response.status).toBe(405);
      }
    }
  });

  it('answers 404 in the portal for somebody else’s vacancy, and changes nothing', async () => {
    expect((await get(portal, `/jobs/mijn/${documentId}`, second.jar)).status).toBe(404);
    expect((await get(portal, `/jobs/mijn/${documentId}?intrekken=1`, second.jar)).status).toBe(404);
    expect(
      (await post(portal, `/jobs/mijn/${documentId}`, { ...validForm('Overgenomen'), iban: '' }, second.jar))
        .status,
    ).toBe(404);
    expect((await post(portal, `/jobs/mijn/${documentId}`, { intent: 'withdraw' }, second.jar)).status).toBe(
      404,
    );
    expect((await get(portal, '/jobs/mijn/niet-bestaand!', first.jar)).status).toBe(404);
    const list = decodeHtml((await get(portal, '/jobs/mijn', second.jar).expect(200)).text);
    expect(list).not.toContain(title);
    const own = await cmsAs<{ data: { title: string; status: string } }>(
      first.jwt,
      `/vacancies/mine/${documentId}`,
    );
    expect(own.body.data).toMatchObject({ title, status: 'pending' });
  });

  it('never puts invoice details or the IBAN in a public answer', async () => {
    await approveAndPublish(documentId);
    const published = await cms<{ data: Record<string, unknown> }>(`/vacancies/${documentId}?populate=*`);
    expect(published.status).toBe(200);
    const text = JSON.stringify(published.body);
    for (const key of [
      'iban',
      'invoiceCompany',
      'kvkNumber',
      'vatNumber',
      'invoiceEmail',
      'owner',
      'reviewNote',
    ]) {
      expect(published.body.data).not.toHaveProperty(key);
    }
    expect(containsIban(text)).toBe(false);
    expect(text).not.toContain('12345678');
    expect(text).not.toContain('factuur@pakketpost.example');
    for (const field of ['iban', 'kvkNumber', 'invoiceEmail']) {
      expect((await cms(`/vacancies?filters[${field}][$null]=false`)).status).toBe(400);
      expect((await cms(`/vacancies?fields[0]=${field}`)).status).toBe(400);
    }
    expect((await cms('/vacancies?filters[owner][id][$eq]=1')).status).toBe(400);
    const page = decodeHtml((await get(portal, `/jobs/vacature/${documentId}/x`).expect(301)).text);
    expect(containsIban(page)).toBe(false);
  });
});

describe('publication start', () => {
  it('keeps an approved vacancy off the public API until its first day', async () => {
    const title = `Vacature voor later ${Date.now().toString(36)}`;
    const documentId = await placeThroughPortal(first, title);
    const later = {
      ...validForm(title),
      publishFrom: amsterdamDate(3),
      validThrough: amsterdamDate(33),
      iban: '',
    };
    await post(portal, `/jobs/mijn/${documentId}`, later, first.jar).expect(302);
    await approveAndPublish(documentId);
    expect((await cms(`/vacancies/${documentId}`)).status).toBe(404);
    const own = await cmsAs<{ data: { status: string; publishFrom: string } }>(
      first.jwt,
      `/vacancies/mine/${documentId}`,
    );
    expect(own.body.data).toMatchObject({ status: 'published', publishFrom: amsterdamDate(3) });
  });
});

describe('the public CMS API through relations', () => {
  let pending: string;
  let notYet: string;

  beforeAll(async () => {
    pending = `Ongezien via relatie ${Date.now().toString(36)}`;
    await placeThroughPortal(first, pending);
    notYet = `Nog niet begonnen via relatie ${Date.now().toString(36)}`;
    const documentId = await placeThroughPortal(first, notYet);
    const later = {
      ...validForm(notYet),
      publishFrom: amsterdamDate(3),
      validThrough: amsterdamDate(33),
      iban: '',
    };
    await post(portal, `/jobs/mijn/${documentId}`, later, first.jar).expect(302);
    await approveAndPublish(documentId);
  });

  it('never returns an unreviewed or not yet started vacancy through a populated relation', async () => {
    const category = categories[0]!.documentId;
    const reads = [
      '/job-categories?status=draft&populate[vacancies][fields][0]=title',
      '/job-categories?populate[vacancies][fields][0]=title',
      '/job-categories?status=draft&populate=*',
      '/job-categories?populate=vacancies',
      '/job-categories?populate[0]=vacancies',
      `/job-categories/${category}?status=draft&populate[vacancies][fields][0]=title`,
      `/job-categories/${category}?populate=*`,
      '/job-categories?status=draft&populate[vacancies][filters][reviewStatus][$eq]=pending&populate[vacancies][fields][0]=title',
      '/topics?status=draft&populate[vacancies][fields][0]=title',
      '/topics?populate=*',
    ];
    for (const read of reads) {
      const answer = await cms(read);
      expect({ read, status: answer.status }).toEqual({ read, status: 200 });
      const text = JSON.stringify(answer.body);
      expect({ read, pending: text.includes(pending), notYet: text.includes(notYet) }).toEqual({
        read,
        pending: false,
        notYet: false,
      });
    }
  });

  it('finds no category through a filter on an unreviewed vacancy', async () => {
    const filters = [
      '/job-categories?status=draft&filters[vacancies][reviewStatus][$eq]=pending',
      `/job-categories?status=draft&filters[vacancies][title][$eq]=${encodeURIComponent(pending)}`,
      `/job-categories?filters[$or][0][vacancies][title][$eq]=${encodeURIComponent(notYet)}`,
      `/topics?status=draft&filters[vacancies][reviewStatus][$eq]=pending`,
    ];
    for (const read of filters) {
      const answer = await cms<{ data: unknown[] }>(read);
      expect({ read, status: answer.status, found: answer.body.data?.length }).toEqual({
        read,
        status: 200,
        found: 0,
      });
    }
  });
});

describe('a CMS outage while placing a vacancy', () => {
  it('keeps the input and says the vacancy may have arrived (the connection broke)', async () => {
    const faulty = await startFaultyCms(
      cmsUrl,
      (method, path) => method === 'POST' && path.startsWith('/api/vacancies/mine'),
    );
    const app = await createTestApp(faulty.url);
    try {
      const before = (await cmsAs<OwnList>(first.jwt, '/vacancies/mine')).body.meta.pagination.total;
      const title = `Vacature tijdens storing ${Date.now().toString(36)}`;
      const response = await post(app, '/jobs/plaatsen', validForm(title), first.jar).expect(503);
      const html = decodeHtml(response.text);
      // The connection broke after the post was sent: the portal cannot know, and says so (decision 094).
      expect(html).toContain('We weten niet zeker of je vacature is aangekomen');
      expect(inputValue(html, 'title')).toBe(title);
      expect(inputValue(html, 'kvkNumber')).toBe('12345678');
      expect(inputValue(html, 'iban')).toBe(IBAN);
      expect((await cmsAs<OwnList>(first.jwt, '/vacancies/mine')).body.meta.pagination.total).toBe(before);
      expect(await mailsTo(mailDir, first.email, new RegExp(title))).toHaveLength(0);
    } finally {
      await app.close();
      await faulty.close();
    }
  });
});
