/**
 * Dynamic-zone blocks of CMS pages: one registry mapping `__component` to its view (LaunchPad's
 * pattern), so adding a block type is one entry here and one component in the CMS.
 */
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  Article,
  Block,
  CallToActionBlock,
  ContentListBlock,
  Event,
  GalleryBlock,
  ImageBlock,
  RichTextBlock,
  Vacancy,
} from '../cms-types.ts';
import { AppLink } from './app-link.tsx';
import { ArticleCard, EventCard, VacancyCard } from './cards.tsx';
import { Gallery } from './gallery/index.ts';
import { IMAGE_SIZES } from './image-sizes.ts';
import { ResponsiveImage } from './media.tsx';
import { RichText } from './rich-text.tsx';

/** A block as the loader hands it over: content lists carry the items they show. */
export type ResolvedBlock = Block & { items?: Array<Article | Event | Vacancy> };

function RichTextView({ block }: { block: RichTextBlock }) {
  return <RichText content={block.body} className="prose block block--rich-text" anchors />;
}

function ImageView({ block }: { block: ImageBlock }) {
  return (
    <figure className="block block--image">
      <ResponsiveImage media={block.image} sizes={IMAGE_SIZES.blockImage} />
      {block.caption ? <figcaption>{block.caption}</figcaption> : null}
    </figure>
  );
}

function GalleryView({ block }: { block: GalleryBlock }) {
  const images = block.images ?? [];
  if (images.length === 0) return null;
  return (
    <section className="block block--gallery gallery">
      {block.title ? <h2>{block.title}</h2> : null}
      <Gallery images={images} title={block.title ?? undefined} sizes={IMAGE_SIZES.blockGallery} />
    </section>
  );
}

function CallToActionView({ block }: { block: CallToActionBlock }) {
  return (
    <section className="block block--cta">
      <h2>{block.title}</h2>
      {block.text ? <p>{block.text}</p> : null}
      <AppLink to={block.url} className="button button--secondary">
        {block.label}
      </AppLink>
    </section>
  );
}

function ContentListView({
  block,
}: {
  block: ContentListBlock & { items?: Array<Article | Event | Vacancy> };
}) {
  const { t } = useTranslation();
  const items = block.items ?? [];
  return (
    <section className="block block--list">
      {block.title ? <h2 className="section-title">{block.title}</h2> : null}
      {items.length === 0 ? <p className="empty-state">{t('blocks.emptyList')}</p> : null}
      <div className={block.kind === 'news' ? 'grid grid--news' : 'stack'}>
        {items.map((item) =>
          block.kind === 'events' ? (
            <EventCard key={item.documentId} event={item as Event} />
          ) : block.kind === 'vacancies' ? (
            <VacancyCard key={item.documentId} vacancy={item as Vacancy} />
          ) : (
            <ArticleCard key={item.documentId} article={item as Article} />
          ),
        )}
      </div>
    </section>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: each view takes its own block type; the registry is keyed by it
const REGISTRY: Record<Block['__component'], ComponentType<{ block: any }>> = {
  'blocks.rich-text': RichTextView,
  'blocks.image': ImageView,
  'blocks.gallery': GalleryView,
  'blocks.call-to-action': CallToActionView,
  'blocks.content-list': ContentListView,
};

/** Renders blocks in order; unknown block types (newer CMS than portal) are skipped. */
export function BlockList({ blocks }: { blocks: ResolvedBlock[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        const View = REGISTRY[block.__component];
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no stable id across locales
        return View ? <View key={`${block.__component}-${index}`} block={block} /> : null;
      })}
    </>
  );
}
