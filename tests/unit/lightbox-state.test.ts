/**
 * Every rule of the gallery lightbox (docs/product.md#entities, docs/product.md#states, docs/product.md#validation, docs/product.md#errors, docs/product.md#constants) on the pure reducer
 * and helpers of src/shared/ui/gallery/lightbox-state.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StrapiMedia } from '../../src/shared/cms-types.ts';
import {
  canGoNext,
  canGoPrevious,
  clampIndex,
  clampZoom,
  createThrottle,
  INITIAL_LIGHTBOX_STATE,
  imageTransform,
  keyAction,
  type LightboxAction,
  type LightboxState,
  lightboxReducer,
  MAX_ZOOM,
  MIN_ZOOM,
  ROTATION_STEP_DEG,
  SWIPE_TOLERANCE_PX,
  swipeDirection,
  toLightboxItems,
  trapFocusIndex,
  WHEEL_THROTTLE_MS,
  ZOOM_STEP,
} from '../../src/shared/ui/gallery/lightbox-state.ts';

function run(state: LightboxState, ...actions: LightboxAction[]): LightboxState {
  return actions.reduce(lightboxReducer, state);
}

function opened(index: number, count: number, loop = false): LightboxState {
  return lightboxReducer(INITIAL_LIGHTBOX_STATE, { type: 'open', index, count, loop });
}

/** An open lightbox whose current image has loaded (zoom, rotation and panning need that). */
function loaded(index = 0, count = 5, loop = false): LightboxState {
  return run(opened(index, count, loop), { type: 'loaded' });
}

function repeat(action: LightboxAction, times: number): LightboxAction[] {
  return Array.from({ length: times }, () => action);
}

describe('spec constants (section 9)', () => {
  it('has the exact limits', () => {
    expect(ZOOM_STEP).toBe(0.12);
    expect(MIN_ZOOM).toBe(0.1);
    expect(MAX_ZOOM).toBe(3);
    expect(SWIPE_TOLERANCE_PX).toBe(50);
    expect(WHEEL_THROTTLE_MS).toBe(80);
    expect(ROTATION_STEP_DEG).toBe(90);
  });
});

describe('visible and hidden (section 4)', () => {
  it('starts hidden and ignores everything but open while hidden', () => {
    expect(INITIAL_LIGHTBOX_STATE.visible).toBe(false);
    for (const action of [
      { type: 'next' },
      { type: 'previous' },
      { type: 'zoomIn' },
      { type: 'rotate' },
      { type: 'loaded' },
      { type: 'failed' },
      { type: 'close' },
    ] as LightboxAction[]) {
      expect(lightboxReducer(INITIAL_LIGHTBOX_STATE, action)).toBe(INITIAL_LIGHTBOX_STATE);
    }
  });

  it('opens visible and loading, closes hidden and resets zoom and rotation', () => {
    const open = opened(2, 5);
    expect(open).toMatchObject({
      visible: true,
      index: 2,
      count: 5,
      status: 'loading',
      zoom: 1,
      rotation: 0,
    });
    const closed = run(open, { type: 'loaded' }, { type: 'zoomIn' }, { type: 'rotate' }, { type: 'close' });
    expect(closed).toMatchObject({ visible: false, zoom: 1, rotation: 0, dragging: false, gesturing: false });
    expect(run(closed, { type: 'open', index: 1, count: 5 })).toMatchObject({
      visible: true,
      index: 1,
      zoom: 1,
      rotation: 0,
    });
  });

  it('keeps the loop flag of the last open unless a new one is given', () => {
    const looping = opened(0, 3, true);
    expect(looping.loop).toBe(true);
    const reopened = run(looping, { type: 'close' }, { type: 'open', index: 0, count: 3 });
    expect(reopened.loop).toBe(true);
    expect(run(reopened, { type: 'close' }, { type: 'open', index: 0, count: 3, loop: false }).loop).toBe(
      false,
    );
  });
});

describe('index clamped on open (section 5)', () => {
  it.each([
    [0, 5, 0],
    [3, 5, 3],
    [4, 5, 4],
    [5, 5, 4],
    [99, 5, 4],
    [-1, 5, 0],
    [-42, 5, 0],
    [2.7, 5, 2],
    [Number.NaN, 5, 0],
    [Number.POSITIVE_INFINITY, 5, 0],
    [3, 1, 0],
    [3, 0, 0],
  ])('open(%s) with %s images → index %s', (index, count, expected) => {
    expect(clampIndex(index, count)).toBe(expected);
    expect(opened(index, count).index).toBe(expected);
  });
});

