/**
 * Service for newsletter subscriptions (api::newsletter-subscription.newsletter-subscription):
 * the double opt-in.
 *
 * States: `pending` (signed up, not yet confirmed) → `confirmed` → `unsubscribed`.
 * - `subscribe`: a new address is stored as pending with a random confirmation token (only its
 *   SHA-256 hash is stored, valid NEWSLETTER_CONFIRM_VALID_DAYS days, default 7) and gets the
 *   confirmation e-mail; a pending address gets a new token and the e-mail again (the newest link
 *   is the valid one); an unsubscribed address starts again as pending; a confirmed address only
 *   gets a note that it is already subscribed (nothing changes). The caller answers the same in
 *   every case, so nobody learns whether an address is on the list.
 * - `confirm(token)`: pending → confirmed plus a welcome e-mail; confirming again is harmless.
 * - `unsubscribe(token)`: → unsubscribed; the first name and topics are erased and the
 *   confirmation link stops working; unsubscribing again is harmless.
 * Every e-mail carries the unsubscribe link (`/nieuwsbrief/afmelden?token=…`, a random token per
 * subscription) and the List-Unsubscribe headers (RFC 2369 and RFC 8058 one-click).
 */
const crypto = require('node:crypto');
const { factories } = require('@strapi/strapi');
const { errors } = require('@strapi/utils');
const form = require('../../../lib/form-mail');
const mail = require('../../../lib/mail');

const UID = 'api::newsletter-subscription.newsletter-subscription';
const { ValidationError } = errors;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Topic names per language (the CMS topics ecommerce, logistiek, fulfilment). */
const TOPIC_NAMES = {
  nl: { ecommerce: 'E-commerce', logistiek: 'Logistiek', fulfilment: 'Fulfilment' },
  en: { ecommerce: 'E-commerce', logistiek: 'Logistics', fulfilment: 'Fulfilment' },
};

/**
 * Days a confirmation link stays valid (NEWSLETTER_CONFIRM_VALID_DAYS, default 7).
 * @returns {number}
 */
function confirmValidDays() {
  const days = Number.parseInt(process.env.NEWSLETTER_CONFIRM_VALID_DAYS || '7', 10);
  return Number.isInteger(days) && days > 0 ? days : 7;
}

/** A new random token: 32 bytes as 64 hex characters. */
const newToken = () => crypto.randomBytes(32).toString('hex');

/**
 * SHA-256 of a token, hex.
 * @param {string} token
 * @returns {string}
 */
const hashToken = (token) => crypto.createHash('sha256').update(token).digest('hex');

/** The newsletter's name in e-mails. */
const brand = () => process.env.EMAIL_FROM_NAME || 'Logistiek & E-commerce Nieuws';

/**
 * The portal links of a subscription's e-mails.
 * @param {'nl'|'en'} language
 * @param {{ unsubscribeToken: string, confirmToken?: string }} tokens
 * @returns {{ confirm: string | null, unsubscribe: string, page: string }}
 */
function links(language, { unsubscribeToken, confirmToken }) {
  return {
    confirm: confirmToken ? mail.portalLink(`/nieuwsbrief/bevestigen?token=${confirmToken}`, language) : null,
    unsubscribe: mail.portalLink(`/nieuwsbrief/afmelden?token=${unsubscribeToken}`, language),
    page: mail.portalLink('/nieuwsbrief', language),
  };
}

/**
 * Builds a text and an HTML body from paragraphs; a paragraph is text or `{ text, href, label }`
 * (a link with its label in HTML and the bare URL in the text part). The unsubscribe footer is
 * added to every e-mail.
 * @param {Array<string | { text: string, href: string, label: string }>} paragraphs
 * @param {{ unsubscribe: string }} urls
 * @param {'nl'|'en'} language
 * @returns {{ text: string, html: string }}
 */
function body(paragraphs, urls, language) {
  const footer =
    language === 'en'
      ? { text: 'No longer want these e-mails? Unsubscribe with one click:', label: 'Unsubscribe' }
      : { text: 'Wil je deze e-mails niet meer ontvangen? Meld je met één klik af:', label: 'Afmelden' };
  const all = [...paragraphs, { text: footer.text, href: urls.unsubscribe, label: footer.label }];
  const text = all
    .map((paragraph) => (typeof paragraph === 'string' ? paragraph : `${paragraph.text}\n${paragraph.href}`))
    .join('\n\n');
  const html = all
    .map((paragraph) =>
      typeof paragraph === 'string'
        ? `<p>${mail.escapeHtml(paragraph)}</p>`
        : `<p>${mail.escapeHtml(paragraph.text)}<br><a href="${mail.escapeHtml(paragraph.href)}">${mail.escapeHtml(paragraph.label)}</a></p>`,
    )
    .join('\n');
  return { text, html };
}

