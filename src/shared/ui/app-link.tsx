/**
 * The portal's link: a plain `<a>` whose site-relative href gets the current locale prefix.
 *
 * It deliberately is not React Router's `<Link>`: `<Link>` costs about 10 µs per link on the server
 * (guides/performance.md) and a portal page has well over a hundred links. Client-side navigation
 * comes from one delegated click handler in `src/client/link-interceptor.ts`
 * (docs/decisions/004-plain-anchors.md).
 */
import type { AnchorHTMLAttributes } from 'react';
import { localizePath } from '../i18n/locale.ts';
import { useLocale } from './root-data.ts';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** Unprefixed site path (`/news/abc/title`) or an absolute URL. */
  to: string;
}

/** Renders `<a href>` with the locale prefix; absolute URLs open as they are. */
export function AppLink({ to, children, ...rest }: AppLinkProps) {
  const locale = useLocale();
  return (
    <a href={localizePath(to, locale)} {...rest}>
      {children}
    </a>
  );
}