describe('no images (section 5)', () => {
  it('shows the error state and cannot move, zoom or load', () => {
    const empty = opened(0, 0);
    expect(empty).toMatchObject({ visible: true, status: 'empty', count: 0, index: 0 });
    expect(canGoNext(empty)).toBe(false);
    expect(canGoPrevious(empty)).toBe(false);
    expect(
      run(empty, { type: 'next' }, { type: 'previous' }, { type: 'loaded' }, { type: 'failed' }),
    ).toEqual(empty);
    expect(run(empty, { type: 'zoomIn' }).zoom).toBe(1);
  });

  it('treats a negative or fractional count as no or fewer images', () => {
    expect(opened(0, -3).status).toBe('empty');
    expect(opened(5, 2.9)).toMatchObject({ count: 2, index: 1 });
  });
});

describe('moving between images (sections 4 and 5)', () => {
  it('without looping blocks previous at the first image', () => {
    const first = opened(0, 3);
    expect(canGoPrevious(first)).toBe(false);
    expect(canGoNext(first)).toBe(true);
    expect(lightboxReducer(first, { type: 'previous' })).toBe(first);
  });

  it('without looping blocks next at the last image', () => {
    const last = opened(2, 3);
    expect(canGoNext(last)).toBe(false);
    expect(canGoPrevious(last)).toBe(true);
    expect(lightboxReducer(last, { type: 'next' })).toBe(last);
  });

  it('with looping wraps at both ends', () => {
    expect(canGoPrevious(opened(0, 3, true))).toBe(true);
    expect(canGoNext(opened(2, 3, true))).toBe(true);
    expect(run(opened(2, 3, true), { type: 'next' }).index).toBe(0);
    expect(run(opened(0, 3, true), { type: 'previous' }).index).toBe(2);
  });

  it('walks through all images in order', () => {
    let state = opened(0, 4);
    const seen = [state.index];
    for (let step = 0; step < 5; step += 1) {
      state = lightboxReducer(state, { type: 'next' });
      seen.push(state.index);
    }
    expect(seen).toEqual([0, 1, 2, 3, 3, 3]);
    expect(run(state, ...repeat({ type: 'previous' }, 5)).index).toBe(0);
  });

  it('cannot move with a single image, looping or not', () => {
    for (const loop of [false, true]) {
      const single = opened(0, 1, loop);
      expect(canGoNext(single)).toBe(false);
      expect(canGoPrevious(single)).toBe(false);
      expect(lightboxReducer(single, { type: 'next' })).toBe(single);
    }
  });

  it('shows the new image loading, with zoom, rotation and pan reset', () => {
    const zoomed = run(loaded(1, 3), { type: 'zoomIn' }, { type: 'rotate' }, { type: 'dragStart' });
    const panned = run(zoomed, { type: 'pan', x: 30, y: -20 });
    expect(panned).toMatchObject({ offsetX: 30, offsetY: -20, dragging: true });
    expect(run(panned, { type: 'next' })).toMatchObject({
      index: 2,
      status: 'loading',
      zoom: 1,
      rotation: 0,
      offsetX: 0,
      offsetY: 0,
      dragging: false,
    });
  });
});

describe('loading and load errors (sections 4 and 8)', () => {
  it('goes from loading to loaded', () => {
    expect(run(opened(0, 2), { type: 'loaded' }).status).toBe('loaded');
  });

  it('goes to the broken state when the image fails, and a later load event does not hide it', () => {
    const broken = run(opened(0, 2), { type: 'failed' });
    expect(broken.status).toBe('broken');
    expect(run(broken, { type: 'loaded' }).status).toBe('broken');
    expect(run(broken, { type: 'next' }).status).toBe('loading');
  });

  it('allows no zoom, rotation, pan or pinch until the image has loaded', () => {
    for (const state of [opened(0, 2), run(opened(0, 2), { type: 'failed' })]) {
      expect(lightboxReducer(state, { type: 'zoomIn' })).toBe(state);
      expect(lightboxReducer(state, { type: 'zoomOut' })).toBe(state);
      expect(lightboxReducer(state, { type: 'zoomTo', zoom: 2 })).toBe(state);
      expect(lightboxReducer(state, { type: 'rotate' })).toBe(state);
      expect(lightboxReducer(state, { type: 'gestureStart' })).toBe(state);
    }
  });
});

