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

export async function loader({ context }: PortalLoaderArgs) {
  const [page, articles, events, vacancies, topics, mostRead] = await Promise.all([
    findCmsPage(context, { slug: 'home' }, context.locale),
    latestArticles(context, 9),
    upcomingEvents(context, 4),
    openVacancies(context, 5),
    context.strapi.find<Topic>('topics', { fields: ['name', 'slug', 'description'], sort: ['name:asc'] }),
    mostReadArticles(context),
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
    events: events.data,
    vacancies: vacancies.data,
    topics: topics.data,
    mostRead,
  };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
