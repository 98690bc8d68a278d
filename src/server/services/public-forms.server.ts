/**
 * Server side of the public forms (contact, advertising, newsletter): the answers of an
 * action, the hand-over to the CMS and the query flag a page reads after a successful post.
 *
 * - invalid input → 422 with the messages per field and the typed values (`formFailure`);
 * - the CMS is unreachable or refuses the submission → 503 with the typed values and
 *   `error: 'unavailable'`, so the page says the form was not sent and nothing is lost;
 * - success → 303 to the page with `?verzonden=1#formulier` (Post/Redirect/Get: a reload does not
 *   post again).
 * Action answers are never stored by caches (`private, no-store`).
 */
import { data, redirect } from 'react-router';
import type { PublicFormActionData } from '../../shared/features/public-forms/public-form-data.ts';
import type { FormPageContent } from '../../shared/features/public-forms/public-form-ui.tsx';
import type { FieldMap, FormDefinition } from '../../shared/forms/define-form.ts';
import { type FormValidationResult, formFailure } from '../../shared/forms/validate-form.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import { notFound } from '../cms/paging.server.ts';
import { findCmsPage, resolveBlocks } from '../cms/queries/pages.server.ts';
import { isOutage, isStrapiError } from '../cms/strapi-client.server.ts';
import type { PortalContext } from '../context.server.ts';
import { PRIVATE_NO_STORE } from '../http/cache-policy.server.ts';

/** `Cache-Control` of action answers and of pages that carry a personal token. */

/** 422: the form's messages per field and the typed values. */
export function rejected<F extends FieldMap>(form: FormDefinition<F>, result: FormValidationResult<F>) {
  const body: PublicFormActionData = formFailure(form, result);
  return data(body, { status: 422, headers: { 'Cache-Control': PRIVATE_NO_STORE } });
}

/** 503: the typed values and `error: 'unavailable'` (the page says nothing was sent). */
export function unavailable<F extends FieldMap>(form: FormDefinition<F>, result: FormValidationResult<F>) {
  const body: PublicFormActionData = {
    ...formFailure(form, { values: result.values, errors: {} }),
    error: 'unavailable',
  };
  return data(body, { status: 503, headers: { 'Cache-Control': PRIVATE_NO_STORE } });
}

/** 303 to `path` (unprefixed, may carry a query and hash) in the visitor's locale. */
export function redirectAfterPost(path: string, context: Pick<PortalContext, 'locale'>): Response {
  return redirect(localizePath(path, context.locale), 303);
}

/**
 * Posts a submission to a CMS create endpoint (`POST /api/<collection>` with `{ data }`); the CMS
 * stores it and sends the e-mails. An accepted submission is a `Lead` (docs/analytics.md),
 * labelled with its collection.
 * @returns true when the CMS accepted it, false when it was unreachable or refused it (logged;
 *   nothing is stored then: the CMS stores only what it could also e-mail)
 * @throws anything that is not a CMS error
 */
export async function submitToCms(
  context: Pick<PortalContext, 'strapi' | 'logger' | 'analytics'>,
  collection: string,
  payload: Record<string, unknown>,
): Promise<boolean> {
  try {
    await context.strapi.create(collection, payload);
    context.analytics.record({ eventType: 'Lead', label: collection });
    return true;
  } catch (error) {
    if (!isStrapiError(error)) throw error;
    context.logger.warn({ strapi: { status: error.status, name: error.name }, collection }, 'form not sent');
    return false;
  }
}

/**
 * Reads a yes-flag of the query (`?verzonden=1`): true when it is `1`, false when it is absent.
 * @throws a 404 route error for any other value (invalid parameters are not found)
 */
export function flagParam(request: Request, name: string): boolean {
  const values = new URL(request.url).searchParams.getAll(name);
  if (values.length === 0) return false;
  if (values.length === 1 && values[0] === '1') return true;
  throw notFound();
}

/**
 * The CMS page of a form page (`contact`, `adverteren`) in the visitor's locale (Dutch fallback):
 * title, SEO and blocks with their content lists resolved; null when the CMS has no such page (the
 * form page then shows its own title and the form).
 * (null as well during a CMS outage: the form still shows).
 * @throws StrapiError when the CMS refuses the read (the loader wrapper makes it a 404 or 503)
 */
export async function loadFormPage(context: PortalContext, slug: string): Promise<FormPageContent | null> {
  let page: Awaited<ReturnType<typeof findCmsPage>>;
  try {
    page = await findCmsPage(context, { slug }, context.locale);
  } catch (error) {
    // The form matters more than the page's text: during an outage it shows without the text.
    if (!(isStrapiError(error) && isOutage(error))) throw error;
    context.logger.warn({ slug }, 'CMS outage: form page without its CMS text');
    return null;
  }
  if (!page) return null;
  return { title: page.title, seo: page.seo ?? null, blocks: await resolveBlocks(context, page.blocks) };
}
