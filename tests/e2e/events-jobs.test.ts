/**
 * Agenda and vacancies in a real browser against the production build: browse from the
 * events list to an upcoming event (date, venue, calendar download), filter vacancies by category
 * with the form (and as a plain GET), open a vacancy from the list — with no console errors and
 * no hydration warnings.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import type { Event, StrapiList, Vacancy } from '../../src/shared/cms-types.ts';
import { launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';

let portal: StartedProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleWatch: { problems: string[] };
let openVacancies: Vacancy[];

/** GET from the test CMS as the public role. */
async function cms<T>(pathAndQuery: string): Promise<T> {
  const response = await fetch(`${inject('cmsUrl')}/api${pathAndQuery}`);
  return (await response.json()) as T;
}

/** Waits until React has hydrated (the marker set by the client entry). */
async function hydrated(p: Page): Promise<void> {
  await p.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
  context = await browser.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
  page = await context.newPage();
  consoleWatch = watchConsole(page);
  const vacancies = await cms<StrapiList<Vacancy>>('/vacancies?pagination[pageSize]=100&populate=category');
  openVacancies = vacancies.data.filter((v) => !v.validThrough || Date.parse(v.validThrough) >= Date.now());
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('events', () => {
  it('goes from the list to an upcoming event with date, venue and a calendar download', async () => {
    const response = await page.goto(`${portal.url}/events`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    expect(await page.locator('h1').textContent()).toBe('Komende evenementen');
    const events = await cms<StrapiList<Event>>(
      `/events?sort=startsAt:asc&filters[endsAt][$gte]=${new Date().toISOString()}&populate=address`,
    );
    const event = events.data.find((e) => e.address?.city)!;
    await page.evaluate(() => {
      (window as unknown as { __marker: string }).__marker = 'same-document';
    });
    await page.locator('.event-row .card__title a', { hasText: event.title }).click();
    await page.waitForURL(`${portal.url}/events/${event.slug}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(event.title);
    expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe(
      'same-document',
    );
    const facts = page.locator('.facts-box');
    const start = new Intl.DateTimeFormat('nl-NL', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Amsterdam',
    }).format(new Date(event.startsAt));
    expect(await facts.locator('.event__when').textContent()).toContain(start);
    expect(await facts.textContent()).toContain(event.venue!);
    expect(await facts.textContent()).toContain(event.address!.city!);
    const download = facts.locator('a[download]');
    expect(await download.getAttribute('href')).toBe(`/events/${event.slug}/agenda.ics`);
    const ics = await page.request.get(`${portal.url}/events/${event.slug}/agenda.ics`);
    expect(ics.status()).toBe(200);
    expect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(await ics.text()).toContain(`SUMMARY:${event.title.replace(/([,;])/g, '\\$1')}`);
  });

  it('switches to the past events', async () => {
    // Back to the agenda through the breadcrumb (decision 100), which replaced the back link.
    await page.locator('nav.breadcrumb a[href="/events"]').click();
    await page.waitForURL(`${portal.url}/events`);
    await page.locator('.segmented a', { hasText: 'Afgelopen evenementen' }).click();
    await page.waitForURL(`${portal.url}/events?periode=afgelopen`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Afgelopen evenementen');
    expect(await page.locator('.event-row').count()).toBeGreaterThan(0);
  });
});

describe('jobs', () => {
  it('filters vacancies by category with the form', async () => {
    const category = openVacancies[0]!.category!;
    const expected = openVacancies.filter((v) => v.category?.documentId === category.documentId).length;
    const response = await page.goto(`${portal.url}/jobs`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await page.selectOption('#jobs-category', category.documentId);
    await page.locator('.filter-form button[type="submit"]').click();
    await page.waitForURL(
      (url) => url.pathname === '/jobs' && url.searchParams.get('categorie') === category.documentId,
    );
    await hydrated(page);
    await expect.poll(() => page.locator('.job-card').count()).toBe(Math.min(expected, 10));
    const kickers = await page.locator('.job-card .card__kicker').allTextContents();
    expect(new Set(kickers)).toEqual(new Set([category.name]));
    expect(await page.locator('#jobs-category').inputValue()).toBe(category.documentId);
    expect(await page.locator('.jobs-results .list-count').textContent()).toContain(`${expected} vacature`);
  });

  it('gives the same result as a plain GET, without JavaScript', async () => {
    const category = openVacancies[0]!.category!;
    const noScript = await browser.newContext({ javaScriptEnabled: false, locale: 'nl-NL' });
    const plain = await noScript.newPage();
    const response = await plain.goto(
      `${portal.url}/jobs?categorie=${category.documentId}&plaats=&dienstverband=`,
    );
    expect(response?.status()).toBe(200);
    const titles = await plain.locator('.job-card .card__title a').allTextContents();
    expect(titles).toEqual(await page.locator('.job-card .card__title a').allTextContents());
    await noScript.close();
  });

  it('opens a vacancy from the list', async () => {
    const link = page.locator('.job-card .card__title a').first();
    const title = (await link.textContent())?.trim();
    await link.click();
    await page.waitForURL(/\/jobs\/vacature\/[^/]+\/[^/]+$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe(title);
    await expect.poll(() => page.locator('.vacancy__apply').count()).toBe(1);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBeGreaterThan(0);
  });

  it('logged no console errors and no hydration warnings', () => {
    expect(consoleWatch.problems).toEqual([]);
  });
});
