/**
 * The portal's translate function (src/shared/i18n/compiled-t.ts, decisions 068 and 072) gives
 * i18next's own answer for every key of every locale: with values, with counts (plural forms,
 * `_zero`), `defaultValue`, `lng`, `returnObjects`, the fallback to Dutch, `exists`, and for
 * missing keys and values. i18next, with the settings the portal had, is the oracle.
 */
import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { describe, expect, it } from 'vitest';
import { compileTemplate, type TranslationTree } from '../../src/shared/i18n/compiled-t.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../src/shared/i18n/locale.ts';
import { resources } from '../../src/shared/i18n/resources.ts';
import { createTranslator, type Translator } from '../../src/shared/i18n/translations.ts';

type Tree = { [key: string]: string | Tree };

/** An i18next instance as the portal configured it (before decision 072). */
function oracle(locale: Locale, resource: Resource): I18n {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    resources: resource,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

function groups(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [] : [`${prefix}${key}`, ...groups(value, `${prefix}${key}.`)],
  );
}

/** Every key a view can ask for: plural keys also without their suffix. */
function askedKeys(tree: Tree): string[] {
  const all = keys(tree);
  return [...new Set([...all, ...all.map((key) => key.replace(/_(zero|one|two|few|many|other)$/, ''))])];
}

const sourceOf = (resource: Resource) => (code: string) =>
  resource[code]?.translation as TranslationTree | undefined;

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
    expect(compileTemplate('{{- html}} en {{x}}')).toEqual(['', '-html', ' en ', 'x', '']);
  });
});

describe.each(LOCALES)('the translator (%s) equals i18next', (locale) => {
  const i18n = oracle(locale, resources);
  const reference = i18n.getFixedT(null, 'translation');
  const missing: string[] = [];
  const translator = createTranslator(locale, sourceOf(resources), (key) => missing.push(key));
  const { t } = translator;
  const tree = resources[locale].translation as Tree;
  const values = (text: string) =>
    Object.fromEntries(
      [...text.matchAll(/{{-?\s*(\w+)\s*}}/g)].map((match, i) => [match[1], `«${match[1]}${i}»`]),
    );
  const raw = (key: string) => String(reference(key, { interpolation: { skipOnVariables: true } } as never));
  const other = locale === 'nl' ? 'en' : 'nl';

  it('for every key, without and with values, and in the other locale (`lng`)', () => {
    const asked = askedKeys(tree);
    expect(asked.length).toBeGreaterThan(100);
    for (const key of asked) {
      expect(t(key), key).toBe(reference(key));
      const options = { ...values(raw(key)), ...values(String(reference(`${key}_other`))) };
      expect(t(key, options), key).toBe(reference(key, options));
      expect(t(key, { ...options, lng: other }), key).toBe(reference(key, { ...options, lng: other }));
      expect(t(key, { ...options, defaultValue: 'x' }), key).toBe(
        reference(key, { ...options, defaultValue: 'x' }),
      );
    }
  });

  it('for plural keys with counts 0, 1, 2, 21 and 1.5, also in the other locale, and again from its cache', () => {
    const plural = [
      ...new Set(
        keys(tree)
          .filter((key) => /_(one|other|zero)$/.test(key))
          .map((key) => key.replace(/_\w+$/, '')),
      ),
    ];
    expect(plural.length).toBeGreaterThan(10);
    for (const key of plural) {
      // Each count twice, in another order the second time: the translator caches a text per
      // plural form (and for 0), so the second round answers from its cache.
      for (const count of [0, 1, 2, 21, 1.5, 21, 2, 1.5, 1, 0]) {
        const options = { ...values(String(reference(`${key}_other`))), count };
        expect(t(key, options), `${key} ${count}`).toBe(reference(key, options));
        expect(t(key, { ...options, lng: other }), `${key} ${count}`).toBe(
          reference(key, { ...options, lng: other }),
        );
      }
    }
  });

  it('for missing keys: the key, or the (plural) defaultValue filled in; reports only the former', () => {
    missing.length = 0;
    expect(t('no.such.key')).toBe(reference('no.such.key'));
    expect(missing).toEqual(['no.such.key']);
    for (const options of [
      { defaultValue: 'Standaard {{name}}', name: 'x' },
      { defaultValue: 'Een', defaultValue_other: 'Meer {{count}}', count: 3 },
      { defaultValue: 'Een', defaultValue_zero: 'Geen', count: 0 },
      { defaultValue: 'Een', defaultValue_one: 'Eén', count: 1 },
      { defaultValue: '', name: 'x' },
    ]) {
      expect(t('no.such.other', options), JSON.stringify(options)).toBe(reference('no.such.other', options));
    }
    // An empty defaultValue is i18next's answer too: not a missing text.
    expect(missing).toEqual(['no.such.key']);
  });

  it('for `_zero` keys and a plural key missing in one locale', () => {
    const texts = {
      nl: {
        translation: {
          items_zero: 'Geen',
          items_one: 'Eén',
          items_other: '{{count}} stuks',
          only_other: 'nl',
        },
      },
      en: { translation: { items_one: 'One', items_other: '{{count}} items' } },
    };
    const small = createTranslator(locale, sourceOf(texts), () => {});
    const smallReference = oracle(locale, texts).getFixedT(null, 'translation');
    for (const key of ['items', 'only']) {
      for (const count of [0, 1, 2, 1.5]) {
        for (const lng of [undefined, other]) {
          expect(small.t(key, { count, lng }), `${key} ${count} ${lng}`).toBe(
            smallReference(key, { count, lng }),
          );
        }
      }
    }
  });

  it('for missing, undefined, null, number and object values, `{{- name}}` and dotted paths', () => {
    const withValue = keys(tree).find((key) => /{{\w+}}/.test(raw(key)))!;
    const name = /{{(\w+)}}/.exec(raw(withValue))![1]!;
    for (const options of [{}, { [name]: undefined }, { [name]: null }, { [name]: 42 }, { [name]: 0.5 }]) {
      expect(t(withValue, options as never), JSON.stringify(options)).toBe(
        reference(withValue, options as never),
      );
    }
    const texts = { nl: { translation: { a: 'X {{- html}} {{user.name}} {{ spaced }} {{missing}}' } } };
    const small = createTranslator('nl', sourceOf(texts));
    const smallReference = oracle('nl', texts).getFixedT(null, 'translation');
    const options = { html: '<b>', user: { name: 'An' }, spaced: 1 };
    expect(small.t('a', options)).toBe(smallReference('a', options));
  });

  it('returns groups with returnObjects, filled in, as i18next; a text with returnObjects as a text', () => {
    for (const group of groups(tree)) {
      const options = { returnObjects: true, name: 'N', Name: 'N', count: 2 } as const;
      expect(t(group, options), group).toEqual(reference(group, options));
    }
    const plain = keys(tree)[0]!;
    expect(t(plain, { returnObjects: true })).toBe(reference(plain, { returnObjects: true }));
    // i18next 26 returns a sentence for a group without returnObjects and announces the key for 27.
    expect(t('forms.validation')).toBe('forms.validation');
  });

  it('knows which keys and groups exist, as i18next (also with `lng`)', () => {
    for (const key of [...keys(tree), ...groups(tree), 'no.such', 'forms.validation.nope', 'Naam: x', 'a.']) {
      expect(translator.exists(key), key).toBe(i18n.exists(key));
      expect(translator.exists(key, { lng: other }), key).toBe(i18n.exists(key, { lng: other }));
    }
  });
});

