/** Named reads of magazine issues (docs/content-model.md#magazine). */
import { MEDIA_FIELDS } from './fields.server.ts';

/** Fields of a magazine teaser (cover, title, issue, date). */
export const MAGAZINE_CARD_QUERY = {
  fields: ['title', 'slug', 'issue', 'date'],
  populate: { cover: { fields: MEDIA_FIELDS } },
  sort: ['date:desc', 'title:desc'],
} as const;

/** The cover of an issue on its own page. */
export const MAGAZINE_COVER = { fields: MEDIA_FIELDS } as const;

/** What the search index reads of a magazine issue. */
export const MAGAZINE_SEARCH_QUERY = {
  fields: ['title', 'slug', 'issue', 'date', 'summary', 'description'],
} as const;
