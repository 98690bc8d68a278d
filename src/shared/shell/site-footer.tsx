/** Site footer: footer links, contact details and social links from the CMS `site` single type. */
import { useTranslation } from 'react-i18next';
import { AppLink } from '../ui/app-link.tsx';
import { useRootData } from '../ui/root-data.ts';

/** The footer of the default and fullpage layouts. */
export function SiteFooter() {
  const { t } = useTranslation();
  const site = useRootData()?.site;
  const contact = site?.contact;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <section>
          <h2 className="site-footer__name">{site?.name}</h2>
          {site?.tagline ? <p>{site.tagline}</p> : null}
        </section>
        <nav aria-label={t('site.footerNavigation')}>
          <ul>
            {(site?.footerLinks ?? []).map((link) => (
              <li key={`${link.label}-${link.url}`}>
                <AppLink to={link.url}>{link.label}</AppLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* The heading names the section; <address> holds only the contact details (HTML: no
            heading content inside <address>). */}
        {contact ? (
          <section>
            <h2>{t('site.contact')}</h2>
            <address>
              {contact.street ? (
                <p>
                  {contact.street}
                  <br />
                  {contact.postalCode} {contact.city}
                </p>
              ) : null}
              {contact.email ? (
                <p>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </p>
              ) : null}
              {contact.phone ? (
                <p>
                  <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>{contact.phone}</a>
                </p>
              ) : null}
              {contact.kvk ? <p>{t('site.kvk', { kvk: contact.kvk })}</p> : null}
            </address>
          </section>
        ) : null}
        {site?.social?.length ? (
          <section>
            <h2>{t('site.followUs')}</h2>
            <ul>
              {site.social.map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="noopener noreferrer">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <p className="site-footer__copyright container">
        {t('site.copyright', { year: new Date().getFullYear(), name: site?.name ?? '' })}
      </p>
    </footer>
  );
}
