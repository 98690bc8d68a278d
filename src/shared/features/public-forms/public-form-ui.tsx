/**
 * Building blocks of the public form pages (`/contact`, `/adverteren`, `/nieuwsbrief` and
 * the newsletter's confirm and unsubscribe pages): the page frame with the CMS page's blocks and an
 * aside, the form section the post redirects back to (`#formulier`), the success and error alerts,
 * the privacy link under a consent checkbox, and the site's contact details (root data
 * `site.contact`).
 */
import './public-forms.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeoComponent } from '../../cms-types.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { BlockList, type ResolvedBlock } from '../../ui/blocks.tsx';
import { useRootData } from '../../ui/root-data.ts';
import { FORM_ANCHOR, PRIVACY_PATH } from '../../urls.ts';

/** The editorial part of a form page: the CMS page of the same slug (title, SEO, blocks). */
export interface FormPageContent {
  title: string;
  seo: SeoComponent | null;
  blocks: ResolvedBlock[];
}

/** Page frame: heading (and lead), the main column and an optional aside. */
export function FormPageLayout({
  title,
  lead,
  aside,
  children,
}: {
  title: string;
  lead?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="container form-page">
      <header className="page-header form-page__header">
        <h1>{title}</h1>
        {lead ? <p className="form-page__lead">{lead}</p> : null}
      </header>
      <div className={aside ? 'form-page__columns' : 'form-page__single'}>
        <div className="form-page__main">{children}</div>
        {aside ? <aside className="form-page__aside">{aside}</aside> : null}
      </div>
    </div>
  );
}

/** The editorial blocks of the CMS page (nothing when the page has none). */
export function EditorialBlocks({ blocks }: { blocks: ResolvedBlock[] }) {
  if (blocks.length === 0) return null;
  return (
    <div className="form-page__blocks">
      <BlockList blocks={blocks} />
    </div>
  );
}

/** The card holding the form or its confirmation; a successful post scrolls back to it. */
export function FormSection({
  title,
  intro,
  children,
}: {
  title?: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section
      className="form-card"
      id={FORM_ANCHOR}
      aria-labelledby={title ? `${FORM_ANCHOR}-title` : undefined}
    >
      {title ? (
        <h2 className="form-card__title" id={`${FORM_ANCHOR}-title`}>
          {title}
        </h2>
      ) : null}
      {intro ? <p className="form-card__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

/**
 * A success (`role="status"`) or error (`role="alert"`) message; `code` names the outcome for tests
 * and styling (`data-form-status`).
 */
export function FormAlert({
  tone,
  code,
  title,
  children,
}: {
  tone: 'success' | 'error' | 'info';
  code: string;
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div
      className={`form-alert form-alert--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-form-status={code}
    >
      {title ? <p className="form-alert__title">{title}</p> : null}
      {children}
    </div>
  );
}

/** The link to the privacy statement below a consent checkbox. */
export function PrivacyNote({ text }: { text: string }) {
  return (
    <p className="form-privacy">
      <AppLink to={PRIVACY_PATH}>{text}</AppLink>
    </p>
  );
}

/** The publisher's contact details from the CMS `site` settings, in an aside card. */
export function SiteContactDetails({ title, intro }: { title: string; intro?: string }) {
  const { t } = useTranslation();
  const site = useRootData()?.site;
  const contact = site?.contact;
  if (!contact) return null;
  return (
    <section className="form-aside-card" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title">{title}</h2>
      {intro ? <p className="form-aside-card__intro">{intro}</p> : null}
      <dl className="form-aside-card__details">
        {contact.email ? (
          <div>
            <dt>{t('contact.details.email')}</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </div>
        ) : null}
        {contact.phone ? (
          <div>
            <dt>{t('contact.details.phone')}</dt>
            <dd>
              <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>{contact.phone}</a>
            </dd>
          </div>
        ) : null}
        {contact.street ? (
          <div>
            <dt>{t('contact.details.address')}</dt>
            <dd>
              <address>
                {site?.name ? (
                  <>
                    {site.name}
                    <br />
                  </>
                ) : null}
                {contact.street}
                <br />
                {contact.postalCode} {contact.city}
              </address>
            </dd>
          </div>
        ) : null}
        {contact.kvk ? (
          <div>
            <dt>{t('contact.details.kvk')}</dt>
            <dd>{contact.kvk}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
