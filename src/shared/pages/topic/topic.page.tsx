/**
 * A topic page (`/ecommerce`, `/logistiek`, `/fulfilment`; docs/product.md#routes-and-layouts): the topic's
 * CMS page (title and editorial blocks) around the topic's latest news, upcoming events and open
 * vacancies. Which blocks are shown where is decided in src/server/routes/topic.server.ts.
 * The news is paged (`?pagina=n`, docs/decisions/099-paged-news-lists.md): page 1 is the whole
 * topic page, later pages show the topic's header and the next articles with the pager.
 */

import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import type { Article, Event, StrapiPagination, Vacancy } from '../../cms-types.ts';
import { PAGE_PARAM, pageHref } from '../../paging.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { BlockList, type ResolvedBlock } from '../../ui/blocks.tsx';
import { ArticleCard, EventCard, VacancyCard } from '../../ui/cards.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { useLocale } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';
import { BreadcrumbJsonLd } from '../../ui/structured-data.tsx';
import { useTaxonomyNames } from '../../ui/taxonomy-names.ts';
import { topicPath } from '../../urls.ts';
import './topic.css';

/** The agenda and the vacancy list (docs/product.md#routes-and-layouts), linked below the topic's selections. */
const EVENTS_PATH = '/events';
const JOBS_PATH = '/jobs';

/** Data of a topic page. */
export interface TopicData {
  topic: { name: string; slug: string; description: string | null };
  /** The topic's CMS page, or null when the editors have not made one. */
  page: {
    title: string;
    metaDescription: string | null;
    shareImage: string | null;
    /** Locale of the page found (`nl` when the English translation is missing). */
    locale: string | null;
    /** Editorial blocks before the first content list. */
    intro: ResolvedBlock[];
    /** Editorial blocks after it. */
    outro: ResolvedBlock[];
  } | null;
  /** The articles of this page (newest first). */
  articles: Article[];
  /** Where this page stands in the topic's articles (`page` is 1-based). */
  pagination: StrapiPagination;
  events: Event[];
  vacancies: Vacancy[];
  /** Numbers of the topic's published articles, upcoming events and open vacancies. */
  totals: { articles: number; events: number; vacancies: number };
}

/** `/ecommerce`, `/logistiek`, `/fulfilment`: one topic (the route decides which, via the loader). */
export function TopicPage() {
  const { topic, page, articles, pagination, events, vacancies, totals } = useLoaderData() as TopicData;
  const { t } = useTranslation();
  const locale = useLocale();
  const names = useTaxonomyNames();
  const title = page?.title ?? names.topic(topic);
  const first = pagination.page === 1;
  // Page 1 opens with a lead story; later pages are a plain grid.
  const lead = first ? articles[0] : undefined;
  const rest = first ? articles.slice(1) : articles;
  const contentLang = page?.locale && page.locale !== locale ? page.locale : undefined;
  const path = topicPath(topic.slug);
  return (
    <div className="container topic">
      <Seo
        title={first ? title : `${title} · ${t('pagination.page', { page: pagination.page })}`}
        description={page?.metaDescription ?? topic.description}
        image={page?.shareImage ?? (lead ?? rest[0])?.cover?.url}
        path={pageHref(path, pagination.page)}
      />
      <BreadcrumbJsonLd crumbs={[{ name: title, path }]} />
      <header className="topic__header">
        <p className="card__kicker">{t('topics.kicker')}</p>
        <h1>{title}</h1>
        <p className="topic__stats">
          {t('topics.stats', {
            articles: t('topics.articleCount', { count: totals.articles }),
            events: t('topics.eventCount', { count: totals.events }),
            vacancies: t('topics.vacancyCount', { count: totals.vacancies }),
          })}
        </p>
      </header>
      {first ? (
        <div className="topic__intro" lang={contentLang}>
          {page ? (
            <BlockList blocks={page.intro} />
          ) : topic.description ? (
            <p className="prose" lang="nl">
              {topic.description}
            </p>
          ) : null}
        </div>
      ) : null}
      <section aria-labelledby="topic-news">
        <h2 id="topic-news" className="section-title">
          {first
            ? t('topics.latestNews', { topic: title })
            : t('topics.newsPage', { topic: title, page: pagination.page, pageCount: pagination.pageCount })}
        </h2>
        {articles.length ? (
          <div className="grid grid--news">
            {lead ? <ArticleCard article={lead} priority lead /> : null}
            {rest.map((article, index) => (
              <ArticleCard key={article.documentId} article={article} priority={!lead && index === 0} />
            ))}
          </div>
        ) : (
          <p className="empty-state">{t('topics.noNews')}</p>
        )}
        <Pagination path={path} page={pagination.page} pageCount={pagination.pageCount} param={PAGE_PARAM} />
      </section>
      {first ? <TopicColumns events={events} vacancies={vacancies} /> : null}
      {first && page?.outro.length ? (
        <div className="topic__outro" lang={contentLang}>
          <BlockList blocks={page.outro} />
        </div>
      ) : null}
    </div>
  );
}

/** The topic's upcoming events and open vacancies, beside each other (page 1 only). */
function TopicColumns({ events, vacancies }: { events: Event[]; vacancies: Vacancy[] }) {
  const { t } = useTranslation();
  return (
    <div className="topic__columns">
      <section aria-labelledby="topic-events">
        <h2 id="topic-events" className="section-title">
          {t('topics.upcomingEvents')}
        </h2>
        {events.length ? (
          <div className="stack">
            {events.map((event) => (
              <EventCard key={event.documentId} event={event} />
            ))}
          </div>
        ) : (
          <p className="empty-state">{t('topics.noEvents')}</p>
        )}
        <p className="topic__more">
          <AppLink to={EVENTS_PATH}>{t('common.allEvents')}</AppLink>
        </p>
      </section>
      <section aria-labelledby="topic-vacancies">
        <h2 id="topic-vacancies" className="section-title">
          {t('topics.openVacancies')}
        </h2>
        {vacancies.length ? (
          <div className="stack">
            {vacancies.map((vacancy) => (
              <VacancyCard key={vacancy.documentId} vacancy={vacancy} />
            ))}
          </div>
        ) : (
          <p className="empty-state">{t('topics.noVacancies')}</p>
        )}
        <p className="topic__more">
          <AppLink to={JOBS_PATH}>{t('common.allVacancies')}</AppLink>
        </p>
      </section>
    </div>
  );
}
