/** The login page's `redirect` parameter accepts site-relative paths only. */
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

  // Bypasses that only appear after normalisation: dot segments (plain, percent-encoded in either
  // case, mixed), encoded and doubled slashes, backslashes, and white space around them. None may
  // end up as a protocol-relative or absolute URL.
  it.each([
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.%2e//evil.example',
    '/%2e.//evil.example',
    '/a/..//evil.example',
    '/a/%2e%2e//evil.example',
    '/././/evil.example',
    '/.././/evil.example',
    '/%2e/%2e//evil.example',
    '/..%2f/evil.example',
    '/.%5c/evil.example',
    '/..\\evil.example',
    '/.\\/evil.example',
    '/%2e%2e/%2e%2e//evil.example/account',
    '/x/../..//evil.example?x=1',
    '/%2e%2e///evil.example',
    '/.%09//evil.example',
    '/. //evil.example',
    '/./\x00/evil.example',
    '/%2e//%2e%2e//evil.example',
  ])('never turns %s into another origin', (value) => {
    const result = safeRedirectPath(value);
    if (result !== null) {
      expect(result.startsWith('/')).toBe(true);
      expect(result.startsWith('//')).toBe(false);
      expect(result).not.toContain('\\');
      expect(new URL(result, 'https://portal.test').origin).toBe('https://portal.test');
    }
  });

  it('refuses the dot-segment bypasses that collapse into a protocol-relative path', () => {
    for (const value of [
      '/.//evil.example',
      '/%2e//evil.example',
      '/..//evil.example',
      '/%2E%2E//evil.example',
    ]) {
      expect(safeRedirectPath(value)).toBeNull();
    }
  });

  it('refuses values that are not strings', () => {
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath(undefined)).toBeNull();
    expect(safeRedirectPath(['/account'])).toBeNull();
  });
});
