/**
 * Image gallery: a thumbnail grid whose thumbnails are plain links to the full images (works
 * without JavaScript), enhanced with a modal lightbox (docs/product.md#entities–5, 8 and 9). The
 * lightbox code is a separate chunk fetched on the first hover, focus or click of a thumbnail and
 * rendered only while open.
 */
import { type ComponentType, type MouseEvent, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StrapiMedia } from '../../cms-types.ts';
import { IMAGE_SIZES } from '../image-sizes.ts';
import { ResponsiveImage } from '../media.tsx';
import type { LightboxDialogProps } from './lightbox-dialog.tsx';
import {
  INITIAL_LIGHTBOX_STATE,
  type LightboxItem,
  lightboxReducer,
  toLightboxItems,
} from './lightbox-state.ts';
import './gallery.css';

export interface GalleryProps {
  /** The images; entries without a URL are left out. Renders nothing when none is left. */
  images: ReadonlyArray<StrapiMedia>;
  /** Name of the gallery, used as the lightbox dialog's accessible name (the heading is the caller's). */
  title?: string;
  /** Whether next after the last image goes to the first and back (default false: blocked). */
  loop?: boolean;
  /** Called when an image fails to load in the lightbox (docs/product.md#errors: error event). */
  onError?: (item: LightboxItem, index: number) => void;
  className?: string;
  /** `sizes` of the thumbnails (../image-sizes.ts); the grid in a 48rem article unless given. */
  sizes?: string;
}

let dialogChunk: Promise<ComponentType<LightboxDialogProps>> | undefined;

/** Fetches the lightbox chunk once; a failed fetch is forgotten so the next attempt retries. */
function loadDialog(): Promise<ComponentType<LightboxDialogProps>> {
  dialogChunk ??= import('./lightbox-dialog.tsx').then(
    (module) => module.LightboxDialog,
    (error: unknown) => {
      dialogChunk = undefined;
      throw error;
    },
  );
  return dialogChunk;
}

function preload(): void {
  loadDialog().catch(() => {
    // Retried on click; a click that still fails follows the link to the image instead.
  });
}

function hasUrl(media: StrapiMedia | null | undefined): media is StrapiMedia {
  return typeof media?.url === 'string' && media.url !== '';
}

/** Thumbnail grid with a lightbox; `import { Gallery } from '.../ui/gallery/index.ts'`. */
export function Gallery({
  images,
  title,
  loop = false,
  onError,
  className,
  sizes = IMAGE_SIZES.gallery,
}: GalleryProps) {
  const { t } = useTranslation();
  const media = useMemo(() => images.filter(hasUrl), [images]);
  const items = useMemo(() => toLightboxItems(media), [media]);
  const [state, dispatch] = useReducer(lightboxReducer, INITIAL_LIGHTBOX_STATE);
  const [Dialog, setDialog] = useState<ComponentType<LightboxDialogProps> | null>(null);
  const opener = useRef<HTMLAnchorElement | null>(null);
  const wasVisible = useRef(false);

  // Focus goes back to the thumbnail that opened the lightbox when it closes.
  useEffect(() => {
    if (wasVisible.current && !state.visible) opener.current?.focus();
    wasVisible.current = state.visible;
  }, [state.visible]);

  if (media.length === 0) return null;

  const open = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const anchor = event.currentTarget;
    opener.current = anchor;
    loadDialog().then(
      (component) => {
        setDialog(() => component);
        dispatch({ type: 'open', index, count: items.length, loop });
      },
      () => window.location.assign(anchor.href),
    );
  };

  return (
    <>
      <ul
        className={className ? `gallery__grid ${className}` : 'gallery__grid'}
        onPointerEnter={preload}
        onFocus={preload}
      >
        {media.map((image, index) => (
          <li key={image.id}>
            <a
              href={image.url}
              className="gallery__thumb"
              aria-label={t('lightbox.thumbnail', { index: index + 1, total: media.length })}
              aria-haspopup="dialog"
              onClick={(event) => open(event, index)}
            >
              <ResponsiveImage media={image} sizes={sizes} />
            </a>
          </li>
        ))}
      </ul>
      {state.visible && Dialog ? (
        <Dialog items={items} state={state} dispatch={dispatch} title={title} onError={onError} />
      ) : null}
    </>
  );
}
