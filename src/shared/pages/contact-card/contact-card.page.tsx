/**
 * `/c`: the publisher's contact card in the empty layout (no header or footer), e.g. behind the
 * QR code in the print magazine. Built from the CMS `site` single type.
 */
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../ui/app-link.tsx';
import { useRootData } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';

export function ContactCardPage() {
  const { t } = useTranslation();
  const root = useRootData();
  const site = root?.site;
  const contact = site?.contact;
  return (
    <div className="contact-card">
      <Seo
        title={t('contactCard.title')}
        description={t('contactCard.description', { name: site?.name ?? '' })}
        path="/c"
        noindex
      />
      <h1>{site?.name}</h1>
      {site?.tagline ? <p className="contact-card__tagline">{site.tagline}</p> : null}
      <dl>
        {contact?.email ? (
          <>
            <dt>{t('site.email')}</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </>
        ) : null}
        {contact?.phone ? (
          <>
            <dt>{t('site.phone')}</dt>
            <dd>
              <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>{contact.phone}</a>
            </dd>
          </>
        ) : null}
        {contact?.street ? (
          <>
            <dt>{t('site.address')}</dt>
            <dd>
              {contact.street}, {contact.postalCode} {contact.city}
            </dd>
          </>
        ) : null}
        {contact?.kvk ? (
          <>
            <dt>KvK</dt>
            <dd>{contact.kvk}</dd>
          </>
        ) : null}
        <dt>{t('contactCard.website')}</dt>
        <dd>
          <AppLink to="/">{root?.siteUrl.replace(/^https?:\/\//, '')}</AppLink>
        </dd>
      </dl>
    </div>
  );
}
