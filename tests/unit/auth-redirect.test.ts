/** The login page's `redirect` parameter accepts site-relative paths only (issue 4). */
import { describe, expect, it } from 'vitest';
import { MAX_REDIRECT_LENGTH, safeRedirectPath } from '../../src/shared/features/accounts/redirect-target.ts';

describe('safeRedirectPath', () => {
  it('keeps site-relative paths with query and hash', () => {
    expect(safeRedirectPath('/account')).toBe('/account');
    expect(safeRedirectPath('/en/events?page=2#top')).toBe('/en/events?page=2#top');
    expect(safeRedirectPath('/news/abc/titel')).toBe('/news/abc/titel');
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeRedirectPath('/a/../account')).toBe('/account');
    expect(safeRedirectPath('/../../etc')).toBe('/etc');
  });

  it.each([
    ['protocol-relative', '//evil.example/x'],
    ['absolute https', 'https://evil.example'],
    ['absolute http', 'http://evil.example/account'],
    ['backslash', '/\\evil.example'],
    ['backslash later', '/account\\..\\x'],
    ['javascript', 'javascript:alert(1)'],
    ['relative', 'account'],
    ['tab trick', '/\t/evil.example'],
    ['newline', '/account\n'],
    ['empty', ''],
    ['too long', `/${'a'.repeat(MAX_REDIRECT_LENGTH)}`],
  ])('refuses %s', (_label, value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it('refuses values that are not strings', () => {
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath(undefined)).toBeNull();
    expect(safeRedirectPath(['/account'])).toBeNull();
  });
});
