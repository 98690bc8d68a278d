/**
 * Search page `/zoeken`: a GET search form, the result count, a "Bedoelde je …?" link when a word
 * was corrected, a filter per content type, results with their type, date and highlighted
 * matches, and pagination with real links. Works without JavaScript. Matches are `<mark>` elements built from the loader's segments; no CMS text
 * is ever inserted as HTML.
 */
import { Fragment } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import {
  type HighlightSegment,
  SEARCH_TYPES,
  type SearchHit,
  type SearchMatchMode,
  type SearchType,
  type SearchTypeCounts,
} from '../../features/search/search-types.ts';
import { localizePath } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { formatDate } from '../../ui/format.ts';
import { Pagination } from '../../ui/pagination.tsx';
import { useLocale } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';
import { BreadcrumbJsonLd } from '../../ui/structured-data.tsx';
import { SEARCH_PATH, searchPath, tagPath } from '../../urls.ts';
import './search.css';

/** A tag suggested when nothing was found. */
export interface SuggestedTag {
  name: string;
  slug: string;
}

export interface SearchData {
  /** The query as searched (trimmed, at most 200 characters); empty when none was given. */
  query: string;
  type: SearchType | null;
  page: number;
  pageCount: number;
  /** Results after the type filter. */
  total: number;
  /** Results per type; null without a query. */
  counts: SearchTypeCounts | null;
  hits: SearchHit[];
  mode: SearchMatchMode;
  /**
   * The query with its corrected words replaced (`retuor` → `retour`), offered as "Bedoelde je
   * …?"; null when every word was found as typed (docs/decisions/111-search-tolerates-swapped-letters.md).
   */
  suggestion: string | null;
  /** Suggestions when the query found nothing at all. */
  tags: SuggestedTag[];
}