describe('zoom (section 9: step 0.12, min 0.1, max 3)', () => {
  it('zooms in by exactly 0.12 per step', () => {
    const values: number[] = [];
    let state = loaded();
    for (let step = 0; step < 3; step += 1) {
      state = lightboxReducer(state, { type: 'zoomIn' });
      values.push(state.zoom);
    }
    expect(values).toEqual([1.12, 1.24, 1.36]);
  });

  it('zooms out by exactly 0.12 per step', () => {
    const values: number[] = [];
    let state = loaded();
    for (let step = 0; step < 3; step += 1) {
      state = lightboxReducer(state, { type: 'zoomOut' });
      values.push(state.zoom);
    }
    expect(values).toEqual([0.88, 0.76, 0.64]);
  });

  it('stops at the maximum 3', () => {
    const steps: number[] = [];
    let state = loaded();
    for (let step = 0; step < 30; step += 1) {
      state = lightboxReducer(state, { type: 'zoomIn' });
      steps.push(state.zoom);
    }
    expect(Math.max(...steps)).toBe(3);
    expect(steps[15]).toBe(2.92);
    expect(steps[16]).toBe(3);
    const atMax = state;
    expect(lightboxReducer(atMax, { type: 'zoomIn' })).toBe(atMax);
  });

  it('stops at the minimum 0.1', () => {
    const steps: number[] = [];
    let state = loaded();
    for (let step = 0; step < 20; step += 1) {
      state = lightboxReducer(state, { type: 'zoomOut' });
      steps.push(state.zoom);
    }
    expect(steps.slice(0, 8)).toEqual([0.88, 0.76, 0.64, 0.52, 0.4, 0.28, 0.16, 0.1]);
    expect(Math.min(...steps)).toBe(0.1);
    expect(lightboxReducer(state, { type: 'zoomOut' })).toBe(state);
  });

  it('clamps free zoom values (pinch) into 0.1..3', () => {
    expect(clampZoom(7)).toBe(3);
    expect(clampZoom(0.01)).toBe(0.1);
    expect(clampZoom(-2)).toBe(0.1);
    expect(clampZoom(1.234)).toBe(1.23);
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(run(loaded(), { type: 'zoomTo', zoom: 5 }).zoom).toBe(3);
    expect(run(loaded(), { type: 'zoomTo', zoom: 0 }).zoom).toBe(0.1);
  });

  it('drops the pan offset when zooming back to 1 or less', () => {
    const panned = run(
      loaded(),
      { type: 'zoomIn' },
      { type: 'dragStart' },
      { type: 'pan', x: 40, y: 12 },
      { type: 'dragEnd' },
    );
    expect(panned).toMatchObject({ offsetX: 40, offsetY: 12, dragging: false });
    expect(run(panned, { type: 'zoomOut' })).toMatchObject({ zoom: 1, offsetX: 0, offsetY: 0 });
  });
});

describe('rotation (section 9: 90-degree steps)', () => {
  it('rotates in 90-degree steps modulo 360', () => {
    const angles: number[] = [];
    let state = loaded();
    for (let step = 0; step < 6; step += 1) {
      state = lightboxReducer(state, { type: 'rotate' });
      angles.push(state.rotation);
    }
    expect(angles).toEqual([90, 180, 270, 0, 90, 180]);
  });
});

describe('dragging and gesturing (section 4)', () => {
  it('drags only a zoomed-in image', () => {
    const unzoomed = loaded();
    expect(lightboxReducer(unzoomed, { type: 'dragStart' })).toBe(unzoomed);
    expect(lightboxReducer(unzoomed, { type: 'pan', x: 10, y: 10 })).toBe(unzoomed);
    const dragging = run(unzoomed, { type: 'zoomIn' }, { type: 'dragStart' });
    expect(dragging.dragging).toBe(true);
    expect(run(dragging, { type: 'pan', x: -5, y: 7 })).toMatchObject({ offsetX: -5, offsetY: 7 });
    expect(run(dragging, { type: 'dragEnd' }).dragging).toBe(false);
  });

  it('a pinch gesture ends dragging and zooms freely within the limits', () => {
    const pinching = run(loaded(), { type: 'zoomIn' }, { type: 'dragStart' }, { type: 'gestureStart' });
    expect(pinching).toMatchObject({ gesturing: true, dragging: false });
    expect(lightboxReducer(pinching, { type: 'dragStart' })).toBe(pinching);
    expect(run(pinching, { type: 'zoomTo', zoom: 2.5 }).zoom).toBe(2.5);
    expect(run(pinching, { type: 'gestureEnd' }).gesturing).toBe(false);
  });
});

