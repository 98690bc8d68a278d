/**
 * Images in Chromium against the production build and the seeded CMS (docs/decisions/069): at a
 * phone, a tablet and two desktop widths, every shown CMS image is as wide as its `sizes` says
 * (so the browser picks the right file), the browser chooses the WebP source, the images have
 * their final boxes while their files are held back, and loading the page and scrolling through
 * it shifts none of the page's content (layout shift in `main` 0). No console errors.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import type { Article, Event, StrapiList } from '../../src/shared/cms-types.ts';
import { articlePath, EVENTS_PATH, eventPath, MAGAZINES_PATH, PARTNERS_PATH } from '../../src/shared/urls.ts';
import { launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';
import { cms } from '../support/portal.ts';

let portal: StartedProcess;
let browser: Browser;
let paths: string[];

const VIEWPORTS = [
  { width: 375, height: 800 },
  { width: 820, height: 1000 },
  { width: 1100, height: 900 },
  { width: 1366, height: 900 },
];

interface Measured {
  src: string;
  sizes: string;
  rendered: number;
  slot: number;
  currentSrc: string;
  webp: boolean;
}

/** Scrolls to the end in viewport steps (lazy images load), then back to the top. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = window.innerHeight * 0.8;
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() =>
    [...document.images].every((img) => img.loading === 'lazy' || img.complete),
  );
  await page.waitForFunction(() =>
    [...document.images].filter((img) => img.getBoundingClientRect().width > 0).every((img) => img.complete),
  );
}

/** Rendered width and `sizes` slot width (evaluated by the browser) of every shown image with `sizes`. */
function measure(page: Page): Promise<Measured[]> {
  return page.evaluate(() => {
    const slotWidth = (sizes: string): number => {
      for (const part of sizes.split(',').map((item) => item.trim())) {
        const match = part.match(/^(\([^)]*\))\s+(.+)$/);
        if (match && !window.matchMedia(match[1] ?? '').matches) continue;
        const probe = document.createElement('div');
        probe.style.cssText = `position:absolute;visibility:hidden;width:${match ? match[2] : part}`;
        document.body.append(probe);
        const width = probe.getBoundingClientRect().width;
        probe.remove();
        return width;
      }
      return Number.NaN;
    };
    return [...document.querySelectorAll('main img[sizes]')]
      .map((node) => node as HTMLImageElement)
      .filter((img) => img.getBoundingClientRect().width > 0)
      .map((img) => ({
        src: img.getAttribute('src') ?? '',
        sizes: img.sizes,
        rendered: img.getBoundingClientRect().width,
        slot: slotWidth(img.sizes),
        currentSrc: img.currentSrc,
        webp: img.parentElement?.querySelector('source[type="image/webp"]') !== null,
      }));
  });
}

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
  const articles = await cms<StrapiList<Article>>(
    '/articles?fields[0]=slug&populate[gallery][fields][0]=url&sort=publishDate:desc&pagination[pageSize]=100',
  );
  const withGallery = articles.body.data.find((article) => (article.gallery?.length ?? 0) >= 3);
  const events = await cms<StrapiList<Event>>(
    '/events?fields[0]=slug&filters[image][id][$notNull]=true&pagination[pageSize]=1',
  );
  if (!withGallery || !events.body.data[0])
    throw new Error('the seed has no article with a gallery or event with a picture');
  paths = [
    '/',
    articlePath(withGallery),
    eventPath(events.body.data[0]),
    EVENTS_PATH,
    MAGAZINES_PATH,
    PARTNERS_PATH,
  ];
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** The boxes of the images and of `main` (x, y, width, height in px, rounded to 0.1). */
function boxes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [document.querySelector('main'), ...document.querySelectorAll('main img')].map((node) => {
      const box = (node as Element).getBoundingClientRect();
      return [box.x, box.y, box.width, box.height].map((value) => value.toFixed(1)).join(' ');
    }),
  );
}

