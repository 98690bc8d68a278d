/** Route module of the `advertising` page (src/shared/pages/advertising/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { data } from 'react-router';
import { validateForm } from '../../shared/forms/validate-form.ts';
import type { AdvertisingPageData } from '../../shared/pages/advertising/advertising.page.tsx';
import { advertisingForm } from '../../shared/pages/advertising/advertising-form.ts';
import { ADVERTISING_PATH, SENT_PARAM, sentPath } from '../../shared/urls.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { PRIVATE_NO_STORE, PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';
import { flagParam, loadFormPage, rejected, sendPublicForm } from '../services/public-forms.server.ts';
import { newIdempotencyKey, postedIdempotencyKey } from '../services/submit-once.server.ts';

/**
 * `/adverteren` action: validates the enquiry with the page's own form definition, hands
 * it to the CMS once (`POST /api/advertising-enquiries` with the form's idempotency key; the CMS
 * stores it, e-mails the sales team and confirms to the sender) and redirects to
 * `/adverteren?verzonden=1#formulier`. Invalid input → 422 with the messages; otherwise the answers
 * of `sendPublicForm` (services/public-forms.server.ts).
 */
export async function action({ request, context }: PortalLoaderArgs) {
  const formData = await request.formData();
  const posted = postedIdempotencyKey(formData);
  const result = validateForm(advertisingForm, formData, context.locale);
  if (!result.success) return rejected(advertisingForm, result, posted.key);
  const { company, contactPerson, email, phone, interests, budget, message, consent } = result.values;
  return sendPublicForm(context, {
    form: advertisingForm,
    result,
    posted,
    collection: 'advertising-enquiries',
    payload: {
      company,
      contactPerson,
      email,
      phone,
      interests,
      budget,
      message,
      consent,
      language: context.locale,
    },
    sentPath: sentPath(ADVERTISING_PATH, SENT_PARAM),
  });
}

/**
 * `/adverteren`: the CMS page `adverteren` (title and blocks) and whether an enquiry was
 * just sent (`?verzonden=1`, set by the action's redirect; any other value is a 404). A page with
 * the form carries a new idempotency key, so it is private; the confirmation is public.
 */
export async function loader({ request, context }: PortalLoaderArgs) {
  const sent = flagParam(request, SENT_PARAM);
  const body: AdvertisingPageData = {
    page: await loadFormPage(context, 'adverteren'),
    sent,
    idempotencyKey: sent ? null : newIdempotencyKey(),
  };
  return data(body, { headers: { 'Cache-Control': sent ? PUBLIC_PAGE_CACHE : PRIVATE_NO_STORE } });
}
