/**
 * The notifications page (`/meldingen`) in Chromium against the production build: permission is
 * asked only on the button, a refused permission shows the spec's refusal in Dutch (and English on
 * `/en/meldingen`) and registers nothing, the topics work by keyboard, the button keeps focus
 * while it works, the page passes axe in light and dark mode, and without JavaScript the page says
 * notifications need it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import { launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';

let portal: StartedProcess;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/**
 * A page on `path`. With an `answer`, the notification permission answers it when asked and the
 * asks are counted; with null, Chromium answers as the context's permissions say.
 */
async function pageWith(context: BrowserContext, path: string, answer: NotificationPermission | null) {
  if (answer)
    await context.addInitScript((reply) => {
      let state: NotificationPermission = 'default';
      const asks = { count: 0 };
      (window as unknown as { __permissionAsks: typeof asks }).__permissionAsks = asks;
      Object.defineProperty(Notification, 'permission', { get: () => state });
      Notification.requestPermission = async () => {
        asks.count += 1;
        state = reply;
        return reply;
      };
    }, answer);
  const page = await context.newPage();
  const { problems } = watchConsole(page);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/push/subscription') posts.push(request.method());
  });
  await page.goto(`${portal.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return { page, problems, posts };
}

/**
 * Waits until the page's controls work: they are disabled until the push client has loaded (after
 * hydration), and the status then says 'off' (a visitor sees the same before using them).
 */
async function untilReady(page: Page): Promise<void> {
  await expect
    .poll(() => page.locator('[role="status"]').getAttribute('data-push-status'), { timeout: 10_000 })
    .toBe('off');
}

const asks = () => (window as unknown as { __permissionAsks: { count: number } }).__permissionAsks.count;

describe('the notifications page', () => {
  it('asks only on the button, and shows the refusal when permission is denied', async () => {
    const context = await browser.newContext({ locale: 'nl-NL' });
    const { page, problems, posts } = await pageWith(context, '/meldingen', 'denied');
    expect(await page.evaluate(asks)).toBe(0);
    await untilReady(page);
    await page.getByRole('checkbox', { name: 'Logistiek' }).check();
    await page.getByRole('button', { name: 'Meldingen aanzetten' }).click();
    const status = page.locator('[role="status"]');
    await expect.poll(() => status.getAttribute('data-push-status')).toBe('permission-blocked');
    // Written Dutch, not a word-for-word translation of the spec's English (decision 110).
    expect(await status.textContent()).toContain(
      'Je hebt meldingen voor deze site geblokkeerd. Sta ze toe in de instellingen van je browser.',
    );
    expect(await status.textContent()).not.toContain('in plaats daarvan');
    expect(await page.evaluate(asks)).toBe(1);
    expect(posts).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says the same in English on /en/meldingen when the context denies the permission', async () => {
    // No permission granted to the context: Chromium itself refuses the request.
    const context = await browser.newContext({ locale: 'en-GB', permissions: [] });
    const { page, problems } = await pageWith(context, '/en/meldingen', null);
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    const status = page.locator('[role="status"]');
    await expect.poll(() => status.getAttribute('data-push-status')).toBe('permission-blocked');
    expect(await status.textContent()).toContain(
      'The notification permission was not granted and blocked instead.',
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works by keyboard and passes axe in light and dark mode', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ locale: 'nl-NL', colorScheme });
      const { page } = await pageWith(context, '/meldingen', 'denied');
      await untilReady(page);
      await page.getByRole('checkbox', { name: 'Alles' }).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      expect(await page.getByRole('checkbox', { name: 'E-commerce' }).isChecked()).toBe(true);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      expect(results.violations.map((violation) => `${colorScheme}: ${violation.id}`)).toEqual([]);
      await context.close();
    }
  });

  it('keeps focus on the button while a change is under way, and ignores a second press', async () => {
    const context = await browser.newContext({ locale: 'nl-NL' });
    // The permission question stays open until the test answers it.
    await context.addInitScript(() => {
      const pending = { asks: 0, answer: (_reply: NotificationPermission) => {} };
      (window as unknown as { __pending: typeof pending }).__pending = pending;
      Notification.requestPermission = () =>
        new Promise((resolve) => {
          pending.asks += 1;
          pending.answer = resolve;
        });
    });
    const { page, problems } = await pageWith(context, '/meldingen', null);
    await untilReady(page);
    const button = page.getByRole('button', { name: 'Meldingen aanzetten' });
    const status = page.locator('[role="status"]');
    const pending = () => (window as unknown as { __pending: { asks: number } }).__pending.asks;
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? null);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => status.getAttribute('data-push-status')).toBe('working');
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Enter');
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await page.evaluate(pending)).toBe(1);
    expect(await focusedText()).toBe('Meldingen aanzetten');
    await page.evaluate(() =>
      (window as unknown as { __pending: { answer: (reply: string) => void } }).__pending.answer('denied'),
    );
    await expect.poll(() => status.getAttribute('data-push-status')).toBe('permission-blocked');
    expect(await button.getAttribute('aria-disabled')).toBeNull();
    expect(await focusedText()).toBe('Meldingen aanzetten');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('moves focus to the remaining button when notifications are turned off by keyboard', async () => {
    const context = await browser.newContext({ locale: 'nl-NL' });
    // This browser registered earlier (the page reads it from localStorage); the push service no
    // longer has the subscription, so turning off only forgets it here.
    await context.addInitScript(() => {
      const state = { endpoint: 'https://push.example/gone', topics: ['logistiek'], locale: 'nl' };
      localStorage.setItem('push-subscription', JSON.stringify({ ...state, registeredAt: Date.now() }));
    });
    const { page, problems } = await pageWith(context, '/meldingen', null);
    const status = page.locator('[role="status"]');
    await expect.poll(() => status.getAttribute('data-push-status'), { timeout: 10_000 }).toBe('on');
    await page.getByRole('button', { name: 'Meldingen uitzetten' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => status.getAttribute('data-push-status')).toBe('off');
    expect(await page.getByRole('button', { name: 'Meldingen uitzetten' }).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Meldingen aanzetten');
    expect(await page.evaluate(() => localStorage.getItem('push-subscription'))).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says notifications need JavaScript when it is off', async () => {
    const context = await browser.newContext({ locale: 'nl-NL', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${portal.url}/meldingen`);
    expect(await page.locator('main').textContent()).toContain('Meldingen werken alleen met JavaScript');
    expect(await page.getByRole('button', { name: 'Meldingen aanzetten' }).isDisabled()).toBe(true);
    await context.close();
  });
});

