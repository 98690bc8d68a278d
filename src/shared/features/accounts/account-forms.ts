/**
 * The account forms, defined once for the pages (browser validation) and their actions
 * (`validateForm`), so both apply the same rules and messages. The password rule is the portal's
 * policy (docs/decisions/021-password-policy.md): at least 8 characters, at most 72 (the CMS also
 * refuses more than 72 bytes); the CMS enforces the same policy.
 */
import { defineForm } from '../../forms/define-form.ts';
import { newsletterForm } from '../../pages/newsletter/newsletter-form.ts';

/** Smallest password length (characters), decision 021. */
const PASSWORD_MIN_LENGTH = 8;
/** Largest password size in UTF-8 bytes (bcrypt's input limit), decision 021. */
const PASSWORD_MAX_BYTES = 72;

const email = {
  type: 'email',
  label: 'accounts.fields.email',
  validation: 'required|email',
  autoComplete: 'email',
} as const;

const newPassword = {
  type: 'password',
  label: 'accounts.fields.newPassword',
  help: 'accounts.fields.passwordHelp',
  validation: `required|length:${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_BYTES}`,
  autoComplete: 'new-password',
} as const;

const newPasswordConfirm = {
  type: 'password',
  label: 'accounts.fields.passwordConfirm',
  validation: 'required|confirm:password',
  // FormKit's "{{Name}} komt niet overeen." with this label is no Dutch anyone writes.
  messages: { confirm: 'accounts.messages.passwordsDiffer' },
  autoComplete: 'new-password',
} as const;

/** `/inloggen`. */
export const loginForm = defineForm({
  fields: {
    email,
    password: {
      type: 'password',
      label: 'accounts.fields.password',
      validation: 'required',
      autoComplete: 'current-password',
    },
  },
});

/** `/registreren`. */
export const registerForm = defineForm({
  fields: {
    email,
    password: newPassword,
    password_confirm: newPasswordConfirm,
    terms: {
      type: 'checkbox',
      label: 'accounts.fields.terms',
      // The message names what is accepted ("Accepteer de privacyverklaring."); the label is a
      // whole sentence and would garble it (docs/decisions/095-forms-restart-from-the-server-answer.md).
      validationLabel: 'accounts.fields.termsName',
      validation: 'accepted',
    },
  },
});

/** `/wachtwoord-vergeten`, and "send the confirmation e-mail again". */
export const emailOnlyForm = defineForm({ fields: { email } });

/** `/wachtwoord-reset` and `/account-activeren` (the code travels in a hidden input). */
export const newPasswordForm = defineForm({
  fields: { password: newPassword, password_confirm: newPasswordConfirm },
});

/** "Change password" on `/account`. */
export const changePasswordForm = defineForm({
  fields: {
    current_password: {
      type: 'password',
      label: 'accounts.fields.currentPassword',
      validation: 'required',
      autoComplete: 'current-password',
    },
    password: newPassword,
    password_confirm: newPasswordConfirm,
  },
});

/**
 * "Account verwijderen" on `/account`: the current password again (docs/personal-data.md). An
 * account of an external provider has no password of its own and types its e-mail address instead
 * ({@link deleteProviderAccountForm}).
 */
export const deleteAccountForm = defineForm({
  fields: {
    password: {
      type: 'password',
      label: 'accounts.fields.currentPassword',
      validation: 'required',
      autoComplete: 'current-password',
    },
  },
});

/** "Account verwijderen" for an account of an external provider: its own e-mail address typed. */
export const deleteProviderAccountForm = defineForm({
  fields: {
    email: { ...email, label: 'accounts.fields.confirmEmail', autoComplete: 'off' },
  },
});

/** "Je naam" on `/account` (empty removes the name). */
export const nameForm = defineForm({
  fields: {
    fullName: {
      label: 'accounts.fields.fullName',
      validation: 'length:0,100',
      autoComplete: 'name',
    },
  },
});

/**
 * "E-mailadres wijzigen" on `/account`: the new address and the current password; the change takes
 * effect when the link sent to the new address is followed (docs/personal-data.md).
 */
export const emailChangeForm = defineForm({
  fields: {
    email: { ...email, label: 'accounts.fields.newEmail' },
    current_password: {
      type: 'password',
      label: 'accounts.fields.currentPassword',
      validation: 'required',
      autoComplete: 'current-password',
    },
  },
});

/** "E-mailadres wijzigen" for an account of an external provider (no password of its own). */
export const emailChangeProviderForm = defineForm({
  fields: { email: { ...email, label: 'accounts.fields.newEmail' } },
});

/**
 * "Nieuwsbrief" on `/account`: topics (none means all) and consent, as on `/nieuwsbrief`; the
 * address is the account's.
 */
export const accountNewsletterForm = defineForm({
  fields: { topics: newsletterForm.fields.topics, consent: newsletterForm.fields.consent },
});

/** `/uitnodiging`. */
export const inviteForm = defineForm({
  fields: {
    email: { ...email, label: 'accounts.fields.colleagueEmail', autoComplete: 'off' },
  },
});

/** True when a password is within the byte limit the CMS accepts (decision 021). */
export function withinPasswordBytes(password: string): boolean {
  return new TextEncoder().encode(password).length <= PASSWORD_MAX_BYTES;
}
