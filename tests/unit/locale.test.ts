import { describe, expect, it } from 'vitest';
import { localizePath, splitLocale } from '../../src/shared/i18n/locale.ts';

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
