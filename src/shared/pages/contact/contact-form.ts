/**
 * The contact form of `/contact`, defined once for the page (browser validation) and its
 * action (`validateForm`). The limits match the CMS's `contact-message` controller
 * (cms/src/api/contact-message).
 */
import { defineForm } from '../../forms/define-form.ts';

/** `/contact`: name, e-mail, organisation (optional), subject, message and consent. */
export const contactForm = defineForm({
  fields: {
    name: { label: 'forms.labels.name', validation: 'required|length:2,100', autoComplete: 'name' },
    email: {
      type: 'email',
      label: 'forms.labels.email',
      validation: 'required|email|length:0,254',
      autoComplete: 'email',
    },
    organisation: {
      label: 'contact.fields.organisation',
      help: 'contact.fields.organisationHelp',
      validation: 'length:0,150',
      autoComplete: 'organization',
    },
    subject: { label: 'contact.fields.subject', validation: 'required|length:3,150' },
    message: { type: 'textarea', label: 'contact.fields.message', validation: 'required|length:10,5000' },
    consent: {
      type: 'checkbox',
      label: 'contact.fields.consent',
      validationLabel: 'contact.fields.consentName',
      validation: 'accepted',
    },
  },
});
