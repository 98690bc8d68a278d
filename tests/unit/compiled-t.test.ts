/**
 * The precompiled translate function (src/shared/i18n/compiled-t.ts, decision 068) gives i18next's
 * own answer for every key of every locale, with values, with counts (plural forms, `_zero`), for
 * missing keys and values, and for the calls it leaves to i18next.
 */
import { describe, expect, it } from 'vitest';
import { compileTemplate, createCompiledT } from '../../src/shared/i18n/compiled-t.ts';
import { getI18n } from '../../src/shared/i18n/i18n.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../src/shared/i18n/locale.ts';
import { resources } from '../../src/shared/i18n/resources.ts';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

/** Every key a view can ask for: plural keys also without their suffix. */
function askedKeys(tree: Tree): string[] {
  const all = keys(tree);
  return [...new Set([...all, ...all.map((key) => key.replace(/_(zero|one|two|few|many|other)$/, ''))])];
}

describe('compileTemplate', () => {
  it('splits literal parts and variable names', () => {
    expect(compileTemplate('Pagina {{page}} van {{ pageCount }}')).toEqual([
      'Pagina ',
      'page',
      ' van ',
      'pageCount',
      '',
    ]);
    expect(compileTemplate('Geen variabelen')).toEqual(['Geen variabelen']);
  });

  it('refuses nesting, formats, unescaped values and paths (i18next answers those)', () => {
    expect(compileTemplate('$t(other.key) x')).toBeNull();
    expect(compileTemplate('{{value, number}}')).toBeNull();
    expect(compileTemplate('{{- html}}')).toBeNull();
    expect(compileTemplate('{{user.name}}')).toBeNull();
  });
});

describe.each(LOCALES)('createCompiledT (%s) equals i18next', (locale) => {
  const i18n = getI18n(locale);
  const reference = i18n.getFixedT(null, 'translation');
  const fallbackCalls: unknown[][] = [];
  const t = createCompiledT(resources, locale, DEFAULT_LOCALE, ((...args: unknown[]) => {
    fallbackCalls.push(args);
    return (reference as unknown as (...a: unknown[]) => unknown)(...args);
  }) as unknown as typeof reference);
  const tree = resources[locale]!.translation as Tree;
  const values = (text: string) =>
    Object.fromEntries(
      [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match, i) => [match[1], `«${match[1]}${i}»`]),
    );

  it('for every key, without and with values', () => {
    const asked = askedKeys(tree);
    expect(asked.length).toBeGreaterThan(100);
    for (const key of asked) {
      expect(t(key), key).toBe(reference(key));
      const raw = String(reference(key, { interpolation: { skipOnVariables: true } } as never));
      const options = { ...values(raw), ...values(String(reference(`${key}_other`))) };
      expect(t(key, options), key).toBe(reference(key, options));
    }
  });

  it('for plural keys with counts 0, 1, 2 and 21', () => {
    const plural = [
      ...new Set(
        keys(tree)
          .filter((key) => /_(one|other|zero)$/.test(key))
          .map((key) => key.replace(/_\w+$/, '')),
      ),
    ];
    expect(plural.length).toBeGreaterThan(10);
    for (const key of plural) {
      for (const count of [0, 1, 2, 21]) {
        const options = { ...values(String(reference(`${key}_other`))), count };
        expect(t(key, options), `${key} ${count}`).toBe(reference(key, options));
      }
    }
  });

  it('answers plain lookups itself and leaves other calls to i18next, with the same result', () => {
    fallbackCalls.length = 0;
    const plain = keys(tree).find((key) => !String(reference(key)).includes('{{'))!;
    t(plain);
    expect(fallbackCalls).toEqual([]);
    for (const [key, options] of [
      ['no.such.key', undefined],
      [plain, { defaultValue: 'x' }],
      [plain, { lng: locale === 'nl' ? 'en' : 'nl' }],
      ['translation:no.such', undefined],
    ] as const) {
      expect(t(key, options as never), key).toBe(reference(key, options as never));
    }
    expect(fallbackCalls.length).toBeGreaterThan(0);
  });

  it('leaves a missing value to i18next', () => {
    const withValue = keys(tree).find((key) => /{{\w+}}/.test(String(tree[key] ?? reference(key))))!;
    expect(t(withValue, {})).toBe(reference(withValue, {}));
  });
});
