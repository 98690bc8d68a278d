import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../src/shared/i18n/locale.ts';
import pageTexts from '../../src/shared/i18n/page-texts.json' with { type: 'json' };
import { resources } from '../../src/shared/i18n/resources.ts';
import { allTextFiles } from '../../src/shared/i18n/translations.ts';
import { PAGE_ROUTES } from '../../src/shared/routes.tsx';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

/** Every key of `locale`, over all its namespaces. */
function keysOf(locale: Locale): string[] {
  return Object.values(resources[locale]).flatMap((tree) => keys(tree as Tree));
}

/** The value at a dotted `key` in `tree`. */
function at(tree: Tree, key: string): string | Tree | undefined {
  return key
    .split('.')
    .reduce<string | Tree | undefined>((node, part) => (node as Tree | undefined)?.[part], tree);
}

describe('translations', () => {
  it('has the same namespaces and keys in Dutch and English', () => {
    expect(Object.keys(resources.en).sort()).toEqual(Object.keys(resources.nl).sort());
    for (const namespace of Object.keys(resources.nl)) {
      const nl = keys(resources.nl[namespace] as Tree).sort();
      const en = keys(resources.en[namespace] as Tree).sort();
      expect(en, namespace).toEqual(nl);
    }
    expect(keysOf('nl').length).toBeGreaterThan(50);
  });

  it('has no empty texts', () => {
    for (const locale of LOCALES) {
      for (const [namespace, tree] of Object.entries(resources[locale])) {
        const empty = keys(tree as Tree).filter((key) => {
          const value = at(tree as Tree, key);
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty, `${locale}/${namespace}`).toEqual([]);
      }
    }
  });

  it('defines each key in one namespace only (keys are looked up across namespaces)', () => {
    for (const locale of LOCALES) {
      const all = keysOf(locale);
      const twice = all.filter((key, index) => all.indexOf(key) !== index);
      expect(twice, locale).toEqual([]);
    }
  });

  it('names no tag of a Trans sentence like an HTML void element (parsed empty, e.g. <link>)', () => {
    const VOID = [
      'area',
      'base',
      'br',
      'col',
      'embed',
      'hr',
      'img',
      'input',
      'link',
      'meta',
      'source',
      'track',
      'wbr',
    ];
    for (const locale of LOCALES) {
      for (const tree of Object.values(resources[locale]) as Tree[]) {
        for (const key of keys(tree)) {
          for (const match of String(at(tree, key)).matchAll(/<([a-z][\w-]*)>/gi)) {
            expect(VOID, `${locale} ${key}`).not.toContain(match[1]!.toLowerCase());
          }
        }
      }
    }
  });

  it('has every key the code uses, in both locales', () => {
    const used = usedKeys();
    expect(used.size).toBeGreaterThan(300);
    for (const locale of LOCALES) {
      const trees = Object.values(resources[locale]) as Tree[];
      const missing = [...used].filter(
        (key) =>
          !trees.some((tree) =>
            ['', '_one', '_other', '_zero'].some((suffix) => at(tree, `${key}${suffix}`) !== undefined),
          ),
      );
      expect(missing, locale).toEqual([]);
    }
  });
});

/**
 * The literal keys of every `t('…')`, `t("…")` and `i18nKey="…"` in src/ (keys built at run time,
 * such as `t(`feeds.${key}`)`, are checked by the tests of the code that builds them).
 */
function usedKeys(): Set<string> {
  const used = new Set<string>();
  const files = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.tsx?$/.test(file),
  );
  for (const file of files) {
    const source = readFileSync(`src/${file}`, 'utf8');
    for (const match of source.matchAll(/\bt\(\s*['"]([\w.-]+)['"]|i18nKey=['"{]+([\w.-]+)['"]/g)) {
      used.add((match[1] ?? match[2])!);
    }
  }
  return used;
}

/** Translation files no page loads: server-only texts and texts a client chunk brings itself. */
const NOT_PAGE_TEXTS = ['web-app', 'install', 'preview'];

describe('page-texts.json (which translation files each page loads, decision 072)', () => {
  const files = allTextFiles('nl');

  it('has the same files in every locale', () => {
    for (const locale of LOCALES) {
      expect(readdirSync(`src/shared/i18n/locales/${locale}`).sort(), locale).toEqual(
        files.map((file) => `${file}.json`).sort(),
      );
    }
  });

  it('names an existing file in every entry, and every page module once', () => {
    const modules = [...new Set(PAGE_ROUTES.map((route) => route.page[0]))].sort();
    expect(Object.keys(pageTexts.pages).sort()).toEqual(modules);
    for (const [module, own] of [['shell', pageTexts.shell], ...Object.entries(pageTexts.pages)] as const) {
      for (const file of own) expect(files, `${module}: ${file}`).toContain(file);
      expect(new Set(own).size, module).toBe(own.length);
      if (module !== 'shell') {
        expect(
          own.filter((file) => pageTexts.shell.includes(file)),
          module,
        ).toEqual([]);
      }
    }
  });

  it('loads every file somewhere, except the ones that are not page texts', () => {
    const used = new Set([...pageTexts.shell, ...Object.values(pageTexts.pages).flat()]);
    expect(files.filter((file) => !used.has(file)).sort()).toEqual([...NOT_PAGE_TEXTS].sort());
  });
});
