/**
 * The fallback of a deferred section (src/shared/ui/deferred.tsx): its heading, room the size of
 * the section, and a link to its full list, so a reader who waits, or one without JavaScript
 * (who keeps it), can go on. Its heading's id differs from the section's own: while a section
 * streams, React keeps it in a hidden element of the document beside its fallback.
 */
import type { ReactNode } from 'react';
import { AppLink } from './app-link.tsx';

/** How much room the section takes: `cards` (a stack of cards), `list` (a numbered list), `grid` (a row of article cards). */
export type SectionSize = 'cards' | 'list' | 'grid';

/**
 * @param props.id unique on the page; the heading's id is `<id>-wait`
 * @param props.title the section's heading (text of its `<h2>`)
 * @param props.link the section's full list: path and link text
 */
export function SectionFallback({
  id,
  title,
  link,
  size,
  className,
}: {
  id: string;
  title: ReactNode;
  link: { to: string; label: ReactNode };
  size: SectionSize;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-wait`} className={className}>
      <h2 id={`${id}-wait`} className="section-title">
        {title}
      </h2>
      <div className={`section-placeholder section-placeholder--${size}`} aria-hidden="true" />
      <p className="section-more">
        <AppLink to={link.to}>{link.label}</AppLink>
      </p>
    </section>
  );
}
