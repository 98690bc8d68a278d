/**
 * Playwright (playwright-core) driving Debian's Chromium (`/usr/bin/chromium`; Playwright's own
 * browser download cannot work here) against the production portal started as a child process.
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { freePort, type StartedProcess, startPortal } from '../../scripts/lib/processes.mjs';
import { linkIn, waitForMail } from './accounts.ts';

/** Chromium flags for this machine: headless, no sandbox as root, nothing phoning home. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/**
 * Starts the production portal (needs `npm run build`) against the test CMS. One test browser
 * reads pages far faster than a person, all from 127.0.0.1, so the analytics posts have no
 * per-address limit here; the limit has its own test (tests/integration/analytics.test.ts).
 */
export async function startProductionPortal(): Promise<StartedProcess> {
  return startPortal({
    port: await freePort(),
    strapiUrl: inject('cmsUrl'),
    stdio: 'inherit',
    env: { STATISTICS_RATE_LIMIT: '0' },
  });
}

/**
 * Records every CSP violation `page` sees from the start of each document on; read them with
 * {@link cspViolations}.
 */
export async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
}

/** The CSP violations {@link recordCspViolations} saw in the current document. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

/**
 * Collects console errors and warnings, page errors and failed requests of a page, so a test can
 * assert there were none (hydration mismatches show up as console errors).
 */
export function watchConsole(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (
      message.type() === 'error' ||
      (message.type() === 'warning' && /hydrat|did not match/i.test(message.text()))
    ) {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { problems };
}

/**
 * Registers `email` through the portal's form in `page` and confirms it with the link of the
 * captured e-mail, as a visitor does; the page ends signed in on `/account`.
 */
export async function registerAndConfirm(
  page: Page,
  portalUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${portalUrl}/registreren`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.locator('main input[name="email"]').fill(email);
  await page.locator('main input[name="password"]').fill(password);
  await page.locator('main input[name="password_confirm"]').fill(password);
  await page.locator('main input[name="terms"]').check();
  await page.locator('main .portal-form button[type="submit"]').click();
  await page.locator('[data-notice="registered"]').waitFor();
  const mail = await waitForMail(inject('mailDir'), email, /Bevestig je e-mailadres/);
  await page.goto(`${portalUrl}${linkIn(mail, '/email-valideren')}`);
  await page.waitForURL((url) => url.pathname === '/account');
}

/**
 * Follows a same-origin link to `href` the way a visitor's click does, from a link that is not on
 * the page (appended to `<body>`): the portal's link interceptor turns it into a client navigation.
 */
export async function clickLinkTo(page: Page, href: string): Promise<void> {
  await page.evaluate((target) => {
    const link = document.createElement('a');
    link.href = target;
    document.body.append(link);
    link.click();
  }, href);
}
