/**
 * Server side of the public forms (contact, advertising, newsletter): the answers of an
 * action, the hand-over to the CMS and the query flag a page reads after a successful post.
 *
 * - invalid input → 422 with the messages per field and the typed values (`formFailure`);
 * - the post goes to the CMS once, with the form's idempotency key (services/submit-once.server.ts):
 *   stored → 303 to the page with `?verzonden=1#formulier` (Post/Redirect/Get: a reload does not
 *   post again); certainly not stored (the CMS unreachable or refusing) → 503 with the typed values
 *   and `error: 'unavailable'`; perhaps stored (no answer in time) → 503 with `error: 'unconfirmed'`
 *   (sending it again is safe); a key that is malformed or was used for other values → 422 with
 *   `error: 'resubmit'` and a new key. Every answer that shows the form again carries its key.
 * Action answers are never stored by caches (`private, no-store`).
 */
import { data, redirect } from 'react-router';
import type {
  PublicFormActionData,
  PublicFormError,
} from '../../shared/features/public-forms/public-form-data.ts';
import type { FormPageContent } from '../../shared/features/public-forms/public-form-ui.tsx';
import type { FieldMap, FormDefinition } from '../../shared/forms/define-form.ts';
import { type FormValidationResult, formFailure } from '../../shared/forms/validate-form.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import { notFound } from '../cms/paging.server.ts';
import { findCmsPage, resolveBlocks } from '../cms/queries/pages.server.ts';
import { isOutage, isStrapiError } from '../cms/strapi-client.server.ts';
import type { PortalContext } from '../context.server.ts';
import { PRIVATE_NO_STORE } from '../http/cache-policy.server.ts';
import { newIdempotencyKey, type PostedKey, submitOnce } from './submit-once.server.ts';

/** 422: the form's messages per field, the typed values and the form's key. */
export function rejected<F extends FieldMap>(
  form: FormDefinition<F>,
  result: FormValidationResult<F>,
  idempotencyKey: string,
) {
  const body: PublicFormActionData = { ...formFailure(form, result), idempotencyKey };
  return data(body, { status: 422, headers: { 'Cache-Control': PRIVATE_NO_STORE } });
}

/**
 * The form again with the typed values, the form's key and a form-level problem: 503 for
 * `unavailable` (nothing was stored) and `unconfirmed` (perhaps stored),
 * 422 for `resubmit` (the key could not be used: `idempotencyKey` is a new one).
 */
export function notSent<F extends FieldMap>(
  form: FormDefinition<F>,
  result: Pick<FormValidationResult<F>, 'values'>,
  error: PublicFormError,
  idempotencyKey: string,
) {
  const body: PublicFormActionData = {
    ...formFailure(form, { values: result.values, errors: {} }),
    error,
    idempotencyKey,
  };
  return data(body, {
    status: error === 'resubmit' ? 422 : 503,
    headers: { 'Cache-Control': PRIVATE_NO_STORE },
  });
}

/** 303 to `path` (unprefixed, may carry a query and hash) in the visitor's locale. */
export function redirectAfterPost(path: string, context: Pick<PortalContext, 'locale'>): Response {
  return redirect(localizePath(path, context.locale), 303);
}

/** One valid public form post on its way to the CMS. */
export interface PublicFormPost<F extends FieldMap> {
  form: FormDefinition<F>;
  result: FormValidationResult<F>;
  /** The key the form was posted with (services/submit-once.server.ts `postedIdempotencyKey`). */
  posted: PostedKey;
  /** The CMS collection the post is created in, e.g. `contact-messages`. */
  collection: string;
  /** What the CMS gets as `data`. */
  payload: Record<string, unknown>;
  /** Where a stored post redirects to (unprefixed, e.g. `/contact?verzonden=1#formulier`). */
  sentPath: string;
}

/**
 * Hands a valid post to the CMS (`POST /api/<collection>` with `{ data }` and the form's key; the
 * CMS stores it and sends the e-mails) and answers as the module comment says. A stored post is a
 * `Lead` (docs/analytics.md), labelled with its collection, counted once however often it is sent.
 * @throws anything that is not a CMS error
 */
export async function sendPublicForm<F extends FieldMap>(
  context: Pick<PortalContext, 'strapi' | 'logger' | 'analytics' | 'locale'>,
  post: PublicFormPost<F>,
) {
  const { form, result, posted } = post;
  if (posted.kind === 'malformed') return notSent(form, result, 'resubmit', posted.key);
  const outcome = await submitOnce(context, {
    path: `/${post.collection}`,
    data: post.payload,
    key: posted.key,
  });
  switch (outcome.kind) {
    case 'stored':
      if (!outcome.replayed) context.analytics.record({ eventType: 'Lead', label: post.collection });
      return redirectAfterPost(post.sentPath, context);
    case 'key-reused':
      return notSent(form, result, 'resubmit', newIdempotencyKey());
    case 'unconfirmed':
      return notSent(form, result, 'unconfirmed', posted.key);
    default:
      // Refused or not stored: the CMS keeps nothing it could not also e-mail.
      context.logger.warn(
        { strapi: { status: outcome.error.status, name: outcome.error.name }, collection: post.collection },
        'form not sent',
      );
      return notSent(form, result, 'unavailable', posted.key);
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
