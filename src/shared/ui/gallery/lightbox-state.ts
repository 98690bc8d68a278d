/**
 * The rules of the gallery lightbox as pure functions, so every rule is unit-testable and the React
 * component stays thin (docs/decisions/013-own-lightbox.md).
 *
 * Sources: product docs/product.md#entities (item: `src` string, optional `title` and `alt`), section 4
 * (states visible/hidden, loading, load error, dragging, gesturing; index changes, optional
 * looping), section 5 (index clamped on open, no images → error state, no looping → previous
 * blocked at the first and next at the last image, `src` must be a string, swipe needs horizontal
 * movement over 50 px that is larger than the vertical movement), section 8 (load failure → broken
 * image state and an error event) and section 9 (zoom step 0.12, max 3, min 0.1, swipe tolerance
 * 50 px, wheel throttle 80 ms, rotation in 90-degree steps).
 */
import type { StrapiMedia } from '../../cms-types.ts';

/** Zoom change of one zoom-in/zoom-out step (docs/product.md#constants), as a scale factor difference. */
export const ZOOM_STEP = 0.12;
/** Smallest scale factor (docs/product.md#constants). */
export const MIN_ZOOM = 0.1;
/** Largest scale factor (docs/product.md#constants). */
export const MAX_ZOOM = 3;
/** A swipe must move MORE than this many CSS pixels horizontally (docs/product.md#validation, docs/product.md#constants). */
export const SWIPE_TOLERANCE_PX = 50;
/** At most one wheel zoom step per this many milliseconds (docs/product.md#constants). */
export const WHEEL_THROTTLE_MS = 80;
/** One rotation step in degrees (docs/product.md#constants). */
export const ROTATION_STEP_DEG = 90;

/**
 * Name of the DOM event the lightbox raises (bubbling, from the dialog) when an image fails to load
 * (docs/product.md#errors: "raises an error event"); `detail` is a LightboxErrorDetail.
 */
export const LIGHTBOX_ERROR_EVENT = 'lightbox:error';

/** `detail` of the `lightbox:error` event: the item that failed and its 0-based index. */
export interface LightboxErrorDetail {
  item: LightboxItem;
  index: number;
}

/** One image of the lightbox (docs/product.md#entities). */
export interface LightboxItem {
  /** URL of the full image; must be a non-empty string. */
  src: string;
  /** Caption shown under the image. */
  title?: string;
  /** Alternative text of the image. */
  alt?: string;
}

/**
 * What the stage shows: `loading` until the current image has loaded, `loaded`, `broken` when it
 * failed to load, `empty` when there are no images at all (the error state of docs/product.md#validation).
 */
export type LightboxStatus = 'loading' | 'loaded' | 'broken' | 'empty';

/** Complete lightbox state. Offsets are CSS pixels, rotation degrees (0, 90, 180 or 270). */
export interface LightboxState {
  visible: boolean;
  /** Current image, 0-based, always within `0..count-1` (0 when `count` is 0). */
  index: number;
  /** Number of images. */
  count: number;
  /** Whether next after the last image goes to the first (and previous before the first to the last). */
  loop: boolean;
  status: LightboxStatus;
  /** Scale factor, within MIN_ZOOM..MAX_ZOOM, rounded to 2 decimals. */
  zoom: number;
  rotation: number;
  offsetX: number;
  offsetY: number;
  /** A zoomed image is being panned with one pointer. */
  dragging: boolean;
  /** A two-finger pinch is in progress. */
  gesturing: boolean;
}

/** Everything that changes the lightbox. */
export type LightboxAction =
  | { type: 'open'; index: number; count: number; loop?: boolean }
  | { type: 'close' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'loaded' }
  | { type: 'failed' }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'zoomTo'; zoom: number }
  | { type: 'rotate' }
  | { type: 'dragStart' }
  | { type: 'pan'; x: number; y: number }
  | { type: 'dragEnd' }
  | { type: 'gestureStart' }
  | { type: 'gestureEnd' };

