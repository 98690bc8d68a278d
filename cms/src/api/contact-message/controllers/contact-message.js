/**
 * Controller for contact messages (api::contact-message.contact-message).
 *
 * `create` is the only action (public and authenticated roles). It accepts
 * `{ data: { name, email, organisation?, subject, message, consent: true, language?: 'nl'|'en' } }`,
 * ignores every other field, checks the same limits as the portal's form, stores the message,
 * e-mails it to the editors (EDITORS_EMAIL, Reply-To the sender) and sends the sender a short
 * confirmation in their language. It answers `202` with an empty body (nothing is echoed), `400`
 * for invalid input and `503` when the editors cannot be e-mailed (then nothing is stored). With an
 * `Idempotency-Key` header the same message is stored and e-mailed once and answered alike
 * (lib/idempotency.js).
 */
const { factories } = require('@strapi/strapi');
const form = require('../../../lib/form-mail');
const { answerOnce } = require('../../../lib/idempotency');
const mail = require('../../../lib/mail');
const { accepted, emailAddress, language, submission, text, validateBody } = require('../../../lib/validate');

const UID = 'api::contact-message.contact-message';

/** Limits in characters, the same as the portal's form definition (src/shared/pages/contact). */
const LIMITS = { name: 100, organisation: 150, subject: 150, message: 5000 };

/** The sender's confirmation per language. No visitor text is repeated (no spam relay). */
const CONFIRMATION = {
  nl: {
    subject: 'We hebben je bericht ontvangen',
    lines: [
      'Hallo,',
      '',
      'Bedankt voor je bericht aan de redactie. We hebben het goed ontvangen en reageren zo snel mogelijk.',
      '',
      'Heb je dit bericht niet zelf verstuurd? Dan kun je deze e-mail negeren.',
    ],
  },
  en: {
    subject: 'We have received your message',
    lines: [
      'Hello,',
      '',
      'Thank you for your message to the editors. We have received it and will reply as soon as possible.',
      '',
      'Did you not send this message yourself? Then you can ignore this e-mail.',
    ],
  },
};

/** The posted message (docs/decisions/081-cms-validation-on-yup.md). */
const MESSAGE_SCHEMA = submission({
  name: text([1, LIMITS.name]),
  email: emailAddress().lowercase(),
  organisation: text([1, LIMITS.organisation], { optional: true }),
  subject: text([1, LIMITS.subject]),
  message: text([1, LIMITS.message], { multiline: true }),
  consent: accepted(),
  language: language(),
});

/**
 * Reads and checks the posted message.
 * @param {import('koa').Context} ctx
 * @returns {{ name: string, email: string, organisation: string | null, subject: string, message: string, language: 'nl'|'en' }}
 * @throws ValidationError (400, `details.errors` and `details.field`: lib/validate.js)
 */
function readMessage(ctx) {
  const { consent: _consent, ...message } = validateBody(MESSAGE_SCHEMA, ctx.request.body).data;
  return message;
}

/**
 * The e-mail to the editors (Dutch: it is the team's language).
 * @param {ReturnType<typeof readMessage>} message
 * @returns {{ subject: string, text: string, html: string }}
 */
function editorsMail(message) {
  const rows = [
    ['Naam', message.name],
    ['E-mailadres', message.email],
    ['Organisatie', message.organisation || '–'],
    ['Onderwerp', message.subject],
    ['Taal', message.language === 'en' ? 'Engels' : 'Nederlands'],
  ];
  const text = [
    'Nieuw bericht via het contactformulier van de portal.',
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    message.message,
    '',
    'Beantwoorden kan rechtstreeks op deze e-mail (Reply-To is de afzender).',
  ].join('\n');
  const html = `<p>Nieuw bericht via het contactformulier van de portal.</p>
<table>${rows.map(([label, value]) => `<tr><th align="left">${label}</th><td>${mail.escapeHtml(value)}</td></tr>`).join('')}</table>
<p style="white-space:pre-wrap">${mail.escapeHtml(message.message)}</p>
<p>Beantwoorden kan rechtstreeks op deze e-mail (Reply-To is de afzender).</p>`;
  return { subject: `Contactformulier: ${message.subject}`, text, html };
}

module.exports = factories.createCoreController(UID, ({ strapi }) => ({
  /**
   * Stores a contact message (see the module comment).
   * @param {import('koa').Context} ctx Koa context; body `{ data: { … } }`.
   * @returns {Promise<void>} 202 with an empty body.
   */
  async create(ctx) {
    const message = readMessage(ctx);
    const confirmation = CONFIRMATION[message.language];
    await answerOnce(strapi, ctx, {
      scope: 'contact-message',
      input: message,
      user: ctx.state.user,
      run: async () => {
        await form.storeThenNotify(strapi, {
          uid: UID,
          label: 'contact message',
          data: { ...message, consentAt: new Date() },
          notify: () => form.sendMail(strapi, { to: form.editorsAddress(), replyTo: message.email, ...editorsMail(message) }),
          confirm: () =>
            form.sendMail(strapi, {
              to: message.email,
              subject: confirmation.subject,
              text: confirmation.lines.join('\n'),
              html: confirmation.lines.filter(Boolean).map((line) => `<p>${mail.escapeHtml(line)}</p>`).join('\n'),
            }),
        });
        return { status: 202 };
      },
    });
  },
}));
