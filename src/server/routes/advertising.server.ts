/** Route module of the `advertising` page (src/shared/pages/advertising/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { data } from 'react-router';
import { validateForm } from '../../shared/forms/validate-form.ts';
import type { AdvertisingPageData } from '../../shared/pages/advertising/advertising.page.tsx';
import { advertisingForm } from '../../shared/pages/advertising/advertising-form.ts';
import { ADVERTISING_PATH, SENT_PARAM, sentPath } from '../../shared/urls.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';
import {
  flagParam,
  loadFormPage,
  redirectAfterPost,
  rejected,
  submitToCms,
  unavailable,
} from '../services/public-forms.server.ts';

/**
 * `/adverteren` action: validates the enquiry with the page's own form definition, hands
 * it to the CMS (`POST /api/advertising-enquiries`, which stores it, e-mails the sales team and
 * confirms to the sender) and redirects to `/adverteren?verzonden=1#formulier`. Invalid input →
 * 422 with the messages; a CMS outage → 503 with the typed values (nothing was sent).
 */
export async function action({ request, context }: PortalLoaderArgs) {
  const result = validateForm(advertisingForm, await request.formData(), context.locale);
  if (!result.success) return rejected(advertisingForm, result);
  const { company, contactPerson, email, phone, interests, budget, message, consent } = result.values;
  const sent = await submitToCms(context, 'advertising-enquiries', {
    company,
    contactPerson,
    email,
    phone,
    interests,
    budget,
    message,
    consent,
    language: context.locale,
  });
  if (!sent) return unavailable(advertisingForm, result);
  return redirectAfterPost(sentPath(ADVERTISING_PATH, SENT_PARAM), context);
}

/**
 * `/adverteren`: the CMS page `adverteren` (title and blocks) and whether an enquiry was
 * just sent (`?verzonden=1`, set by the action's redirect; any other value is a 404).
 */
export async function loader({ request, context }: PortalLoaderArgs) {
  const sent = flagParam(request, SENT_PARAM);
  const body: AdvertisingPageData = { page: await loadFormPage(context, 'adverteren'), sent };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