/**
 * The confirmation e-mail (double opt-in). It greets without the first name: the address is not
 * verified yet, so nothing a stranger typed is sent to it.
 * @param {'nl'|'en'} language
 * @param {{ confirm: string, unsubscribe: string }} urls
 * @returns {{ subject: string, text: string, html: string }}
 */
function confirmationMail(language, urls) {
  const days = confirmValidDays();
  if (language === 'en') {
    return {
      subject: 'Confirm your newsletter subscription',
      ...body(
        [
          'Hello,',
          `This e-mail address was signed up for the newsletter of ${brand()}.`,
          { text: `Please confirm your subscription (the link is valid for ${days} days):`, href: urls.confirm, label: 'Confirm subscription' },
          'Did you not sign up? Then you do not need to do anything: without confirmation you will not receive the newsletter.',
        ],
        urls,
        language,
      ),
    };
  }
  return {
    subject: 'Bevestig je aanmelding voor de nieuwsbrief',
    ...body(
      [
        'Hallo,',
        `Dit e-mailadres is aangemeld voor de nieuwsbrief van ${brand()}.`,
        { text: `Bevestig je aanmelding (de link is ${days} dagen geldig):`, href: urls.confirm, label: 'Aanmelding bevestigen' },
        'Heb je je niet aangemeld? Dan hoef je niets te doen: zonder bevestiging ontvang je de nieuwsbrief niet.',
      ],
      urls,
      language,
    ),
  };
}

/**
 * The welcome e-mail after confirming.
 * @param {'nl'|'en'} language
 * @param {{ firstName: string | null, topics: string[] }} subscriber
 * @param {{ unsubscribe: string, page: string }} urls
 * @returns {{ subject: string, text: string, html: string }}
 */
function welcomeMail(language, { firstName, topics }, urls) {
  const names = TOPIC_NAMES[language];
  const chosen = topics.length > 0 ? topics.map((topic) => names[topic]).join(', ') : null;
  if (language === 'en') {
    return {
      subject: 'Welcome to our newsletter',
      ...body(
        [
          firstName ? `Hello ${firstName},` : 'Hello,',
          'Your subscription is confirmed: from now on you will receive our newsletter.',
          chosen ? `Your topics: ${chosen}.` : 'You will receive news on all our topics.',
        ],
        urls,
        language,
      ),
    };
  }
  return {
    subject: 'Welkom bij onze nieuwsbrief',
    ...body(
      [
        firstName ? `Hallo ${firstName},` : 'Hallo,',
        'Je aanmelding is bevestigd: vanaf nu ontvang je onze nieuwsbrief.',
        chosen ? `Je onderwerpen: ${chosen}.` : 'Je ontvangt nieuws over al onze onderwerpen.',
      ],
      urls,
      language,
    ),
  };
}

/**
 * The note to a confirmed subscriber whose address was signed up again.
 * @param {'nl'|'en'} language
 * @param {{ unsubscribe: string }} urls
 * @returns {{ subject: string, text: string, html: string }}
 */
function alreadySubscribedMail(language, urls) {
  if (language === 'en') {
    return {
      subject: 'You are already subscribed to our newsletter',
      ...body(
        [
          'Hello,',
          'Someone (probably you) signed this e-mail address up for our newsletter again. You are already subscribed, so nothing changes and you do not need to do anything.',
        ],
        urls,
        language,
      ),
    };
  }
  return {
    subject: 'Je bent al aangemeld voor onze nieuwsbrief',
    ...body(
      [
        'Hallo,',
        'Iemand (waarschijnlijk jij) heeft dit e-mailadres opnieuw aangemeld voor onze nieuwsbrief. Je bent al aangemeld, er verandert dus niets en je hoeft niets te doen.',
      ],
      urls,
      language,
    ),
  };
}

