/**
 * What a first visitor found in the forms (decision 110), in Chromium against the production build
 * and the real CMS, in Dutch and English, with and without JavaScript, at 390 and 1,366 px:
 *
 * 1. a message shown on blur never moves the control being clicked: type 5000 attendees, click
 *    the consent box once, and it is checked (the box does not move between press and release);
 * 2. the subscription's start date starts at tomorrow, its help and its message name that first
 *    day, and today is refused with that message;
 * 3. (the IBAN kept after a refused post without JavaScript: tests/e2e/forms-orders.test.ts and
 *    tests/e2e/forms-vacancies.test.ts);
 * 4. two new passwords that differ: "De wachtwoorden komen niet overeen.";
 * 5. an empty `/jobs/plaatsen` names its "link or e-mail address" rule once, in written Dutch;
 * 6. a blocked submit says "Formulier onvolledig." / "Form incomplete." by the button, and the
 *    error summary keeps its heading, links and focus.
 *
 * The delete button's colours and the push refusal: tests/e2e/accessibility-new-ui.test.ts and
 * tests/e2e/notifications.test.ts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import type { Subscription } from '../../src/shared/cms-types.ts';
import { MAX_ATTENDEES, type OpenEvent } from '../../src/shared/features/registrations/registration-form.ts';
import { uniqueEmail } from '../support/accounts.ts';
import {
  launchBrowser,
  registerAndConfirm,
  startProductionPortal,
  watchConsole,
} from '../support/browser.ts';
import { amsterdamDate } from '../support/dates.ts';

const ZONE = 'Europe/Amsterdam';
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
] as const;
const LOCALES = ['nl', 'en'] as const;
type Language = (typeof LOCALES)[number];

/** What Chromium logs for a document answered 422 (the server refusing a form without JavaScript). */
const REFUSED_POST =
  'error: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)';

let portal: StartedProcess;
let browser: Browser;
let event: OpenEvent;
let plan: Subscription;

/** `/path` in a language. */
function localized(path: string, language: Language): string {
  return language === 'nl' ? path : `/en${path}`;
}

