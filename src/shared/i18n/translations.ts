/**
 * The portal's translations, per locale and feature file (`locales/<locale>/<feature>.json`), and
 * the translator of each locale (docs/decisions/072-translations-per-route.md).
 *
 * Each file is a module of its own, loaded on demand (Vite's `import.meta.glob`: one chunk per file
 * in the browser build). The browser loads the shell's files and the files its page's routes
 * declare (`page-texts.json`) before it hydrates, and a route's files with its lazy route module
 * (src/shared/routes.tsx); the server emits them as `modulepreload`s (src/server/render/entry-server.tsx).
 * The server loads every file of every locale at start (src/server/route-modules.server.ts).
 * Loaded files of a locale are merged into one tree; two files may not define the same key.
 */
import {
  createCompiledT,
  hasKey,
  type TFunction,
  type TranslationTree,
  type TreeSource,
} from './compiled-t.ts';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './locale.ts';
import { mergeTranslations } from './merge-translations.ts';
import pageTexts from './page-texts.json' with { type: 'json' };

export type { TFunction, TOptions, TranslationTree } from './compiled-t.ts';

/** A feature file's name (`common` for `locales/<locale>/common.json`). */
export type TextFile = string;

/** The files every page loads: the document, header, footer and error pages use them. */
export const SHELL_TEXTS: readonly TextFile[] = pageTexts.shell;

/**
 * The files each page module's views use besides {@link SHELL_TEXTS}, by page module (`pages/`
 * path without `.page.tsx`, as in `PAGE_ROUTES`). A JSON file, so that scripts/size-check.mjs
 * counts the same files the server preloads.
 */
export const PAGE_TEXTS: Readonly<Record<string, readonly TextFile[]>> = pageTexts.pages;

const FILES = import.meta.glob<TranslationTree>('./locales/*/*.json', { import: 'default' });

/** Source path of a translation file as Vite's manifest names it. */
export function textFileSource(locale: Locale, file: TextFile): string {
  return `src/shared/i18n/locales/${locale}/${file}.json`;
}

/** Every feature file of `locale` in the source tree. */
export function allTextFiles(locale: Locale = DEFAULT_LOCALE): TextFile[] {
  const prefix = `./locales/${locale}/`;
  return Object.keys(FILES)
    .filter((path) => path.startsWith(prefix))
    .map((path) => path.slice(prefix.length, -'.json'.length));
}

/** Loaded files (`nl/common`) and each locale's merged tree. */
const loaded = new Set<string>();
const pending = new Map<string, Promise<void>>();
const trees = new Map<Locale, TranslationTree>();

/**
 * Adds a file's texts to `locale`'s tree (once per file).
 * @throws Error when a key of the file is defined already by another file
 */
export function addTexts(locale: Locale, file: TextFile, tree: TranslationTree): void {
  const id = `${locale}/${file}`;
  if (loaded.has(id)) return;
  const current = trees.get(locale);
  if (current) mergeTranslations({ [id]: tree }, current);
  else trees.set(locale, mergeTranslations({ [id]: tree }));
  loaded.add(id);
}

/**
 * Loads `files` of `locale` (default: every file) once; later calls resolve at once.
 * @throws Error when a file does not exist
 */
export async function loadTexts(
  locale: Locale,
  files: readonly TextFile[] = allTextFiles(locale),
): Promise<void> {
  await Promise.all(
    files.map((file) => {
      const id = `${locale}/${file}`;
      if (loaded.has(id)) return undefined;
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

/** Loads every file of every locale (the server, at start; tests). */
export async function loadAllTexts(): Promise<void> {
  await Promise.all(LOCALES.map((locale) => loadTexts(locale)));
}

/** Whether `files` of `locale` are all loaded. */
export function hasTexts(locale: Locale, files: readonly TextFile[]): boolean {
  return files.every((file) => loaded.has(`${locale}/${file}`));
}

/** The translator of one locale: what views and form messages use. */
export interface Translator {
  readonly locale: Locale;
  /** i18next's `t()` for the portal's calls (src/shared/i18n/compiled-t.ts). */
  readonly t: TFunction;
  /** Whether `key` names a text or group (in `options.lng`, default this locale, or Dutch). */
  exists(key: string, options?: { lng?: string }): boolean;
}

const translators = new Map<Locale, Translator>();
const treeOf = (code: string) => (isLocale(code) ? trees.get(code) : undefined);
/** Missing keys already reported (each once per locale). */
const reported = new Set<string>();

/**
 * Reports a key that no loaded file has: in the browser on the console, where the end-to-end tests
 * fail on it (tests/e2e/translations.test.ts); on the server, where every file is loaded, too.
 */
function reportMissing(key: string, locale: string): void {
  const id = `${locale}\u0000${key}`;
  if (reported.has(id)) return;
  reported.add(id);
  console.error(`Missing translation "${key}" (${locale}): no loaded translation file has it`);
}

/**
 * A translator of `locale` over the texts `trees` gives (tests build one over their own texts).
 * @param onMissing told of a key no loaded file has (default: {@link reportMissing})
 */
export function createTranslator(
  locale: Locale,
  trees: TreeSource,
  onMissing: (key: string, locale: string) => void = reportMissing,
): Translator {
  return {
    locale,
    t: createCompiledT(trees, locale, DEFAULT_LOCALE, onMissing),
    exists: (key, options) => hasKey(trees, key, options?.lng ?? locale, DEFAULT_LOCALE),
  };
}

/**
 * The translator of `locale` (one per locale, created on first use). It reads the files loaded so
 * far, and those loaded later; missing keys fall back to the Dutch text when that is loaded.
 */
export function translatorFor(locale: Locale): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    translator = createTranslator(locale, treeOf);
    translators.set(locale, translator);
  }
  return translator;
}
