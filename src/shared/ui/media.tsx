/**
 * Responsive images from Strapi upload entries: `srcset` from the upload plugin's formats
 * (thumbnail 245 px, small 500 px, medium 750 px, large 1000 px wide) plus the original,
 * intrinsic size to avoid layout shift, lazy loading unless the image is above the fold.
 */
import type { StrapiMedia } from '../cms-types.ts';

const FORMAT_ORDER = ['thumbnail', 'small', 'medium', 'large'] as const;

export interface ResponsiveImageProps {
  media: StrapiMedia | null | undefined;
  /** The `sizes` attribute, e.g. `(min-width: 60rem) 33vw, 100vw`. */
  sizes?: string;
  className?: string;
  /** Above-the-fold image: eager loading and high fetch priority. */
  priority?: boolean;
  alt?: string;
}

/** Builds the `srcset` value for a media entry (widths in px). */
function srcSetFor(media: StrapiMedia): string {
  const entries: string[] = [];
  for (const name of FORMAT_ORDER) {
    const format = media.formats?.[name];
    if (format?.url && format.width) entries.push(`${format.url} ${format.width}w`);
  }
  if (media.url && media.width) entries.push(`${media.url} ${media.width}w`);
  return entries.join(', ');
}

/** An `<img>` for a Strapi media entry; renders nothing without media. */
export function ResponsiveImage({ media, sizes = '100vw', className, priority, alt }: ResponsiveImageProps) {
  if (!media?.url) return null;
  const srcSet = srcSetFor(media);
  const medium = media.formats?.medium ?? media.formats?.small;
  return (
    <img
      src={medium?.url ?? media.url}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      alt={alt ?? media.alternativeText ?? ''}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
