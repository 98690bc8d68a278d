/**
 * Server actions (form posts) by spec route name, attached to the shared route table next to the
 * loaders. An action receives the same context as a loader; it reads the posted form with
 * `await request.formData()`, validates it with the form's schema, and returns either
 * `data({ values, errors }, { status: 400 })` (the page shows the errors next to the fields and
 * keeps the values) or a redirect. CMS failures become a 503 route error unless the action catches
 * them to keep the visitor's input (it should: "never lose what the user typed").
 */
import type { ActionFunction } from 'react-router';
import { accountAction } from '../../shared/pages/account/account.action.server.ts';
import { accountActivateAction } from '../../shared/pages/account-activate/account-activate.action.server.ts';
import { advertisingAction } from '../../shared/pages/advertising/advertising.action.server.ts';
import { contactAction } from '../../shared/pages/contact/contact.action.server.ts';
import { emailConfirmAction } from '../../shared/pages/email-confirm/email-confirm.action.server.ts';
import { forgotPasswordAction } from '../../shared/pages/forgot-password/forgot-password.action.server.ts';
import { inviteAction } from '../../shared/pages/invite/invite.action.server.ts';
import { loginAction } from '../../shared/pages/login/login.action.server.ts';
import { myVacancyAction } from '../../shared/pages/my-vacancies/my-vacancy.action.server.ts';
import { placeVacancyAction } from '../../shared/pages/my-vacancies/place-vacancy.action.server.ts';
import {
  newsletterAction,
  newsletterUnsubscribeAction,
} from '../../shared/pages/newsletter/newsletter.action.server.ts';
import { passwordResetAction } from '../../shared/pages/password-reset/password-reset.action.server.ts';
import { registerAction } from '../../shared/pages/register/register.action.server.ts';
import { registrationsAction } from '../../shared/pages/registrations/registrations.action.server.ts';
import { subscriptionOrderAction } from '../../shared/pages/subscriptions/order.action.server.ts';
import type { PortalLoader } from './context.server.ts';

/** An action has the same shape as a loader. */
export type PortalAction = PortalLoader;

const ACTIONS: Record<string, PortalAction> = {
  account: accountAction,
  inloggen: loginAction,
  registreren: registerAction,
  uitnodiging: inviteAction,
  'account-activeren': accountActivateAction,
  'email-valideren': emailConfirmAction,
  'wachtwoord-vergeten': forgotPasswordAction,
  'wachtwoord-reset': passwordResetAction,
  'jobs-plaatsen': placeVacancyAction,
  'jobs-mijn-id': myVacancyAction,
  inschrijvingen: registrationsAction,
  'abonnementen-slug': subscriptionOrderAction,
  contact: contactAction,
  adverteren: advertisingAction,
  nieuwsbrief: newsletterAction,
  'nieuwsbrief-afmelden': newsletterUnsubscribeAction,
};

/**
 * The action for a route name, wrapped like the loaders (CMS errors → route errors), or undefined.
 * @param wrap the loaders' wrapper (shared error mapping and logging)
 */
export function actionFor(
  name: string,
  wrap: (action: PortalAction) => ActionFunction,
): ActionFunction | undefined {
  const action = ACTIONS[name];
  return action ? wrap(action) : undefined;
}
