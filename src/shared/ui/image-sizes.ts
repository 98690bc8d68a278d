/**
 * The `sizes` attribute of every place a CMS image is shown, derived from that place's CSS so the
 * browser picks the smallest sufficient file from `srcset` (HTML Standard, "sizes" attribute;
 * docs/decisions/069-responsive-images-and-webp.md). Lengths are in rem (16 px: media queries in
 * `sizes` use the initial font size). When a layout's CSS changes, change its entry here.
 *
 * The page frame (src/shared/shell/app.css `.container`): `width: min(100% - 2rem, 74rem)`, so the
 * content box is `100vw - 2rem` wide up to a 76rem viewport and 74rem from there on.
 */

/** `.container`: the widest content box, in rem. */
const CONTAINER = 74;
/** `.container`: viewport width minus content width below the maximum, in rem. */
const INSET = 2;

/** A number as a short rem figure (at most 2 decimals). */
const rem = (value: number) => `${Math.round(value * 100) / 100}rem`;

/** `calc(<share>vw - <minus>rem)` for a box of `100vw * share - minus`. */
function fluid(share: number, minus: number): string {
  const vw = `${Math.round(share * 10000) / 100}vw`;
  return minus > 0 ? `calc(${vw} - ${rem(minus)})` : vw;
}

/** An auto-fill grid of image cells (all lengths in rem). */
export interface AutoFillGrid {
  /** The `minmax()` minimum of a column. */
  min: number;
  /** The column gap. */
  gap: number;
  /** The widest the grid's box gets (default `.container`'s 74rem). */
  max?: number;
  /** Viewport width minus the box's width while it is below `max` (default 2rem). */
  inset?: number;
  /** The cell's padding and borders around the image (default 0). */
  pad?: number;
  /** The viewport width from which this box applies (default 0: all widths). */
  above?: number;
  /**
   * The most columns the grid shows (default: as many as fit). For a grid whose `minmax()` minimum
   * is `max(<min>, (100% - (columns - 1) * gap) / columns)`, as app.css's `.grid--upto-N`.
   */
  columns?: number;
}

/**
 * The `sizes` entries of the cells of a CSS grid `repeat(auto-fill, minmax(<min>, 1fr))` with
 * `gap`, in a box `100vw - inset` wide up to `max`: for every column count n the viewport width
 * from which n columns fit (`n * min + (n - 1) * gap <= box`) and the column width
 * `(box - (n - 1) * gap) / n`, less `pad`. With `above`, entries stop at that viewport width.
 * @returns Entries widest condition first, e.g. `(min-width: 76rem) 17.56rem`.
 */
export function autoFillGridEntries(grid: AutoFillGrid): string[] {
  const { min, gap, max = CONTAINER, inset = INSET, pad = 0, above = 0, columns = Infinity } = grid;
  const columnsAt = (box: number) => Math.max(1, Math.min(columns, Math.floor((box + gap) / (min + gap))));
  const widest = columnsAt(max);
  const entries = [`(min-width: ${rem(max + inset)}) ${rem((max - (widest - 1) * gap) / widest - pad)}`];
  for (let n = widest; n >= 1; n -= 1) {
    const from = n * min + (n - 1) * gap + inset;
    if (from >= max + inset) continue;
    const width = fluid(1 / n, (inset + (n - 1) * gap) / n + pad);
    if (n === 1 || from <= above) {
      entries.push(above > 0 ? `(min-width: ${rem(above)}) ${width}` : width);
      break;
    }
    entries.push(`(min-width: ${rem(from)}) ${width}`);
  }
  return entries;
}

/**
 * `sizes` for the cells of an auto-fill grid in one box ({@link autoFillGridEntries}).
 * @returns A `sizes` value, e.g. `(min-width: 76rem) 17.56rem, ..., calc(100vw - 2rem)`.
 */
export function autoFillGridSizes(grid: Omit<AutoFillGrid, 'above'>): string {
  return autoFillGridEntries(grid).join(', ');
}

/**
 * `sizes` for an image that fills a box `100vw - inset` wide up to `max` rem.
 * @param max Widest box in rem.
 * @param inset Viewport width minus box width in rem (2 for `.container`).
 */
export function fullWidthSizes(max: number, inset = INSET): string {
  return `(min-width: ${rem(max + inset)}) ${rem(max)}, ${fluid(1, inset)}`;
}

/** Phones (app.css `@media (max-width: 39.99rem)`): news teasers are rows with a 6rem square thumbnail. */
const PHONE_TEASER = '(max-width: 39.99rem) 6rem';

