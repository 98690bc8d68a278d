/** The shared page-number rules of the paged lists (src/shared/paging.ts, decision 099). */
import { describe, expect, it } from 'vitest';
import { PAGE_PARAM, pageHref, pageLinks, readPageNumber } from '../../src/shared/paging.ts';

describe('readPageNumber', () => {
  it('reads 1 when the parameter is absent and positive integers as they are', () => {
    expect(readPageNumber(null)).toBe(1);
    expect(readPageNumber('1')).toBe(1);
    expect(readPageNumber('2')).toBe(2);
    expect(readPageNumber('99999')).toBe(99999);
  });

  it.each(['', '0', '-1', '02', 'abc', '1.5', '2e1', ' 2', '100000', '２'])('refuses %j', (raw) => {
    expect(readPageNumber(raw)).toBeNull();
  });
});

describe('pageHref and pageLinks', () => {
  it('links page 1 to the bare path and later pages with ?pagina=', () => {
    expect(PAGE_PARAM).toBe('pagina');
    expect(pageHref('/ecommerce', 1)).toBe('/ecommerce');
    expect(pageHref('/ecommerce', 3)).toBe('/ecommerce?pagina=3');
    expect(pageHref('/magazines', 2, 'page')).toBe('/magazines?page=2');
  });

  it('names the neighbours, none past either end', () => {
    const href = (page: number) => pageHref('/nieuws', page);
    expect(pageLinks(1, 1, href)).toEqual({ prev: null, next: null });
    expect(pageLinks(1, 3, href)).toEqual({ prev: null, next: '/nieuws?pagina=2' });
    expect(pageLinks(2, 3, href)).toEqual({ prev: '/nieuws', next: '/nieuws?pagina=3' });
    expect(pageLinks(3, 3, href)).toEqual({ prev: '/nieuws?pagina=2', next: null });
  });
});
