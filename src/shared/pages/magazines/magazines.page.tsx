/**
 * Magazines (docs/product.md#routes-and-layouts): the list of issues (cover, title, issue, date; newest
 * first, paginated) and the page of one issue with its description and a button to read it online
 * or download the PDF.
 */

import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import type { Magazine, StrapiPagination } from '../../cms-types.ts';
import { contentLocaleOf, DUTCH_CONTENT, foreignLang, type Locale } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { formatDate, numberFormatter } from '../../ui/format.ts';
import { IMAGE_SIZES } from '../../ui/image-sizes.ts';
import { ResponsiveImage } from '../../ui/media.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { RichText } from '../../ui/rich-text.tsx';
import { useLocale } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';
import { BreadcrumbJsonLd } from '../../ui/structured-data.tsx';
import { UntranslatedNote } from '../../ui/untranslated-note.tsx';
import { MAGAZINES_PATH, magazinePath } from '../../urls.ts';
import './magazines.css';

/** Data of `/magazines`. */
export interface MagazinesData {
  magazines: Magazine[];
  pagination: StrapiPagination;
}

/** Data of `/magazines/{id}/{slug}`: the issue and a few other issues. */
export interface MagazineDetailData {
  magazine: Magazine;
  others: Magazine[];
}

/**
 * A magazine teaser: cover, issue, title and date. `priority` for the first cover, `eager` for the
 * other covers above the fold; `level` is the heading level of the title (2 on the list page, 3 inside a section).
 */
function MagazineCard({
  magazine,
  priority,
  eager,
  level = 2,
}: {
  magazine: Magazine;
  priority?: boolean;
  /** Above the fold, not the first: eager loading at normal priority. */
  eager?: boolean;
  level?: 2 | 3;
}) {
  const locale = useLocale();
  const { t } = useTranslation();
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <article className="magazine-card">
      <AppLink to={magazinePath(magazine)} className="magazine-card__cover" tabIndex={-1} aria-hidden="true">
        {magazine.cover ? (
          <ResponsiveImage
            media={magazine.cover}
            priority={priority}
            eager={eager}
            alt=""
            sizes={IMAGE_SIZES.magazineCard}
          />
        ) : (
          <span className="magazine-card__placeholder">{magazine.issue ?? t('magazines.issue')}</span>
        )}
      </AppLink>
      <div className="magazine-card__body">
        {magazine.issue ? <p className="card__kicker">{magazine.issue}</p> : null}
        <Heading className="magazine-card__title" lang={foreignLang(magazine, locale)}>
          <AppLink to={magazinePath(magazine)}>{magazine.title}</AppLink>
        </Heading>
        <p className="card__meta">
          <time dateTime={magazine.date}>{formatDate(magazine.date, locale)}</time>
        </p>
      </div>
    </article>
  );
}

/** `/magazines`: all issues, newest first. */
export function MagazinesPage() {
  const { magazines, pagination } = useLoaderData() as MagazinesData;
  const { t } = useTranslation();
  const title =
    pagination.page > 1
      ? `${t('magazines.title')} · ${t('pagination.page', { page: pagination.page })}`
      : t('magazines.title');
  return (
    <div className="container magazines">
      <Seo
        title={title}
        description={t('magazines.description', { count: pagination.total })}
        image={magazines[0]?.cover?.url}
        path={pagination.page > 1 ? `${MAGAZINES_PATH}?page=${pagination.page}` : MAGAZINES_PATH}
      />
      <BreadcrumbJsonLd crumbs={[{ name: t('magazines.title'), path: MAGAZINES_PATH }]} />
      <header className="page-header">
        <h1>{t('magazines.title')}</h1>
        <p>{t('magazines.intro', { count: pagination.total })}</p>
      </header>
      {magazines.length ? (
        <div className="magazine-grid">
          {magazines.map((magazine, index) => (
            <MagazineCard
              key={magazine.documentId}
              magazine={magazine}
              priority={index === 0}
              eager={index > 0 && index < 4}
            />
          ))}
        </div>
      ) : (
        <p className="empty-state">{t('magazines.empty')}</p>
      )}
      <Pagination path={MAGAZINES_PATH} page={pagination.page} pageCount={pagination.pageCount} />
    </div>
  );
}

