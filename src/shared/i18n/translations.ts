/**
 * The portal's translations on i18next (docs/decisions/089-i18next-per-route-namespaces.md): one
 * i18next instance per locale, all sharing one resource store, with one namespace per translation
 * file (`locales/<locale>/<namespace>.json`).
 *
 * Each file is a module of its own, loaded on demand (Vite's `import.meta.glob`: one chunk per file
 * in the browser build) and added with i18next's `addResourceBundle`. The browser loads the shell's
 * namespaces and the namespaces its page's routes declare (`page-texts.json`) before it hydrates,
 * and a route's namespaces with its lazy route module (src/shared/routes.tsx); the server emits
 * them as `modulepreload`s (src/server/render/entry-server.tsx) and loads every namespace of every
 * locale at start (src/server/route-modules.server.ts).
 *
 * Keys are written without a namespace (`t('accounts.nav.login')`): i18next looks a key up in the
 * default namespace (`common`) and then in every other namespace in turn (`fallbackNS`); a key
 * lives in exactly one namespace (tests/unit/translations.test.ts), so the order only costs time.
 */
import i18next, { type i18n, type TFunction } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale.ts';
import pageTexts from './page-texts.json' with { type: 'json' };

export type { i18n, TFunction } from 'i18next';

/** A translation tree: keys to texts or nested trees (a translation file's JSON). */
export type TranslationTree = { [key: string]: string | TranslationTree };

/** A translation file's name, which is also its i18next namespace (`common`). */
export type TextFile = string;

/** The namespaces every page loads: the document, header, footer and error pages use them. */
export const SHELL_TEXTS: readonly TextFile[] = pageTexts.shell;

/**
 * The namespaces each page module's views use besides {@link SHELL_TEXTS}, by page module (`pages/`
 * path without `.page.tsx`, as in `PAGE_ROUTES`). A JSON file, so that scripts/size-check.mjs
 * counts the same files the server preloads.
 */
export const PAGE_TEXTS: Readonly<Record<string, readonly TextFile[]>> = pageTexts.pages;

const FILES = import.meta.glob<TranslationTree>('./locales/*/*.json', { import: 'default' });

/** Source path of a translation file as Vite's manifest names it. */
export function textFileSource(locale: Locale, file: TextFile): string {
  return `src/shared/i18n/locales/${locale}/${file}.json`;
}

/** Every namespace of `locale` in the source tree. */
export function allTextFiles(locale: Locale = DEFAULT_LOCALE): TextFile[] {
  const prefix = `./locales/${locale}/`;
  return Object.keys(FILES)
    .filter((path) => path.startsWith(prefix))
    .map((path) => path.slice(prefix.length, -'.json'.length));
}

/** The default namespace: the shell's common texts. */
const DEFAULT_NS = 'common';
/** Where a key is looked for after the default namespace: the shell's first, then the rest. */
const FALLBACK_NS = [
  ...SHELL_TEXTS.filter((ns) => ns !== DEFAULT_NS),
  ...allTextFiles().filter((ns) => ns !== DEFAULT_NS && !SHELL_TEXTS.includes(ns)),
];

/** Missing keys already reported (each once per locale). */
const reported = new Set<string>();

/**
 * Reports a key that no loaded namespace has and no `defaultValue` covers: in the browser on the
 * console, where the end-to-end tests fail on it (tests/e2e/translations.test.ts); on the server,
 * where every namespace is loaded, too. i18next calls it through `missingKeyHandler`
 * (https://www.i18next.com/overview/configuration-options#missing-keys).
 */
function reportMissing(
  languages: readonly string[],
  _namespace: string,
  key: string,
  _fallbackValue: string,
  _updateMissing: boolean,
  options?: { defaultValue?: unknown },
): void {
  if (options?.defaultValue !== undefined) return;
  const locale = languages[0] ?? DEFAULT_LOCALE;
  const id = `${locale}\u0000${key}`;
  if (reported.has(id)) return;
  reported.add(id);
  console.error(`Missing translation "${key}" (${locale}): no loaded translation file has it`);
}

/**
 * The instance of the default locale; the other locales' instances are its clones and share its
 * resource store, so a namespace added once serves every locale's fallback to Dutch.
 */
const base: i18n = i18next.createInstance();
void base.init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALES,
  // A namespace is added when its file is loaded (`addResourceBundle`), never by a backend.
  resources: {},
  partialBundledLanguages: true,
  ns: [DEFAULT_NS],
  defaultNS: DEFAULT_NS,
  fallbackNS: FALLBACK_NS,
  // Keys never name their namespace; a `:` in a key is part of the key.
  nsSeparator: false,
  // React escapes what it renders; texts go into attributes and JSON-LD through React too.
  interpolation: { escapeValue: false },
  returnNull: false,
  saveMissing: true,
  // The handler is told the language the key was asked in, not the fallback language.
  saveMissingTo: 'current',
  missingKeyHandler: reportMissing,
  initAsync: false,
  react: { useSuspense: false, bindI18n: false, bindI18nStore: false },
});

const instances = new Map<Locale, i18n>([[DEFAULT_LOCALE, base]]);

/**
 * The i18next instance of `locale` (one per locale, made on first use): what the document hands to
 * react-i18next's `I18nextProvider`, and what form validation and server actions translate with.
 */
export function i18nFor(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = base.cloneInstance({ lng: locale });
    instances.set(locale, instance);
  }
  return instance;
}

/** `getFixedT` per locale and namespace (`''`: the default namespace and its fallbacks). */
const fixedTs = new Map<string, TFunction>();

/**
 * i18next's `getFixedT` for `locale` (and `namespace`), made once and cached: for code outside
 * React (server actions, feeds, the install dialog).
 */
export function fixedT(locale: Locale, namespace?: TextFile): TFunction {
  const id = `${locale}/${namespace ?? ''}`;
  let t = fixedTs.get(id);
  if (!t) {
    t = i18nFor(locale).getFixedT(locale, namespace ?? null);
    fixedTs.set(id, t);
  }
  return t;
}

/** Adds a namespace's texts for `locale` (once; the store is shared by every locale's instance). */
export function addTexts(locale: Locale, file: TextFile, tree: TranslationTree): void {
  if (!base.hasResourceBundle(locale, file)) base.addResourceBundle(locale, file, tree);
}

const pending = new Map<string, Promise<void>>();

/**
 * Loads the namespaces `files` of `locale` (default: every one) once; later calls resolve at once.
 * @throws Error when a file does not exist
 */
export async function loadTexts(
  locale: Locale,
  files: readonly TextFile[] = allTextFiles(locale),
): Promise<void> {
  await Promise.all(
    files.map((file) => {
      if (base.hasResourceBundle(locale, file)) return undefined;
      const id = `${locale}/${file}`;
      let promise = pending.get(id);
      if (!promise) {
        const load = FILES[`./locales/${id}.json`];
        if (!load) throw new Error(`No translation file locales/${id}.json`);
        promise = load().then((tree) => {
          addTexts(locale, file, tree);
          pending.delete(id);
        });
        pending.set(id, promise);
      }
      return promise;
    }),
  );
}

/** Loads every namespace of every locale (the server, at start; tests). */
export async function loadAllTexts(): Promise<void> {
  await Promise.all(LOCALES.map((locale) => loadTexts(locale)));
}