describe('swipe (sections 5 and 9: over 50 px and more horizontal than vertical)', () => {
  it('51 px to the left with a smaller vertical movement is a swipe to the next image', () => {
    expect(swipeDirection(-51, 10)).toBe('next');
    expect(swipeDirection(-51, -50)).toBe('next');
  });

  it('51 px to the right is a swipe to the previous image', () => {
    expect(swipeDirection(51, 0)).toBe('previous');
  });

  it('exactly 50 px is no swipe', () => {
    expect(swipeDirection(-50, 0)).toBeNull();
    expect(swipeDirection(50, 0)).toBeNull();
  });

  it('a movement more vertical than horizontal is no swipe', () => {
    expect(swipeDirection(-120, 121)).toBeNull();
    expect(swipeDirection(80, -200)).toBeNull();
  });

  it('an equally horizontal and vertical movement is no swipe', () => {
    expect(swipeDirection(-60, 60)).toBeNull();
  });
});

describe('wheel throttle (section 9: 80 ms)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at most once per 80 ms', () => {
    vi.useFakeTimers();
    const throttle = createThrottle();
    const callback = vi.fn();
    expect(throttle(callback)).toBe(true);
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(40);
    expect(throttle(callback)).toBe(false);
    vi.advanceTimersByTime(39);
    expect(throttle(callback)).toBe(false);
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(throttle(callback)).toBe(true);
    expect(callback).toHaveBeenCalledTimes(2);
    expect(throttle(callback)).toBe(false);
    vi.advanceTimersByTime(500);
    expect(throttle(callback)).toBe(true);
    expect(callback).toHaveBeenCalledTimes(3);
  });

  it('measures from the last run, not from the last dropped call', () => {
    vi.useFakeTimers();
    const throttle = createThrottle(WHEEL_THROTTLE_MS);
    const callback = vi.fn();
    throttle(callback);
    for (let ms = 0; ms < 7; ms += 1) {
      vi.advanceTimersByTime(10);
      throttle(callback);
    }
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10);
    throttle(callback);
    expect(callback).toHaveBeenCalledTimes(2);
  });
});

describe('keyboard', () => {
  it('maps the keys of the contract and nothing else', () => {
    expect(keyAction('Escape')).toEqual({ type: 'close' });
    expect(keyAction('ArrowLeft')).toEqual({ type: 'previous' });
    expect(keyAction('ArrowRight')).toEqual({ type: 'next' });
    expect(keyAction('+')).toEqual({ type: 'zoomIn' });
    expect(keyAction('=')).toEqual({ type: 'zoomIn' });
    expect(keyAction('-')).toEqual({ type: 'zoomOut' });
    expect(keyAction('r')).toEqual({ type: 'rotate' });
    expect(keyAction('R')).toEqual({ type: 'rotate' });
    expect(keyAction('Enter')).toBeNull();
    expect(keyAction('ArrowUp')).toBeNull();
    expect(keyAction('Tab')).toBeNull();
  });

  it('traps focus by wrapping at both ends', () => {
    expect(trapFocusIndex(0, 3, false)).toBe(1);
    expect(trapFocusIndex(2, 3, false)).toBe(0);
    expect(trapFocusIndex(0, 3, true)).toBe(2);
    expect(trapFocusIndex(-1, 3, false)).toBe(0);
    expect(trapFocusIndex(-1, 3, true)).toBe(2);
    expect(trapFocusIndex(0, 0, false)).toBe(-1);
  });
});

describe('image transform', () => {
  it('applies pan, zoom and rotation', () => {
    expect(imageTransform({ offsetX: 4, offsetY: -3, zoom: 1.12, rotation: 90 })).toBe(
      'translate(4px, -3px) scale(1.12) rotate(90deg)',
    );
  });
});

describe('items from Strapi media (section 3: src must be a string)', () => {
  const media = (overrides: Partial<StrapiMedia>): StrapiMedia => ({
    id: 1,
    url: '/uploads/a.jpg',
    alternativeText: 'Magazijn',
    caption: 'Het magazijn in Venlo',
    width: 1200,
    height: 800,
    formats: null,
    ...overrides,
  });

  it('uses the full URL, the caption as title and the alternative text as alt', () => {
    expect(toLightboxItems([media({})])).toEqual([
      { src: '/uploads/a.jpg', title: 'Het magazijn in Venlo', alt: 'Magazijn' },
    ]);
    expect(toLightboxItems([media({ caption: null })])[0]?.title).toBe('Magazijn');
    expect(toLightboxItems([media({ caption: ' ', alternativeText: null })])[0]).toEqual({
      src: '/uploads/a.jpg',
      title: undefined,
      alt: undefined,
    });
  });

  it('leaves out entries whose src is not a non-empty string', () => {
    const items = toLightboxItems([
      media({ url: '' }),
      media({ url: 42 as unknown as string }),
      null,
      undefined,
      media({ url: '/uploads/b.jpg' }),
    ]);
    expect(items.map((item) => item.src)).toEqual(['/uploads/b.jpg']);
  });
});
