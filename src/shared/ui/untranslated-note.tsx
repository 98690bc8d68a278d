/**
 * What an English reader sees of Dutch-only content under `/en`: a short note in the page's
 * language at the top of the content ("This article is only available in Dutch."), and for a
 * Dutch caption inside English content a short remark after it. The Dutch text itself keeps its
 * `lang="nl"` (docs/decisions/061-untranslated-content.md, docs/decisions/099-untranslated-content-says-so.md).
 */
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locale.ts';
import { useLocale } from './root-data.ts';

/** The kinds of content whose note has its own sentence (`untranslated.<kind>` in reader.json, which the pages that show it load: page-texts.json). */
export type UntranslatedKind =
  | 'article'
  | 'event'
  | 'vacancy'
  | 'magazine'
  | 'subscription'
  | 'subscriptions'
  | 'partner';

/**
 * The note above Dutch-only content; renders nothing when the content is in the page's language.
 * @param kind what the content is (chooses the sentence)
 * @param contentLocale the language of the content's texts (`contentLocaleOf`; Dutch when omitted)
 */
export function UntranslatedNote({
  kind,
  contentLocale = DEFAULT_LOCALE,
}: {
  kind: UntranslatedKind;
  contentLocale?: Locale;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (contentLocale === locale) return null;
  return (
    <p className="untranslated-note" lang={locale} data-untranslated={kind}>
      {t(`untranslated.${kind}`)}
    </p>
  );
}

/**
 * A media caption. Captions belong to the image in the media library and are Dutch only, so on a
 * page in another language the caption is marked `lang="nl"`, and where the content around it is
 * in the page's language (a translated article) a remark says that the caption is Dutch.
 * @param contentLocale the language of the content around the caption
 */
export function MediaCaption({ caption, contentLocale }: { caption: string; contentLocale: Locale }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (locale === DEFAULT_LOCALE) return <figcaption>{caption}</figcaption>;
  return (
    <figcaption>
      <span lang={DEFAULT_LOCALE}>{caption}</span>
      {contentLocale === locale ? (
        <>
          {' '}
          <span className="untranslated-note untranslated-note--inline" data-untranslated="caption">
            {t('untranslated.caption')}
          </span>
        </>
      ) : null}
    </figcaption>
  );
}
