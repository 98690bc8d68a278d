/** URLs of the search page (`/zoeken?q=...&type=...&page=n`, issue 3). */
import type { SearchType } from './search-types.ts';

/** Unprefixed path of the search page. */
export const SEARCH_PATH = '/zoeken';

/**
 * Unprefixed URL of a search: `q` first, then the type filter, then the page (left out for page 1,
 * so page 1 has one URL).
 */
export function searchPath(query: string, options: { type?: SearchType | null; page?: number } = {}): string {
  if (!query) return SEARCH_PATH;
  const params = new URLSearchParams({ q: query });
  if (options.type) params.set('type', options.type);
  if (options.page && options.page > 1) params.set('page', String(options.page));
  return `${SEARCH_PATH}?${params.toString()}`;
}
