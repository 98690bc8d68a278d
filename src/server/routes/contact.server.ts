/** Route module of the `contact` page (src/shared/pages/contact/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { data } from 'react-router';
import { validateForm } from '../../shared/forms/validate-form.ts';
import type { ContactPageData } from '../../shared/pages/contact/contact.page.tsx';
import { contactForm } from '../../shared/pages/contact/contact-form.ts';
import { CONTACT_PATH, SENT_PARAM, sentPath } from '../../shared/urls.ts';
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
 * `/contact` action: validates the contact form with the page's own definition, hands
 * the message to the CMS (`POST /api/contact-messages`, which stores it, e-mails the editors and
 * confirms to the sender) and redirects to `/contact?verzonden=1#formulier`. Invalid input → 422
 * with the messages; a CMS outage → 503 with the typed values (nothing was sent).
 */
export async function action({ request, context }: PortalLoaderArgs) {
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

/**
 * `/contact`: the CMS page `contact` (title and blocks) and whether a message was just
 * sent (`?verzonden=1`, set by the action's redirect; any other value is a 404).
 */
export async function loader({ request, context }: PortalLoaderArgs) {
  const sent = flagParam(request, SENT_PARAM);
  const body: ContactPageData = { page: await loadFormPage(context, 'contact'), sent };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
