/**
 * The portal's i18next set-up (src/shared/i18n/translations.ts): a key is found in whichever
 * namespace holds it, English falls back to Dutch, a missing key is reported once on the console in
 * the language it was asked in, and a `defaultValue` is not reported.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixedT, i18nFor } from '../../src/shared/i18n/translations.ts';

afterEach(() => vi.restoreAllMocks());

describe('i18next in the portal', () => {
  it('finds a key in any loaded namespace, in each locale', () => {
    expect(fixedT('nl')('accounts.nav.login')).toBe(i18nFor('nl').t('accounts.nav.login'));
    expect(fixedT('nl')('accounts.nav.login')).not.toBe('accounts.nav.login');
    expect(fixedT('en')('accounts.nav.login')).not.toBe(fixedT('nl')('accounts.nav.login'));
    expect(fixedT('en', 'feeds')('feeds.rssTitle')).toBe(fixedT('en')('feeds.rssTitle'));
  });

  it('falls back to Dutch for a key only Dutch has', () => {
    // Into a namespace the portal looks in (deep, adding to what is loaded).
    i18nFor('nl').addResourceBundle(
      'nl',
      'common',
      { runtimeTest: { onlyDutch: 'Alleen Nederlands' } },
      true,
    );
    expect(fixedT('en')('runtimeTest.onlyDutch')).toBe('Alleen Nederlands');
  });

  it('reports a missing key once, in the language it was asked in, and not one with a default', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(fixedT('en')('runtimeTest.nowhere')).toBe('runtimeTest.nowhere');
    fixedT('en')('runtimeTest.nowhere');
    expect(fixedT('nl')('runtimeTest.elsewhere', { defaultValue: 'Standaard' })).toBe('Standaard');
    expect(error.mock.calls).toEqual([
      ['Missing translation "runtimeTest.nowhere" (en): no loaded translation file has it'],
    ]);
  });

  it('gives one getFixedT per locale and namespace', () => {
    expect(fixedT('nl')).toBe(fixedT('nl'));
    expect(fixedT('nl', 'feeds')).not.toBe(fixedT('nl'));
  });
});
