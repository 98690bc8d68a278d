/**
 * The Content-Security-Policy of the production build in a real Chromium
 * (docs/decisions/051-csp-with-sri-hashes.md): scripts allowed by SRI hash only (the hash of the
 * entry file as served, and of the inline colour-mode script as served; decision 056),
 * `'strict-dynamic'` for the lazily imported lightbox chunk, Trusted Types
 * required, `default-src 'none'`. Pages hydrate, navigate client side (JSON-LD rendered by React)
 * and open the lightbox without a single violation; an injected inline handler, an HTML string
 * assigned to `innerHTML` and an injected script's text are refused.
 */
import { createHash } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import { articlePath } from '../../src/shared/urls.ts';
import {
  cspViolations,
  launchBrowser,
  recordCspViolations,
  startProductionPortal,
  watchConsole,
} from '../support/browser.ts';
import { cms } from '../support/portal.ts';

interface ArticleWithGallery {
  documentId: string;
  slug: string;
  gallery: Array<{ url: string }> | null;
}

let portal: StartedProcess;
let browser: Browser;
let context: BrowserContext;

/** A page that records every CSP violation it sees ({@link recordCspViolations}). */
async function watchedPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  await recordCspViolations(page);
  return { page, problems: watchConsole(page).problems };
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
  context = await browser.newContext({ locale: 'nl-NL' });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await portal?.stop();
});

