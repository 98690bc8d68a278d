/**
 * Translation files merge into one namespace per locale (src/shared/i18n/merge-translations.ts):
 * nested groups combine, a key defined twice is an error, and adding a file to a loaded namespace
 * changes it in place only when nothing clashes.
 */
import { describe, expect, it } from 'vitest';
import { mergeTranslations } from '../../src/shared/i18n/merge-translations.ts';

describe('mergeTranslations', () => {
  it('combines the groups of several files', () => {
    expect(
      mergeTranslations({
        'nl/a': { nav: { home: 'Home' }, title: 'A' },
        'nl/b': { nav: { jobs: 'Vacatures' } },
      }),
    ).toEqual({ nav: { home: 'Home', jobs: 'Vacatures' }, title: 'A' });
  });

  it('does not share objects with the files', () => {
    const file = { nav: { home: 'Home' } };
    const merged = mergeTranslations({ 'nl/a': file });
    (merged.nav as Record<string, string>).extra = 'x';
    expect(file).toEqual({ nav: { home: 'Home' } });
  });

  it('rejects a key that two files define, naming it and the second file', () => {
    expect(() =>
      mergeTranslations({ 'nl/a': { nav: { home: 'Home' } }, 'nl/b': { nav: { home: 'Thuis' } } }),
    ).toThrow('Translation key nav.home is defined twice (again in nl/b)');
    expect(() => mergeTranslations({ 'nl/a': { nav: 'Nav' }, 'nl/b': { nav: { home: 'Thuis' } } })).toThrow(
      /nav is defined twice/,
    );
  });

  it('adds a file to a namespace in place', () => {
    const namespace = mergeTranslations({ 'nl/a': { nav: { home: 'Home' } } });
    expect(
      mergeTranslations({ 'nl/b': { nav: { jobs: 'Vacatures' }, footer: { about: 'Over' } } }, namespace),
    ).toBe(namespace);
    expect(namespace).toEqual({ nav: { home: 'Home', jobs: 'Vacatures' }, footer: { about: 'Over' } });
  });

  it('leaves the namespace unchanged when the added file clashes', () => {
    const namespace = mergeTranslations({ 'nl/a': { nav: { home: 'Home' }, title: 'A' } });
    expect(() =>
      mergeTranslations(
        { 'nl/b': { aaa: { new: 'Nieuw' }, nav: { jobs: 'Vacatures', home: 'Thuis' } } },
        namespace,
      ),
    ).toThrow('Translation key nav.home is defined twice (again in nl/b)');
    expect(namespace).toEqual({ nav: { home: 'Home' }, title: 'A' });
  });
});
