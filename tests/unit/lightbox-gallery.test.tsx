/**
 * Markup of the gallery and the lightbox dialog, rendered with react-dom/server: the
 * thumbnails are plain links to the full images (no JavaScript needed), the server renders no
 * dialog, and the dialog shows the state it is given (labels from i18n in Dutch and English,
 * counter, caption, blocked buttons, loading, broken and empty states). Interaction is covered by
 * tests/e2e/gallery.test.ts.
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { StrapiMedia } from '../../src/shared/cms-types.ts';
import type { Locale } from '../../src/shared/i18n/locale.ts';
import { i18nFor } from '../../src/shared/i18n/translations.ts';
import { Gallery } from '../../src/shared/ui/gallery/index.ts';
import { LightboxDialog } from '../../src/shared/ui/gallery/lightbox-dialog.tsx';
import {
  INITIAL_LIGHTBOX_STATE,
  type LightboxAction,
  type LightboxItem,
  type LightboxState,
  lightboxReducer,
} from '../../src/shared/ui/gallery/lightbox-state.ts';
import { LocaleContext } from '../../src/shared/ui/root-data.ts';

function render(element: ReactElement, locale: Locale = 'nl'): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor(locale)}>
      <LocaleContext.Provider value={locale}>{element}</LocaleContext.Provider>
    </I18nextProvider>,
  );
}

const media = (id: number, name: string): StrapiMedia => ({
  id,
  url: `/uploads/${name}.jpg`,
  alternativeText: `Alt ${name}`,
  caption: `Bijschrift ${name}`,
  width: 1200,
  height: 800,
  formats: { small: { url: `/uploads/small_${name}.jpg`, width: 500, height: 333 } },
});

const IMAGES = [media(1, 'een'), media(2, 'twee'), media(3, 'drie')];
const ITEMS: LightboxItem[] = IMAGES.map((image) => ({
  src: image.url,
  title: image.caption ?? undefined,
  alt: image.alternativeText ?? undefined,
}));

function state(...actions: LightboxAction[]): LightboxState {
  return actions.reduce(lightboxReducer, INITIAL_LIGHTBOX_STATE);
}

function dialog(current: LightboxState, locale: Locale = 'nl', title?: string): string {
  return render(
    <LightboxDialog items={ITEMS} state={current} dispatch={() => undefined} title={title} />,
    locale,
  );
}

/** The opening tag of the button with `aria-label`. */
function button(html: string, label: string): string {
  const match = html.match(new RegExp(`<button[^>]*aria-label="${label}"[^>]*>`));
  expect(match, `button ${label}`).not.toBeNull();
  return match![0];
}

describe('Gallery (server render)', () => {
  it('renders every thumbnail as a link to the full image and no dialog', () => {
    const html = render(<Gallery images={IMAGES} title="Fotogalerij" />);
    const links = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>/g)].map((match) => match[1]);
    expect(links).toEqual(['/uploads/een.jpg', '/uploads/twee.jpg', '/uploads/drie.jpg']);
    expect(html).toContain('aria-label="Foto 2 van 3 vergroten"');
    expect(html).toContain('src="/uploads/small_een.jpg"');
    expect(html).not.toContain('<dialog');
    expect(html).not.toContain('role="dialog"');
  });

  it('labels the thumbnails in English', () => {
    expect(render(<Gallery images={IMAGES} />, 'en')).toContain('aria-label="Enlarge photo 3 of 3"');
  });

  it('leaves out images without a URL and renders nothing without images', () => {
    const html = render(<Gallery images={[IMAGES[0]!, { ...IMAGES[1]!, url: '' }]} />);
    expect(html.match(/<li>/g)).toHaveLength(1);
    expect(html).toContain('Foto 1 van 1 vergroten');
    expect(render(<Gallery images={[]} />)).toBe('');
  });
});

