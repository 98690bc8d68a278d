import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/shared/i18n/locale.ts';
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

describe('translations', () => {
  it('has the same keys in Dutch and English', () => {
    const nl = keys(resources.nl!.translation as Tree).sort();
    const en = keys(resources.en!.translation as Tree).sort();
    expect(nl.length).toBeGreaterThan(50);
    expect(en).toEqual(nl);
  });

  it('has no empty texts', () => {
    for (const locale of ['nl', 'en']) {
      const tree = resources[locale as 'nl' | 'en'].translation as Tree;
      const empty = keys(tree).filter((key) => {
        const value = key
          .split('.')
          .reduce<string | Tree | undefined>((node, part) => (node as Tree | undefined)?.[part], tree);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty, locale).toEqual([]);
    }
  });

  it('use only what the portal translator supports: plain placeholders, no formats or nesting', () => {
    for (const locale of LOCALES) {
      const tree = resources[locale].translation as Tree;
      for (const key of keys(tree)) {
        const text = key
          .split('.')
          .reduce<string | Tree>((node, part) => (node as Tree)[part]!, tree) as string;
        expect(text.includes('$t('), `${locale} ${key}`).toBe(false);
        for (const match of text.matchAll(/{{(.*?)}}/g)) {
          expect(match[1], `${locale} ${key}`).toMatch(/^-?\s*[A-Za-z_$][\w$]*\s*$/);
        }
      }
    }
  });
});

/** Translation files no page loads: server-only texts and texts a client chunk brings itself. */
const NOT_PAGE_TEXTS = ['web-app', 'install'];

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
