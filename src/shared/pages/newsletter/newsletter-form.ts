/**
 * The newsletter forms, defined once for the pages (browser validation) and their actions
 * (`validateForm`): the sign-up of `/nieuwsbrief` and the unsubscribe confirmation of
 * `/nieuwsbrief/afmelden` (the token from the e-mail in a hidden field). Topics and limits match the
 * CMS's `newsletter-subscription` controller (cms/src/api/newsletter-subscription).
 */
import { defineForm } from '../../forms/define-form.ts';

/** A confirm or unsubscribe token as the CMS issues them: 32 random bytes in hex. */
export const NEWSLETTER_TOKEN_PATTERN = /^[a-f0-9]{64}$/;

/** Topics a subscriber may choose: the CMS topics (docs/product.md#routes-and-layouts: e-commerce, logistiek, fulfilment). */
const TOPIC_OPTIONS = ['ecommerce', 'logistiek', 'fulfilment'] as const;

/** `/nieuwsbrief`: e-mail, first name (optional), topics (none means all) and consent. */
export const newsletterForm = defineForm({
  fields: {
    email: {
      type: 'email',
      label: 'forms.labels.email',
      validation: 'required|email|length:0,254',
      autoComplete: 'email',
    },
    firstName: {
      label: 'forms.labels.firstName',
      help: 'newsletter.fields.firstNameHelp',
      validation: 'length:0,60',
      autoComplete: 'given-name',
    },
    topics: {
      type: 'checkbox',
      label: 'newsletter.fields.topics',
      help: 'newsletter.fields.topicsHelp',
      options: TOPIC_OPTIONS.map((value) => ({ value, label: `newsletter.topics.${value}` })),
    },
    consent: {
      type: 'checkbox',
      label: 'newsletter.fields.consent',
      validationLabel: 'newsletter.fields.consentName',
      validation: 'accepted',
    },
  },
});

/** `/nieuwsbrief/afmelden`: the unsubscribe token from the e-mail link. */
export const unsubscribeForm = defineForm({
  fields: {
    token: { type: 'hidden', validation: [['required'], ['matches', NEWSLETTER_TOKEN_PATTERN]] },
  },
});
