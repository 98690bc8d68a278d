/**
 * Responsive images (src/shared/ui/media.tsx, src/shared/ui/image-sizes.ts; decision 069): the
 * markup of `<picture>`/`<img>` for a Strapi media entry and the `sizes` derived from grid CSS.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { StrapiMedia, StrapiMediaFormat } from '../../src/shared/cms-types.ts';
import {
  autoFillGridEntries,
  autoFillGridSizes,
  fullWidthSizes,
  IMAGE_SIZES,
} from '../../src/shared/ui/image-sizes.ts';
import { ResponsiveImage } from '../../src/shared/ui/media.tsx';

const format = (name: string, width: number, height: number, ext = 'jpg'): StrapiMediaFormat => ({
  url: `/uploads/${name}_haven_0123456789.${ext}`,
  width,
  height,
});

const jpeg: StrapiMedia = {
  id: 1,
  url: '/uploads/haven_0123456789.jpg',
  alternativeText: 'Containerhaven',
  width: 1200,
  height: 800,
  formats: {
    thumbnail: format('thumbnail', 234, 156),
    small: format('small', 500, 333),
    medium: format('medium', 750, 500),
    large: format('large', 1000, 667),
  },
};

const withWebp: StrapiMedia = {
  ...jpeg,
  formats: {
    ...jpeg.formats,
    webp_thumbnail: format('webp_thumbnail', 234, 156, 'webp'),
    webp_small: format('webp_small', 500, 333, 'webp'),
    webp_medium: format('webp_medium', 750, 500, 'webp'),
    webp_large: format('webp_large', 1000, 667, 'webp'),
    webp_original: format('webp_original', 1200, 800, 'webp'),
  },
};

describe('ResponsiveImage', () => {
  it('renders a <picture> with a WebP source and the formats as <img> srcset, lazy by default', () => {
    const html = renderToStaticMarkup(<ResponsiveImage media={withWebp} sizes="50vw" />);
    expect(html).toBe(
      '<picture><source type="image/webp" srcSet="' +
        '/uploads/webp_thumbnail_haven_0123456789.webp 234w, /uploads/webp_small_haven_0123456789.webp 500w, ' +
        '/uploads/webp_medium_haven_0123456789.webp 750w, /uploads/webp_large_haven_0123456789.webp 1000w, ' +
        '/uploads/webp_original_haven_0123456789.webp 1200w" sizes="50vw"/>' +
        '<img src="/uploads/medium_haven_0123456789.jpg" srcSet="' +
        '/uploads/thumbnail_haven_0123456789.jpg 234w, /uploads/small_haven_0123456789.jpg 500w, ' +
        '/uploads/medium_haven_0123456789.jpg 750w, /uploads/large_haven_0123456789.jpg 1000w, ' +
        '/uploads/haven_0123456789.jpg 1200w" sizes="50vw" width="750" height="500" alt="Containerhaven" ' +
        'loading="lazy" decoding="async"/></picture>',
    );
  });

  it('gives a priority image fetchpriority=high and no lazy loading; an eager one neither', () => {
    const priority = renderToStaticMarkup(<ResponsiveImage media={withWebp} sizes="50vw" priority />);
    expect(priority).toContain('fetchPriority="high"');
    expect(priority).not.toContain('loading=');
    expect(priority).not.toContain('decoding=');
    const eager = renderToStaticMarkup(<ResponsiveImage media={withWebp} sizes="50vw" eager />);
    expect(eager).not.toContain('fetchPriority');
    expect(eager).not.toContain('loading=');
  });

  it('is a plain <img> without WebP variants, sized as the original without formats', () => {
    expect(renderToStaticMarkup(<ResponsiveImage media={jpeg} sizes="50vw" />)).toMatch(/^<img [^>]*srcSet=/);
    const bare = renderToStaticMarkup(
      <ResponsiveImage media={{ ...jpeg, formats: null }} sizes="50vw" alt="" />,
    );
    expect(bare).toBe(
      '<img src="/uploads/haven_0123456789.jpg" width="1200" height="800" alt="" loading="lazy" decoding="async"/>',
    );
  });

  it('renders nothing without media', () => {
    expect(renderToStaticMarkup(<ResponsiveImage media={null} sizes="50vw" />)).toBe('');
  });
});

describe('sizes', () => {
  it('follows an auto-fill grid column by column', () => {
    // .grid--news: minmax(16rem, 1fr), gap 1.25rem, in min(100vw - 2rem, 74rem): 4 columns of
    // (74 - 3 × 1.25) / 4 = 17.5625rem at full width; 4 fit from 4 × 16 + 3 × 1.25 + 2 = 69.75rem.
    expect(autoFillGridSizes({ min: 16, gap: 1.25 })).toBe(
      '(min-width: 76rem) 17.56rem, (min-width: 69.75rem) calc(25vw - 1.44rem), ' +
        '(min-width: 52.5rem) calc(33.33vw - 1.5rem), (min-width: 35.25rem) calc(50vw - 1.63rem), calc(100vw - 2rem)',
    );
    // Two 10rem columns just fit a 21rem box: (21 - 1) / 2 - 1rem of padding; one column below.
    expect(autoFillGridSizes({ min: 10, gap: 1, max: 21, pad: 1 })).toBe(
      '(min-width: 23rem) 9rem, calc(100vw - 3rem)',
    );
    expect(autoFillGridSizes({ min: 10, gap: 1, max: 20 })).toBe(
      '(min-width: 22rem) 20rem, calc(100vw - 2rem)',
    );
  });

  it('follows a grid capped at a number of columns ("Meer nieuws", .grid--upto-3)', () => {
    // At most 3 columns: (74 - 2 × 1.25) / 3 = 23.83rem at full width, where 4 would fit uncapped.
    expect(autoFillGridSizes({ min: 16, gap: 1.25, columns: 3 })).toBe(
      '(min-width: 76rem) 23.83rem, (min-width: 52.5rem) calc(33.33vw - 1.5rem), ' +
        '(min-width: 35.25rem) calc(50vw - 1.63rem), calc(100vw - 2rem)',
    );
    expect(autoFillGridSizes({ min: 16, gap: 1.25, columns: 2 })).toBe(
      '(min-width: 76rem) 36.38rem, (min-width: 35.25rem) calc(50vw - 1.63rem), calc(100vw - 2rem)',
    );
  });

  it('follows a grid in a side column from the viewport width where the column begins', () => {
    // An event's main column: 52rem, or `100vw - 24rem` from 60rem; 4 columns of 10rem fit from
    // 41.8rem of column (65.8rem of viewport); at 60rem 3 columns.
    expect(autoFillGridEntries({ min: 10, gap: 0.6, max: 52, inset: 24, above: 60 })).toEqual([
      '(min-width: 76rem) 12.55rem',
      '(min-width: 65.8rem) calc(25vw - 6.45rem)',
      '(min-width: 60rem) calc(33.33vw - 8.4rem)',
    ]);
    expect(IMAGE_SIZES.eventGallery).toContain(
      '(min-width: 60rem) calc(33.33vw - 8.4rem), (min-width: 54.4rem) ',
    );
  });

  it('follows a box that fills the viewport up to a maximum', () => {
    expect(fullWidthSizes(48)).toBe('(min-width: 50rem) 48rem, calc(100vw - 2rem)');
  });
});