/** A hidden lightbox without images. */
export const INITIAL_LIGHTBOX_STATE: LightboxState = {
  visible: false,
  index: 0,
  count: 0,
  loop: false,
  status: 'empty',
  zoom: 1,
  rotation: 0,
  offsetX: 0,
  offsetY: 0,
  dragging: false,
  gesturing: false,
};

/** Rounds to 2 decimals so repeated 0.12 steps give exact values (1.12, 1.24, …). */
function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Clamps an image index into `0..count-1` (docs/product.md#validation). Fractions are truncated, NaN and
 * negative values give 0, too large values the last index; with `count` 0 the result is 0.
 */
export function clampIndex(index: number, count: number): number {
  if (count <= 0 || !Number.isFinite(index)) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), count - 1);
}

/** Clamps a scale factor into MIN_ZOOM..MAX_ZOOM, rounded to 2 decimals (NaN gives 1). */
export function clampZoom(zoom: number): number {
  if (Number.isNaN(zoom)) return 1;
  return round2(Math.min(Math.max(zoom, MIN_ZOOM), MAX_ZOOM));
}

/** Whether "previous" is possible: looping with images, or not at the first image (docs/product.md#validation). */
export function canGoPrevious(state: LightboxState): boolean {
  return state.count > 1 && (state.loop || state.index > 0);
}

/** Whether "next" is possible: looping with images, or not at the last image (docs/product.md#validation). */
export function canGoNext(state: LightboxState): boolean {
  return state.count > 1 && (state.loop || state.index < state.count - 1);
}

/** The state for showing image `index`: loading, with zoom, rotation and pan reset. */
function showImage(state: LightboxState, index: number): LightboxState {
  return {
    ...state,
    index,
    status: state.count > 0 ? 'loading' : 'empty',
    zoom: 1,
    rotation: 0,
    offsetX: 0,
    offsetY: 0,
    dragging: false,
    gesturing: false,
  };
}

/** The state after a zoom change: panning only makes sense while the image is larger than 1. */
function withZoom(state: LightboxState, zoom: number): LightboxState {
  const next = clampZoom(zoom);
  if (next === state.zoom) return state;
  return next > 1 ? { ...state, zoom: next } : { ...state, zoom: next, offsetX: 0, offsetY: 0 };
}

/**
 * The lightbox reducer. Actions that a rule blocks return the same state object: anything but
 * `open` while hidden, next at the last / previous at the first image without looping, zoom beyond
 * a limit, and zoom, rotation, panning and pinching while the image is not loaded (loading, broken).
 */
export function lightboxReducer(state: LightboxState, action: LightboxAction): LightboxState {
  if (action.type === 'open') {
    const count = Math.max(0, Math.trunc(action.count) || 0);
    return showImage(
      { ...state, visible: true, count, loop: action.loop ?? state.loop },
      clampIndex(action.index, count),
    );
  }
  if (!state.visible) return state;
  switch (action.type) {
    case 'close':
      return { ...INITIAL_LIGHTBOX_STATE, index: state.index, count: state.count, loop: state.loop };
    case 'next':
      if (!canGoNext(state)) return state;
      return showImage(state, (state.index + 1) % state.count);
    case 'previous':
      if (!canGoPrevious(state)) return state;
      return showImage(state, (state.index - 1 + state.count) % state.count);
    case 'loaded':
      return state.status === 'loading' ? { ...state, status: 'loaded' } : state;
    case 'failed':
      return state.status === 'empty' ? state : { ...state, status: 'broken', dragging: false };
    case 'zoomIn':
      return state.status === 'loaded' ? withZoom(state, state.zoom + ZOOM_STEP) : state;
    case 'zoomOut':
      return state.status === 'loaded' ? withZoom(state, state.zoom - ZOOM_STEP) : state;
    case 'zoomTo':
      return state.status === 'loaded' ? withZoom(state, action.zoom) : state;
    case 'rotate':
      if (state.status !== 'loaded') return state;
      return { ...state, rotation: (state.rotation + ROTATION_STEP_DEG) % 360 };
    case 'dragStart':
      return state.status === 'loaded' && state.zoom > 1 && !state.gesturing
        ? { ...state, dragging: true }
        : state;
    case 'pan':
      return state.dragging || state.gesturing ? { ...state, offsetX: action.x, offsetY: action.y } : state;
    case 'dragEnd':
      return state.dragging ? { ...state, dragging: false } : state;
    case 'gestureStart':
      return state.status === 'loaded' ? { ...state, gesturing: true, dragging: false } : state;
    case 'gestureEnd':
      return state.gesturing ? { ...state, gesturing: false } : state;
    default:
      return state;
  }
}

