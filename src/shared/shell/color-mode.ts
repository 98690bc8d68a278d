/**
 * Colour mode (docs/decisions/056-colour-mode.md; docs/product.md#states): the visitor
 * chooses `system`, `light` or `dark`; the choice lives in `localStorage` under `color-mode`.
 *
 * One small classic script ({@link COLOR_MODE_SCRIPT}), which the server writes first into
 * `<head>` (src/server/render/document-stream.server.ts) and the CSP allows by its hash, applies it
 * before the first paint: it sets `data-color-mode="light|dark"` (the scheme in effect) on
 * `<html>`, which app.css turns into the palette and `color-scheme`, and points the `theme-color`
 * meta elements at that scheme. In
 * `system` mode it follows `prefers-color-scheme` live (a `matchMedia` change listener). It also
 * re-applies on {@link COLOR_MODE_EVENT} (the header switch) and on `storage` (another tab).
 * Without JavaScript the attribute is never set and the CSS follows the system.
 */

/** The choices, in the order the switch offers them. */
export const COLOR_MODES = ['system', 'light', 'dark'] as const;

/** One choice. */
export type ColorMode = (typeof COLOR_MODES)[number];

/** The `localStorage` key of the choice. */
export const COLOR_MODE_STORAGE_KEY = 'color-mode';

/** The window event after which the head script applies the stored choice again. */
export const COLOR_MODE_EVENT = 'portal:color-mode';

/**
 * The `theme-color` per scheme: the header's `--brand-fill` in app.css (browser chrome and the
 * header look like one bar).
 */
export const THEME_COLORS = { light: '#55738b', dark: '#34495a' } as const;

/**
 * The head script's source (ES5, no `<`: it stays valid inside `<script>` and passes the Trusted
 * Types policy of src/client/trusted-types.ts should React ever create the element again). Its
 * SHA-384 is part of the CSP's `script-src` (src/server/http/content-security-policy.server.ts);
 * change it here only, the hash follows.
 */
export const COLOR_MODE_SCRIPT = `(function () {
  var root = document.documentElement;
  var query = window.matchMedia('(prefers-color-scheme: dark)');
  var chosen = null;
  function apply() {
    var mode = chosen;
    if (!mode) {
      try {
        mode = window.localStorage.getItem('${COLOR_MODE_STORAGE_KEY}');
      } catch (error) {}
    }
    var forced = mode === 'light' || mode === 'dark';
    var value = forced ? mode : query.matches ? 'dark' : 'light';
    // Only a change is written: a write restyles the whole page, even with the same value.
    if (root.getAttribute('data-color-mode') !== value) root.setAttribute('data-color-mode', value);
    var metas = document.querySelectorAll('meta[name="theme-color"][data-scheme]');
    for (var i = 0; i !== metas.length; i++) {
      var scheme = metas[i].getAttribute('data-scheme');
      var media = forced ? (scheme === mode ? 'all' : 'not all') : '(prefers-color-scheme: ' + scheme + ')';
      if (metas[i].getAttribute('media') !== media) metas[i].setAttribute('media', media);
    }
  }
  apply();
  query.addEventListener('change', function () {
    apply();
  });
  window.addEventListener('${COLOR_MODE_EVENT}', function (event) {
    chosen = event.detail || null;
    apply();
  });
  window.addEventListener('storage', function (event) {
    if (event.key === null || event.key === '${COLOR_MODE_STORAGE_KEY}') {
      chosen = null;
      apply();
    }
  });
  document.addEventListener('DOMContentLoaded', function () {
    apply();
  });
})();`;

/** True when `value` is one of {@link COLOR_MODES}. */
export function isColorMode(value: unknown): value is ColorMode {
  return typeof value === 'string' && (COLOR_MODES as readonly string[]).includes(value);
}

/** The choice made on this page, which wins over storage until another tab changes it. */
let pageChoice: ColorMode | null = null;

/**
 * The choice in effect (browser only): the one made on this page, else the stored one, else
 * `system` (nothing valid stored, or storage blocked as in some private modes).
 */
export function currentColorMode(): ColorMode {
  if (pageChoice) return pageChoice;
  try {
    const value = window.localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return isColorMode(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

/**
 * Stores `mode` and has the head script apply it (browser only). A storage failure is ignored:
 * the page still switches (the event carries the choice), it is just not remembered.
 */
export function chooseColorMode(mode: ColorMode): void {
  pageChoice = mode;
  try {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, mode);
  } catch {
    // Not remembered: storage is blocked or full.
  }
  window.dispatchEvent(new CustomEvent(COLOR_MODE_EVENT, { detail: mode }));
}

/**
 * Calls `listener` whenever the choice may have changed: on this page ({@link chooseColorMode})
 * or in another tab (`storage`). For `useSyncExternalStore`.
 * @returns the unsubscribe function
 */
export function subscribeColorMode(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== COLOR_MODE_STORAGE_KEY) return;
    pageChoice = null;
    listener();
  };
  window.addEventListener(COLOR_MODE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(COLOR_MODE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
