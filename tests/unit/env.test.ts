import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env.server.ts';

describe('METRICS_PORT (decision 091)', () => {
  it('defaults to 9464; 0 or empty turns the metrics server off', () => {
    expect(parseEnv({}).METRICS_PORT).toBe(9464);
    expect(parseEnv({ METRICS_PORT: '9100' }).METRICS_PORT).toBe(9100);
    expect(parseEnv({ METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(parseEnv({ METRICS_PORT: '' }).METRICS_PORT).toBe(0);
  });

  it('refuses what is no port, and the public port', () => {
    expect(() => parseEnv({ METRICS_PORT: 'metrics' })).toThrow(/METRICS_PORT/);
    expect(() => parseEnv({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => parseEnv({ METRICS_PORT: '-1' })).toThrow(/METRICS_PORT/);
    expect(() => parseEnv({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(parseEnv({ PORT: '3000', METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
  });
});

describe('STATISTICS_RATE_LIMIT', () => {
  it('defaults to 120 analytics posts per address and minute; 0 turns the limit off', () => {
    expect(parseEnv({}).STATISTICS_RATE_LIMIT).toBe(120);
    expect(parseEnv({ STATISTICS_RATE_LIMIT: '600' }).STATISTICS_RATE_LIMIT).toBe(600);
    expect(parseEnv({ STATISTICS_RATE_LIMIT: '0' }).STATISTICS_RATE_LIMIT).toBe(0);
  });

  it('refuses what is not a whole number of at least 0', () => {
    expect(() => parseEnv({ STATISTICS_RATE_LIMIT: 'veel' })).toThrow(/STATISTICS_RATE_LIMIT/);
    expect(() => parseEnv({ STATISTICS_RATE_LIMIT: '-1' })).toThrow(/STATISTICS_RATE_LIMIT/);
    expect(() => parseEnv({ STATISTICS_RATE_LIMIT: '1.5' })).toThrow(/STATISTICS_RATE_LIMIT/);
  });
});