describe('a push message in the service worker', () => {
  it('is shown as a notification with its title, body and link (DevTools delivers the push)', async () => {
    const context = await browser.newContext({ locale: 'nl-NL' });
    await context.grantPermissions(['notifications'], { origin: portal.url });
    const page = await context.newPage();
    const { problems } = watchConsole(page);
    await page.goto(`${portal.url}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 20_000,
    });
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const active = registrations.find((registration) => !registration.isDeleted);
        if (active) resolve(active.registrationId);
      });
    });
    // What the worker went through, for the failure message: a push that shows nothing names why.
    const workerLog: string[] = [];
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const version of versions)
        workerLog.push(`version ${version.versionId}: ${version.status}, ${version.runningStatus}`);
    });
    cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) => {
      workerLog.push(
        `error: ${errorMessage.errorMessage} (${errorMessage.sourceURL}:${errorMessage.lineNumber})`,
      );
    });
    await cdp.send('ServiceWorker.enable');
    const message = {
      title: 'Havenstaking in Rotterdam',
      body: 'Containers blijven liggen.',
      link: '/news/abc/havenstaking',
      analyticsLabel: 'push-test',
      data: { id: 'push-e2e' },
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(portal.url).origin,
      registrationId: await registrationId,
      data: JSON.stringify(message),
    });
    const shown = async () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((notification) => ({
          title: notification.title,
          body: notification.body,
          data: notification.data as unknown,
        }));
      });
    try {
      await expect.poll(shown, { timeout: 10_000 }).toEqual([
        {
          title: 'Havenstaking in Rotterdam',
          body: 'Containers blijven liggen.',
          data: { link: '/news/abc/havenstaking', analyticsLabel: 'push-test' },
        },
      ]);
    } catch (error) {
      throw new Error(
        `${(error as Error).message}\nThe worker: ${workerLog.join('; ') || 'no update seen'}`,
        { cause: error },
      );
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
