/**
 * A CMS page with a form below its editorial blocks and the publisher's contact details aside:
 * `/contact` and `/adverteren`. After a successful post the form is replaced by a
 * confirmation (`?verzonden=1`); a rejected post shows the messages next to the fields and keeps
 * every typed value; a post the CMS did not store says so (`unavailable`), one it did not confirm in
 * time says that sending it again is safe (`unconfirmed`). The form carries its idempotency key.
 *
 * Texts come from the page's translation namespace `ns`: `title`, `description`, `formTitle`,
 * `formIntro`, `sentTitle`, `sent`, `sendAnother`, `unavailable`, `unconfirmed`, `resubmit`,
 * `submit`, `privacyLink`.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData } from 'react-router';
import type { FieldMap, FormDefinition } from '../../forms/define-form.ts';
import { IdempotencyKeyField } from '../../forms/idempotency-key-field.tsx';
import { PortalForm } from '../../forms/portal-form.tsx';
import { AppLink } from '../../ui/app-link.tsx';
import { Seo } from '../../ui/seo.tsx';
import { BreadcrumbJsonLd } from '../../ui/structured-data.tsx';
import { FORM_ANCHOR } from '../../urls.ts';
import type { PublicFormActionData } from './public-form-data.ts';
import {
  EditorialBlocks,
  FormAlert,
  type FormPageContent,
  FormPageLayout,
  FormSection,
  PrivacyNote,
  SiteContactDetails,
} from './public-form-ui.tsx';

/** Loader data of a CMS form page. */
export interface CmsFormPageData {
  /** The CMS page, or null when the CMS has none. */
  page: FormPageContent | null;
  /** The form was just sent. */
  sent: boolean;
  /** The form's idempotency key (src/shared/forms/idempotency-key.ts); null when no form shows. */
  idempotencyKey: string | null;
}

export interface CmsFormPageProps<F extends FieldMap> {
  /** Translation namespace of the page's texts (see the module docstring). */
  ns: string;
  /** Unprefixed path of the page. */
  path: string;
  form: FormDefinition<F>;
  /** Heading and introduction of the contact details aside (translated). */
  aside: { title: string; intro: string };
  /** The form's fields. */
  children: ReactNode;
}

/** The page around one public form. */
export function CmsFormPage<F extends FieldMap>({ ns, path, form, aside, children }: CmsFormPageProps<F>) {
  const { page, sent, idempotencyKey } = useLoaderData() as CmsFormPageData;
  const action = useActionData() as PublicFormActionData | undefined;
  const { t } = useTranslation();
  const title = page?.title ?? t(`${ns}.title`);
  return (
    <FormPageLayout title={title} aside={<SiteContactDetails title={aside.title} intro={aside.intro} />}>
      <Seo
        title={page?.seo?.metaTitle ?? title}
        description={page?.seo?.metaDescription ?? t(`${ns}.description`)}
        image={page?.seo?.shareImage?.url}
        path={path}
        noindex={sent}
      />
      <BreadcrumbJsonLd crumbs={[{ name: title, path }]} />
      <EditorialBlocks blocks={page?.blocks ?? []} />
      <FormSection title={t(`${ns}.formTitle`)} intro={sent ? undefined : t(`${ns}.formIntro`)}>
        {sent ? (
          <>
            <FormAlert tone="success" code="sent" title={t(`${ns}.sentTitle`)}>
              <p>{t(`${ns}.sent`)}</p>
            </FormAlert>
            <p className="form-actions">
              <AppLink to={`${path}#${FORM_ANCHOR}`} className="button button--secondary">
                {t(`${ns}.sendAnother`)}
              </AppLink>
            </p>
          </>
        ) : (
          <>
            {action?.error ? (
              <FormAlert tone="error" code={action.error}>
                <p>{t(`${ns}.${action.error}`)}</p>
              </FormAlert>
            ) : null}
            <PortalForm
              form={form}
              serverErrors={action?.errors}
              serverValues={action?.values}
              submitLabel={`${ns}.submit`}
            >
              <IdempotencyKeyField value={action?.idempotencyKey ?? idempotencyKey} />
              {children}
              <PrivacyNote text={t(`${ns}.privacyLink`)} />
            </PortalForm>
          </>
        )}
      </FormSection>
    </FormPageLayout>
  );
}
