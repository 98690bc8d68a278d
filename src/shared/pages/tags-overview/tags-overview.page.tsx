/**
 * Tag overview (docs/product.md#routes-and-layouts): a letter navigation (0–9, A–Z; letters without tags are
 * shown but not linked) and the tags per character with their article counts. One component for
 * `/tags-overzicht` (all groups) and `/tags-overzicht/{char}` (one group).
 */

import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { AppLink } from '../../ui/app-link.tsx';
import { Seo } from '../../ui/seo.tsx';
import { BreadcrumbJsonLd } from '../../ui/structured-data.tsx';
import { tagPath, tagsOverviewPath } from '../../urls.ts';
import { DIGITS_KEY, GROUP_KEYS, groupLabel, LETTER_KEYS, OTHER_KEY, type TagGroup } from './tag-groups.ts';
import './tags-overview.css';

/** Data of both tag overview routes. */
export interface TagsOverviewData {
  /** The groups to show: all non-empty groups, or only the selected one. */
  groups: TagGroup[];
  /** Keys of every group that has tags (for the navigation). */
  available: string[];
  /** The group of `/tags-overzicht/{char}`, null on `/tags-overzicht`. */
  selected: string | null;
  /** Number of tags in all groups. */
  tagTotal: number;
}

/** The letter navigation; `overig` only appears when such tags exist. */
function LetterNav({ available, selected }: { available: string[]; selected: string | null }) {
  const { t } = useTranslation();
  const keys = GROUP_KEYS.filter((key) => key !== OTHER_KEY || available.includes(OTHER_KEY));
  return (
    <nav className="tags-nav" aria-label={t('tagsOverview.navLabel')}>
      <ul>
        {keys.map((key) => {
          const label = groupLabel(key);
          const name =
            key === DIGITS_KEY
              ? t('tagsOverview.digits')
              : key === OTHER_KEY
                ? t('tagsOverview.other')
                : label;
          return (
            <li key={key}>
              {available.includes(key) ? (
                <AppLink
                  to={tagsOverviewPath(key)}
                  className="tags-nav__item"
                  aria-current={key === selected ? 'page' : undefined}
                  aria-label={t('tagsOverview.navItem', { name })}
                  data-group={key}
                >
                  {label}
                </AppLink>
              ) : (
                <span
                  className="tags-nav__item tags-nav__item--disabled"
                  aria-disabled="true"
                  title={t('tagsOverview.navEmpty', { name })}
                  data-group={key}
                >
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** `/tags-overzicht` and `/tags-overzicht/{char}`: the navigation and the (selected) groups. */
export function TagsOverviewPage() {
  const { groups, available, selected, tagTotal } = useLoaderData() as TagsOverviewData;
  const { t } = useTranslation();
  const selectedName = selected
    ? selected === DIGITS_KEY
      ? t('tagsOverview.digits')
      : selected === OTHER_KEY
        ? t('tagsOverview.other')
        : groupLabel(selected)
    : null;
  const shown = groups.reduce((sum, group) => sum + group.tags.length, 0);
  const title = selectedName
    ? LETTER_KEYS.includes(selected ?? '')
      ? t('tagsOverview.letterTitle', { letter: selectedName })
      : t('tagsOverview.groupTitle', { group: selectedName })
    : t('tagsOverview.title');
  return (
    <div className="container tags-overview">
      <Seo
        title={title}
        description={
          selected
            ? t('tagsOverview.letterDescription', { count: shown, group: selectedName })
            : t('tagsOverview.description', { count: tagTotal })
        }
        path={tagsOverviewPath(selected ?? undefined)}
      />
      <BreadcrumbJsonLd
        crumbs={[
          { name: t('tagsOverview.title'), path: tagsOverviewPath() },
          ...(selected ? [{ name: title, path: tagsOverviewPath(selected) }] : []),
        ]}
      />
      <header className="page-header">
        {selected ? (
          <p className="tags-overview__back">
            <AppLink to={tagsOverviewPath()}>{t('tagsOverview.all')}</AppLink>
          </p>
        ) : null}
        <h1>{title}</h1>
        <p>
          {selected
            ? t('tagsOverview.tagCount', { count: shown })
            : t('tagsOverview.intro', { count: tagTotal })}
        </p>
      </header>
      <LetterNav available={available} selected={selected} />
      {groups.length ? (
        <div className="tags-index">
          {groups.map((group) => (
            <section
              key={group.key}
              className="tags-index__group"
              aria-labelledby={`tags-group-${group.key}`}
              data-group={group.key}
            >
              <h2 id={`tags-group-${group.key}`} className="tags-index__letter">
                {selected ? (
                  groupLabel(group.key)
                ) : (
                  <AppLink to={tagsOverviewPath(group.key)}>{groupLabel(group.key)}</AppLink>
                )}
              </h2>
              <ul className="tags-index__list">
                {group.tags.map((tag) => (
                  <li key={tag.slug} data-tag={tag.slug} data-count={tag.count}>
                    <AppLink to={tagPath(tag)} className="tags-index__tag" rel="tag">
                      <span className="tags-index__name">{tag.name}</span>
                      <span className="tags-index__count">
                        <span aria-hidden="true">{tag.count}</span>
                        <span className="visually-hidden">
                          {t('tagsOverview.articleCount', { count: tag.count })}
                        </span>
                      </span>
                    </AppLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : (
        <p className="empty-state">{t('tagsOverview.empty')}</p>
      )}
    </div>
  );
}
