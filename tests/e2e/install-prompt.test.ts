/**
 * The install prompt in Chromium against the production build and the real CMS
 * (docs/product.md#states; docs/analytics.md): a `beforeinstallprompt` offer (synthetic here: headless
 * Chromium never makes one) is prevented and opens the portal's modal dialog, named and described,
 * with focus inside; "Installeren" calls the offer's `prompt()`, and on acceptance the dialog
 * closes and an `Install` event reaches the CMS in the page's analytics session. "Niet nu",
 * Escape and a refusal in the browser's prompt are remembered: after a reload a new offer opens
 * nothing. The dialog's code is fetched only when an offer comes. Nothing violates the CSP and the
 * console stays clean.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import { launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';
import { storedEventsOf as storedEvents } from '../support/cms-database.ts';

/** A desktop Chrome user agent: headless Chromium's own counts as a bot and records nothing. */
const READER = {
  locale: 'nl-NL',
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

interface StoredEvent {
  eventType: string;
  session: string | null;
  url?: string;
  source?: string;
}

interface OfferLog {
  prompted: number;
  defaultPrevented: boolean[];
  violations: string[];
}

let portal: StartedProcess;
let browser: Browser;

/** Sets up the offer log and records CSP violations, from the start of every document. */
async function instrument(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: OfferLog = { prompted: 0, defaultPrevented: [], violations: [] };
    (window as unknown as { __offers: OfferLog }).__offers = log;
    document.addEventListener('securitypolicyviolation', (event) => {
      log.violations.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
}

/**
 * Fires a synthetic `beforeinstallprompt` whose `userChoice` settles with `outcome` after
 * `prompt()` is called; records the calls and whether the page prevented the default.
 */
async function offer(page: Page, outcome: 'accepted' | 'dismissed'): Promise<void> {
  await page.evaluate((answer) => {
    const log = (window as unknown as { __offers: OfferLog }).__offers;
    let answerWith: (value: { outcome: string; platform: string }) => void = () => undefined;
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      userChoice: new Promise((resolve) => {
        answerWith = resolve;
      }),
      prompt: () => {
        log.prompted += 1;
        answerWith({ outcome: answer, platform: 'web' });
        return Promise.resolve();
      },
    });
    window.dispatchEvent(event);
    log.defaultPrevented.push(event.defaultPrevented);
  }, outcome);
}

const offers = (page: Page) => page.evaluate(() => (window as unknown as { __offers: OfferLog }).__offers);
const dialog = (page: Page) => page.locator('dialog.install-prompt');

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** The analytics session id of a browser context's cookie. */
async function sessionOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((entry) => entry.name === 'portal_session');
  if (!cookie) throw new Error('no analytics session cookie');
  return (JSON.parse(decodeURIComponent(cookie.value)) as { id: string }).id;
}

/** The stored events of an analytics session (from every batch the CMS holds). */
const storedEventsOf = (session: string) => storedEvents<StoredEvent>(session);

