/**
 * The e-mails of a vacancy's review flow: the owner's confirmation (with the masked IBAN) and the
 * editors' notice of a new or changed submission.
 */
const { editorsAddress } = require('./form-mail');
const { formatCalendarDate, toLocale } = require('./form-submissions');
const { configuredPortalLink, escapeHtml } = require('./mail');
const { maskIban } = require('./iban');

const MAIL_TEXTS = {
  nl: {
    subject: (title) => `We hebben je vacature ontvangen: ${title}`,
    greeting: 'Hallo,',
    intro: 'Bedankt voor het plaatsen van je vacature. De redactie beoordeelt haar zo snel mogelijk; na goedkeuring staat ze in de gekozen periode op de site.',
    title: 'Vacature',
    employer: 'Werkgever',
    period: 'Publicatieperiode',
    periodValue: (from, through) => `${from} t/m ${through}`,
    invoice: 'Factuur aan',
    debit: 'Automatische incasso van',
    status: 'Je vacature bekijken, wijzigen of intrekken',
    closing: 'Met vriendelijke groet,',
  },
  en: {
    subject: (title) => `We received your vacancy: ${title}`,
    greeting: 'Hello,',
    intro: 'Thank you for placing your vacancy. The editors will review it as soon as possible; once approved it appears on the site during the chosen period.',
    title: 'Vacancy',
    employer: 'Employer',
    period: 'Publication period',
    periodValue: (from, through) => `${from} to ${through}`,
    invoice: 'Invoice to',
    debit: 'Direct debit from',
    status: 'View, edit or withdraw your vacancy',
    closing: 'Kind regards,',
  },
};

/**
 * The owner's confirmation of a placed vacancy, in the language it was posted in. The IBAN
 * appears masked; the link leads to the vacancy in `/jobs/mijn`.
 * @param {{ documentId: string, title: string, employer: string, publishFrom: string,
 *   validThrough: string, invoiceCompany: string, iban: string, locale: 'nl' | 'en' }} vacancy
 *   `validThrough` as the calendar date that was posted
 * @param {string} to the owner's address
 * @returns {{ to: string, subject: string, text: string, html: string }}
 */
function ownerMail(vacancy, to) {
  const locale = toLocale(vacancy.locale);
  const t = MAIL_TEXTS[locale];
  const link = configuredPortalLink(`/jobs/mijn/${vacancy.documentId}`, locale);
  const facts = [
    [t.title, vacancy.title],
    [t.employer, vacancy.employer],
    [
      t.period,
      t.periodValue(formatCalendarDate(vacancy.publishFrom, locale), formatCalendarDate(vacancy.validThrough, locale)),
    ],
    [t.invoice, vacancy.invoiceCompany],
    [t.debit, maskIban(vacancy.iban)],
  ];
  const senderName = process.env.EMAIL_FROM_NAME || 'Logistiek & E-commerce Nieuws';
  const body = [
    t.greeting,
    '',
    t.intro,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    ...(link ? ['', `${t.status}: ${link}`] : []),
    '',
    t.closing,
    senderName,
  ].join('\n');
  const html = `<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(t.intro)}</p>
<table role="presentation">
${facts.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
${link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(t.status)}</a></p>` : ''}
<p>${escapeHtml(t.closing)}<br>${escapeHtml(senderName)}</p>`;
  return { to, subject: t.subject(vacancy.title), text: body, html };
}

/**
 * The editors' notice of a vacancy to review (Dutch: it goes to the editorial team). No invoice
 * details, no IBAN: those are in the admin panel.
 * @param {{ documentId: string, title: string, employer: string, publishFrom: string,
 *   validThrough: string }} vacancy
 * @param {string} ownerEmail who placed it
 * @param {boolean} edited an existing vacancy was changed (it went back to review)
 * @returns {{ to: string, subject: string, text: string, html: string, replyTo: string }}
 */
function editorsMail(vacancy, ownerEmail, edited) {
  const subject = `${edited ? 'Gewijzigde' : 'Nieuwe'} vacature ter beoordeling: ${vacancy.title}`;
  const lines = [
    `${edited ? 'Een vacature is gewijzigd' : 'Er is een nieuwe vacature geplaatst'} en wacht op beoordeling.`,
    '',
    `Vacature: ${vacancy.title}`,
    `Werkgever: ${vacancy.employer}`,
    `Publicatieperiode: ${formatCalendarDate(vacancy.publishFrom, 'nl')} t/m ${formatCalendarDate(vacancy.validThrough, 'nl')}`,
    `Geplaatst door: ${ownerEmail}`,
    `Document: ${vacancy.documentId}`,
    '',
    'Beoordeel haar in het beheer (Content Manager → Vacancy): zet reviewStatus op approved en publiceer, of op rejected met een toelichting in reviewNote.',
  ];
  return {
    to: editorsAddress(),
    subject,
    text: lines.join('\n'),
    html: lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('\n'),
    replyTo: ownerEmail,
  };
}

module.exports = { ownerMail, editorsMail };