describe('images in the browser', () => {
  it('take their final boxes before their files arrive', async () => {
    const moved: string[] = [];
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ locale: 'nl-NL', viewport });
      let release = () => {};
      const page = await context.newPage();
      for (const path of paths) {
        const gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        // Every CMS file waits until the layout without them has been measured.
        await page.route(/\/uploads\//, async (route) => {
          await gate;
          await route.continue();
        });
        await page.goto(`${portal.url}${path}`, { waitUntil: 'domcontentloaded' });
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        const pending = await boxes(page);
        release();
        await scrollThrough(page);
        await page.unroute(/\/uploads\//);
        const loaded = await boxes(page);
        // Up to 1.5 px: a format's height is rounded (500×333 of a 3:2 original), so a loaded file's
        // ratio differs from the `width`/`height` attributes' by a fraction of a pixel; Chromium's
        // layout-instability metric ignores moves under 3 px.
        pending.forEach((box, index) => {
          const before = box.split(' ').map(Number);
          const after = (loaded[index] ?? '').split(' ').map(Number);
          if (before.some((value, i) => !(Math.abs(value - (after[i] ?? Number.NaN)) <= 1.5))) {
            moved.push(`${viewport.width}px ${path} #${index}: ${box} → ${loaded[index]}`);
          }
        });
      }
      await context.close();
    }
    expect(moved).toEqual([]);
  });

  it('are as wide as their sizes say, come as WebP and shift no layout', async () => {
    const mismatches: string[] = [];
    const notWebp: string[] = [];
    const shifts: string[] = [];
    let measured = 0;
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ locale: 'nl-NL', viewport });
      await context.addInitScript(() => {
        const shifts = { value: 0, sources: [] as string[] };
        (window as unknown as { __cls: typeof shifts }).__cls = shifts;
        const describe = (node: Node | null) =>
          node instanceof Element
            ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`
            : String(node?.nodeName);
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
              sources: Array<{
                node: Node | null;
                previousRect: DOMRectReadOnly;
                currentRect: DOMRectReadOnly;
              }>;
            }
          >) {
            // Only shifts of the page's content (where the CMS images are); the header has its own.
            const main = document.querySelector('main');
            if (
              entry.hadRecentInput ||
              !entry.sources.some((source) => source.node && main?.contains(source.node))
            ) {
              continue;
            }
            shifts.value += entry.value;
            for (const source of entry.sources) {
              shifts.sources.push(
                `${Math.round(entry.startTime)}ms ${describe(source.node)} y ${source.previousRect.y}→${source.currentRect.y} h ${source.previousRect.height}→${source.currentRect.height}`,
              );
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const page = await context.newPage();
      const watch = watchConsole(page);
      for (const path of paths) {
        await page.goto(`${portal.url}${path}`, { waitUntil: 'load' });
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        await scrollThrough(page);
        const cls = await page.evaluate(
          () => (window as unknown as { __cls: { value: number; sources: string[] } }).__cls,
        );
        if (cls.value > 0) {
          shifts.push(`${viewport.width}px ${path}: CLS ${cls.value.toFixed(4)} (${cls.sources.join('; ')})`);
        }
        for (const image of await measure(page)) {
          measured += 1;
          // Borders and rounding aside (a card's 1px border), the slot is the rendered width.
          if (Math.abs(image.slot - image.rendered) > Math.max(4, image.rendered * 0.04)) {
            mismatches.push(
              `${viewport.width}px ${path} ${image.src}: rendered ${image.rendered.toFixed(1)}, sizes ${image.slot.toFixed(1)} (${image.sizes})`,
            );
          }
          if (image.webp && !image.currentSrc.endsWith('.webp')) notWebp.push(`${path} ${image.currentSrc}`);
        }
      }
      expect(watch.problems).toEqual([]);
      await context.close();
    }
    expect(measured).toBeGreaterThan(50);
    expect(mismatches).toEqual([]);
    expect(notWebp).toEqual([]);
    expect(shifts).toEqual([]);
  });
});
