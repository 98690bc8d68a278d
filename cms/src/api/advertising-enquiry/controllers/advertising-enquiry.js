/**
 * Controller for advertising enquiries (api::advertising-enquiry.advertising-enquiry).
 *
 * `create` is the only action (public and authenticated roles). It accepts
 * `{ data: { company, contactPerson, email, phone?, interests: string[], budget, message?,
 * consent: true, language?: 'nl'|'en' } }`, ignores every other field, checks the same options and
 * limits as the portal's form, stores the enquiry, e-mails it to the sales team (SALES_EMAIL,
 * Reply-To the sender) and sends the sender a short confirmation in their language. It answers
 * `202` with an empty body, `400` for invalid input and `503` when sales cannot be e-mailed (then
 * nothing is stored). With an `Idempotency-Key` header the same enquiry is stored and e-mailed once
 * and answered alike (lib/idempotency.js).
 */
const { factories } = require('@strapi/strapi');
const form = require('../../../lib/form-mail');
const { answerOnce } = require('../../../lib/idempotency');
const mail = require('../../../lib/mail');
const { accepted, choices, emailAddress, language, oneOf, submission, text, validateBody } = require('../../../lib/validate');

const UID = 'api::advertising-enquiry.advertising-enquiry';

/** Advertising options (the portal's `interests` checkboxes), with their Dutch names for sales. */
const INTERESTS = {
  banner: 'Banners op de website',
  nieuwsbrief: 'Nieuwsbrief',
  vacature: 'Vacatures',
  magazine: 'Magazine',
  evenement: 'Evenementen',
};

/** Budget ranges (the portal's `budget` select), with their Dutch names for sales. */
const BUDGETS = {
  up_to_2500: 'tot € 2.500',
  between_2500_10000: '€ 2.500 – € 10.000',
  between_10000_25000: '€ 10.000 – € 25.000',
  over_25000: 'meer dan € 25.000',
  unknown: 'weet ik nog niet',
};

/** Limits in characters, the same as the portal's form definition (src/shared/pages/advertising). */
const LIMITS = { company: 150, contactPerson: 100, phone: 30, message: 5000 };

/** The sender's confirmation per language. No visitor text is repeated (no spam relay). */
const CONFIRMATION = {
  nl: {
    subject: 'We hebben je aanvraag over adverteren ontvangen',
    lines: [
      'Hallo,',
      '',
      'Bedankt voor je interesse in adverteren. Onze salesafdeling neemt zo snel mogelijk contact met je op met een voorstel op maat.',
      '',
      'Heb je deze aanvraag niet zelf verstuurd? Dan kun je deze e-mail negeren.',
    ],
  },
  en: {
    subject: 'We have received your advertising enquiry',
    lines: [
      'Hello,',
      '',
      'Thank you for your interest in advertising with us. Our sales team will contact you as soon as possible with a tailored proposal.',
      '',
      'Did you not send this enquiry yourself? Then you can ignore this e-mail.',
    ],
  },
};

/** The posted enquiry (docs/decisions/081-cms-validation-on-yup.md). */
const ENQUIRY_SCHEMA = submission({
  company: text([1, LIMITS.company]),
  contactPerson: text([1, LIMITS.contactPerson]),
  email: emailAddress().lowercase(),
  phone: text([1, LIMITS.phone], { optional: true }),
  interests: choices(Object.keys(INTERESTS), { required: true }),
  budget: oneOf(Object.keys(BUDGETS)),
  message: text([1, LIMITS.message], { multiline: true, optional: true }),
  consent: accepted(),
  language: language(),
});

/**
 * Reads and checks the posted enquiry.
 * @param {import('koa').Context} ctx
 * @returns {{ company: string, contactPerson: string, email: string, phone: string | null, interests: string[],
 *   budget: string, message: string | null, language: 'nl'|'en' }}
 * @throws ValidationError (400, `details.errors` and `details.field`: lib/validate.js)
 */
function readEnquiry(ctx) {
  const { consent: _consent, ...enquiry } = validateBody(ENQUIRY_SCHEMA, ctx.request.body).data;
  return enquiry;
}

/**
 * The e-mail to the sales team (Dutch: it is the team's language).
 * @param {ReturnType<typeof readEnquiry>} enquiry
 * @returns {{ subject: string, text: string, html: string }}
 */
function salesMail(enquiry) {
  const rows = [
    ['Bedrijf', enquiry.company],
    ['Contactpersoon', enquiry.contactPerson],
    ['E-mailadres', enquiry.email],
    ['Telefoon', enquiry.phone || '–'],
    ['Interesse', enquiry.interests.map((key) => INTERESTS[key]).join(', ')],
    ['Budget', BUDGETS[enquiry.budget]],
    ['Taal', enquiry.language === 'en' ? 'Engels' : 'Nederlands'],
  ];
  const text = [
    'Nieuwe aanvraag via het advertentieformulier van de portal.',
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    enquiry.message || '(geen toelichting)',
    '',
    'Beantwoorden kan rechtstreeks op deze e-mail (Reply-To is de aanvrager).',
  ].join('\n');
  const html = `<p>Nieuwe aanvraag via het advertentieformulier van de portal.</p>
<table>${rows.map(([label, value]) => `<tr><th align="left">${label}</th><td>${mail.escapeHtml(value)}</td></tr>`).join('')}</table>
<p style="white-space:pre-wrap">${mail.escapeHtml(enquiry.message || '(geen toelichting)')}</p>
<p>Beantwoorden kan rechtstreeks op deze e-mail (Reply-To is de aanvrager).</p>`;
  return { subject: `Advertentieaanvraag: ${enquiry.company}`, text, html };
}

module.exports = factories.createCoreController(UID, ({ strapi }) => ({
  /**
   * Stores an advertising enquiry (see the module comment).
   * @param {import('koa').Context} ctx Koa context; body `{ data: { … } }`.
   * @returns {Promise<void>} 202 with an empty body.
   */
  async create(ctx) {
    const enquiry = readEnquiry(ctx);
    const confirmation = CONFIRMATION[enquiry.language];
    await answerOnce(strapi, ctx, {
      scope: 'advertising-enquiry',
      input: enquiry,
      user: ctx.state.user,
      run: async () => {
        await form.storeThenNotify(strapi, {
          uid: UID,
          label: 'advertising enquiry',
          data: { ...enquiry, consentAt: new Date() },
          notify: () => form.sendMail(strapi, { to: form.salesAddress(), replyTo: enquiry.email, ...salesMail(enquiry) }),
          confirm: () =>
            form.sendMail(strapi, {
              to: enquiry.email,
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
