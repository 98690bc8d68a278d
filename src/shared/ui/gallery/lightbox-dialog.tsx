/**
 * The lightbox dialog: a modal `<dialog>` showing one image of a gallery with counter, caption,
 * previous/next, zoom, rotation, keyboard control, swipe, drag-to-pan and pinch. It only renders
 * the current state and turns DOM events into reducer actions; every rule lives in
 * `lightbox-state.ts`. Loaded on demand (the first thumbnail click) and rendered only while open,
 * so it costs nothing on the server or in the main bundle.
 */
import { type Dispatch, type PointerEvent as ReactPointerEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE } from '../../i18n/locale.ts';
import { useLocale } from '../root-data.ts';
import {
  canGoNext,
  canGoPrevious,
  createThrottle,
  imageTransform,
  keyAction,
  LIGHTBOX_ERROR_EVENT,
  type LightboxAction,
  type LightboxErrorDetail,
  type LightboxItem,
  type LightboxState,
  MAX_ZOOM,
  MIN_ZOOM,
  swipeDirection,
  trapFocusIndex,
  WHEEL_THROTTLE_MS,
} from './lightbox-state.ts';

export interface LightboxDialogProps {
  items: LightboxItem[];
  state: LightboxState;
  dispatch: Dispatch<LightboxAction>;
  /** Accessible name of the dialog (the gallery's title); a generic label otherwise. */
  title?: string;
  /** Called when the current image fails to load (docs/product.md#errors: error event). */
  onError?: (item: LightboxItem, index: number) => void;
}

/** Movement in CSS px under which a press on the backdrop counts as a click (closes the dialog). */
const CLICK_SLOP_PX = 5;

const FOCUSABLE = 'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** Where a one- or two-pointer interaction started. */
interface Gesture {
  startX: number;
  startY: number;
  offsetX: number;
  offsetY: number;
  zoom: number;
  /** Distance between two pointers when a pinch started (px), 0 without a pinch. */
  distance: number;
  pinched: boolean;
  onBackdrop: boolean;
}

function distance(points: Array<{ x: number; y: number }>): number {
  const [a, b] = points;
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
}

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const ICONS = {
  close: 'M6 6l12 12M18 6L6 18',
  previous: 'M15 5l-7 7 7 7',
  next: 'M9 5l7 7-7 7',
  zoomIn: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4M11 8v6M8 11h6',
  zoomOut: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4M8 11h6',
  rotate: 'M20 11a8 8 0 1 1-2.3-5.7M20 4v5h-5',
  broken: 'M4 5h16v14H4zM4 15l4-4 3 3M14 12l2-2 4 4M9 5l2 5-2 3 2 6',
} as const;