/** A fresh page on `/` in a new context, instrumented, hydrated. */
async function freshPage(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext(READER);
  const page = await context.newPage();
  const { problems } = watchConsole(page);
  await instrument(page);
  await page.goto(`${portal.url}/`);
  await hydrated(page);
  return { context, page, problems };
}

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('the install prompt', () => {
  it('opens a named modal dialog with focus inside; accepting installs and stores an Install event', async () => {
    const { context, page, problems } = await freshPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    expect(requested.some((path) => path.includes('install-dialog'))).toBe(false);

    await offer(page, 'accepted');
    await dialog(page).waitFor();
    // Only now is the dialog's chunk fetched.
    expect(requested.some((path) => /\/assets\/install-dialog-[\w-]+\.js$/.test(path))).toBe(true);
    expect((await offers(page)).defaultPrevented).toEqual([true]);
    const modal = page.getByRole('dialog', { name: 'App installeren' });
    expect(await modal.isVisible()).toBe(true);
    expect(await dialog(page).evaluate((element) => (element as HTMLDialogElement).open)).toBe(true);
    expect(await dialog(page).evaluate((element) => element.matches(':modal'))).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest('dialog.install-prompt') !== null)).toBe(
      true,
    );
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Installeren');
    const description = await dialog(page).getAttribute('aria-describedby');
    expect(await page.locator(`#${description}`).textContent()).toMatch(/startscherm/);
    expect(await modal.getByRole('button', { name: 'Niet nu' }).isVisible()).toBe(true);

    const axe = await new AxeBuilder({ page })
      .include('dialog.install-prompt')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    await modal.getByRole('button', { name: 'Installeren' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect((await offers(page)).prompted).toBe(1);
    // Accepting is no dismissal: nothing is remembered.
    expect(await page.evaluate(() => localStorage.getItem('install-prompt-dismissed'))).toBeNull();

    const session = await sessionOf(context);
    // Sent at once by the page; the portal forwards its batches to the CMS every 5 s.
    await expect
      .poll(async () => (await storedEventsOf(session)).filter((event) => event.eventType === 'Install'), {
        timeout: 20_000,
        interval: 500,
      })
      .toEqual([expect.objectContaining({ eventType: 'Install', url: '/', source: 'browser' })]);
    expect((await offers(page)).violations).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('remembers "Niet nu": after a reload a new offer is prevented but opens nothing', async () => {
    const { context, page, problems } = await freshPage();
    await offer(page, 'accepted');
    await dialog(page).waitFor();
    const before = Date.now();
    await page.getByRole('button', { name: 'Niet nu' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const stored = Number(await page.evaluate(() => localStorage.getItem('install-prompt-dismissed')));
    expect(stored).toBeGreaterThanOrEqual(before - 1000);
    expect(stored).toBeLessThanOrEqual(Date.now());
    expect((await offers(page)).prompted).toBe(0);

    await page.reload();
    await hydrated(page);
    await offer(page, 'accepted');
    // Longer than the dialog may wait for an idle moment (3 s, src/client/install-prompt.ts).
    await page.waitForTimeout(3500);
    expect(await dialog(page).count()).toBe(0);
    expect((await offers(page)).defaultPrevented).toEqual([true]);

    // A dismissal older than 30 days no longer holds.
    await page.evaluate(() =>
      localStorage.setItem('install-prompt-dismissed', String(Date.now() - 31 * 24 * 60 * 60 * 1000)),
    );
    await offer(page, 'accepted');
    await dialog(page).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('closes on Escape, gives focus back, and remembers that too', async () => {
    const { context, page, problems } = await freshPage();
    await page.locator('.site-header__brand').focus();
    await offer(page, 'accepted');
    await dialog(page).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.matches('.site-header__brand'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('install-prompt-dismissed'))).toMatch(/^\d+$/);
    await page.reload();
    await hydrated(page);
    await offer(page, 'accepted');
    // Longer than the dialog may wait for an idle moment (3 s, src/client/install-prompt.ts).
    await page.waitForTimeout(3500);
    expect(await dialog(page).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('remembers a refusal in the browser’s own prompt and records no Install', async () => {
    const { context, page, problems } = await freshPage();
    await offer(page, 'dismissed');
    await dialog(page).waitFor();
    await page.getByRole('button', { name: 'Installeren' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect((await offers(page)).prompted).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('install-prompt-dismissed'))).toMatch(/^\d+$/);
    const session = await sessionOf(context);
    // Let the page's queue and the portal's forwarder run: still no Install.
    await page.close({ runBeforeUnload: true });
    await expect
      .poll(async () => (await storedEventsOf(session)).some((event) => event.eventType === 'SessionStart'), {
        timeout: 20_000,
        interval: 500,
      })
      .toBe(true);
    expect((await storedEventsOf(session)).filter((event) => event.eventType === 'Install')).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('speaks English on the English site', async () => {
    const context = await browser.newContext({ ...READER, locale: 'en-GB' });
    const page = await context.newPage();
    const { problems } = watchConsole(page);
    await instrument(page);
    await page.goto(`${portal.url}/en`);
    await hydrated(page);
    await offer(page, 'accepted');
    await page.getByRole('dialog', { name: 'Install the app' }).waitFor();
    expect(await page.getByRole('button', { name: 'Not now' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