export const IMAGE_SIZES = {
  /** News teaser in `.grid--news` (app.css: `minmax(16rem, 1fr)`, gap 1.25rem; 6rem rows on phones). */
  card: `${PHONE_TEASER}, ${autoFillGridSizes({ min: 16, gap: 1.25 })}`,
  /**
   * News teasers of "Meer nieuws" (app.css `.grid--upto-3` and `.grid--upto-2`: the news grid with
   * at most as many columns as there are teasers, so no slot of the row stays empty).
   */
  relatedCard3: `${PHONE_TEASER}, ${autoFillGridSizes({ min: 16, gap: 1.25, columns: 3 })}`,
  relatedCard2: `${PHONE_TEASER}, ${autoFillGridSizes({ min: 16, gap: 1.25, columns: 2 })}`,
  /**
   * Lead story (`.card--lead`: the grid's full width; from 64rem a row with the picture at 60%).
   * 60% of 74rem = 44.4rem; between 64rem and 76rem 60% of `100vw - 2rem`.
   */
  lead: `(min-width: 76rem) 44.4rem, (min-width: 64rem) ${fluid(0.6, 1.2)}, ${fluid(1, INSET)}`,
  /** News item hero (`.article`, max-width 48rem, in `.container`). */
  articleHero: fullWidthSizes(48),
  /** Pictures in an article's text (`.prose` inside `.article`, 48rem). */
  articleText: fullWidthSizes(48),
  /**
   * Event hero (`.detail-layout__main`: from 60rem the container minus the 20rem facts box and the
   * 2rem gap, so 52rem at most and `100vw - 24rem` between 60rem and 76rem; below 60rem the container).
   */
  eventHero: `(min-width: 76rem) 52rem, (min-width: 60rem) ${fluid(1, 24)}, ${fluid(1, INSET)}`,
  /** Agenda row thumbnail (events.css `.event-row__image`: 14rem; hidden up to 44rem, so never loaded there). */
  eventRow: '14rem',
  /** Gallery thumbnail (app.css `.gallery__grid`: `minmax(10rem, 1fr)`, gap 0.6rem) inside a 48rem article. */
  gallery: autoFillGridSizes({ min: 10, gap: 0.6, max: 48 }),
  /** The same grid in an event's main column (see `eventHero`: 52rem, `100vw - 24rem` from 60rem, else the container). */
  eventGallery: [
    ...autoFillGridEntries({ min: 10, gap: 0.6, max: 52, inset: 24, above: 60 }),
    // Below 60rem; its first entry (`min-width: 60rem`) is already decided by the list above.
    ...autoFillGridEntries({ min: 10, gap: 0.6, max: 58 }).slice(1),
  ].join(', '),
  /** The same grid as a block (`.block--gallery`) in `.container`. */
  blockGallery: autoFillGridSizes({ min: 10, gap: 0.6 }),
  /** Image block (`.block--image img { width: 100% }`) in `.container`. */
  blockImage: fullWidthSizes(CONTAINER),
  /** An editor's photo on their page (reader.css `.author-profile__photo`: 10rem square). */
  authorPhoto: '10rem',
  /** Magazine teaser cover (magazines.css `.magazine-grid`: `minmax(12.5rem, 1fr)`, gap 1.25rem). */
  magazineCard: autoFillGridSizes({ min: 12.5, gap: 1.25 }),
  /** Magazine detail cover (magazines.css: from 48rem a `minmax(14rem, 22rem)` column, else the container). */
  magazineCover: `(min-width: 48rem) 22rem, ${fluid(1, INSET)}`,
  /**
   * Partner page logo (partner.css: from 48rem a 16rem column with 1rem padding and a border, so
   * 13.9rem; below 48rem the 52rem-wide `.partner` box minus 2rem padding).
   */
  partnerLogo: `(min-width: 48rem) 13.9rem, ${fluid(1, 4.1)}`,
  /**
   * Partner logos on the overview (partner.css `.partners-overview`: `minmax(15rem, 1fr)`, gap
   * 1.25rem; 1rem item padding and 0.5rem logo padding on each side).
   */
  partnersOverview: autoFillGridSizes({ min: 15, gap: 1.25, pad: 3 }),
  /**
   * Other partners under a partner page (partner.css `.partner-others`: 52rem wide,
   * `minmax(10rem, 1fr)`, gap 1rem; 0.9rem item padding and a 1px border on each side).
   */
  partnerOthers: autoFillGridSizes({ min: 10, gap: 1, max: 52, pad: 1.93 }),
} as const;
