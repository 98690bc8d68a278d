/**
 * An editor's page `/redactie/{author}`: the author by slug from the CMS (name, role, photo, bio;
 * unknown → 404) and their articles, newest first, `AUTHOR_PAGE_SIZE` a page with the shared
 * pager (`?pagina=n`; a malformed page or one past the last → 404; decisions 099 and 100).
 * English titles under `/en` where translated (decision 061).
 */
import { data } from 'react-router';
import type { Author } from '../../shared/cms-types.ts';
import type { AuthorData } from '../../shared/pages/author/author.page.tsx';
import { PAGE_PARAM } from '../../shared/paging.ts';
import { notFound, pageParam } from '../cms/paging.server.ts';
import { pagedArticles } from '../cms/queries/articles.server.ts';
import { DETAIL_MEDIA_FIELDS } from '../cms/queries/fields.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';

/** Articles a page on an author's page. */
export const AUTHOR_PAGE_SIZE = 9;

/** What an author's page shows of the author. */
export const AUTHOR_QUERY = {
  fields: ['name', 'slug', 'role', 'bio'],
  populate: { photo: { fields: DETAIL_MEDIA_FIELDS } },
} as const;

export async function loader({ params, context, request }: PortalLoaderArgs) {
  const page = pageParam(request, PAGE_PARAM);
  const slug = params.author ?? '';
  const [author, articles] = await Promise.all([
    context.strapi.findFirst<Author>('authors', { ...AUTHOR_QUERY, filters: { slug: { $eq: slug } } }),
    pagedArticles(context, page, AUTHOR_PAGE_SIZE, { authorProfile: { slug: { $eq: slug } } }),
  ]);
  if (!author) throw notFound();
  const body: AuthorData = { author, articles: articles.data, pagination: articles.pagination };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
