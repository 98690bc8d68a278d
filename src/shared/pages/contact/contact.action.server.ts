/**
 * `/contact` action (issue 5): validates the contact form with the page's own definition, hands
 * the message to the CMS (`POST /api/contact-messages`, which stores it, e-mails the editors and
 * confirms to the sender) and redirects to `/contact?verzonden=1#formulier`. Invalid input → 422
 * with the messages; a CMS outage → 503 with the typed values (nothing was sent).
 */
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { validateForm } from '../../forms/validate-form.ts';
import { CONTACT_PATH, SENT_PARAM, sentPath } from '../../public-forms-paths.ts';
import {
  redirectAfterPost,
  rejected,
  submitToCms,
  unavailable,
} from '../public-forms/public-forms.server.ts';
import { contactForm } from './contact-form.ts';

/** Action of `/contact`. */
export async function contactAction({ request, context }: PortalLoaderArgs) {
  const result = validateForm(contactForm, await request.formData(), context.locale);
  if (!result.success) return rejected(contactForm, result);
  const { name, email, organisation, subject, message, consent } = result.values;
  const sent = await submitToCms(context, 'contact-messages', {
    name,
    email,
    organisation,
    subject,
    message,
    consent,
    language: context.locale,
  });
  if (!sent) return unavailable(contactForm, result);
  return redirectAfterPost(sentPath(CONTACT_PATH, SENT_PARAM), context);
}
