/** One-time exchange codes of external sign-in in the CMS (cms/src/lib/connect-codes.js, decision 024). */
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';

const require = createRequire(import.meta.url);
const { CODE_TTL_MS, issueCode, takeCode } = require('../src/lib/connect-codes.js') as {
  CODE_TTL_MS: number;
  issueCode: (provider: string, userId: number) => string;
  takeCode: (code: string, provider: string) => number | null;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('connect codes', () => {
  it('are random, bound to their provider and usable once', () => {
    const code = issueCode('github', 42);
    expect(code).toMatch(/^[a-f0-9]{64}$/);
    expect(issueCode('github', 42)).not.toBe(code);
    expect(takeCode(code, 'github')).toBe(42);
    expect(takeCode(code, 'github')).toBeNull();
  });

  it('refuse another provider (and are used up by the attempt)', () => {
    const code = issueCode('github', 7);
    expect(takeCode(code, 'google')).toBeNull();
    expect(takeCode(code, 'github')).toBeNull();
  });

  it('expire', () => {
    vi.useFakeTimers();
    const code = issueCode('github', 9);
    vi.advanceTimersByTime(CODE_TTL_MS + 1);
    expect(takeCode(code, 'github')).toBeNull();
    expect(takeCode('unknown', 'github')).toBeNull();
  });
});