describe('the policy', () => {
  it("allows scripts by the SRI hash of the entry and of the page's preloads as served, with strict-dynamic and Trusted Types", async () => {
    // Warm: every CMS answer in memory, so no section streams (decision 105) and the policy lists
    // no streaming scripts (their hashes have a test of their own, tests/integration/streaming.test.ts).
    await (await fetch(`${portal.url}/?warm`)).text();
    const response = await fetch(`${portal.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const html = await response.text();
    const script = /<script type="module" src="([^"]+)" integrity="([^"]+)"/.exec(html);
    expect(script).not.toBeNull();
    const [, src = '', integrity = ''] = script ?? [];
    const served = Buffer.from(await (await fetch(`${portal.url}${src}`)).arrayBuffer());
    expect(integrity).toBe(`sha384-${createHash('sha384').update(served).digest('base64')}`);

    const directives = new Map(
      csp.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('default-src')).toEqual(["'none'"]);
    // Plus the hash of the one inline script, the colour-mode script that opens <head> (decision 056).
    const inline = /<head><meta charSet="utf-8"\/><script>([^<]+)<\/script>/.exec(html)?.[1] ?? '';
    expect(inline).toContain('data-color-mode');
    const inlineHash = `sha384-${createHash('sha384').update(inline, 'utf8').digest('base64')}`;
    // Each page preloads its own route chunks (decision 065): the policy lists exactly those.
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" integrity="([^"]+)"/g)].map(
      ([, href = '', value = '']) => ({ href, value }),
    );
    expect(preloads.length).toBeGreaterThan(0);
    // The entry's preload is React's, for its bootstrapModules (decision 105): low priority, first
    // of the module preloads in <head>.
    expect(html).toContain(
      `<link rel="modulepreload" fetchPriority="low" href="${src}" integrity="${integrity}"/>`,
    );
    expect(html.indexOf(`href="${src}"`)).toBeLessThan(html.indexOf(`href="${preloads[0]!.href}"`));
    expect(preloads.map(({ href }) => href)).not.toContain(src);
    for (const { href, value } of preloads) {
      const bytes = Buffer.from(await (await fetch(`${portal.url}${href}`)).arrayBuffer());
      expect(value, href).toBe(`sha384-${createHash('sha384').update(bytes).digest('base64')}`);
    }
    expect(directives.get('script-src')).toEqual([
      "'strict-dynamic'",
      `'${integrity}'`,
      ...preloads.map(({ value }) => `'${value}'`),
      `'${inlineHash}'`,
    ]);
    // Another page, another route chunk: its own hash, not the home page's.
    const jobsPolicy = (await fetch(`${portal.url}/jobs`)).headers.get('content-security-policy') ?? '';
    const home = preloads.find(({ href }) => href.includes('/home.page-'));
    expect(home).toBeDefined();
    expect(jobsPolicy).not.toContain(home?.value ?? 'none');
    expect(jobsPolicy).toContain(`'${integrity}'`);
    expect(directives.get('require-trusted-types-for')).toEqual(["'script'"]);
    expect(directives.get('trusted-types')).toEqual(['default']);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    // The service worker is the origin's own script (decision 059); script-src would refuse it.
    expect(directives.get('worker-src')).toEqual(["'self'"]);
    expect(directives.get('manifest-src')).toEqual(["'self'"]);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/nonce-/);
    // The same header on a page from the rendered-page cache (no per-request nonce to freeze).
    const again = await fetch(`${portal.url}/`);
    expect(again.headers.get('content-security-policy')).toBe(csp);
  });
});

describe('in Chromium', () => {
  it('hydrates, navigates client side through JSON-LD pages and opens the lazy lightbox without violations', async () => {
    const { body } = await cms<{ data: ArticleWithGallery[] }>(
      '/articles?fields[0]=slug&populate[gallery][fields][0]=url&sort=publishDate:desc&pagination[pageSize]=100',
    );
    const withGallery = body.data.find((entry) => (entry.gallery?.length ?? 0) >= 1);
    const plain = body.data.find((entry) => entry !== withGallery);
    if (!withGallery || !plain) throw new Error('the seed needs an article with and one without a gallery');

    const { page, problems } = await watchedPage();
    await page.goto(`${portal.url}${articlePath(plain)}`);
    await hydrated(page);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBeGreaterThan(0);

    // A client navigation: React creates the next article's JSON-LD script element itself.
    await page.evaluate((to) => {
      const link = document.createElement('a');
      link.href = to;
      link.textContent = 'volgende';
      document.body.append(link);
      link.click();
    }, articlePath(withGallery));
    await page.waitForURL(`**${articlePath(withGallery)}`);
    await page.waitForFunction(
      (id) =>
        [...document.querySelectorAll('script[type="application/ld+json"]')].some((s) =>
          s.textContent?.includes(id),
        ),
      withGallery.slug,
    );

    // The lightbox is a chunk loaded with import(): allowed by 'strict-dynamic'.
    await page.locator('.gallery__thumb').first().click();
    await page.locator('dialog.lightbox[open]').waitFor();
    await page.keyboard.press('Escape');

    expect(await cspViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('refuses an injected inline handler, HTML strings in innerHTML and injected script text', async () => {
    const { page } = await watchedPage();
    await page.goto(`${portal.url}/`);
    await hydrated(page);
    const outcome = await page.evaluate(() => {
      const attempt = (action: () => void) => {
        try {
          action();
          return 'done';
        } catch (error) {
          return (error as Error).name;
        }
      };
      const button = document.createElement('button');
      document.body.append(button);
      const handler = attempt(() => button.setAttribute('onclick', 'window.__ran = true'));
      button.click();
      const html = attempt(() => {
        document.createElement('div').innerHTML = '<img src="x" onerror="window.__ran = true">';
      });
      const script = attempt(() => {
        const element = document.createElement('script');
        element.textContent = 'window.__ran = true';
        document.body.append(element);
      });
      return { ran: (window as unknown as { __ran?: boolean }).__ran === true, handler, html, script };
    });
    expect(outcome).toEqual({ ran: false, handler: 'TypeError', html: 'TypeError', script: 'TypeError' });
    const seen = await cspViolations(page);
    expect(
      seen.filter((entry) => entry.startsWith('require-trusted-types-for trusted-types-sink')),
    ).toHaveLength(3);
    await page.close();
  });
});
