/**
 * `/partners`: every partner with logo, name and description, each linking to its own page. The
 * spec names only `/partners/{link}`; the overview is what the "Partners" menu item leads to.
 */

import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import type { Partner } from '../../cms-types.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { IMAGE_SIZES } from '../../ui/image-sizes.ts';
import { ResponsiveImage } from '../../ui/media.tsx';
import { Seo } from '../../ui/seo.tsx';
import { BreadcrumbJsonLd } from '../../ui/structured-data.tsx';
import { PARTNERS_PATH, partnerPath } from '../../urls.ts';
import './partner.css';

/** Data of `/partners`. */
export interface PartnersData {
  partners: Partner[];
}

/** The overview page. */
export function PartnersPage() {
  const { partners } = useLoaderData() as PartnersData;
  const { t } = useTranslation();
  return (
    <div className="container">
      <Seo
        title={t('partners.overviewTitle')}
        description={t('partners.overviewDescription')}
        path={PARTNERS_PATH}
      />
      <BreadcrumbJsonLd crumbs={[{ name: t('partners.overviewTitle'), path: PARTNERS_PATH }]} />
      <header className="page-header">
        <h1>{t('partners.overviewTitle')}</h1>
        <p>{t('partners.overviewIntro')}</p>
      </header>
      {partners.length ? (
        <ul className="partners-overview">
          {partners.map((partner) => (
            <li key={partner.documentId} className="partners-overview__item">
              {partner.logo ? (
                <div className="partners-overview__logo">
                  <ResponsiveImage media={partner.logo} alt="" sizes={IMAGE_SIZES.partnersOverview} />
                </div>
              ) : null}
              <h2 className="partners-overview__name">
                <AppLink to={partnerPath(partner)}>{partner.name}</AppLink>
              </h2>
              {partner.description ? <p>{partner.description}</p> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t('partners.overviewEmpty')}</p>
      )}
    </div>
  );
}