/** A `YYYY-MM-DD` date as the portal writes it in a message: `4 dec 2026` / `4 Dec 2026`. */
function shortDate(date: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'nl' ? 'nl-NL' : 'en-GB', {
    timeZone: ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(Date.parse(date));
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** The messages shown next to field `name` of form `form`. */
function messagesOf(page: Page, form: string, name: string): Promise<string[]> {
  return page.locator(`#${form}-${name}-messages li`).allTextContents();
}

/** A context in a language and viewport, with or without JavaScript. */
function contextFor(
  language: Language,
  viewport: (typeof VIEWPORTS)[number],
  javaScriptEnabled = true,
): Promise<BrowserContext> {
  return browser.newContext({
    locale: language === 'nl' ? 'nl-NL' : 'en-GB',
    timezoneId: ZONE,
    viewport,
    javaScriptEnabled,
  });
}

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
  const availability = await fetch(`${inject('cmsUrl')}/api/event-registrations/availability`);
  const events = ((await availability.json()) as { data: OpenEvent[] }).data;
  // The roomiest event: these tests register nobody, and other files' registrations do not matter.
  event = events
    .filter((candidate) => candidate.remaining !== null && candidate.remaining > 0)
    .sort((a, b) => b.remaining! - a.remaining!)[0]!;
  const plans = await fetch(`${inject('cmsUrl')}/api/subscriptions?sort=order:asc`);
  plan = ((await plans.json()) as { data: Subscription[] }).data[0]!;
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('1. a message shown on blur does not move the control being clicked', () => {
  for (const language of LOCALES) {
    for (const viewport of VIEWPORTS) {
      it(`type 5000 attendees, click the consent box once: it is checked (${language}, ${viewport.width} px)`, async () => {
        const context = await contextFor(language, viewport);
        const page = await context.newPage();
        const problems = watchConsole(page).problems;
        await page.goto(`${portal.url}${localized('/inschrijvingen', language)}?evenement=${event.slug}`);
        await hydrated(page);
        await expect.poll(() => page.inputValue('#registration-form-event')).toBe(event.slug);
        const attendees = page.locator('#registration-form-attendees');
        const consent = page.locator('#registration-form-consent');
        await attendees.fill('5000');
        await consent.scrollIntoViewIfNeeded();
        const before = await consent.boundingBox();
        if (!before) throw new Error('the consent box is not on screen');
        // One click, pressed and released where the box was: it must still be there at release.
        await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
        await page.mouse.down();
        const pressed = await consent.boundingBox();
        await page.mouse.up();
        // Soft, so that both are reported: the box stayed under the pointer, and the click ticked it.
        expect.soft(pressed?.y).toBe(before.y);
        expect(await consent.isChecked()).toBe(true);
        // The number field was left: its message shows (after the click), tied to the field.
        const bound = Math.min(event.remaining!, MAX_ATTENDEES);
        const message =
          language === 'nl'
            ? `Aantal deelnemers moet tussen 1 en ${bound} liggen.`
            : `Number of attendees must be between 1 and ${bound}.`;
        await expect.poll(() => messagesOf(page, 'registration-form', 'attendees')).toEqual([message]);
        expect(await attendees.getAttribute('aria-describedby')).toContain(
          'registration-form-attendees-messages',
        );
        expect(await attendees.getAttribute('aria-invalid')).toBe('true');
        expect(await consent.isChecked()).toBe(true);
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }

  it('by keyboard: Tab from the number field to the box, Space ticks it', async () => {
    const context = await contextFor('nl', VIEWPORTS[0]);
    const page = await context.newPage();
    await page.goto(`${portal.url}/inschrijvingen?evenement=${event.slug}`);
    await hydrated(page);
    await page.locator('#registration-form-attendees').fill('5000');
    await page.keyboard.press('Tab');
    await expect.poll(() => messagesOf(page, 'registration-form', 'attendees')).toHaveLength(1);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('registration-form-consent');
    await page.keyboard.press('Space');
    expect(await page.locator('#registration-form-consent').isChecked()).toBe(true);
    await context.close();
  });
});

describe('2. the start date of a subscription', () => {
  const texts = {
    nl: {
      help: (day: string) => `Op zijn vroegst morgen, ${day}.`,
      message: (day: string) => `Kies een ingangsdatum op of na ${day}.`,
    },
    en: {
      help: (day: string) => `Tomorrow at the earliest, ${day}.`,
      message: (day: string) => `Choose a start date on or after ${day}.`,
    },
  };

  for (const language of LOCALES) {
    it(`starts at tomorrow and refuses today naming tomorrow, with JavaScript (${language})`, async () => {
      const context = await contextFor(language, VIEWPORTS[1]);
      const page = await context.newPage();
      const problems = watchConsole(page).problems;
      await page.goto(`${portal.url}${localized(`/abonnementen/${plan.slug}`, language)}`);
      await hydrated(page);
      const tomorrow = amsterdamDate(1);
      const day = shortDate(tomorrow, language);
      const field = page.locator('#order-form-startDate');
      expect(await field.inputValue()).toBe(tomorrow);
      expect(await field.getAttribute('min')).toBe(tomorrow);
      expect(await page.locator('#order-form-startDate-help').textContent()).toBe(texts[language].help(day));
      await field.fill(amsterdamDate(0));
      await field.blur();
      await expect
        .poll(() => messagesOf(page, 'order-form', 'startDate'))
        .toEqual([texts[language].message(day)]);
      await field.fill(tomorrow);
      await expect.poll(() => messagesOf(page, 'order-form', 'startDate')).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`starts at tomorrow and the server refuses today naming tomorrow, without JavaScript (${language})`, async () => {
      const context = await contextFor(language, VIEWPORTS[0], false);
      const page = await context.newPage();
      await page.goto(`${portal.url}${localized(`/abonnementen/${plan.slug}`, language)}`);
      const tomorrow = amsterdamDate(1);
      expect(await page.inputValue('#order-form-startDate')).toBe(tomorrow);
      await page.fill('#order-form-startDate', amsterdamDate(0));
      await Promise.all([page.waitForLoadState('load'), page.click('#order-form button[type="submit"]')]);
      expect(await messagesOf(page, 'order-form', 'startDate')).toEqual([
        texts[language].message(shortDate(tomorrow, language)),
      ]);
      expect(await page.inputValue('#order-form-startDate')).toBe(amsterdamDate(0));
      await context.close();
    });
  }
});

/** What a visitor entered in a form: each named control's value (passwords and hidden fields left out). */
type Entered = Record<string, string | boolean | string[]>;

/** What `form` shows now. */
function enteredIn(page: Page, form: string): Promise<Entered> {
  return page.locator(form).evaluate((element) => {
    const entered: Record<string, string | boolean | string[]> = {};
    for (const control of (element as HTMLFormElement).querySelectorAll<
      HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
    >('input[name], select[name], textarea[name]')) {
      if (['hidden', 'password', 'submit', 'button'].includes(control.type)) continue;
      if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio'))
        entered[`${control.name}=${control.value}`] = control.checked;
      else if (control instanceof HTMLSelectElement && control.multiple)
        entered[control.name] = [...control.selectedOptions].map((option) => option.value);
      else entered[control.name] = control.value;
    }
    return entered;
  });
}

/**
 * Fills every control of `form` as a visitor would, with an e-mail address the rules refuse
 * (`bezoeker@`), so that the post is refused; `overrides` set particular controls (a string, or
 * true/false for a box).
 */
async function fillEverything(page: Page, form: string, overrides: Record<string, string | boolean> = {}) {
  const controls = await page.locator(form).evaluate((element) =>
    [
      ...(element as HTMLFormElement).querySelectorAll<
        HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
      >('input[name], select[name], textarea[name]'),
    ].map((control) => ({
      name: control.name,
      tag: control.tagName.toLowerCase(),
      type: control.type,
      value: control.value,
      options: control instanceof HTMLSelectElement ? [...control.options].map((option) => option.value) : [],
    })),
  );
  for (const control of controls) {
    const locator =
      control.type === 'checkbox' || control.type === 'radio'
        ? page.locator(`${form} [name="${control.name}"][value="${control.value}"]`)
        : page.locator(`${form} [name="${control.name}"]`);
    const override = overrides[control.name];
    if (control.type === 'hidden' || control.type === 'submit') continue;
    if (control.type === 'checkbox' || control.type === 'radio') {
      if (override === false) await locator.uncheck();
      else await locator.check();
    } else if (control.tag === 'select') {
      await locator.selectOption(typeof override === 'string' ? override : control.options.at(-1)!);
    } else {
      const byType: Record<string, string> = {
        email: 'bezoeker@',
        password: 'een geheim wachtwoord',
        url: 'https://www.example.test/vacature',
        tel: '030 123 45 67',
        number: '2',
        date: amsterdamDate(10),
        textarea: 'Dit schreef de bezoeker, lang genoeg voor elke regel van het formulier.',
      };
      const value =
        typeof override === 'string' ? override : (byType[control.type] ?? `Ingevuld: ${control.name}`);
      await locator.fill(value);
    }
  }
}

describe('3. a form refused without JavaScript keeps every value it was sent, but passwords', () => {
  const anonymous: Array<{ path: string; form: string; overrides?: Record<string, string | boolean> }> = [
    { path: '/contact', form: 'main .portal-form' },
    { path: '/adverteren', form: 'main .portal-form' },
    { path: '/nieuwsbrief', form: 'main .portal-form' },
    { path: '/registreren', form: 'main .portal-form' },
    { path: '/inloggen', form: 'main .portal-form' },
    { path: '/wachtwoord-vergeten', form: 'main .portal-form' },
    { path: '/inschrijvingen', form: '#registration-form', overrides: { attendees: '5000' } },
    { path: '/abonnementen/{plan}', form: '#order-form', overrides: { iban: 'NL44 RABO 0123 4567 88' } },
  ];
  const signedIn: typeof anonymous = [
    { path: '/jobs/plaatsen', form: '#vacancy-form', overrides: { iban: 'NL44 RABO 0123 4567 88' } },
    { path: '/uitnodiging', form: 'main .portal-form' },
    { path: '/account', form: '#email-form' },
    { path: '/account', form: '#newsletter-form', overrides: { consent: false } },
  ];
  let session: Awaited<ReturnType<BrowserContext['cookies']>> = [];

  beforeAll(async () => {
    const context = await browser.newContext({ locale: 'nl-NL', timezoneId: ZONE });
    await registerAndConfirm(
      await context.newPage(),
      portal.url,
      uniqueEmail('alles-bewaard'),
      'een goed wachtwoord',
    );
    session = await context.cookies();
    await context.close();
  });

  for (const { path, form, overrides } of [...anonymous, ...signedIn]) {
    const needsAccount = signedIn.some((item) => item.path === path && item.form === form);
    it(`${path} ${form}`, async () => {
      const context = await contextFor('nl', VIEWPORTS[0], false);
      if (needsAccount) await context.addCookies(session);
      const page = await context.newPage();
      await page.goto(`${portal.url}${path.replace('{plan}', plan.slug)}`);
      await fillEverything(page, form, overrides);
      const sent = await enteredIn(page, form);
      expect(Object.keys(sent).length).toBeGreaterThan(0);
      const response = page.waitForResponse((answer) => answer.request().method() === 'POST');
      await page.click(`${form} button[type="submit"]`);
      expect([400, 401, 409, 422]).toContain((await response).status());
      await page.waitForLoadState('load');
      expect(await enteredIn(page, form)).toEqual(sent);
      for (const password of await page.locator(`${form} input[type="password"]`).all())
        expect(await password.inputValue()).toBe('');
      await context.close();
    });
  }
});

describe('4. two new passwords that differ', () => {
  const messages = { nl: 'De wachtwoorden komen niet overeen.', en: 'The passwords do not match.' };

  for (const language of LOCALES) {
    it(`say "${messages[language]}" on blur, and so does the server without JavaScript`, async () => {
      const context = await contextFor(language, VIEWPORTS[0]);
      const page = await context.newPage();
      await page.goto(`${portal.url}${localized('/registreren', language)}`);
      await hydrated(page);
      const form = 'main .portal-form';
      await page.locator(`${form} input[name="password"]`).fill('mijn eerste wachtwoord');
      await page.locator(`${form} input[name="password_confirm"]`).fill('mijn tweede wachtwoord');
      await page.locator(`${form} input[name="password_confirm"]`).press('Tab');
      await expect.poll(() => page.locator(`${form} .form-field__messages li`).count()).toBeGreaterThan(0);
      expect
        .soft(await page.locator(`${form} .form-field__messages li`).allTextContents())
        .toEqual([messages[language]]);
      await context.close();

      const plain = await contextFor(language, VIEWPORTS[1], false);
      const noScript = await plain.newPage();
      await noScript.goto(`${portal.url}${localized('/registreren', language)}`);
      await noScript.locator(`${form} input[name="email"]`).fill(uniqueEmail('wachtwoorden'));
      await noScript.locator(`${form} input[name="password"]`).fill('mijn eerste wachtwoord');
      await noScript.locator(`${form} input[name="password_confirm"]`).fill('mijn tweede wachtwoord');
      await noScript.locator(`${form} input[name="terms"]`).check();
      await Promise.all([noScript.waitForLoadState('load'), noScript.click(`${form} button[type="submit"]`)]);
      expect(await noScript.locator(`${form} .form-field__messages li`).allTextContents()).toEqual([
        messages[language],
      ]);
      expect(await noScript.locator('main').textContent()).not.toMatch(
        /Herhaal het wachtwoord komt|Repeat the password does/,
      );
      await plain.close();
    });
  }
});

describe('5 and 6. an empty /jobs/plaatsen and a blocked submit', () => {
  const texts = {
    nl: {
      apply: 'Vul een sollicitatielink of een e-mailadres voor sollicitaties in, of allebei.',
      incomplete: 'Formulier onvolledig. Sorry, niet alle velden zijn correct ingevuld.',
      heading: 'Er zijn fouten in je formulier gevonden.',
    },
    en: {
      apply: 'Enter an application link or an e-mail address for applications, or both.',
      incomplete: 'Form incomplete. Sorry, not all fields are filled out correctly.',
      heading: 'There were errors in your form.',
    },
  };
  let signedIn: BrowserContext;

  beforeAll(async () => {
    signedIn = await browser.newContext({ locale: 'nl-NL', timezoneId: ZONE });
    const page = await signedIn.newPage();
    await registerAndConfirm(page, portal.url, uniqueEmail('eerste-bezoeker'), 'een goed wachtwoord');
    await page.close();
  });

  afterAll(() => signedIn?.close());

  /** What the refused vacancy form says: its summary, every field message, the note by the button. */
  async function refusal(page: Page) {
    return {
      heading: await page.locator('#vacancy-form .portal-form__summary-title').textContent(),
      summary: await page.locator('#vacancy-form .portal-form__summary li').allTextContents(),
      fields: await page.locator('#vacancy-form .form-field__messages li').allTextContents(),
      incomplete: await page.locator('#vacancy-form .portal-form__incomplete').textContent(),
    };
  }

  for (const language of LOCALES) {
    for (const viewport of VIEWPORTS) {
      it(`with JavaScript, ${language}, ${viewport.width} px`, async () => {
        const page = await signedIn.newPage();
        await page.setViewportSize(viewport);
        await page.goto(`${portal.url}${localized('/jobs/plaatsen', language)}`);
        await hydrated(page);
        await page.locator('#vacancy-form button[type="submit"]').click();
        await expect
          .poll(() => page.locator('#vacancy-form .portal-form__summary li').count())
          .toBeGreaterThan(0);
        const said = await refusal(page);
        // Soft: each of the two defects is reported on its own.
        expect(said.heading).toBe(texts[language].heading);
        expect.soft(said.incomplete).toBe(texts[language].incomplete);
        expect.soft(said.summary.filter((line) => line === texts[language].apply)).toHaveLength(1);
        expect.soft(said.fields.filter((line) => line === texts[language].apply)).toHaveLength(1);
        expect
          .soft([...said.summary, ...said.fields].join(' '))
          .not.toMatch(
            /Sollicitatielink of Sollicitatie-e-mailadres|Application link or Application e-mail address/,
          );
        expect.soft(await messagesOf(page, 'vacancy-form', 'applyUrl')).toEqual([texts[language].apply]);
        // The summary takes focus and links each message to its field.
        expect(await page.evaluate(() => document.activeElement?.className)).toBe(
          'portal-form__summary-title',
        );
        const link = page.locator('#vacancy-form .portal-form__summary li a', {
          hasText: texts[language].apply,
        });
        expect(await link.getAttribute('href')).toBe('#vacancy-form-applyUrl');
        await page.close();
      });
    }

    it(`without JavaScript, ${language}`, async () => {
      const plain = await browser.newContext({ locale: 'nl-NL', timezoneId: ZONE, javaScriptEnabled: false });
      await plain.addCookies(await signedIn.cookies());
      const page = await plain.newPage();
      const problems = watchConsole(page).problems;
      await page.goto(`${portal.url}${localized('/jobs/plaatsen', language)}`);
      await Promise.all([page.waitForLoadState('load'), page.click('#vacancy-form button[type="submit"]')]);
      const said = await refusal(page);
      expect(said.heading).toBe(texts[language].heading);
      expect.soft(said.incomplete).toBe(texts[language].incomplete);
      expect.soft(said.summary.filter((line) => line === texts[language].apply)).toHaveLength(1);
      expect.soft(said.fields.filter((line) => line === texts[language].apply)).toHaveLength(1);
      expect(problems).toEqual([REFUSED_POST]);
      await plain.close();
    });
  }
});

describe('6. a blocked submit of the registration form', () => {
  for (const language of LOCALES) {
    it(`says "Form incomplete." by the button and focuses the summary, ${language}`, async () => {
      const context = await contextFor(language, VIEWPORTS[0]);
      const page = await context.newPage();
      await page.goto(`${portal.url}${localized('/inschrijvingen', language)}`);
      await hydrated(page);
      await page.locator('#registration-form button[type="submit"]').focus();
      await page.keyboard.press('Enter');
      const incomplete = page.locator('#registration-form .portal-form__incomplete');
      await incomplete.waitFor();
      expect(await incomplete.locator('strong').textContent()).toBe(
        language === 'nl' ? 'Formulier onvolledig.' : 'Form incomplete.',
      );
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        language === 'nl' ? 'Er zijn fouten in je formulier gevonden.' : 'There were errors in your form.',
      );
      expect(await page.locator('#registration-form [aria-live="polite"] li a').count()).toBeGreaterThan(0);
      await context.close();
    });
  }
});