describe('LightboxDialog markup', () => {
  it('is a labelled modal dialog with Dutch controls, counter and caption', () => {
    const html = dialog(state({ type: 'open', index: 0, count: 3 }, { type: 'loaded' }), 'nl', 'Fotogalerij');
    expect(html).toMatch(/<dialog[^>]*role="dialog"/);
    expect(html).toContain('aria-modal="true"');
    expect(html).toContain('aria-label="Fotogalerij"');
    expect(html).toContain('Afbeelding 1 van 3');
    expect(html).toContain('<p class="lightbox__caption">Bijschrift een</p>');
    expect(html).toContain('src="/uploads/een.jpg"');
    expect(html).toContain('alt="Alt een"');
    for (const label of ['Sluiten', 'Vorige', 'Volgende', 'Inzoomen', 'Uitzoomen', 'Draaien'])
      button(html, label);
    expect(html).toContain('scale(1)');
  });

  it('uses a generic label without a title and English texts under /en', () => {
    const html = dialog(state({ type: 'open', index: 1, count: 3 }, { type: 'loaded' }), 'en');
    expect(html).toContain('aria-label="Photo viewer"');
    expect(html).toContain('Image 2 of 3');
    for (const label of ['Close', 'Previous', 'Next', 'Zoom in', 'Zoom out', 'Rotate']) button(html, label);
    expect(html).toContain('lang="en"');
    // The caption comes from the media library in Dutch: marked so, and said so (decision 100).
    expect(html).toContain(
      '<p class="lightbox__caption"><span lang="nl">Bijschrift twee</span> <span class="untranslated-note untranslated-note--inline" data-untranslated="caption">(caption only available in Dutch)</span></p>',
    );
  });

  it('disables previous at the first and next at the last image without looping', () => {
    const first = dialog(state({ type: 'open', index: 0, count: 3 }, { type: 'loaded' }));
    expect(button(first, 'Vorige')).toContain('disabled');
    expect(button(first, 'Volgende')).not.toContain('disabled');
    const last = dialog(state({ type: 'open', index: 2, count: 3 }, { type: 'loaded' }));
    expect(button(last, 'Volgende')).toContain('disabled');
    expect(button(last, 'Vorige')).not.toContain('disabled');
  });

  it('enables both at the ends when looping', () => {
    const first = dialog(state({ type: 'open', index: 0, count: 3, loop: true }, { type: 'loaded' }));
    expect(button(first, 'Vorige')).not.toContain('disabled');
    const last = dialog(state({ type: 'open', index: 2, count: 3, loop: true }, { type: 'loaded' }));
    expect(button(last, 'Volgende')).not.toContain('disabled');
  });

  it('shows the loading state with zoom and rotation disabled until the image has loaded', () => {
    const html = dialog(state({ type: 'open', index: 1, count: 3 }));
    expect(html).toContain('data-status="loading"');
    expect(html).toContain('Afbeelding wordt geladen…');
    expect(html).toContain('lightbox__image--loading');
    expect(button(html, 'Inzoomen')).toContain('disabled');
    expect(button(html, 'Draaien')).toContain('disabled');
  });

  it('shows the broken-image state after a load error', () => {
    const html = dialog(state({ type: 'open', index: 1, count: 3 }, { type: 'failed' }));
    expect(html).toContain('data-status="broken"');
    expect(html).toContain('Deze afbeelding kan niet worden geladen.');
    expect(html).toContain('role="alert"');
    expect(html).not.toContain('Afbeelding wordt geladen…');
  });

  it('shows the error state without images', () => {
    const html = render(
      <LightboxDialog
        items={[]}
        state={state({ type: 'open', index: 0, count: 0 })}
        dispatch={() => undefined}
      />,
    );
    expect(html).toContain('data-status="empty"');
    expect(html).toContain('Er zijn geen afbeeldingen om te tonen.');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('Afbeelding 1 van');
  });

  it('disables zoom in at 3 and shows the zoom level and rotation in the transform', () => {
    const zoomedIn = state(
      { type: 'open', index: 0, count: 3 },
      { type: 'loaded' },
      ...Array.from({ length: 20 }, (): LightboxAction => ({ type: 'zoomIn' })),
      { type: 'rotate' },
    );
    const html = dialog(zoomedIn);
    expect(button(html, 'Inzoomen')).toContain('disabled');
    expect(button(html, 'Uitzoomen')).not.toContain('disabled');
    expect(html).toContain('300%');
    expect(html).toContain('scale(3) rotate(90deg)');
    expect(html).toContain('lightbox__image--quarter');
  });
});
