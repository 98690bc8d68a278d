/** Route module of the `contact` page (src/shared/pages/contact/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { data } from 'react-router';
import { validateForm } from '../../shared/forms/validate-form.ts';
import type { ContactPageData } from '../../shared/pages/contact/contact.page.tsx';
import { contactForm } from '../../shared/pages/contact/contact-form.ts';
import { CONTACT_PATH, SENT_PARAM, sentPath } from '../../shared/urls.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { PRIVATE_NO_STORE, PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';
import { flagParam, loadFormPage, rejected, sendPublicForm } from '../services/public-forms.server.ts';
import { newIdempotencyKey, postedIdempotencyKey } from '../services/submit-once.server.ts';

/**
 * `/contact` action: validates the contact form with the page's own definition, hands
 * the message to the CMS once (`POST /api/contact-messages` with the form's idempotency key; the
 * CMS stores it, e-mails the editors and confirms to the sender) and redirects to
 * `/contact?verzonden=1#formulier`. Invalid input → 422 with the messages; otherwise the answers of
 * `sendPublicForm` (services/public-forms.server.ts): the form again with every typed value when the
 * message was not, or perhaps not, stored.
 */
export async function action({ request, context }: PortalLoaderArgs) {
  const formData = await request.formData();
  const posted = postedIdempotencyKey(formData);
  const result = validateForm(contactForm, formData, context.locale);
  if (!result.success) return rejected(contactForm, result, posted.key);
  const { name, email, organisation, subject, message, consent } = result.values;
  return sendPublicForm(context, {
    form: contactForm,
    result,
    posted,
    collection: 'contact-messages',
    payload: { name, email, organisation, subject, message, consent, language: context.locale },
    sentPath: sentPath(CONTACT_PATH, SENT_PARAM),
  });
}

/**
 * `/contact`: the CMS page `contact` (title and blocks) and whether a message was just
 * sent (`?verzonden=1`, set by the action's redirect; any other value is a 404). The form gets a
 * new idempotency key on every render, so a page with the form is private (never shared by a
 * cache); the confirmation is public.
 */
export async function loader({ request, context }: PortalLoaderArgs) {
  const sent = flagParam(request, SENT_PARAM);
  const body: ContactPageData = {
    page: await loadFormPage(context, 'contact'),
    sent,
    idempotencyKey: sent ? null : newIdempotencyKey(),
  };
  return data(body, { headers: { 'Cache-Control': sent ? PUBLIC_PAGE_CACHE : PRIVATE_NO_STORE } });
}