describe('the translator falls back to Dutch as i18next', () => {
  it('for English keys that are missing', () => {
    const nl = resources.nl.translation as Tree;
    const partial = structuredClone(resources.en.translation as Tree);
    const dropped = [
      'site.menu',
      'forms.validation.required',
      'jobs.count_one',
      'events.upcomingCount_other',
    ];
    for (const key of dropped) {
      const path = key.split('.');
      const parent = path.slice(0, -1).reduce<Tree>((node, part) => node[part] as Tree, partial);
      expect(parent[path.at(-1)!], key).toBeTypeOf('string');
      delete parent[path.at(-1)!];
    }
    const texts = { nl: { translation: nl }, en: { translation: partial } };
    const reference = oracle('en', texts).getFixedT(null, 'translation');
    // The plural keys without their count are missing in both locales: not reported here.
    const translator = createTranslator('en', sourceOf(texts), () => {});
    for (const key of [...dropped, 'jobs.count', 'events.upcomingCount']) {
      for (const options of [undefined, { count: 1, name: 'x' }, { count: 2 }, { returnObjects: true }]) {
        expect(translator.t(key, options), key).toBe(reference(key, options));
      }
    }
  });

  it('sees files added after its first use (a client navigation loads more files)', () => {
    const texts: Record<string, Tree> = { nl: { a: 'A' } };
    const translator = createTranslator(
      'nl',
      (code) => texts[code],
      () => {},
    );
    expect(translator.t('b.c')).toBe('b.c');
    texts.nl = { a: 'A', b: { c: 'C {{x}}' } };
    expect(translator.t('b.c', { x: 1 })).toBe('C 1');
    expect(translator.exists('b')).toBe(true);
  });
});

/** The module under test reads the keys a translator is given; a sanity check of the oracle. */
describe('the oracle', () => {
  it('is i18next with the portal texts', () => {
    const translator: Translator = createTranslator('nl', sourceOf(resources));
    expect(translator.t('site.menu')).toBe(oracle('nl', resources).t('site.menu'));
    expect(translator.t('site.menu')).not.toBe('site.menu');
  });
});
