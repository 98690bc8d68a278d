/**
 * Renders Strapi 5 "blocks" rich text with @strapi/blocks-react-renderer. Links inside the text
 * become plain anchors (site-relative ones get the locale prefix) so client navigation goes
 * through the delegated link handler like every other link. On CMS pages headings carry an `id`
 * made from their text, so a link can point at a section (`/redactie#marieke-dekker`).
 */
import { BlocksRenderer } from '@strapi/blocks-react-renderer';
import { isValidElement, type ReactNode } from 'react';
import type { StrapiBlocks, StrapiMedia } from '../cms-types.ts';
import { headingAnchor } from '../urls.ts';
import { AppLink } from './app-link.tsx';
import { IMAGE_SIZES } from './image-sizes.ts';
import { type ImageMedia, ResponsiveImage } from './media.tsx';

export interface RichTextProps {
  content: StrapiBlocks | null | undefined;
  className?: string;
  /** Give headings an `id` from their text ({@link headingAnchor}). */
  anchors?: boolean;
  /** `sizes` of the text's pictures (./image-sizes.ts); the 48rem article column unless given. */
  imageSizes?: string;
}

/** The text of rendered blocks children (the renderer's text leaves carry it as `text`). */
function plainText(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(plainText).join('');
  if (isValidElement(node)) {
    const props = node.props as { text?: unknown; children?: ReactNode };
    return typeof props.text === 'string' ? props.text : plainText(props.children);
  }
  return '';
}

const HEADING_TAGS = { 1: 'h1', 2: 'h2', 3: 'h3', 4: 'h4', 5: 'h5', 6: 'h6' } as const;

/** Rich text from a Strapi blocks field; renders nothing for empty content. */
export function RichText({
  content,
  className,
  anchors = false,
  imageSizes = IMAGE_SIZES.articleText,
}: RichTextProps) {
  if (!content || content.length === 0) return null;
  return (
    <div className={className ?? 'prose'}>
      <BlocksRenderer
        content={content as Parameters<typeof BlocksRenderer>[0]['content']}
        blocks={{
          heading: ({ children, level }) => {
            const Tag = HEADING_TAGS[level];
            return (
              <Tag id={anchors ? headingAnchor(plainText(children)) || undefined : undefined}>{children}</Tag>
            );
          },
          link: ({ children, url }) =>
            url.startsWith('/') ? (
              <AppLink to={url}>{children}</AppLink>
            ) : (
              <a href={url} rel="noopener noreferrer">
                {children}
              </a>
            ),
          // Strapi copies the media entry (formats included) into the block; the renderer types
          // `formats` loosely, so it is read as the upload plugin's shape.
          image: ({ image }) => (
            <ResponsiveImage
              media={
                {
                  url: image.url,
                  width: image.width,
                  height: image.height,
                  alternativeText: image.alternativeText ?? null,
                  formats: (image.formats ?? null) as StrapiMedia['formats'],
                } satisfies ImageMedia
              }
              sizes={imageSizes}
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
