/**
 * Renders Strapi 5 "blocks" rich text with @strapi/blocks-react-renderer. Links inside the text
 * become plain anchors (site-relative ones get the locale prefix) so client navigation goes
 * through the delegated link handler like every other link.
 */
import { BlocksRenderer } from '@strapi/blocks-react-renderer';
import type { StrapiBlocks } from '../cms-types.ts';
import { AppLink } from './app-link.tsx';

export interface RichTextProps {
  content: StrapiBlocks | null | undefined;
  className?: string;
}

/** Rich text from a Strapi blocks field; renders nothing for empty content. */
export function RichText({ content, className }: RichTextProps) {
  if (!content || content.length === 0) return null;
  return (
    <div className={className ?? 'prose'}>
      <BlocksRenderer
        content={content as Parameters<typeof BlocksRenderer>[0]['content']}
        blocks={{
          link: ({ children, url }) =>
            url.startsWith('/') ? (
              <AppLink to={url}>{children}</AppLink>
            ) : (
              <a href={url} rel="noopener noreferrer">
                {children}
              </a>
            ),
          image: ({ image }) => (
            <img
              src={image.url}
              alt={image.alternativeText ?? ''}
              width={image.width}
              height={image.height}
              loading="lazy"
              decoding="async"
            />
          ),
        }}
      />
    </div>
  );
}

/** Rough reading time in minutes for blocks content (200 words a minute, at least 1). */
export function readingMinutes(content: StrapiBlocks | null | undefined): number {
  let words = 0;
  const walk = (nodes: unknown[]): void => {
    for (const node of nodes) {
      if (!node || typeof node !== 'object') continue;
      const { text, children } = node as { text?: unknown; children?: unknown };
      if (typeof text === 'string') words += text.split(/\s+/).filter(Boolean).length;
      if (Array.isArray(children)) walk(children);
    }
  };
  walk(content ?? []);
  return Math.max(1, Math.round(words / 200));
}
