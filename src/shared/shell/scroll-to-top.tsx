/**
 * Scroll behaviour on client navigation (docs/product.md#routes-and-layouts): a new page starts at the top, or at the
 * element named by the URL hash. Back/forward navigations keep the browser's own restoration.
 */
import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Renders nothing; scrolls after each PUSH or REPLACE navigation. */
export function ScrollToTop() {
  const { pathname, search, hash } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on every location change
  useEffect(() => {
    if (navigationType === 'POP') return;
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [pathname, search, hash, navigationType]);
  return null;
}