/**
 * Decides what a finished pointer or touch movement means (docs/product.md#validation, docs/product.md#constants): more than
 * `tolerancePx` horizontally AND more horizontal than vertical movement is a swipe. Moving left
 * (negative `dx`) shows the next image, moving right the previous one.
 * @param dx horizontal movement in CSS px (end minus start)
 * @param dy vertical movement in CSS px
 * @returns 'next', 'previous' or null when the movement is no swipe
 */
export function swipeDirection(
  dx: number,
  dy: number,
  tolerancePx = SWIPE_TOLERANCE_PX,
): 'next' | 'previous' | null {
  if (Math.abs(dx) <= tolerancePx || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? 'next' : 'previous';
}

/**
 * A leading-edge throttle for wheel zooming (docs/product.md#constants: 80 ms): the returned function runs
 * `callback` and returns true unless the previous run was less than `intervalMs` ago, in which
 * case it drops the call and returns false.
 * @param intervalMs minimum time between two runs in milliseconds
 * @param now clock in milliseconds (Date.now by default; fake timers replace it in tests)
 */
export function createThrottle(
  intervalMs = WHEEL_THROTTLE_MS,
  now: () => number = () => Date.now(),
): (callback: () => void) => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return (callback) => {
    const time = now();
    if (time - last < intervalMs) return false;
    last = time;
    callback();
    return true;
  };
}

/** The CSS transform of the image for a state: pan, then zoom, then rotation. */
export function imageTransform(
  state: Pick<LightboxState, 'offsetX' | 'offsetY' | 'zoom' | 'rotation'>,
): string {
  return `translate(${state.offsetX}px, ${state.offsetY}px) scale(${state.zoom}) rotate(${state.rotation}deg)`;
}

/**
 * The reducer action for a key (KeyboardEvent.key) of the keyboard contract: Escape closes,
 * ArrowLeft/ArrowRight move, + (or =) and - zoom, r rotates; null for any other key.
 */
export function keyAction(key: string): LightboxAction | null {
  switch (key) {
    case 'Escape':
      return { type: 'close' };
    case 'ArrowLeft':
      return { type: 'previous' };
    case 'ArrowRight':
      return { type: 'next' };
    case '+':
    case '=':
      return { type: 'zoomIn' };
    case '-':
    case '_':
      return { type: 'zoomOut' };
    case 'r':
    case 'R':
      return { type: 'rotate' };
    default:
      return null;
  }
}

/**
 * Index of the element that keyboard focus moves to from `current` among `count` focusable
 * elements of the dialog, wrapping around at both ends (focus trap). `current` -1 (focus outside)
 * gives the first element going forward and the last going backward.
 */
export function trapFocusIndex(current: number, count: number, backwards: boolean): number {
  if (count <= 0) return -1;
  if (current < 0) return backwards ? count - 1 : 0;
  return backwards ? (current - 1 + count) % count : (current + 1) % count;
}

/**
 * Lightbox items from Strapi media (full-size URL as `src`, caption or alternative text as title).
 * Entries whose `url` is not a non-empty string are left out (docs/product.md#validation: src must be a string).
 */
export function toLightboxItems(media: ReadonlyArray<StrapiMedia | null | undefined>): LightboxItem[] {
  const items: LightboxItem[] = [];
  for (const entry of media) {
    if (!entry || typeof entry.url !== 'string' || entry.url === '') continue;
    const title = entry.caption?.trim() || entry.alternativeText?.trim() || undefined;
    items.push({ src: entry.url, title, alt: entry.alternativeText ?? undefined });
  }
  return items;
}
