/** The connection rule of prefetch (docs/product.md#constants, decision 070: not on slow-2g; not with Save-Data). */
import { describe, expect, it } from 'vitest';
import { MAX_PENDING, mayPrefetchInView, START_DELAY_MS } from '../../src/client/prefetch.ts';

describe('mayPrefetchInView', () => {
  it('prefetches on fast and unknown connections', () => {
    expect(mayPrefetchInView(undefined)).toBe(true);
    expect(mayPrefetchInView({ effectiveType: '4g' })).toBe(true);
    expect(mayPrefetchInView({ effectiveType: '2g', saveData: false })).toBe(true);
  });

  it('does not prefetch on slow-2g or with Save-Data', () => {
    expect(mayPrefetchInView({ effectiveType: 'slow-2g' })).toBe(false);
    expect(mayPrefetchInView({ effectiveType: '4g', saveData: true })).toBe(false);
  });

  it('uses the spec constants', () => {
    expect(START_DELAY_MS).toBe(1000);
    expect(MAX_PENDING).toBe(4);
  });
});