/** Renders highlighted text: matched words as `<mark>`. */
function Highlighted({ segments }: { segments: HighlightSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.mark ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are a fixed sequence of one text
          <mark key={index}>{segment.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are a fixed sequence of one text
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}

/** The search form of the page (GET, so it works without JavaScript). */
function SearchForm({ query }: { query: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <search>
      <form className="search-form" method="get" action={localizePath(SEARCH_PATH, locale)}>
        <label htmlFor="search-query" className="search-form__label">
          {t('search.label')}
        </label>
        <div className="search-form__row">
          <input
            id="search-query"
            className="search-form__input"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={200}
            placeholder={t('search.placeholder')}
            autoComplete="off"
            enterKeyHint="search"
          />
          <button type="submit" className="button search-form__submit">
            {t('search.submit')}
          </button>
        </div>
      </form>
    </search>
  );
}

/**
 * "Bedoelde je retour?": a plain link to the search for the corrected query, with the same type
 * filter (page 1), so it works without JavaScript.
 */
function Suggestion({ suggestion, type }: { suggestion: string; type: SearchType | null }) {
  return (
    <p className="search__suggestion">
      <Trans
        i18nKey="search.suggestion"
        values={{ query: suggestion }}
        components={{
          a: <AppLink to={searchPath(suggestion, { type })} className="search__suggestion-link" />,
        }}
      />
    </p>
  );
}

/** Links that filter the results by type, with counts; types without results are left out. */
function TypeFilter({
  query,
  type,
  counts,
}: {
  query: string;
  type: SearchType | null;
  counts: SearchTypeCounts;
}) {
  const { t } = useTranslation();
  const options: Array<{ value: SearchType | null; label: string; count: number }> = [
    { value: null, label: t('search.all'), count: counts.all },
    ...SEARCH_TYPES.filter((value) => counts[value] > 0 || value === type).map((value) => ({
      value,
      label: t(`search.typePlural.${value}`),
      count: counts[value],
    })),
  ];
  return (
    <nav className="search-filter" aria-label={t('search.filterLabel')}>
      <ul>
        {options.map((option) => (
          <li key={option.value ?? 'all'}>
            <AppLink
              to={searchPath(query, { type: option.value })}
              className="search-filter__link"
              aria-current={option.value === type ? 'page' : undefined}
            >
              {option.label} <span className="search-filter__count">{option.count}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One result: type and date, linked highlighted title, highlighted snippet. */
function SearchResult({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <li className={`search-result search-result--${hit.type}`}>
      <p className="search-result__meta">
        <span className="search-result__type">{t(`search.type.${hit.type}`)}</span>
        {hit.date ? <time dateTime={hit.date}>{formatDate(hit.date, locale)}</time> : null}
      </p>
      <h2 className="search-result__title">
        <AppLink to={hit.path}>
          <Highlighted segments={hit.title} />
        </AppLink>
      </h2>
      {hit.snippet.length ? (
        <p className="search-result__snippet">
          <Highlighted segments={hit.snippet} />
        </p>
      ) : null}
    </li>
  );
}

/** Shown before anything was searched. */
function SearchIntro() {
  const { t } = useTranslation();
  return (
    <section className="empty-state search-empty" aria-labelledby="search-intro-title">
      <h2 id="search-intro-title">{t('search.intro.title')}</h2>
      <p>{t('search.intro.text')}</p>
      <ul>
        <li>{t('search.intro.tipWords')}</li>
        <li>{t('search.intro.tipSpelling')}</li>
        <li>{t('search.intro.tipFilter')}</li>
      </ul>
    </section>
  );
}

/** Shown when the query found nothing: spelling advice and tags to browse. */
function NoResults({ query, tags }: { query: string; tags: SuggestedTag[] }) {
  const { t } = useTranslation();
  return (
    <section className="empty-state search-empty" aria-labelledby="search-none-title">
      <h2 id="search-none-title">{t('search.none.title', { query })}</h2>
      <ul>
        <li>{t('search.none.spelling')}</li>
        <li>{t('search.none.fewer')}</li>
      </ul>
      {tags.length ? (
        <>
          <p>{t('search.none.tags')}</p>
          <ul className="tag-list search-empty__tags">
            {tags.map((tag) => (
              <li key={tag.slug}>
                <AppLink to={tagPath(tag)} className="tag">
                  {tag.name}
                </AppLink>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        <AppLink to="/tags-overzicht">{t('search.none.allTags')}</AppLink>
      </p>
    </section>
  );
}

export function SearchPage() {
  const { query, type, page, pageCount, total, counts, hits, mode, suggestion, tags } =
    useLoaderData() as SearchData;
  const { t } = useTranslation();
  const path = searchPath(query, { type, page });
  const seoTitle = query
    ? page > 1
      ? `${t('search.seoTitle', { query })} · ${t('pagination.page', { page })}`
      : t('search.seoTitle', { query })
    : t('search.title');
  return (
    <div className="container search">
      <Seo title={seoTitle} description={t('search.description')} path={path} noindex />
      <BreadcrumbJsonLd crumbs={[{ name: t('search.title'), path: SEARCH_PATH }]} />
      <header className="page-header search__header">
        <h1>{t('search.title')}</h1>
        <SearchForm key={query} query={query} />
      </header>
      {!query || !counts ? (
        <SearchIntro />
      ) : counts.all === 0 ? (
        <NoResults query={query} tags={tags} />
      ) : (
        <>
          <p className="search__count" role="status">
            {t('search.count', { count: total, query })}
          </p>
          {suggestion ? <Suggestion suggestion={suggestion} type={type} /> : null}
          {mode === 'any' ? <p className="search__notice">{t('search.anyWords')}</p> : null}
          <TypeFilter query={query} type={type} counts={counts} />
          {hits.length ? (
            <ol className="search-results">
              {hits.map((hit) => (
                <SearchResult key={hit.id} hit={hit} />
              ))}
            </ol>
          ) : (
            <p className="empty-state">
              {t('search.noneOfType')}{' '}
              <AppLink to={searchPath(query)}>{t('search.showAll', { count: counts.all })}</AppLink>
            </p>
          )}
          <Pagination
            path={SEARCH_PATH}
            hrefFor={(p) => searchPath(query, { type, page: p })}
            page={page}
            pageCount={pageCount}
          />
        </>
      )}
    </div>
  );
}
