/**
 * Every route family, in Dutch and English, is valid HTML: the Nu HTML Checker (`vnu-jar` from
 * npm, on Debian's Java: `default-jre-headless`) finds 0 errors. The pages come from the portal app
 * against the real CMS (as tests/integration/pages.test.ts fetches them), signed-in pages from a
 * confirmed account; all files go to one checker run (one JVM start, `--errors-only`, JSON out).
 * Markup does not depend on the CMS's database, so the PostgreSQL pass of `npm test` skips this
 * file (scripts/test.mjs runs the integration tests on SQLite first).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import { CookieJar, linkIn, uniqueEmail, waitForMail } from '../support/accounts.ts';
import { sectionPagePaths } from '../support/page-families.ts';
import { createJourneyApp, PUBLIC_URL } from '../support/portal.ts';

const run = promisify(execFile);

/** The checker's jar (the package's main export is its path). */
const VNU_JAR = createRequire(import.meta.url)('vnu-jar') as string;

/** One message of the checker's JSON output (https://github.com/validator/validator/wiki/Output-»-JSON). */
interface CheckerMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Public pages beyond the section pages: forms, CMS pages, search, the 404 page. */
const MORE_PATHS = [
  '/c',
  '/sitemap',
  '/contact',
  '/adverteren',
  '/nieuwsbrief',
  '/meldingen',
  '/inschrijvingen',
  '/inloggen',
  '/registreren',
  '/wachtwoord-vergeten',
  '/privacy',
  '/redactie',
  '/ecommerce',
  '/ecommerce?pagina=2',
  '/nieuws?pagina=2',
  '/fulfilment',
  '/zoeken?q=logistiek',
  '/zoeken?q=qqqzzzxxyy',
  '/deze-pagina-bestaat-niet',
];

/** Signed-in pages. */
const ACCOUNT_PATHS = ['/account', '/jobs/plaatsen', '/jobs/mijn'];

/** Path patterns whose first link on `page` names a family reached only through a list. */
const LINKED_FAMILIES: Array<[page: string, pattern: RegExp]> = [
  ['/jobs', /href="(\/jobs\/cat\/[^"?#]+)"/],
  ['/sitemap', /href="(\/sitemap\/\d{4})"/],
  ['/sitemap', /href="(\/sitemap\/\d{4}\/\d{2})"/],
  ['/tags-overzicht', /href="(\/tags-overzicht\/[^"?#]+)"/],
];

const PASSWORD = 'een goed wachtwoord voor de checker';

let portal: PortalApp;
let dir: string;
let jar: CookieJar;

/** A signed-in account (registered through the portal, confirmed with the e-mailed link). */
async function signedIn(): Promise<CookieJar> {
  const email = uniqueEmail('html-checker');
  await request(portal.app)
    .post('/registreren')
    .set('Origin', PUBLIC_URL)
    .type('form')
    .send({ email, password: PASSWORD, password_confirm: PASSWORD, terms: 'on' })
    .expect(200);
  const mail = await waitForMail(inject('mailDir'), email, /Bevestig je e-mailadres/);
  const cookies = new CookieJar();
  cookies.take(await request(portal.app).get(linkIn(mail, '/email-valideren')).expect(302));
  return cookies;
}

/** `path` in `locale` (English under `/en`). */
function localized(pagePath: string, locale: 'nl' | 'en'): string {
  if (locale === 'nl') return pagePath;
  return pagePath === '/' ? '/en' : `/en${pagePath}`;
}

describe.skipIf(process.env.TEST_DATABASE === 'postgres')('the Nu HTML Checker', () => {
  beforeAll(async () => {
    portal = await createJourneyApp();
    dir = await mkdtemp(path.join(tmpdir(), 'portal-html-'));
    jar = await signedIn();
  });

  afterAll(async () => {
    await portal?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('finds 0 errors on every route family in Dutch and English', async () => {
    const linked: string[] = [];
    for (const [page, pattern] of LINKED_FAMILIES) {
      const html = (await request(portal.app).get(page).expect(200)).text;
      const found = pattern.exec(html)?.[1];
      if (!found) throw new Error(`no link like ${pattern} on ${page}`);
      linked.push(found);
    }
    const pages = [
      ...[...(await sectionPagePaths()), ...MORE_PATHS, ...linked].map((pagePath) => ({
        pagePath,
        signedIn: false,
      })),
      ...ACCOUNT_PATHS.map((pagePath) => ({ pagePath, signedIn: true })),
    ];
    const files = new Map<string, string>();
    for (const locale of ['nl', 'en'] as const) {
      for (const [index, page] of pages.entries()) {
        const url = localized(page.pagePath, locale);
        const call = request(portal.app).get(url);
        const response = await (page.signedIn ? call.set('Cookie', jar.header()) : call);
        expect([200, 404], url).toContain(response.status);
        expect(response.headers['content-type'], url).toMatch(/^text\/html/);
        const file = path.join(dir, `${locale}-${String(index).padStart(2, '0')}.html`);
        await writeFile(file, response.text);
        files.set(file, url);
      }
    }

    const started = Date.now();
    let output: string;
    try {
      // --exit-zero-always: the messages are the result; a non-zero exit would only repeat them.
      const result = await run(
        'java',
        ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--exit-zero-always', ...files.keys()],
        { maxBuffer: 32 * 1024 * 1024 },
      );
      output = result.stderr || result.stdout;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new Error('java not found: apt-get install -y default-jre-headless (.ci/run installs it)');
      }
      throw error;
    }
    console.log(
      `[html-validity] ${files.size} pages checked by vnu in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const { messages } = JSON.parse(output) as { messages: CheckerMessage[] };
    const errors = messages
      .filter((message) => message.type === 'error' || message.type === 'non-document-error')
      .map((message) => {
        const file = message.url ? decodeURIComponent(new URL(message.url).pathname) : '';
        return `${files.get(file) ?? file}:${message.lastLine ?? '?'}: ${message.message} [${message.extract ?? ''}]`;
      });
    expect(errors).toEqual([]);
  }, 300_000);
});
