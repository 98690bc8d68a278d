import { describe, expect, it } from 'vitest';
import {
  detectRootLocale,
  localeFromAcceptLanguage,
  localizePath,
  splitLocale,
} from '../../src/shared/i18n/locale.ts';

describe('splitLocale', () => {
  it('treats unprefixed paths as Dutch', () => {
    expect(splitLocale('/news/abc/titel')).toEqual({ locale: 'nl', path: '/news/abc/titel' });
    expect(splitLocale('/')).toEqual({ locale: 'nl', path: '/' });
  });
  it('strips the /en prefix', () => {
    expect(splitLocale('/en')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocale('/en/news/abc/title')).toEqual({ locale: 'en', path: '/news/abc/title' });
  });
  it('does not mistake a slug starting with "en" for the prefix', () => {
    expect(splitLocale('/energie')).toEqual({ locale: 'nl', path: '/energie' });
  });
});

describe('localizePath', () => {
  it('prefixes English paths only', () => {
    expect(localizePath('/news/a/b', 'nl')).toBe('/news/a/b');
    expect(localizePath('/news/a/b', 'en')).toBe('/en/news/a/b');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/?page=2', 'en')).toBe('/en?page=2');
  });
  it('leaves absolute and special links alone', () => {
    expect(localizePath('https://example.com/x', 'en')).toBe('https://example.com/x');
    expect(localizePath('//cdn.example.com/x', 'en')).toBe('//cdn.example.com/x');
    expect(localizePath('mailto:a@b.nl', 'en')).toBe('mailto:a@b.nl');
  });
});

describe('locale detection on the root (docs/product.md#states)', () => {
  it('honours q-values and order in Accept-Language', () => {
    expect(localeFromAcceptLanguage('en-GB,en;q=0.9,nl;q=0.8')).toBe('en');
    expect(localeFromAcceptLanguage('de-DE, nl;q=0.5, en;q=0.4')).toBe('nl');
    expect(localeFromAcceptLanguage('fr, de')).toBeNull();
    expect(localeFromAcceptLanguage('en;q=0, nl;q=0.1')).toBe('nl');
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
  });
  it('puts the cookie before the browser language and falls back to nl', () => {
    expect(detectRootLocale('nl', 'en-US')).toBe('nl');
    expect(detectRootLocale('en', 'nl-NL')).toBe('en');
    expect(detectRootLocale(undefined, 'en-US,en;q=0.9')).toBe('en');
    expect(detectRootLocale('xx', 'fr-FR')).toBe('nl');
    expect(detectRootLocale(undefined, undefined)).toBe('nl');
  });
});
