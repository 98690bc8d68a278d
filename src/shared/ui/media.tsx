/**
 * Responsive images from Strapi upload entries (docs/decisions/069-responsive-images-and-webp.md):
 * a `<picture>` whose `<source type="image/webp">` lists the CMS's WebP variants (`webp_thumbnail`
 * … `webp_large`, `webp_original`; cms/src/lib/webp-variants.js) and whose `<img>` lists the
 * upload plugin's formats (thumbnail 245 px, small 500 px, medium 750 px, large 1000 px wide) plus
 * the original, both with the place's `sizes` (./image-sizes.ts). The `<img>` carries the width
 * and height of the file in its `src`, so the browser reserves the box before the file arrives
 * (no layout shift). Below the fold the image loads lazily and decodes asynchronously; the largest
 * image above the fold is `priority`: eager, `fetchpriority="high"` (web.dev, "Optimize LCP").
 * Without WebP variants (older uploads, WebP or SVG originals) it is a plain `<img>`.
 * A `priority` image is also preloaded from the document's `<head>` (React's `preload`, with its
 * WebP `imagesrcset`): React does not preload an `<img>` inside `<picture>` by itself, and without
 * it the browser finds the image only after the head's stylesheets and module preloads.
 */
import { preload } from 'react-dom';
import type { StrapiMedia, StrapiMediaFormat } from '../cms-types.ts';

/** The upload plugin's formats, smallest first. */
const FORMAT_ORDER = ['thumbnail', 'small', 'medium', 'large'] as const;

/** The image fields this component reads; blocks' inline images lack `id`. */
export type ImageMedia = Pick<StrapiMedia, 'url' | 'width' | 'height' | 'formats' | 'alternativeText'>;

export interface ResponsiveImageProps {
  media: ImageMedia | null | undefined;
  /** The `sizes` attribute: one of ./image-sizes.ts's `IMAGE_SIZES`. */
  sizes: string;
  className?: string;
  /** The largest image above the fold: eager loading and `fetchpriority="high"`. One per page. */
  priority?: boolean;
  /** Above the fold but not the largest: eager loading, normal priority. */
  eager?: boolean;
  alt?: string;
}

interface Candidate {
  url: string;
  width: number;
  height: number | null;
}

/** A file as a srcset candidate, or null when it lacks a URL or width. */
function candidate(
  file: Pick<StrapiMediaFormat, 'url' | 'width' | 'height'> | null | undefined,
): Candidate | null {
  return file?.url && file.width ? { url: file.url, width: file.width, height: file.height ?? null } : null;
}

/** Candidates from narrowest to widest, one per width (the wider-listed file wins a tie). */
function distinct(list: Array<Candidate | null>): Candidate[] {
  const byWidth = new Map<number, Candidate>();
  for (const item of list) if (item) byWidth.set(item.width, item);
  return [...byWidth.values()].sort((a, b) => a.width - b.width);
}

/** The upload plugin's formats and the original, as srcset candidates. */
export function originalCandidates(media: ImageMedia): Candidate[] {
  return distinct([
    ...FORMAT_ORDER.map((name) => candidate(media.formats?.[name])),
    candidate({ url: media.url, width: media.width ?? 0, height: media.height ?? 0 }),
  ]);
}

/** The WebP variants (`webp_<format>`, `webp_original`), as srcset candidates; empty without any. */
export function webpCandidates(media: ImageMedia): Candidate[] {
  const formats = media.formats;
  if (!formats) return [];
  return distinct([
    ...FORMAT_ORDER.map((name) => candidate(formats[`webp_${name}`])),
    candidate(formats.webp_original),
  ]);
}

/** A `srcset` value (`url 500w, url 750w`). */
const srcSet = (list: Candidate[]) => list.map((item) => `${item.url} ${item.width}w`).join(', ');

/** A `<picture>` (or `<img>`) for a Strapi media entry; renders nothing without media. */
export function ResponsiveImage({ media, sizes, className, priority, eager, alt }: ResponsiveImageProps) {
  if (!media?.url) return null;
  const originals = originalCandidates(media);
  const webp = webpCandidates(media);
  // The fallback `src` (browsers without srcset): medium, else small, else the original.
  const fallback =
    candidate(media.formats?.medium) ??
    candidate(media.formats?.small) ??
    candidate({ url: media.url, width: media.width ?? 0, height: media.height ?? 0 });
  const src = fallback?.url ?? media.url;
  const lazy = !priority && !eager;
  if (priority) {
    const preferred = webp.length ? webp : originals;
    preload(preferred.length ? (preferred.at(-1)?.url ?? src) : src, {
      as: 'image',
      imageSrcSet: preferred.length > 1 ? srcSet(preferred) : undefined,
      imageSizes: preferred.length > 1 ? sizes : undefined,
      type: webp.length ? 'image/webp' : undefined,
      fetchPriority: 'high',
    });
  }
  const img = (
    <img
      src={src}
      srcSet={originals.length > 1 ? srcSet(originals) : undefined}
      sizes={originals.length > 1 ? sizes : undefined}
      width={fallback?.width ?? media.width ?? undefined}
      height={fallback?.height ?? media.height ?? undefined}
      alt={alt ?? media.alternativeText ?? ''}
      className={className}
      loading={lazy ? 'lazy' : undefined}
      decoding={lazy ? 'async' : undefined}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
  if (webp.length === 0) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={srcSet(webp)} sizes={sizes} />
      {img}
    </picture>
  );
}
