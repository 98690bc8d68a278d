/** The data endpoint's helpers in src/shared/urls.ts: one definition of what is a data request. */
import { describe, expect, it } from 'vitest';
import { dataUrl, isDataRequest, pagePathOf } from '../../src/shared/urls.ts';

describe('the data endpoint helpers', () => {
  it('recognise the data endpoint and nothing that merely starts like it', () => {
    for (const path of ['/__data', '/__data/', '/__data/jobs', '/__data/en/jobs?page=2', '/__data?x=1']) {
      expect({ path, data: isDataRequest(path) }).toEqual({ path, data: true });
    }
    for (const path of ['/', '/__database', '/__data-x/jobs', '/jobs/__data', '/en/__data/jobs']) {
      expect({ path, data: isDataRequest(path) }).toEqual({ path, data: false });
    }
  });

  it('map between a page and its data URL', () => {
    expect(pagePathOf('/__data/en/jobs')).toBe('/en/jobs');
    expect(pagePathOf('/__data')).toBe('/');
    expect(pagePathOf('/contact')).toBe('/contact');
    expect(dataUrl(new URL('https://portal.test/en/jobs?page=2'))).toBe('/__data/en/jobs?page=2');
    expect(pagePathOf(dataUrl(new URL('https://portal.test/zoeken?q=a')).split('?')[0]!)).toBe('/zoeken');
  });
});
