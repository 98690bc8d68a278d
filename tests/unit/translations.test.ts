import { describe, expect, it } from 'vitest';
import { resources } from '../../src/shared/i18n/resources.ts';

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
      const tree = resources[locale]!.translation as Tree;
      const empty = keys(tree).filter((key) => {
        const value = key
          .split('.')
          .reduce<string | Tree | undefined>((node, part) => (node as Tree | undefined)?.[part], tree);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty, locale).toEqual([]);
    }
  });
});
