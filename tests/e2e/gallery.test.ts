/**
 * The gallery lightbox in a real browser against the production build (docs/product.md#entities,
 * 4, 5, 8 and 9): thumbnails are links to the full images, a click opens a modal dialog at that
 * image with counter and caption, keyboard and swipe move between images without looping, Escape
 * closes and returns focus, zoom (buttons, keys, throttled wheel) stays within 0.1..3 in 0.12
 * steps, rotation goes in 90-degree steps, a zoomed image pans by dragging, touch swipe and pinch
 * work, and an image that fails to load shows the broken-image state and raises the error event.
 * No console errors except the 404 of the deliberately broken image.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import { articlePath } from '../../src/shared/urls.ts';
import { launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';
import { cms } from '../support/portal.ts';

interface GalleryImage {
  url: string;
  caption: string | null;
  alternativeText: string | null;
}
interface ArticleWithGallery {
  documentId: string;
  slug: string;
  gallery: GalleryImage[] | null;
}

let portal: StartedProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleWatch: { problems: string[] };
let path: string;
let images: GalleryImage[];
/** URLs of resources the browser reported as 404 in the console, from any page of this file. */
const notFoundUrls: string[] = [];

function watch404(p: Page): void {
  p.on('console', (message) => {
    if (/status of 404/.test(message.text())) notFoundUrls.push(message.location().url);
  });
}

async function hydrated(p: Page): Promise<void> {
  await p.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

const dialogOf = (p: Page) => p.locator('dialog.lightbox');
const counterOf = (p: Page) => p.locator('.lightbox__counter').textContent();
const imageSrcOf = (p: Page) => p.locator('.lightbox__image').getAttribute('src');

/** The current scale factor, read from the image's inline CSS transform. */
async function scaleOf(p: Page): Promise<number> {
  const transform = await p
    .locator('.lightbox__image')
    .evaluate((img) => (img as HTMLElement).style.transform);
  const match = transform.match(/scale\(([\d.]+)\)/);
  if (!match) throw new Error(`no scale in transform "${transform}"`);
  return Number(match[1]);
}

async function transformOf(p: Page): Promise<string> {
  return p.locator('.lightbox__image').evaluate((img) => (img as HTMLElement).style.transform);
}

/** Label of the focused element (its aria-label), or its tag name. */
function focusedLabel(p: Page): Promise<string | null> {
  return p.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName ?? null,
  );
}

async function waitLoaded(p: Page): Promise<void> {
  await p.locator('dialog.lightbox[data-status="loaded"]').waitFor();
}

/** Opens the article page fresh and the lightbox at thumbnail `index`, waiting for the image. */
async function openAt(p: Page, index: number): Promise<void> {
  await p.goto(`${portal.url}${path}`);
  await hydrated(p);
  await p.locator('.gallery__thumb').nth(index).click();
  await waitLoaded(p);
}

