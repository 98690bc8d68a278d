/**
 * Focus after a client-side navigation (WCAG 2.4.3; React Router's and GOV.UK's advice): when the
 * page (path) changes, focus moves to the new page's main heading, so screen readers announce it
 * and keyboard users continue from the top of the content. Query or hash changes on the same page
 * (filters, paging within a page, anchors) keep focus where it is. The first load is the browser's.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Renders nothing; focuses `main h1` (or `main`) after each change of path. */
export function RouteFocus() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const target =
      document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
