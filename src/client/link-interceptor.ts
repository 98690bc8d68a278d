/**
 * Client-side navigation for plain anchors: one delegated click listener instead of a React
 * Router `<Link>` per link (docs/decisions/004-plain-anchors.md). Same-origin page links become
 * router navigations; everything else (other origins, files, downloads, new tabs, modified clicks,
 * in-page hashes) is left to the browser.
 */

import { isDataRequest } from '../shared/urls.ts';

/** Paths that are files or server endpoints, never router pages (the data endpoint: {@link isDataRequest}). */
const NON_PAGE_PATH = /^\/(uploads|assets|builds|api|health)(\/|$)|\.[a-z0-9]{2,5}$/i;

/** Decides whether a click on `anchor` should become a client navigation; returns its target or null. */
export function navigationTarget(
  event: MouseEvent,
  anchor: HTMLAnchorElement,
  location: Location,
): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download') || anchor.dataset.reload !== undefined) return null;
  if (!anchor.getAttribute('href')) return null;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin) return null;
  if (NON_PAGE_PATH.test(url.pathname) || isDataRequest(url.pathname)) return null;
  if (url.pathname === location.pathname && url.search === location.search && url.hash) return null;
  return url.pathname + url.search + url.hash;
}

/** Starts intercepting clicks on same-origin page links; returns a function that stops it. */
export function interceptLinks(navigate: (to: string) => void): () => void {
  const onClick = (event: MouseEvent) => {
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor) return;
    const target = navigationTarget(event, anchor, window.location);
    if (target === null) return;
    event.preventDefault();
    navigate(target);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
