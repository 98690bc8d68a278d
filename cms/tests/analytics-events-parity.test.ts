/** The CMS stores exactly the event kinds the portal sends (docs/analytics.md). */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../src/shared/analytics/events.ts';

const require = createRequire(import.meta.url);
const cms = require('../src/lib/analytics-events.js') as { EVENT_TYPES: string[] };

describe('analytics event kinds', () => {
  it('are the same list in the portal and the CMS', () => {
    expect(cms.EVENT_TYPES).toEqual([...EVENT_TYPES]);
  });
});
