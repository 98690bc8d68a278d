// @vitest-environment happy-dom
/**
 * The colour mode in the browser (docs/decisions/056-colour-mode.md): the head script sets
 * `data-color-mode` from the stored choice or the system, follows the system live in `system`
 * mode, narrows the theme-color metas, and re-applies on the switch's event and on `storage`; the
 * helpers read and store the choice under `color-mode`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  COLOR_MODE_EVENT,
  COLOR_MODE_SCRIPT,
  COLOR_MODE_STORAGE_KEY,
  chooseColorMode,
  currentColorMode,
  isColorMode,
  subscribeColorMode,
} from '../../src/shared/shell/color-mode.ts';

/** A `matchMedia` whose dark-scheme answer the test flips, with live change listeners. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
  };
  const original = window.matchMedia;
  window.matchMedia = ((text: string) => {
    expect(text).toBe('(prefers-color-scheme: dark)');
    return query;
  }) as unknown as typeof window.matchMedia;
  return {
    set(value: boolean) {
      dark = value;
      for (const listener of listeners) listener();
    },
    restore() {
      window.matchMedia = original;
    },
  };
}

/** Runs the head script as the browser does: once, in the page's global scope. */
function runHeadScript(): void {
  new Function(COLOR_MODE_SCRIPT)();
}

const mode = () => document.documentElement.getAttribute('data-color-mode');
const metaMedia = () =>
  [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) => meta.getAttribute('media'));

let system: ReturnType<typeof fakeSystem>;

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-color-mode');
  document.head.innerHTML =
    '<meta name="theme-color" content="#55738b" media="(prefers-color-scheme: light)" data-scheme="light">' +
    '<meta name="theme-color" content="#34495a" media="(prefers-color-scheme: dark)" data-scheme="dark">';
});

afterEach(() => {
  system?.restore();
});

describe('the head script', () => {
  it('follows the system when nothing is stored, live', () => {
    system = fakeSystem(true);
    runHeadScript();
    expect(mode()).toBe('dark');
    system.set(false);
    expect(mode()).toBe('light');
    expect(metaMedia()).toEqual(['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)']);
  });

  it('applies a stored choice over the system, and only that scheme’s theme-color', () => {
    system = fakeSystem(false);
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    runHeadScript();
    expect(mode()).toBe('dark');
    expect(metaMedia()).toEqual(['not all', 'all']);
    system.set(true);
    system.set(false);
    expect(mode()).toBe('dark');
  });

  it('treats an unknown stored value as system', () => {
    system = fakeSystem(true);
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'sepia');
    runHeadScript();
    expect(mode()).toBe('dark');
  });

  it('re-applies on the switch’s event (its detail wins) and on a storage change of another tab', () => {
    system = fakeSystem(false);
    runHeadScript();
    expect(mode()).toBe('light');
    window.dispatchEvent(new CustomEvent(COLOR_MODE_EVENT, { detail: 'dark' }));
    expect(mode()).toBe('dark');
    expect(metaMedia()).toEqual(['not all', 'all']);
    window.dispatchEvent(new CustomEvent(COLOR_MODE_EVENT, { detail: 'system' }));
    expect(mode()).toBe('light');
    expect(metaMedia()).toEqual(['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)']);
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: COLOR_MODE_STORAGE_KEY }));
    expect(mode()).toBe('dark');
  });
});

describe('the helpers', () => {
  it('know the three choices', () => {
    expect(['system', 'light', 'dark'].every(isColorMode)).toBe(true);
    expect(isColorMode('Dark')).toBe(false);
    expect(isColorMode(null)).toBe(false);
  });

  it('store the choice under color-mode and tell subscribers, who stop hearing after unsubscribing', () => {
    const seen: string[] = [];
    const details: unknown[] = [];
    const onEvent = (event: Event) => details.push((event as CustomEvent).detail);
    window.addEventListener(COLOR_MODE_EVENT, onEvent);
    const unsubscribe = subscribeColorMode(() => seen.push(currentColorMode()));
    expect(currentColorMode()).toBe('system');
    chooseColorMode('dark');
    expect(localStorage.getItem('color-mode')).toBe('dark');
    chooseColorMode('light');
    unsubscribe();
    chooseColorMode('system');
    window.removeEventListener(COLOR_MODE_EVENT, onEvent);
    expect(seen).toEqual(['dark', 'light']);
    expect(details).toEqual(['dark', 'light', 'system']);
    expect(localStorage.getItem('color-mode')).toBe('system');
  });

  it('take another tab’s choice from storage', () => {
    chooseColorMode('light');
    const unsubscribe = subscribeColorMode(() => undefined);
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: COLOR_MODE_STORAGE_KEY }));
    unsubscribe();
    expect(currentColorMode()).toBe('dark');
  });
});