module.exports = factories.createCoreService(UID, ({ strapi }) => {
  const documents = () => strapi.documents(UID);

  /**
   * Sends a newsletter e-mail with the unsubscribe link and headers.
   * @param {string} to
   * @param {{ subject: string, text: string, html: string }} mail
   * @param {{ unsubscribe: string }} urls
   * @returns {Promise<void>}
   */
  const send = (to, mail, urls) => form.sendMail(strapi, { to, ...mail, unsubscribeUrl: urls.unsubscribe });

  /**
   * Starts (or restarts) the double opt-in of a new, pending or unsubscribed address.
   * @param {object | null} existing the stored subscription, if any
   * @param {{ email: string, firstName: string | null, topics: string[], language: 'nl'|'en' }} signUp
   * @returns {Promise<void>}
   * @throws Error with `status` 503 when the confirmation e-mail cannot be sent (the stored state is
   *   put back as it was).
   */
  async function startOptIn(existing, signUp) {
    const confirmToken = newToken();
    const now = new Date();
    const unsubscribeToken =
      existing && existing.state === 'pending' && existing.unsubscribeToken ? existing.unsubscribeToken : newToken();
    const data = {
      ...signUp,
      state: 'pending',
      consentAt: now,
      confirmationSentAt: now,
      confirmTokenHash: hashToken(confirmToken),
      confirmExpiresAt: new Date(now.getTime() + confirmValidDays() * DAY_MS),
      confirmedAt: null,
      unsubscribedAt: null,
      unsubscribeToken,
    };
    const saved = existing
      ? await documents().update({ documentId: existing.documentId, data })
      : await documents().create({ data });
    const urls = links(signUp.language, { unsubscribeToken, confirmToken });
    try {
      await send(signUp.email, confirmationMail(signUp.language, urls), urls);
    } catch (error) {
      strapi.log.error(`[newsletter] confirmation e-mail failed (${error.message}); sign-up undone`);
      if (existing) {
        const previous = {};
        for (const key of Object.keys(data)) previous[key] = existing[key] ?? null;
        await documents().update({ documentId: existing.documentId, data: previous });
      } else {
        await documents().delete({ documentId: saved.documentId });
      }
      const unavailable = new Error('The confirmation e-mail could not be sent; nothing was changed');
      unavailable.status = 503;
      throw unavailable;
    }
  }

  return {
    /**
     * Signs an address up (see the module comment).
     * @param {{ email: string, firstName: string | null, topics: string[], language: 'nl'|'en' }} signUp
     * @returns {Promise<void>}
     * @throws Error with `status` 503 when the e-mail for the address cannot be sent.
     */
    async subscribe(signUp) {
      const existing = await documents().findFirst({ filters: { email: signUp.email } });
      if (existing && existing.state === 'confirmed') {
        const urls = links(signUp.language, { unsubscribeToken: existing.unsubscribeToken });
        try {
          await send(existing.email, alreadySubscribedMail(signUp.language, urls), urls);
        } catch (error) {
          strapi.log.error(`[newsletter] e-mail to a subscriber failed (${error.message})`);
          const unavailable = new Error('The e-mail could not be sent');
          unavailable.status = 503;
          throw unavailable;
        }
        return;
      }
      await startOptIn(existing, signUp);
    },

    /**
     * Confirms the subscription of a confirmation token.
     * @param {string} token 64 hex characters
     * @returns {Promise<'confirmed' | 'already-confirmed'>}
     * @throws ValidationError `invalid-token` (unknown, or the subscription was cancelled) or
     *   `expired-token` (older than the validity).
     */
    async confirm(token) {
      const entry = await documents().findFirst({ filters: { confirmTokenHash: hashToken(token) } });
      if (!entry || entry.state === 'unsubscribed') {
        throw new ValidationError('Invalid token', { code: 'invalid-token' });
      }
      if (entry.state === 'confirmed') return 'already-confirmed';
      if (!entry.confirmExpiresAt || new Date(entry.confirmExpiresAt).getTime() < Date.now()) {
        throw new ValidationError('Expired token', { code: 'expired-token' });
      }
      await documents().update({
        documentId: entry.documentId,
        data: { state: 'confirmed', confirmedAt: new Date(), confirmExpiresAt: null },
      });
      const language = entry.language === 'en' ? 'en' : 'nl';
      const urls = links(language, { unsubscribeToken: entry.unsubscribeToken });
      try {
        await send(
          entry.email,
          welcomeMail(language, { firstName: entry.firstName, topics: Array.isArray(entry.topics) ? entry.topics : [] }, urls),
          urls,
        );
      } catch (error) {
        strapi.log.warn(`[newsletter] welcome e-mail failed (${error.message}); the subscription is confirmed`);
      }
      return 'confirmed';
    },

    /**
     * Cancels the subscription of an unsubscribe token.
     * @param {string} token 64 hex characters
     * @returns {Promise<'unsubscribed' | 'already-unsubscribed'>}
     * @throws ValidationError `invalid-token` for an unknown token.
     */
    async unsubscribe(token) {
      const entry = await documents().findFirst({ filters: { unsubscribeToken: token } });
      if (!entry) throw new ValidationError('Invalid token', { code: 'invalid-token' });
      if (entry.state === 'unsubscribed') return 'already-unsubscribed';
      await documents().update({
        documentId: entry.documentId,
        data: {
          state: 'unsubscribed',
          unsubscribedAt: new Date(),
          firstName: null,
          topics: [],
          confirmTokenHash: null,
          confirmExpiresAt: null,
        },
      });
      return 'unsubscribed';
    },
  };
});
