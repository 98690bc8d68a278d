/**
 * `/adverteren` action (issue 5): validates the enquiry with the page's own form definition, hands
 * it to the CMS (`POST /api/advertising-enquiries`, which stores it, e-mails the sales team and
 * confirms to the sender) and redirects to `/adverteren?verzonden=1#formulier`. Invalid input →
 * 422 with the messages; a CMS outage → 503 with the typed values (nothing was sent).
 */
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { validateForm } from '../../forms/validate-form.ts';
import { ADVERTISING_PATH, SENT_PARAM, sentPath } from '../../public-forms-paths.ts';
import {
  redirectAfterPost,
  rejected,
  submitToCms,
  unavailable,
} from '../public-forms/public-forms.server.ts';
import { advertisingForm } from './advertising-form.ts';

/** Action of `/adverteren`. */
export async function advertisingAction({ request, context }: PortalLoaderArgs) {
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
