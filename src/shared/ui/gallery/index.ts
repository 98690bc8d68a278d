/**
 * Public API of the gallery with lightbox: `<Gallery images title? loop? onError? />`.
 * The lightbox dialog itself is loaded on demand and is not exported.
 */
export { Gallery, type GalleryProps } from './gallery.tsx';
export {
  LIGHTBOX_ERROR_EVENT,
  type LightboxErrorDetail,
  type LightboxItem,
  toLightboxItems,
} from './lightbox-state.ts';