/** The modal lightbox for `state` (render it only while `state.visible`). */
export function LightboxDialog({ items, state, dispatch, title, onError }: LightboxDialogProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<Gesture | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const ids = useId();
  const item = state.status === 'empty' ? undefined : items[state.index];
  const ready = state.status === 'loaded';

  // Modal on mount (top layer, rest of the page inert), body scroll locked, focus on "close".
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const root = document.documentElement;
    root.dataset.lightboxOpen = 'true';
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      delete root.dataset.lightboxOpen;
      if (dialog.open) dialog.close();
    };
  }, []);

  // Keyboard (spec: Escape, arrows, +/-, r) and the focus trap. On the document, because a button
  // that becomes disabled (e.g. "next" at the last image) drops focus to the body.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const dialog = dialogRef.current;
      if (!dialog || event.altKey || event.ctrlKey || event.metaKey) return;
      const action = keyAction(event.key);
      if (action) {
        event.preventDefault();
        dispatch(action);
        return;
      }
      if (event.key === 'Tab') {
        const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const current = focusable.indexOf(document.activeElement as HTMLElement);
        const next = focusable[trapFocusIndex(current, focusable.length, event.shiftKey)];
        event.preventDefault();
        (next ?? dialog).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [dispatch]);

  // Focus never leaves the dialog: when the focused button became disabled, focus the dialog.
  // Chromium does not move focus off a button when it is disabled but later, at a rendering update
  // (the HTML standard's focus fixup rule), which may come after this effect: a disabled button
  // that still holds focus counts as lost focus too.
  useEffect(() => {
    const dialog = dialogRef.current;
    const active = document.activeElement;
    const lost = !dialog?.contains(active) || (active instanceof HTMLButtonElement && active.disabled);
    if (dialog && lost) dialog.focus();
  });

  // Wheel zoom, throttled (docs/product.md#constants: 80 ms). Native listener: React's is passive.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const throttle = createThrottle(WHEEL_THROTTLE_MS);
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      if (event.deltaY === 0 || stateRef.current.status !== 'loaded') return;
      throttle(() => dispatch({ type: event.deltaY < 0 ? 'zoomIn' : 'zoomOut' }));
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, [dispatch]);

  const close = () => dispatch({ type: 'close' });

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const current = stateRef.current;
    if (pointers.current.size === 1) {
      gesture.current = {
        startX: event.clientX,
        startY: event.clientY,
        offsetX: current.offsetX,
        offsetY: current.offsetY,
        zoom: current.zoom,
        distance: 0,
        pinched: false,
        onBackdrop: event.target === event.currentTarget,
      };
      if (current.zoom > 1) dispatch({ type: 'dragStart' });
    } else if (pointers.current.size === 2 && gesture.current) {
      gesture.current = {
        ...gesture.current,
        zoom: current.zoom,
        distance: distance([...pointers.current.values()]),
        pinched: true,
      };
      dispatch({ type: 'gestureStart' });
    }
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const start = gesture.current;
    const current = stateRef.current;
    if (!start) return;
    if (current.gesturing && pointers.current.size >= 2 && start.distance > 0) {
      const scale = distance([...pointers.current.values()]) / start.distance;
      dispatch({ type: 'zoomTo', zoom: start.zoom * scale });
    } else if (current.dragging) {
      dispatch({
        type: 'pan',
        x: start.offsetX + event.clientX - start.startX,
        y: start.offsetY + event.clientY - start.startY,
      });
    }
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const start = gesture.current;
    const current = stateRef.current;
    if (current.gesturing) {
      if (pointers.current.size < 2) dispatch({ type: 'gestureEnd' });
      if (pointers.current.size === 0) gesture.current = null;
      return;
    }
    if (pointers.current.size > 0) return;
    gesture.current = null;
    if (current.dragging) {
      dispatch({ type: 'dragEnd' });
      return;
    }
    if (!start || start.pinched || event.type !== 'pointerup') return;
    const dx = event.clientX - start.startX;
    const dy = event.clientY - start.startY;
    const direction = swipeDirection(dx, dy);
    if (direction) dispatch({ type: direction });
    else if (start.onBackdrop && Math.hypot(dx, dy) < CLICK_SLOP_PX) close();
  };

  const onImageError = () => {
    dispatch({ type: 'failed' });
    if (!item) return;
    onError?.(item, state.index);
    dialogRef.current?.dispatchEvent(
      new CustomEvent<LightboxErrorDetail>(LIGHTBOX_ERROR_EVENT, {
        bubbles: true,
        detail: { item, index: state.index },
      }),
    );
  };

  const quarterTurn = state.rotation % 180 !== 0;
  const imageClass = [
    'lightbox__image',
    quarterTurn ? 'lightbox__image--quarter' : '',
    state.status === 'loading' ? 'lightbox__image--loading' : '',
    state.status === 'broken' ? 'lightbox__image--broken' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <dialog
      ref={dialogRef}
      className={`lightbox${state.dragging ? ' lightbox--dragging' : ''}${state.gesturing ? ' lightbox--gesturing' : ''}`}
      // biome-ignore lint/a11y/noRedundantRoles: stated explicitly for assistive tech that predates <dialog>
      role="dialog"
      aria-modal="true"
      aria-label={title || t('lightbox.label')}
      aria-describedby={`${ids}-hint`}
      lang={locale}
      tabIndex={-1}
      data-status={state.status}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClose={close}
    >
      <p id={`${ids}-hint`} className="visually-hidden">
        {t('lightbox.hint')}
      </p>
      <div className="lightbox__bar">
        <p className="lightbox__counter" aria-live="polite">
          {state.count > 0 && state.status !== 'empty'
            ? t('lightbox.counter', { index: state.index + 1, total: state.count })
            : null}
        </p>
        <div className="lightbox__tools">
          <button
            type="button"
            className="lightbox__button"
            aria-label={t('lightbox.zoomOut')}
            title={t('lightbox.zoomOut')}
            disabled={!ready || state.zoom <= MIN_ZOOM}
            onClick={() => dispatch({ type: 'zoomOut' })}
          >
            <Icon path={ICONS.zoomOut} />
          </button>
          <output className="lightbox__zoom" aria-label={t('lightbox.zoomLevel')}>
            {Math.round(state.zoom * 100)}%
          </output>
          <button
            type="button"
            className="lightbox__button"
            aria-label={t('lightbox.zoomIn')}
            title={t('lightbox.zoomIn')}
            disabled={!ready || state.zoom >= MAX_ZOOM}
            onClick={() => dispatch({ type: 'zoomIn' })}
          >
            <Icon path={ICONS.zoomIn} />
          </button>
          <button
            type="button"
            className="lightbox__button"
            aria-label={t('lightbox.rotate')}
            title={t('lightbox.rotate')}
            disabled={!ready}
            onClick={() => dispatch({ type: 'rotate' })}
          >
            <Icon path={ICONS.rotate} />
          </button>
          <button
            type="button"
            className="lightbox__button lightbox__button--close"
            aria-label={t('lightbox.close')}
            title={t('lightbox.close')}
            data-autofocus
            onClick={close}
          >
            <Icon path={ICONS.close} />
          </button>
        </div>
      </div>
      <div
        ref={stageRef}
        className="lightbox__stage"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        {item ? (
          <img
            key={`${state.index}:${item.src}`}
            className={imageClass}
            src={item.src}
            alt={item.alt ?? item.title ?? ''}
            draggable={false}
            decoding="async"
            style={{ transform: imageTransform(state) }}
            data-zoom={state.zoom}
            data-rotation={state.rotation}
            onLoad={() => dispatch({ type: 'loaded' })}
            onError={onImageError}
          />
        ) : null}
        {state.status === 'loading' ? (
          <div className="lightbox__loading" role="status">
            <span className="lightbox__spinner" aria-hidden="true" />
            <span className="visually-hidden">{t('lightbox.loading')}</span>
          </div>
        ) : null}
        {state.status === 'broken' && item ? (
          <div className="lightbox__message lightbox__message--broken" role="alert">
            <Icon path={ICONS.broken} />
            <p>{t('lightbox.broken')}</p>
            <a href={item.src} target="_blank" rel="noopener">
              {t('lightbox.openOriginal')}
            </a>
          </div>
        ) : null}
        {state.status === 'empty' ? (
          <div className="lightbox__message lightbox__message--empty" role="alert">
            <p>{t('lightbox.empty')}</p>
          </div>
        ) : null}
      </div>
      {state.count > 1 ? (
        <>
          <button
            type="button"
            className="lightbox__nav lightbox__nav--previous"
            aria-label={t('lightbox.previous')}
            title={t('lightbox.previous')}
            disabled={!canGoPrevious(state)}
            onClick={() => dispatch({ type: 'previous' })}
          >
            <Icon path={ICONS.previous} />
          </button>
          <button
            type="button"
            className="lightbox__nav lightbox__nav--next"
            aria-label={t('lightbox.next')}
            title={t('lightbox.next')}
            disabled={!canGoNext(state)}
            onClick={() => dispatch({ type: 'next' })}
          >
            <Icon path={ICONS.next} />
          </button>
        </>
      ) : null}
      {item?.title ? (
        // Captions and alternative texts come from the media library, in Dutch only (decision 099).
        <p className="lightbox__caption">
          {locale === DEFAULT_LOCALE ? (
            item.title
          ) : (
            <>
              <span lang={DEFAULT_LOCALE}>{item.title}</span>{' '}
              <span className="untranslated-note untranslated-note--inline" data-untranslated="caption">
                {t('lightbox.captionInDutch')}
              </span>
            </>
          )}
        </p>
      ) : null}
    </dialog>
  );
}
