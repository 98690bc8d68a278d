import { describe, expect, it } from 'vitest';
import {
  buildRuleTable,
  normalizeRulePath,
  resolveRedirect,
} from '../../src/server/middleware/redirects.server.ts';
import type { Redirect } from '../../src/shared/cms-types.ts';

const entry = (from: string, to: string, statusCode?: 301 | 302): Redirect => ({
  id: from,
  documentId: from,
  from,
  to,
  statusCode,
});

describe('redirect rules', () => {
  const table = buildRuleTable([
    entry('/over', '/over-ons', 301),
    entry('/oud-nieuws/', '/'),
    entry('/linkedin', 'https://www.linkedin.com/company/x', 302),
    entry('no-slash', '/x'),
    entry('/bad-target', 'javascript:alert(1)'),
  ]);

  it('skips invalid entries', () => {
    expect(table.has('no-slash')).toBe(false);
    expect(table.has('/bad-target')).toBe(false);
    expect(table.size).toBe(3);
  });

  it('matches case-insensitively and without trailing slash', () => {
    expect(normalizeRulePath('/Over/')).toBe('/over');
    expect(resolveRedirect(table, '/OVER/', 'nl', '')).toEqual({ location: '/over-ons', status: 301 });
    expect(resolveRedirect(table, '/oud-nieuws', 'nl', '')).toEqual({ location: '/', status: 302 });
  });

  it('keeps relative targets inside the site and in the locale', () => {
    expect(resolveRedirect(table, '/over', 'en', '')).toEqual({ location: '/en/over-ons', status: 301 });
    expect(resolveRedirect(table, '/over', 'nl', '?utm_source=x')).toEqual({
      location: '/over-ons?utm_source=x',
      status: 301,
    });
  });

  it('sends absolute targets off the site unchanged', () => {
    expect(resolveRedirect(table, '/linkedin', 'en', '?a=1')).toEqual({
      location: 'https://www.linkedin.com/company/x',
      status: 302,
    });
  });

  it('answers null for unknown paths', () => {
    expect(resolveRedirect(table, '/news', 'nl', '')).toBeNull();
  });
});
