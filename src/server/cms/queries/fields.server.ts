/**
 * Field lists several queries share, each defined once (docs/decisions/043-cms-data-layer.md):
 * what the portal reads of an image, and of a related entry that is only named and linked.
 */

/** An image in a list or teaser: its URL, text alternative, size and responsive formats. */
export const MEDIA_FIELDS = ['url', 'alternativeText', 'width', 'height', 'formats'] as const;

/** An image on a detail page: as {@link MEDIA_FIELDS}, plus its caption. */
export const DETAIL_MEDIA_FIELDS = [...MEDIA_FIELDS, 'caption'] as const;

/** A related entry shown by name with a link (topic, tag, category). */
export const NAME_SLUG_FIELDS = ['name', 'slug'] as const;
