/** Home page data: latest news, upcoming events, open vacancies, topics, the most read news and the CMS `home` page. */
import { data } from 'react-router';
import type { Topic } from '../../shared/cms-types.ts';
import type { HomeData } from '../../shared/pages/home/home.page.tsx';
import { latestArticles, mostReadArticles } from '../cms/queries/articles.server.ts';
import { upcomingEvents } from '../cms/queries/events.server.ts';
import { findCmsPage } from '../cms/queries/pages.server.ts';
import { openVacancies } from '../cms/queries/vacancies.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';
import { deferredValue } from '../render/deferred.server.ts';

/**
 * Awaits what the home page exists for (the CMS page, the latest news, the topics); upcoming
 * events, vacancies and the most read news are deferred (docs/decisions/105-streaming-documents.md):
 * promises that stream into their sections after the shell.
 */
export async function loader({ context }: PortalLoaderArgs) {
  const events = deferredValue(upcomingEvents(context, 4).then((list) => list.data));
  const vacancies = deferredValue(openVacancies(context, 5).then((list) => list.data));
  const mostRead = deferredValue(mostReadArticles(context));
  const [page, articles, topics] = await Promise.all([
    findCmsPage(context, { slug: 'home' }, context.locale),
    latestArticles(context, 9),
    context.strapi.find<Topic>('topics', { fields: ['name', 'slug', 'description'], sort: ['name:asc'] }),
  ]);
  const body: HomeData = {
    page: page
      ? {
          title: page.title,
          seo: page.seo ?? null,
          // The home page has its own news, event and vacancy sections; of the CMS page it shows the
          // editorial blocks (text, images, calls to action), not its content lists.
          blocks: (page.blocks ?? []).filter((block) => block.__component !== 'blocks.content-list'),
        }
      : null,
    articles: articles.data,
    events,
    vacancies,
    topics: topics.data,
    mostRead,
  };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
