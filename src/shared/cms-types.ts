/**
 * Browser-safe Strapi types shared by server and client code (no runtime code, no Node imports).
 *
 * Every entity type describes the ONE normalised shape produced by the server-side Strapi client
 * (`src/server/cms/normalize.server.ts`): the Strapi 5 flat shape, where an entry has `id`, `documentId`
 * and its attributes at top level, relations and media are plain (arrays of) objects or `null`.
 * Relations are optional because they are only present when populated.
 * Source of the content model: docs/content-model.md; shape rule: product docs/product.md#cms-calls.
 */
import type { Locale } from './i18n/locale.ts';

/** Pagination block of a list response (page-based; all values are counts, `page` is 1-based). */
export interface StrapiPagination {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

/** `meta` of a normalised response; `pagination` only exists for lists from Strapi v4/v5. */
export interface StrapiMeta {
  pagination?: StrapiPagination;
  [key: string]: unknown;
}

/** Normalised list response (`find`): `data` is always an array. */
export interface StrapiList<T> {
  data: T[];
  meta: StrapiMeta;
}

/** Normalised single-entry response (`findOne`/`findSingle` before unwrapping `.data`). */
export interface StrapiSingle<T> {
  data: T | null;
  meta: StrapiMeta;
}

/** Any normalised response (docs/product.md#cms-calls): `data` is an entry, a list of entries or `null`. */
export interface StrapiResponse<T = unknown> {
  data: T | T[] | null;
  meta: StrapiMeta;
}

/** The Strapi v4/v5 error body member `error` (also the shape of a normalised error). */
export interface StrapiErrorBody {
  status: number;
  name: string;
  message: string;
  details?: unknown;
}

/** Locale codes used by the portal (i18n plugin; `nl` is the default). */
export type StrapiLocale = 'nl' | 'en';

/** Fields every (normalised) collection or single-type entry has. */
export interface StrapiEntity {
  /** Database id (number; may be a string for Strapi v3 on MongoDB). Not stable across publish. */
  id: number | string;
  /** Stable id used in portal URLs (Strapi 5 `documentId`; `String(id)` for v3/v4). */
  documentId: string;
  createdAt?: string;
  updatedAt?: string;
  /** ISO date-time, `null` for drafts. */
  publishedAt?: string | null;
  /**
   * The language of the document's texts: Strapi's locale, or, for the translated types
   * (articles, events, vacancies, magazines), the language the portal shows them in
   * (docs/decisions/061-untranslated-content.md); absent means Dutch.
   */
  locale?: string;
  /** The languages a translated document exists in (set by the portal on its detail page). */
  locales?: Locale[];
}

/** Fields every component instance has. */
export interface StrapiComponentBase {
  id?: number;
}

/** One generated image format (responsive variant) of a media file. Width/height in px. */
export interface StrapiMediaFormat {
  url: string;
  width: number;
  height: number;
  name?: string;
  hash?: string;
  ext?: string;
  mime?: string;
  /** Size in kB (Strapi convention). */
  size?: number;
  path?: string | null;
}

/** A media file from the upload plugin. `width`/`height` in px, `null` for non-images. */
export interface StrapiMedia {
  id: number | string;
  documentId?: string;
  url: string;
  alternativeText: string | null;
  caption?: string | null;
  name?: string;
  width: number | null;
  height: number | null;
  /**
   * The upload plugin's formats and, for JPEG/PNG/TIFF/GIF uploads, their WebP variants made by the
   * CMS (`webp_<format>`, `webp_original` at the original's size; docs/decisions/069).
   */
  formats: {
    thumbnail?: StrapiMediaFormat;
    small?: StrapiMediaFormat;
    medium?: StrapiMediaFormat;
    large?: StrapiMediaFormat;
    webp_thumbnail?: StrapiMediaFormat;
    webp_small?: StrapiMediaFormat;
    webp_medium?: StrapiMediaFormat;
    webp_large?: StrapiMediaFormat;
    webp_original?: StrapiMediaFormat;
  } | null;
  mime?: string;
  ext?: string;
  /** Size in kB (Strapi convention). */
  size?: number;
  hash?: string;
  previewUrl?: string | null;
  provider?: string;
}

// ---------------------------------------------------------------------------------------------
// Rich text (Strapi 5 "blocks" field)
// ---------------------------------------------------------------------------------------------

/** Inline text leaf of a blocks document, with optional marks. */
export interface StrapiTextNode {
  type: 'text';
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  code?: boolean;
}

/** Inline link of a blocks document. */
export interface StrapiLinkNode {
  type: 'link';
  url: string;
  children: StrapiTextNode[];
}

/** Inline content of a block. */
export type StrapiInlineNode = StrapiTextNode | StrapiLinkNode;

/** Paragraph block. */
export interface StrapiParagraphBlock {
  type: 'paragraph';
  children: StrapiInlineNode[];
}

/** Heading block (`level` 1–6). */
export interface StrapiHeadingBlock {
  type: 'heading';
  level: 1 | 2 | 3 | 4 | 5 | 6;
  children: StrapiInlineNode[];
}

/** Block quote. */
export interface StrapiQuoteBlock {
  type: 'quote';
  children: StrapiInlineNode[];
}

/** Code block (`language` optional). */
export interface StrapiCodeBlock {
  type: 'code';
  language?: string;
  children: StrapiInlineNode[];
}

/** Item of a list block. */
export interface StrapiListItemBlock {
  type: 'list-item';
  children: StrapiInlineNode[];
}

/** Ordered or unordered list block. */
export interface StrapiListBlock {
  type: 'list';
  format: 'ordered' | 'unordered';
  indentLevel?: number;
  /** List items, or nested lists (indentation). */
  children: Array<StrapiListItemBlock | StrapiListBlock>;
}

/** Image embedded in a blocks document (media fields inline). */
export interface StrapiImageBlock {
  type: 'image';
  image: Omit<StrapiMedia, 'id'> & { id?: number | string };
  children: StrapiInlineNode[];
}

/** Any top-level node of a blocks document. */
export type StrapiBlockNode =
  | StrapiParagraphBlock
  | StrapiHeadingBlock
  | StrapiQuoteBlock
  | StrapiCodeBlock
  | StrapiListBlock
  | StrapiImageBlock;

/** A Strapi 5 rich-text (blocks) document. */
export type StrapiBlocks = StrapiBlockNode[];

// ---------------------------------------------------------------------------------------------
// Components (docs/content-model.md "Components")
// ---------------------------------------------------------------------------------------------

/** `shared.seo` */
export interface SeoComponent extends StrapiComponentBase {
  metaTitle?: string | null;
  metaDescription?: string | null;
  shareImage?: StrapiMedia | null;
}

/** `shared.link`: `url` is a relative path or absolute URL. */
export interface LinkComponent extends StrapiComponentBase {
  label: string;
  url: string;
}

/** `shared.address` (`country` defaults to `NL`). */
export interface AddressComponent extends StrapiComponentBase {
  street?: string | null;
  postalCode?: string | null;
  city?: string | null;
  country?: string | null;
}

/** `shared.contact` */
export interface ContactComponent extends StrapiComponentBase {
  email?: string | null;
  phone?: string | null;
  street?: string | null;
  postalCode?: string | null;
  city?: string | null;
  kvk?: string | null;
}

/** `shared.benefit` */
export interface BenefitComponent extends StrapiComponentBase {
  text: string;
}

/** Dynamic-zone block `blocks.rich-text`. */
export interface RichTextBlock extends StrapiComponentBase {
  __component: 'blocks.rich-text';
  body?: StrapiBlocks | null;
}

/** Dynamic-zone block `blocks.image`. */
export interface ImageBlock extends StrapiComponentBase {
  __component: 'blocks.image';
  image: StrapiMedia | null;
  caption?: string | null;
}

/** Dynamic-zone block `blocks.gallery`. */
export interface GalleryBlock extends StrapiComponentBase {
  __component: 'blocks.gallery';
  title?: string | null;
  images?: StrapiMedia[] | null;
}

/** Dynamic-zone block `blocks.call-to-action`. */
export interface CallToActionBlock extends StrapiComponentBase {
  __component: 'blocks.call-to-action';
  title: string;
  text?: string | null;
  label: string;
  url: string;
}

/** Kinds of content a `blocks.content-list` can show. */
export type ContentListKind = 'news' | 'events' | 'vacancies';

/** Dynamic-zone block `blocks.content-list` (`limit` defaults to 6). */
export interface ContentListBlock extends StrapiComponentBase {
  __component: 'blocks.content-list';
  title?: string | null;
  kind: ContentListKind;
  limit?: number | null;
  topic?: Topic | null;
}

/** Union of the page dynamic-zone blocks, discriminated by `__component`. */
export type Block = RichTextBlock | ImageBlock | GalleryBlock | CallToActionBlock | ContentListBlock;

/** The `__component` discriminator values of {@link Block}. */
export type BlockComponentName = Block['__component'];

// ---------------------------------------------------------------------------------------------
// Content types (docs/content-model.md table)
// ---------------------------------------------------------------------------------------------

/** Slugs of the fixed topics. */
export type TopicSlug = 'ecommerce' | 'logistiek' | 'fulfilment' | (string & {});

/** `topics` */
export interface Topic extends StrapiEntity {
  name: string;
  slug: TopicSlug;
  description?: string | null;
  articles?: Article[];
  events?: Event[];
  vacancies?: Vacancy[];
}

/** `tags` */
export interface Tag extends StrapiEntity {
  name: string;
  slug: string;
  articles?: Article[];
}

/**
 * `authors`: an editor with a profile page `/redactie/{slug}` (decision 100). Role and bio are
 * written in Dutch only.
 */
export interface Author extends StrapiEntity {
  name: string;
  slug: string;
  /** The editor's job ("Redacteur logistiek"). */
  role?: string | null;
  photo?: StrapiMedia | null;
  /** A short introduction, plain text. */
  bio?: string | null;
}

/** `articles` (`publishDate` is an ISO date-time). */
export interface Article extends StrapiEntity {
  title: string;
  slug: string;
  summary?: string | null;
  body?: StrapiBlocks | null;
  cover?: StrapiMedia | null;
  gallery?: StrapiMedia[] | null;
  tags?: Tag[];
  topic?: Topic | null;
  /** The byline as written (a name, or "Redactie" for the editorial team). */
  author?: string | null;
  /** The editor behind the byline, when the article is related to one (their profile page). */
  authorProfile?: Author | null;
  publishDate: string;
  /** The editors' last revision of the text (shown as "Bijgewerkt op"; null when never revised). */
  modifiedDate?: string | null;
  seo?: SeoComponent | null;
}

/** `events` (date-times ISO; `timeZone` IANA name, default `Europe/Amsterdam`). */
export interface Event extends StrapiEntity {
  title: string;
  slug: string;
  startsAt: string;
  endsAt?: string | null;
  timeZone?: string | null;
  venue?: string | null;
  address?: AddressComponent | null;
  description?: StrapiBlocks | null;
  summary?: string | null;
  image?: StrapiMedia | null;
  gallery?: StrapiMedia[] | null;
  organiser?: string | null;
  /** The organiser's website (absolute) or a site path (`/over-ons`: the portal itself). */
  organiserUrl?: string | null;
  registrationOpen?: boolean | null;
  /** ISO 8601: when registration opens (the Offer's `validFrom`). */
  registrationOpensAt?: string | null;
  registrationUrl?: string | null;
  /** Euros per ticket (a CMS decimal); null or 0 = free. */
  price?: number | string | null;
  capacity?: number | null;
  topic?: Topic | null;
}

/** schema.org JobPosting `employmentType` values. */
export type EmploymentType = 'FULL_TIME' | 'PART_TIME' | 'CONTRACTOR' | 'TEMPORARY' | 'INTERN' | 'VOLUNTEER';

/** Unit of `salaryMin`/`salaryMax`. */
export type SalaryPeriod = 'HOUR' | 'MONTH' | 'YEAR';

/** Moderation state of a vacancy. */
export type VacancyReviewStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn';

/** `job-categories` (no draft & publish). */
export interface JobCategory extends StrapiEntity {
  name: string;
  slug: string;
  vacancies?: Vacancy[];
}

/** The (private) owner of a vacancy: a users-permissions user, as far as it is ever exposed. */
export interface StrapiUser {
  id: number | string;
  documentId?: string;
  username?: string;
  email?: string;
}

/** `vacancies` (salaries in whole euros per `salaryPeriod`). */
export interface Vacancy extends StrapiEntity {
  title: string;
  slug: string;
  description?: StrapiBlocks | null;
  summary?: string | null;
  employer: string;
  /** The employer's website (the JobPosting's `hiringOrganization.sameAs`). */
  employerWebsite?: string | null;
  /** The partner that is the employer, if any (its website and logo describe the employer). */
  partner?: Partner | null;
  /** The place of work (locality). */
  location: string;
  /** The workplace's street and number, postcode and province (all optional). */
  street?: string | null;
  postalCode?: string | null;
  region?: string | null;
  employmentType?: EmploymentType | null;
  salaryMin?: number | null;
  salaryMax?: number | null;
  salaryPeriod?: SalaryPeriod | null;
  category?: JobCategory | null;
  /** `YYYY-MM-DD`: shown from this Amsterdam day on; the posting date (JobPosting `datePosted`). */
  publishFrom?: string | null;
  validThrough?: string | null;
  owner?: StrapiUser | null;
  reviewStatus?: VacancyReviewStatus | null;
  topic?: Topic | null;
  applyUrl?: string | null;
  applyEmail?: string | null;
}

/** `magazines` (`date` is an ISO date `YYYY-MM-DD`). */
export interface Magazine extends StrapiEntity {
  title: string;
  slug: string;
  issue?: string | null;
  date: string;
  cover?: StrapiMedia | null;
  description?: StrapiBlocks | null;
  summary?: string | null;
  link?: string | null;
  pdf?: StrapiMedia | null;
}

/** Billing period of a subscription. */
export type SubscriptionPeriod = 'month' | 'quarter' | 'year';

/** `subscriptions` (`priceCents` in euro cents). */
export interface Subscription extends StrapiEntity {
  name: string;
  slug: string;
  priceCents: number;
  period?: SubscriptionPeriod | null;
  summary?: string | null;
  description?: StrapiBlocks | null;
  benefits?: BenefitComponent[] | null;
  order?: number | null;
}

/** `partners` (`link` is the `/partners/{link}` slug). */
export interface Partner extends StrapiEntity {
  name: string;
  link: string;
  logo?: StrapiMedia | null;
  description?: string | null;
  content?: StrapiBlocks | null;
  website?: string | null;
}

/** `redirects` (no draft & publish): `from` path → `to` path or absolute https URL. */
export interface Redirect extends StrapiEntity {
  from: string;
  to: string;
  statusCode?: 301 | 302 | null;
}

/** Layouts a page can use. */
export type PageLayout = 'default' | 'empty' | 'fullpage';

/** `pages` (localised; populated by default by the CMS). */
export interface Page extends StrapiEntity {
  title: string;
  slug: string;
  seo?: SeoComponent | null;
  layout?: PageLayout | null;
  topic?: Topic | null;
  blocks?: Block[] | null;
}

/** `statistics` entry (create-only for the public role). */
export interface Statistic extends StrapiEntity {
  session?: string | null;
  events?: unknown;
}

/** `site` single type (localised). */
export interface Site extends StrapiEntity {
  name?: string | null;
  tagline?: string | null;
  navigation?: LinkComponent[] | null;
  footerLinks?: LinkComponent[] | null;
  contact?: ContactComponent | null;
  social?: LinkComponent[] | null;
}