/** Megabytes with at most one decimal. */
const FILE_SIZE_OPTIONS: Intl.NumberFormatOptions = { maximumFractionDigits: 1 };

/** Size of a file for people, from Strapi's size in kB: `1,4 MB` or `820 kB`. */
function fileSize(kilobytes: number | undefined, locale: Locale): string | null {
  if (!kilobytes) return null;
  const format = numberFormatter(locale, FILE_SIZE_OPTIONS);
  return kilobytes >= 1000 ? `${format.format(kilobytes / 1000)} MB` : `${Math.round(kilobytes)} kB`;
}

/** `/magazines/{id}/{slug}`: one issue. */
export function MagazineDetailPage() {
  const { magazine, others } = useLoaderData() as MagazineDetailData;
  const { t } = useTranslation();
  const locale = useLocale();
  const pdfSize = fileSize(magazine.pdf?.size, locale);
  const onlineUrl = magazine.link && /^https?:\/\//i.test(magazine.link) ? magazine.link : null;
  // The language of the text (decision 061): English under /en when translated, else Dutch.
  const contentLocale = contentLocaleOf(magazine);
  return (
    <div className="container">
      <Seo
        contentLocales={magazine.locales ?? DUTCH_CONTENT}
        title={magazine.title}
        description={magazine.summary}
        image={magazine.cover?.url}
        path={magazinePath(magazine)}
      />
      <Breadcrumb
        crumbs={[
          { name: t('magazines.title'), path: MAGAZINES_PATH },
          { name: magazine.title, path: magazinePath(magazine), lang: foreignLang(magazine, locale) },
        ]}
      />
      <article className="magazine-detail">
        <UntranslatedNote kind="magazine" contentLocale={contentLocale} />
        <div className="magazine-detail__cover">
          {magazine.cover ? (
            <ResponsiveImage media={magazine.cover} priority sizes={IMAGE_SIZES.magazineCover} />
          ) : null}
        </div>
        <div className="magazine-detail__body">
          <header>
            {magazine.issue ? (
              <p className="card__kicker">{t('magazines.issueLabel', { issue: magazine.issue })}</p>
            ) : null}
            <h1 lang={contentLocale}>{magazine.title}</h1>
            <p className="magazine-detail__date">
              <time dateTime={magazine.date}>
                {t('magazines.publishedOn', { date: formatDate(magazine.date, locale) })}
              </time>
            </p>
          </header>
          {magazine.description?.length ? (
            <div lang={contentLocale}>
              <RichText content={magazine.description} />
            </div>
          ) : magazine.summary ? (
            <p className="prose" lang={contentLocale}>
              {magazine.summary}
            </p>
          ) : null}
          {onlineUrl || magazine.pdf?.url ? (
            <p className="magazine-detail__actions">
              {onlineUrl ? (
                <a className="button" href={onlineUrl} target="_blank" rel="noopener">
                  {t('magazines.readOnline')}
                </a>
              ) : null}
              {magazine.pdf?.url ? (
                <a
                  className={onlineUrl ? 'button button--secondary' : 'button'}
                  href={magazine.pdf.url}
                  download
                  type={magazine.pdf.mime ?? 'application/pdf'}
                >
                  {pdfSize ? t('magazines.downloadPdfSize', { size: pdfSize }) : t('magazines.downloadPdf')}
                </a>
              ) : null}
            </p>
          ) : null}
        </div>
      </article>
      {others.length ? (
        <section aria-labelledby="magazine-others" className="magazine-others">
          <h2 id="magazine-others" className="section-title">
            {t('magazines.moreIssues')}
          </h2>
          <div className="magazine-grid">
            {others.map((other) => (
              <MagazineCard key={other.documentId} magazine={other} level={3} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
