/**
 * A PostCSS plugin (used by vite.config.ts for every stylesheet) that lets the colour-mode switch
 * override the system's scheme without anyone writing a dark rule twice
 * (docs/decisions/056-colour-mode.md).
 *
 * Stylesheets keep writing dark-mode rules as `@media (prefers-color-scheme: dark) { … }`. Each
 * such block becomes two, at the same place in the sheet:
 *
 * - the rules with `:root[data-color-mode="dark"]` as condition, outside the media query (the
 *   visitor chose dark, or `system` on a dark system: the head script sets the attribute), and
 * - the media block itself, its rules conditioned on `:root:not([data-color-mode="light"])`
 *   (the system is dark and light was not chosen; also every page without JavaScript).
 *
 * The conditions are wrapped in `:where()`, so every rule keeps its specificity and the cascade
 * between rules stays as written. Only the plain query `(prefers-color-scheme: dark)` is
 * supported; any other query that mentions `prefers-color-scheme` fails the build rather than
 * silently ignoring the switch.
 */
import type { AtRule, Container, Plugin, Rule } from 'postcss';

/** The one media query the plugin rewrites. */
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The condition a rule gets in the chosen-dark copy and in the system-dark block. */
const CHOSEN_DARK = '[data-color-mode="dark"]';
const NOT_CHOSEN_LIGHT = ':not([data-color-mode="light"])';

/** A selector that starts with the root element: `:root`, `html`, followed by the rest. */
const ROOT_START = /^(:root|html)(?![\w-])/;

/**
 * `selector` limited to documents whose root matches `condition` (an attribute condition such as
 * `[data-color-mode="dark"]`), with the selector's specificity unchanged.
 */
export function conditionSelector(selector: string, condition: string): string {
  const trimmed = selector.trim();
  const root = ROOT_START.exec(trimmed);
  if (root) return `${root[1]}:where(${condition})${trimmed.slice(root[0].length)}`;
  return `:where(:root${condition}) ${trimmed}`;
}

/** Applies `condition` to every style rule inside `container` (keyframes are left alone). */
function conditionRules(container: Container, condition: string): void {
  container.walkRules((rule: Rule) => {
    const parent = rule.parent;
    if (parent?.type === 'atrule' && /keyframes$/i.test((parent as AtRule).name)) return;
    rule.selectors = rule.selectors.map((selector) => conditionSelector(selector, condition));
  });
}

/** The PostCSS plugin. */
export function colorModeCss(): Plugin {
  return {
    postcssPlugin: 'portal-color-mode',
    Once(root) {
      root.walkAtRules('media', (media) => {
        if (!/prefers-color-scheme/i.test(media.params)) return;
        const params = media.params.replace(/\s+/g, ' ').trim().toLowerCase();
        if (params !== DARK_QUERY) {
          throw media.error(
            `Only "@media ${DARK_QUERY}" works with the colour-mode switch (scripts/lib/color-mode-css.ts); found "@media ${media.params}"`,
            { plugin: 'portal-color-mode' },
          );
        }
        const chosen = media.clone();
        conditionRules(chosen, CHOSEN_DARK);
        media.before(chosen.nodes ?? []);
        conditionRules(media, NOT_CHOSEN_LIGHT);
      });
    },
  };
}
colorModeCss.postcss = true as const;