/** Centre of the stage (where the image is), in viewport px. */
async function stageCentre(p: Page): Promise<{ x: number; y: number }> {
  const box = await p.locator('.lightbox__image').boundingBox();
  if (!box) throw new Error('image not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function drag(p: Page, dx: number, dy: number): Promise<void> {
  const { x, y } = await stageCentre(p);
  await p.mouse.move(x, y);
  await p.mouse.down();
  await p.mouse.move(x + dx, y + dy, { steps: 8 });
  await p.mouse.up();
}

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
  const { body } = await cms<{ data: ArticleWithGallery[] }>(
    '/articles?fields[0]=slug&populate[gallery][fields][0]=url&populate[gallery][fields][1]=caption' +
      '&populate[gallery][fields][2]=alternativeText&sort=publishDate:desc&pagination[pageSize]=100',
  );
  const article = body.data.find((entry) => (entry.gallery?.length ?? 0) >= 3);
  if (!article?.gallery) throw new Error('the seed has no article with a gallery of 3+ images');
  path = articlePath(article);
  images = article.gallery;
  context = await browser.newContext({ locale: 'nl-NL', viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  consoleWatch = watchConsole(page);
  watch404(page);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('gallery lightbox', () => {
  it('renders the thumbnails as links to the full images', async () => {
    const response = await page.goto(`${portal.url}${path}`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    const thumbs = page.locator('.gallery__thumb');
    expect(await thumbs.count()).toBe(images.length);
    for (const [index, image] of images.entries()) {
      expect(await thumbs.nth(index).getAttribute('href')).toBe(image.url);
      expect(await thumbs.nth(index).getAttribute('aria-label')).toBe(
        `Foto ${index + 1} van ${images.length} vergroten`,
      );
    }
    expect(await dialogOf(page).count()).toBe(0);
  });

  it('opens a modal dialog at the clicked image with counter and caption, and locks scrolling', async () => {
    await page.locator('.gallery__thumb').nth(1).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await dialog.getAttribute('aria-label')).toBe('Fotogalerij');
    expect(await page.evaluate(() => document.querySelector('dialog.lightbox')?.matches(':modal'))).toBe(
      true,
    );
    await waitLoaded(page);
    expect(await counterOf(page)).toBe(`Afbeelding 2 van ${images.length}`);
    expect(await imageSrcOf(page)).toBe(images[1]!.url);
    expect(await page.locator('.lightbox__caption').textContent()).toBe(
      images[1]!.caption ?? images[1]!.alternativeText,
    );
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    expect(page.url()).toBe(`${portal.url}${path}`);
  });

  it('moves with ArrowRight/ArrowLeft and blocks previous at the first and next at the last image', async () => {
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => counterOf(page)).toBe(`Afbeelding 3 van ${images.length}`);
    expect(await imageSrcOf(page)).toBe(images[2]!.url);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => counterOf(page)).toBe(`Afbeelding 1 van ${images.length}`);
    expect(await imageSrcOf(page)).toBe(images[0]!.url);
    const previous = page.getByRole('button', { name: 'Vorige' });
    const next = page.getByRole('button', { name: 'Volgende' });
    expect(await previous.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(false);
    await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(100);
    expect(await counterOf(page)).toBe(`Afbeelding 1 van ${images.length}`);
    for (let step = 1; step < images.length; step += 1) await next.click();
    await expect.poll(() => counterOf(page)).toBe(`Afbeelding ${images.length} van ${images.length}`);
    expect(await next.isDisabled()).toBe(true);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(100);
    expect(await counterOf(page)).toBe(`Afbeelding ${images.length} van ${images.length}`);
    expect(await focusedLabel(page)).not.toBe('BODY');
  });

  it('closes with Escape and returns focus to the thumbnail that opened it', async () => {
    await page.keyboard.press('Escape');
    await expect.poll(() => dialogOf(page).count()).toBe(0);
    expect(await focusedLabel(page)).toBe(`Foto 2 van ${images.length} vergroten`);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  it('opens from the keyboard, traps focus inside, and the close button returns focus', async () => {
    await page.locator('.gallery__thumb').nth(0).focus();
    await page.keyboard.press('Enter');
    await waitLoaded(page);
    expect(await counterOf(page)).toBe(`Afbeelding 1 van ${images.length}`);
    expect(await focusedLabel(page)).toBe('Sluiten');
    const seen = new Set<string | null>();
    for (let press = 0; press < 10; press += 1) {
      await page.keyboard.press(press % 3 === 2 ? 'Shift+Tab' : 'Tab');
      seen.add(await focusedLabel(page));
      expect(
        await page.evaluate(() =>
          document.querySelector('dialog.lightbox')?.contains(document.activeElement),
        ),
      ).toBe(true);
    }
    // Forward from the last button wraps to the first and backward from the first to the last.
    expect(seen).toContain('Volgende');
    expect(seen).toContain('Uitzoomen');
    await page.getByRole('button', { name: 'Sluiten' }).click();
    await expect.poll(() => dialogOf(page).count()).toBe(0);
    expect(await focusedLabel(page)).toBe(`Foto 1 van ${images.length} vergroten`);
  });

  it('keeps focus in the dialog when the focused "next" button becomes disabled at the last image', async () => {
    await openAt(page, images.length - 2);
    // Click and read the focus in one task, before the browser's next rendering update, which is
    // when it would move focus off a disabled button to the body (the focus fixup rule). React
    // renders a click's update, and runs its effects, in a microtask of the same task.
    const focus = await page.evaluate(async () => {
      const next = document.querySelector<HTMLButtonElement>('dialog.lightbox button[aria-label="Volgende"]');
      if (!next) throw new Error('no next button');
      next.focus();
      next.click();
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      const active = document.activeElement;
      return {
        nextDisabled: next.disabled,
        activeIsDisabled: active instanceof HTMLButtonElement && active.disabled,
        insideDialog: document.querySelector('dialog.lightbox')?.contains(active) ?? false,
      };
    });
    expect(focus).toEqual({ nextDisabled: true, activeIsDisabled: false, insideDialog: true });
    await waitLoaded(page);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await focusedLabel(page)).toBe('Fotogalerij');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialogOf(page).count()).toBe(0);
  });

  it('swipes to the next image on 120 px to the left, not on short or vertical movements', async () => {
    await openAt(page, 0);
    await drag(page, -120, 8);
    await expect.poll(() => counterOf(page)).toBe(`Afbeelding 2 van ${images.length}`);
    await waitLoaded(page);
    await drag(page, -40, 0);
    await drag(page, -70, 110);
    await page.waitForTimeout(100);
    expect(await counterOf(page)).toBe(`Afbeelding 2 van ${images.length}`);
    await drag(page, 120, -5);
    await expect.poll(() => counterOf(page)).toBe(`Afbeelding 1 van ${images.length}`);
    await waitLoaded(page);
    await drag(page, 120, 0);
    await page.waitForTimeout(100);
    expect(await counterOf(page)).toBe(`Afbeelding 1 van ${images.length}`);
    expect(await dialogOf(page).count()).toBe(1);
  });

  it('zooms with the buttons and keys in 0.12 steps', async () => {
    expect(await scaleOf(page)).toBe(1);
    const zoomIn = page.getByRole('button', { name: 'Inzoomen' });
    const zoomOut = page.getByRole('button', { name: 'Uitzoomen' });
    await zoomIn.click();
    await expect.poll(() => scaleOf(page)).toBe(1.12);
    await zoomIn.click();
    await expect.poll(() => scaleOf(page)).toBe(1.24);
    await zoomOut.click();
    await expect.poll(() => scaleOf(page)).toBe(1.12);
    await page.keyboard.press('+');
    await expect.poll(() => scaleOf(page)).toBe(1.24);
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await expect.poll(() => scaleOf(page)).toBe(1);
    expect(await page.locator('.lightbox__zoom').textContent()).toBe('100%');
  });

  it('zooms with the wheel, throttled at 80 ms, never beyond 3', async () => {
    const { x, y } = await stageCentre(page);
    await page.mouse.move(x, y);
    const values: number[] = [];
    let previous = await scaleOf(page);
    for (let step = 0; step < 20; step += 1) {
      await page.mouse.wheel(0, -100);
      if (previous < 3) await expect.poll(() => scaleOf(page)).not.toBe(previous);
      else await page.waitForTimeout(100);
      previous = await scaleOf(page);
      values.push(previous);
      await page.waitForTimeout(90);
    }
    const expected = Array.from({ length: 20 }, (_, step) =>
      Math.min(3, Math.round((1 + 0.12 * (step + 1)) * 100) / 100),
    );
    expect(values).toEqual(expected);
    expect(Math.max(...values)).toBe(3);
    expect(await page.getByRole('button', { name: 'Inzoomen' }).isDisabled()).toBe(true);

    // Five wheel events within a few microseconds: one zoom step only.
    await page.waitForTimeout(100);
    await page.locator('.lightbox__stage').evaluate((stage) => {
      for (let event = 0; event < 5; event += 1) {
        stage.dispatchEvent(new WheelEvent('wheel', { deltaY: 100, bubbles: true, cancelable: true }));
      }
    });
    await expect.poll(() => scaleOf(page)).toBe(2.88);
    await page.waitForTimeout(150);
    expect(await scaleOf(page)).toBe(2.88);
  });

  it('pans a zoomed image by dragging instead of swiping', async () => {
    const { x, y } = await stageCentre(page);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 90, y + 30, { steps: 6 });
    expect(await dialogOf(page).getAttribute('class')).toContain('lightbox--dragging');
    await page.mouse.up();
    await expect.poll(() => transformOf(page)).toBe('translate(-90px, 30px) scale(2.88) rotate(0deg)');
    expect(await dialogOf(page).getAttribute('class')).not.toContain('lightbox--dragging');
    expect(await counterOf(page)).toBe(`Afbeelding 1 van ${images.length}`);
  });

  it('rotates in 90-degree steps and resets zoom and rotation on the next image', async () => {
    const rotate = page.getByRole('button', { name: 'Draaien' });
    await rotate.click();
    await expect.poll(() => transformOf(page)).toContain('rotate(90deg)');
    await page.keyboard.press('r');
    await expect.poll(() => transformOf(page)).toContain('rotate(180deg)');
    await page.keyboard.press('R');
    await expect.poll(() => transformOf(page)).toContain('rotate(270deg)');
    await rotate.click();
    await expect.poll(() => transformOf(page)).toContain('rotate(0deg)');
    await rotate.click();
    await page.keyboard.press('ArrowRight');
    await waitLoaded(page);
    expect(await transformOf(page)).toBe('translate(0px, 0px) scale(1) rotate(0deg)');
  });

  it('shows the broken-image state and raises the error event when an image fails to load', async () => {
    const brokenContext = await browser.newContext({
      locale: 'nl-NL',
      viewport: { width: 1280, height: 900 },
    });
    const brokenPage = await brokenContext.newPage();
    const brokenWatch = watchConsole(brokenPage);
    watch404(brokenPage);
    try {
      await brokenPage.goto(`${portal.url}${path}`);
      await hydrated(brokenPage);
      const brokenUrl = `${portal.url}${images[2]!.url}`;
      await brokenPage.route(brokenUrl, (route) => route.fulfill({ status: 404, body: 'not found' }));
      await brokenPage.evaluate(() => {
        const log: unknown[] = [];
        (window as unknown as { lightboxErrors: unknown[] }).lightboxErrors = log;
        document.addEventListener('lightbox:error', (event) => log.push((event as CustomEvent).detail));
      });
      await brokenPage.locator('.gallery__thumb').nth(2).click();
      await brokenPage.locator('dialog.lightbox[data-status="broken"]').waitFor();
      expect(await brokenPage.getByRole('alert').textContent()).toContain(
        'Deze afbeelding kan niet worden geladen.',
      );
      expect(await brokenPage.locator('.lightbox__image').isVisible()).toBe(false);
      expect(await brokenPage.getByRole('button', { name: 'Inzoomen' }).isDisabled()).toBe(true);
      expect(await counterOf(brokenPage)).toBe(`Afbeelding 3 van ${images.length}`);
      expect(
        await brokenPage.evaluate(() => (window as unknown as { lightboxErrors: unknown[] }).lightboxErrors),
      ).toEqual([
        {
          index: 2,
          item: {
            src: images[2]!.url,
            title: images[2]!.caption ?? images[2]!.alternativeText,
            alt: images[2]!.alternativeText,
          },
        },
      ]);
      await brokenPage.keyboard.press('ArrowLeft');
      await waitLoaded(brokenPage);
      expect(await counterOf(brokenPage)).toBe(`Afbeelding 2 van ${images.length}`);
      expect(notFoundUrls).toEqual([brokenUrl]);
      expect(brokenWatch.problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
      expect(brokenWatch.problems.length).toBe(1);
    } finally {
      await brokenContext.close();
    }
  });

  it('swipes with a finger and zooms with a two-finger pinch on a touch screen', async () => {
    const touchContext = await browser.newContext({
      locale: 'nl-NL',
      viewport: { width: 390, height: 780 },
      hasTouch: true,
      isMobile: true,
    });
    const touchPage = await touchContext.newPage();
    const touchWatch = watchConsole(touchPage);
    try {
      await openAt(touchPage, 0);
      const cdp = await touchContext.newCDPSession(touchPage);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Array<[number, number]>) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: points.map(([x, y], id) => ({ x, y, id })),
        });
      const { x, y } = await stageCentre(touchPage);

      // One finger, 120 px to the left.
      await touch('touchStart', [[x + 60, y]]);
      for (let step = 1; step <= 6; step += 1) await touch('touchMove', [[x + 60 - step * 20, y + step]]);
      await touch('touchEnd', []);
      await expect.poll(() => counterOf(touchPage)).toBe(`Afbeelding 2 van ${images.length}`);
      await waitLoaded(touchPage);

      // Two fingers moving apart from 40 px to 200 px: the scale grows (pinch), capped at 3.
      await touch('touchStart', [
        [x - 20, y],
        [x + 20, y],
      ]);
      await touch('touchMove', [
        [x - 30, y],
        [x + 30, y],
      ]);
      await expect.poll(() => dialogOf(touchPage).getAttribute('class')).toContain('lightbox--gesturing');
      for (let step = 1; step <= 5; step += 1) {
        await touch('touchMove', [
          [x - 30 - step * 14, y],
          [x + 30 + step * 14, y],
        ]);
      }
      await touch('touchEnd', []);
      await expect.poll(() => scaleOf(touchPage)).toBe(3);
      expect(await dialogOf(touchPage).getAttribute('class')).not.toContain('lightbox--gesturing');
      // A pinch is no swipe: still the same image.
      expect(await counterOf(touchPage)).toBe(`Afbeelding 2 van ${images.length}`);

      // Pinching in (vertically, clear of the side buttons) zooms out again, not below 0.1.
      await touch('touchStart', [
        [x, y - 150],
        [x, y + 150],
      ]);
      for (let step = 1; step <= 5; step += 1) {
        await touch('touchMove', [
          [x, y - 150 + step * 29],
          [x, y + 150 - step * 29],
        ]);
      }
      await touch('touchEnd', []);
      await expect.poll(() => scaleOf(touchPage)).toBeLessThan(1);
      expect(await scaleOf(touchPage)).toBeGreaterThanOrEqual(0.1);
      expect(touchWatch.problems).toEqual([]);
    } finally {
      await touchContext.close();
    }
  });

  it('speaks English under /en', async () => {
    await page.goto(`${portal.url}/en${path}`);
    await hydrated(page);
    expect(await page.locator('.gallery__thumb').first().getAttribute('aria-label')).toBe(
      `Enlarge photo 1 of ${images.length}`,
    );
    await page.locator('.gallery__thumb').first().click();
    await waitLoaded(page);
    expect(await counterOf(page)).toBe(`Image 1 of ${images.length}`);
    expect(await dialogOf(page).getAttribute('lang')).toBe('en');
    for (const name of ['Close', 'Previous', 'Next', 'Zoom in', 'Zoom out', 'Rotate']) {
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(1);
    }
  });

  it('logged no console errors', () => {
    expect(consoleWatch.problems).toEqual([]);
  });
});
