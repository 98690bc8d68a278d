/**
 * Canonical, unprefixed paths of content items (spec section 2 route table). `{id}` is the
 * Strapi 5 documentId, which stays the same across publish cycles (docs/decisions/005).
 */
import type { Article, Event, Magazine, Tag, Vacancy } from './strapi/types.ts';

export const articlePath = (a: Pick<Article, 'documentId' | 'slug'>): string =>
  `/news/${a.documentId}/${a.slug}`;
export const tagPath = (t: Pick<Tag, 'slug'>): string => `/news/tag/${t.slug}`;
export const eventPath = (e: Pick<Event, 'slug'>): string => `/events/${e.slug}`;
export const vacancyPath = (v: Pick<Vacancy, 'documentId' | 'slug'>): string =>
  `/jobs/vacature/${v.documentId}/${v.slug}`;
export const magazinePath = (m: Pick<Magazine, 'documentId' | 'slug'>): string =>
  `/magazines/${m.documentId}/${m.slug}`;
export const topicPath = (slug: string): string => `/${slug}`;
