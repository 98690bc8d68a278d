/**
 * Fails any test that logs `console.error` (React hydration warnings, act warnings, unexpected
 * errors), after epic-stack's `setup-test-env.ts`. A test that expects an error log must stub
 * console.error itself.
 */
import { afterEach, beforeEach, expect, vi } from 'vitest';

let calls: unknown[][] = [];
const original = console.error;

beforeEach(() => {
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
    original(...args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore?.();
  const logged = calls.map((args) => args.map(String).join(' '));
  calls = [];
  expect(logged, 'console.error was called during the test').toEqual([]);
});
