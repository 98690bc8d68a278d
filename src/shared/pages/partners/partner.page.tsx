/**
 * Partner page (docs/product.md#routes-and-layouts): logo, name, description, the partner's own content
 * (rich text) and a link to its website (new tab, `rel="noopener"`), then the other partners.
 */

import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import type { Partner } from '../../cms-types.ts';
import { DEFAULT_LOCALE, DUTCH_CONTENT, foreignLang } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { IMAGE_SIZES } from '../../ui/image-sizes.ts';
import { ResponsiveImage } from '../../ui/media.tsx';
import { RichText } from '../../ui/rich-text.tsx';
import { useLocale } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';
import { UntranslatedNote } from '../../ui/untranslated-note.tsx';
import { PARTNERS_PATH, partnerPath } from '../../urls.ts';
import './partner.css';

/** Data of `/partners/{link}`. */
export interface PartnerData {
  partner: Partner;
  others: Partner[];
}

/** The website URL when it is an absolute http(s) URL (anything else is not linked). */
function websiteUrl(website: string | null | undefined): string | null {
  return website && /^https?:\/\/[^\s/]+/i.test(website) ? website : null;
}

/** The host name of a URL for display (`polderpak.example`). */
function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** `/partners/{link}`: one partner and links to the others. */
export function PartnerPage() {
  const { partner, others } = useLoaderData() as PartnerData;
  const { t } = useTranslation();
  const website = websiteUrl(partner.website);
  // Partner texts are written in Dutch only (decision 061).
  const dutch = foreignLang({ locale: DEFAULT_LOCALE }, useLocale());
  return (
    <div className="container">
      <Seo
        contentLocales={DUTCH_CONTENT}
        title={partner.name}
        description={partner.description}
        image={partner.logo?.url}
        path={partnerPath(partner)}
      />
      <Breadcrumb
        crumbs={[
          { name: t('partners.overviewTitle'), path: PARTNERS_PATH },
          { name: partner.name, path: partnerPath(partner) },
        ]}
      />
      <article className="partner">
        <UntranslatedNote kind="partner" />
        <header className="partner__header">
          {partner.logo ? (
            <div className="partner__logo">
              <ResponsiveImage
                media={partner.logo}
                priority
                alt={t('partners.logoAlt', { name: partner.name })}
                sizes={IMAGE_SIZES.partnerLogo}
              />
            </div>
          ) : null}
          <div>
            <p className="card__kicker">{t('partners.kicker')}</p>
            <h1>{partner.name}</h1>
            {partner.description ? (
              <p className="article__lead" lang={dutch}>
                {partner.description}
              </p>
            ) : null}
          </div>
        </header>
        <div lang={dutch}>
          <RichText content={partner.content} />
        </div>
        {website ? (
          <p className="partner__website">
            <a
              className="button"
              href={website}
              target="_blank"
              rel="noopener"
              data-analytics-label={`partner:${partner.link}`}
            >
              {t('partners.visitWebsite', { host: hostOf(website) })}
            </a>
          </p>
        ) : null}
      </article>
      {others.length ? (
        <section className="partner-others" aria-labelledby="partner-others-title">
          <h2 id="partner-others-title" className="section-title">
            {t('partners.others')}
          </h2>
          <ul className="partner-others__list">
            {others.map((other) => (
              <li key={other.documentId}>
                <AppLink to={partnerPath(other)} className="partner-others__item">
                  {other.logo ? (
                    <ResponsiveImage media={other.logo} alt="" sizes={IMAGE_SIZES.partnerOthers} />
                  ) : null}
                  <span>{other.name}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
