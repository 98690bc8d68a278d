/**
 * Unprefixed site paths of the public forms (issue 5) and the query values their pages read after
 * a submit (Post/Redirect/Get). `AppLink` and `localizePath` add the `/en` prefix.
 */

/** The contact page with its form. */
export const CONTACT_PATH = '/contact';
/** The advertising page with its enquiry form. */
export const ADVERTISING_PATH = '/adverteren';
/** The newsletter sign-up page. */
export const NEWSLETTER_PATH = '/nieuwsbrief';
/** Target of the confirmation link in the newsletter's double opt-in e-mail (`?token=`). */
export const NEWSLETTER_CONFIRM_PATH = '/nieuwsbrief/bevestigen';
/** Target of the unsubscribe link in every newsletter e-mail (`?token=`). */
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/nieuwsbrief/afmelden';
/** The privacy statement (a CMS page) the consent checkboxes refer to. */
export const PRIVACY_PATH = '/privacy';

/** Query parameter set after a contact message or advertising enquiry was sent (`?verzonden=1`). */
export const SENT_PARAM = 'verzonden';
/** Query parameter set after a newsletter sign-up (`?aangemeld=1`). */
export const SIGNED_UP_PARAM = 'aangemeld';
/** Query parameter of the outcome on the confirm and unsubscribe pages (`?resultaat=bevestigd`). */
export const RESULT_PARAM = 'resultaat';
/** Id of the form section; the redirect after a submit scrolls to it (`#formulier`). */
export const FORM_ANCHOR = 'formulier';

/** `path?param=1#formulier`: where a successful submit redirects to. */
export function sentPath(path: string, param: string): string {
  return `${path}?${param}=1#${FORM_ANCHOR}`;
}
