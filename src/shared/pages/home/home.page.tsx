/** Home: lead story and latest news, upcoming events, latest vacancies, topics, CMS blocks. */

import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import type { Article, Event, SeoComponent, Topic, Vacancy } from '../../cms-types.ts';
import { DEFAULT_LOCALE } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import type { ResolvedBlock } from '../../ui/blocks.tsx';
import { BlockList } from '../../ui/blocks.tsx';
import { ArticleCard, EventCard, VacancyCard } from '../../ui/cards.tsx';
import { type Deferrable, Deferred } from '../../ui/deferred.tsx';
import { MostRead } from '../../ui/most-read.tsx';
import { useLocale, useRootData } from '../../ui/root-data.ts';
import { SectionFallback } from '../../ui/section-fallback.tsx';
import { Seo } from '../../ui/seo.tsx';
import { SiteJsonLd } from '../../ui/structured-data.tsx';
import { useTaxonomyNames } from '../../ui/taxonomy-names.ts';
import { EVENTS_PATH, JOBS_PATH, NEWS_PATH, newsArchivePath, topicPath } from '../../urls.ts';

export interface HomeData {
  page: { title: string; seo: SeoComponent | null; blocks: ResolvedBlock[] } | null;
  articles: Article[];
  /** Deferred (docs/decisions/105-streaming-documents.md): a promise in a streamed document. */
  events: Deferrable<Event[]>;
  /** Deferred. */
  vacancies: Deferrable<Vacancy[]>;
  topics: Topic[];
  /** The most read news of the last 7 days (empty without page views); deferred. */
  mostRead: Deferrable<Article[]>;
}

export function HomePage() {
  const { page, articles, events, vacancies, topics, mostRead } = useLoaderData() as HomeData;
  const { t } = useTranslation();
  const site = useRootData()?.site;
  const locale = useLocale();
  const names = useTaxonomyNames();
  const [lead, ...rest] = articles;
  return (
    <div className="home container">
      <Seo
        title={page?.seo?.metaTitle ?? site?.name ?? t('home.title')}
        description={page?.seo?.metaDescription ?? site?.tagline}
        image={page?.seo?.shareImage?.url ?? lead?.cover?.url}
        path="/"
      />
      <SiteJsonLd />
      <h1 className="visually-hidden">{site?.name ?? t('home.title')}</h1>
      <section aria-labelledby="home-news" className="home__news">
        <h2 id="home-news" className="section-title">
          {t('home.latestNews')}
        </h2>
        <div className="grid grid--news">
          {lead ? <ArticleCard article={lead} priority lead /> : null}
          {rest.map((article) => (
            <ArticleCard key={article.documentId} article={article} />
          ))}
        </div>
        <p className="section-more">
          <AppLink to={NEWS_PATH}>{t('common.allNews')}</AppLink>
        </p>
        <p className="section-more">
          <AppLink to={newsArchivePath()}>{t('home.newsArchive')}</AppLink>
        </p>
      </section>
      <Deferred
        resolve={mostRead}
        fallback={
          <SectionFallback
            id="most-read"
            className="most-read"
            title={t('news.mostRead')}
            link={{ to: NEWS_PATH, label: t('common.allNews') }}
            size="list"
          />
        }
      >
        {(list) => <MostRead articles={list} />}
      </Deferred>
      <div className="home__columns">
        <Deferred
          resolve={events}
          fallback={
            <SectionFallback
              id="home-events"
              title={t('home.upcomingEvents')}
              link={{ to: EVENTS_PATH, label: t('home.allEvents') }}
              size="cards"
            />
          }
        >
          {(list) => <HomeEvents events={list} />}
        </Deferred>
        <Deferred
          resolve={vacancies}
          fallback={
            <SectionFallback
              id="home-vacancies"
              title={t('home.latestVacancies')}
              link={{ to: JOBS_PATH, label: t('home.allVacancies') }}
              size="cards"
            />
          }
        >
          {(list) => <HomeVacancies vacancies={list} />}
        </Deferred>
      </div>
      <section aria-labelledby="home-topics" className="home__topics">
        <h2 id="home-topics" className="section-title">
          {t('home.topics')}
        </h2>
        <ul className="topic-list">
          {topics.map((topic) => (
            <li key={topic.documentId} className="topic-list__item">
              <h3>
                <AppLink to={topicPath(topic.slug)}>{names.topic(topic)}</AppLink>
              </h3>
              {/* The CMS's description is Dutch only (topics are not translated, decision 112). */}
              {topic.description ? (
                <p lang={locale === DEFAULT_LOCALE ? undefined : DEFAULT_LOCALE}>{topic.description}</p>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {page ? <BlockList blocks={page.blocks} /> : null}
    </div>
  );
}

/** "Komende evenementen": the next events, or that none are planned. */
function HomeEvents({ events }: { events: Event[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-events">
      <h2 id="home-events" className="section-title">
        {t('home.upcomingEvents')}
      </h2>
      {events.length ? (
        <div className="stack">
          {events.map((event) => (
            <EventCard key={event.documentId} event={event} />
          ))}
        </div>
      ) : (
        <p className="empty-state">{t('home.noEvents')}</p>
      )}
      <p className="section-more">
        <AppLink to={EVENTS_PATH}>{t('home.allEvents')}</AppLink>
      </p>
    </section>
  );
}

/** "Nieuwste vacatures": the latest open vacancies, or that there are none. */
function HomeVacancies({ vacancies }: { vacancies: Vacancy[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-vacancies">
      <h2 id="home-vacancies" className="section-title">
        {t('home.latestVacancies')}
      </h2>
      {vacancies.length ? (
        <div className="stack">
          {vacancies.map((vacancy) => (
            <VacancyCard key={vacancy.documentId} vacancy={vacancy} />
          ))}
        </div>
      ) : (
        <p className="empty-state">{t('home.noVacancies')}</p>
      )}
      <p className="section-more">
        <AppLink to={JOBS_PATH}>{t('home.allVacancies')}</AppLink>
      </p>
    </section>
  );
}
