/**
 * "Meest gelezen": the most read news of the last 7 days (docs/analytics.md), a numbered list of
 * links. Nothing is rendered without page views.
 */

import { useTranslation } from 'react-i18next';
import type { Article } from '../cms-types.ts';
import { foreignLang } from '../i18n/locale.ts';
import { articlePath } from '../urls.ts';
import { AppLink } from './app-link.tsx';
import { useLocale } from './root-data.ts';

/** The block; `id` makes its heading's id unique on the page. */
export function MostRead({ articles, id = 'most-read' }: { articles: Article[]; id?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (articles.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="most-read">
      <h2 id={`${id}-title`} className="section-title">
        {t('news.mostRead')}
      </h2>
      <ol className="most-read__list">
        {articles.map((article) => (
          <li key={article.documentId} className="most-read__item" lang={foreignLang(article, locale)}>
            <AppLink to={articlePath(article)}>{article.title}</AppLink>
          </li>
        ))}
      </ol>
    </section>
  );
}
