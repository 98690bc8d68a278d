/**
 * An account holder's own data (docs/personal-data.md): deleting the account (AVG/GDPR art. 17),
 * exporting what is held about it (art. 20), changing the name and the e-mail address (the new
 * address takes effect only when the link sent to it is followed), and the newsletter state of the
 * account's address.
 *
 * What belongs to an account: the user row, its event registrations and push subscriptions (linked
 * by the `user` relation), its vacancies (`owner`), the invitations it received or sent, and — only
 * for a confirmed address, since only then is the address proven to be the account holder's — the
 * event registrations, subscription orders and newsletter subscription made with that address.
 *
 * Deleting ({@link deleteAccount}) runs in one transaction: registrations are cancelled (removed,
 * so their places count for the event again: places are the capacity minus the stored attendees,
 * cms/src/api/event-registration/services/event-registration.js), push subscriptions and the
 * newsletter subscription are removed, vacancies are withdrawn (unpublished, `reviewStatus:
 * 'withdrawn'`) and lose their owner and the e-mail and IBAN fields, subscription orders are kept
 * for the bookkeeping with every personal field emptied, and the user row is removed — so every
 * token of the account is refused at once (users-permissions finds no user for it).
 */
const crypto = require('node:crypto');
const { errors } = require('@strapi/utils');
const { accountSender } = require('./accounts');
const { maskIban } = require('./iban');
const { escapeHtml, portalOrigin } = require('./mail');

const { ApplicationError, ValidationError } = errors;

const USER_UID = 'plugin::users-permissions.user';
const REGISTRATION_UID = 'api::event-registration.event-registration';
const ORDER_UID = 'api::subscription-order.subscription-order';
const VACANCY_UID = 'api::vacancy.vacancy';
const NEWSLETTER_UID = 'api::newsletter-subscription.newsletter-subscription';
const PUSH_UID = 'api::push-subscription.push-subscription';
const INVITATION_UID = 'api::account.invitation';
const EVENT_UID = 'api::event.event';

/** The personal fields of a subscription order, emptied when its account is deleted. */
const ORDER_PERSONAL_FIELDS = ['name', 'street', 'houseNumber', 'postcode', 'city', 'email', 'iban', 'accountHolder'];
/** The personal fields of a vacancy, emptied when its owner's account is deleted. */
const VACANCY_PERSONAL_FIELDS = ['applyEmail', 'invoiceEmail', 'iban'];

/** Hours an e-mail change link stays valid (EMAIL_CHANGE_VALID_HOURS, default 24). */
function emailChangeValidHours() {
  const hours = Number.parseInt(process.env.EMAIL_CHANGE_VALID_HOURS || '24', 10);
  return Number.isInteger(hours) && hours > 0 ? hours : 24;
}

/**
 * SHA-256 of a code, hex.
 * @param {string} code
 * @returns {string}
 */
const hashCode = (code) => crypto.createHash('sha256').update(code).digest('hex');

/**
 * The user row with its password hash and private fields.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {number} id
 * @returns {Promise<any>}
 * @throws ApplicationError when the user is gone
 */
async function userRow(strapi, id) {
  const user = await strapi.db.query(USER_UID).findOne({ where: { id } });
  if (!user) throw new ApplicationError('The account no longer exists');
  return user;
}

/**
 * Checks the account holder's proof for a sensitive step: the current password of a local account;
 * an account of an external provider (no password of its own) types its e-mail address instead.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {any} user the user row ({@link userRow})
 * @param {{ password?: unknown, email?: unknown }} proof
 * @returns {Promise<void>}
 * @throws ValidationError 'The provided current password is invalid' (the message users-permissions
 *   uses for a wrong current password, so the portal's mapping reads it as `wrong-password`)
 */
async function assertProof(strapi, user, proof) {
  if (user.provider === 'local' || !user.provider) {
    const password = typeof proof.password === 'string' ? proof.password : '';
    const valid =
      password !== '' &&
      user.password &&
      (await strapi.plugin('users-permissions').service('user').validatePassword(password, user.password));
    if (!valid) throw new ValidationError('The provided current password is invalid');
    return;
  }
  const typed = typeof proof.email === 'string' ? proof.email.trim().toLowerCase() : '';
  if (typed !== String(user.email).toLowerCase()) {
    throw new ValidationError('The provided current password is invalid');
  }
}

/**
 * Filters for the rows of an account: by relation, and by its address when that is confirmed.
 * @param {any} user
 * @param {string} relation the relation attribute (`user`, `owner`) or null when there is none
 * @returns {object} a `where` of strapi.db.query
 */
function ownedWhere(user, relation) {
  const clauses = [];
  if (relation) clauses.push({ [relation]: { id: user.id } });
  if (user.confirmed && user.email) clauses.push({ email: { $eqi: user.email } });
  return clauses.length === 1 ? clauses[0] : { $or: clauses };
}

/**
 * Removes the rows of `where` one by one (so their relations' join rows go with them).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {string} uid
 * @param {object} where
 * @returns {Promise<number>} how many rows were removed
 */
async function removeRows(strapi, uid, where) {
  const rows = await strapi.db.query(uid).findMany({ where, select: ['id'] });
  for (const row of rows) await strapi.db.query(uid).delete({ where: { id: row.id } });
  return rows.length;
}

/**
 * Everything held about an account, for its holder (art. 20): a JSON-ready object. IBANs are
 * masked (`NL** **** **** **43 00`); tokens, hashes and the password are never included.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {number} userId
 * @returns {Promise<object>} `{ exportedAt, account, eventRegistrations, subscriptionOrders,
 *   vacancies, newsletter, pushSubscriptions, invitations }`
 */
async function exportAccount(strapi, userId) {
  const user = await userRow(strapi, userId);
  const registrations = await strapi.db.query(REGISTRATION_UID).findMany({
    where: ownedWhere(user, 'user'),
    orderBy: { createdAt: 'asc' },
  });
  const eventIds = [...new Set(registrations.map((row) => row.eventDocumentId).filter(Boolean))];
  const events = eventIds.length
    ? await strapi.db.query(EVENT_UID).findMany({
        where: { documentId: { $in: eventIds } },
        select: ['documentId', 'title', 'slug', 'startsAt', 'publishedAt'],
      })
    : [];
  const eventOf = new Map();
  for (const event of events) if (!eventOf.has(event.documentId) || event.publishedAt) eventOf.set(event.documentId, event);

  const orders = user.confirmed
    ? await strapi.db.query(ORDER_UID).findMany({ where: { email: { $eqi: user.email } }, orderBy: { createdAt: 'asc' } })
    : [];
  const vacancies = await strapi.db.query(VACANCY_UID).findMany({
    where: { owner: { id: user.id }, publishedAt: { $null: true } },
    orderBy: { createdAt: 'asc' },
  });
  const newsletter = user.confirmed
    ? await strapi.db.query(NEWSLETTER_UID).findOne({ where: { email: { $eqi: user.email } } })
    : null;
  const pushSubscriptions = await strapi.db.query(PUSH_UID).findMany({ where: { user: { id: user.id } } });
  const sent = await strapi.db.query(INVITATION_UID).findMany({ where: { invitedBy: { id: user.id } } });

  const masked = (iban) => {
    if (!iban) return null;
    try {
      return maskIban(iban);
    } catch {
      return '****';
    }
  };
  const iso = (value) => (value ? new Date(value).toISOString() : null);

  return {
    exportedAt: new Date().toISOString(),
    account: {
      username: user.username,
      fullName: user.fullName ?? null,
      email: user.email,
      pendingEmail: user.pendingEmail ?? null,
      provider: user.provider,
      confirmed: Boolean(user.confirmed),
      blocked: Boolean(user.blocked),
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
    },
    eventRegistrations: registrations.map((row) => {
      const event = eventOf.get(row.eventDocumentId);
      return {
        event: event ? { title: event.title, slug: event.slug, startsAt: iso(event.startsAt) } : null,
        name: row.name,
        email: row.email,
        organisation: row.organisation ?? null,
        attendees: row.attendees,
        language: row.language ?? null,
        consentAt: iso(row.consentAt),
        createdAt: iso(row.createdAt),
      };
    }),
    subscriptionOrders: orders.map((row) => ({
      orderNumber: row.orderNumber,
      planName: row.planName,
      period: row.period,
      priceCents: row.priceCents,
      name: row.name,
      street: row.street,
      houseNumber: row.houseNumber,
      postcode: row.postcode,
      city: row.city,
      email: row.email,
      iban: masked(row.iban),
      accountHolder: row.accountHolder,
      startDate: row.startDate,
      termsAcceptedAt: iso(row.termsAcceptedAt),
      createdAt: iso(row.createdAt),
    })),
    vacancies: vacancies.map((row) => ({
      title: row.title,
      employer: row.employer,
      location: row.location,
      reviewStatus: row.reviewStatus,
      applyUrl: row.applyUrl ?? null,
      applyEmail: row.applyEmail ?? null,
      invoice: {
        company: row.invoiceCompany ?? null,
        street: row.invoiceStreet ?? null,
        houseNumber: row.invoiceHouseNumber ?? null,
        postcode: row.invoicePostcode ?? null,
        city: row.invoiceCity ?? null,
        kvkNumber: row.kvkNumber ?? null,
        vatNumber: row.vatNumber ?? null,
        email: row.invoiceEmail ?? null,
        iban: masked(row.iban),
      },
      termsAcceptedAt: iso(row.termsAcceptedAt),
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    })),
    newsletter: newsletter
      ? {
          email: newsletter.email,
          firstName: newsletter.firstName ?? null,
          topics: Array.isArray(newsletter.topics) ? newsletter.topics : [],
          language: newsletter.language ?? null,
          state: newsletter.state,
          consentAt: iso(newsletter.consentAt),
          confirmedAt: iso(newsletter.confirmedAt),
          unsubscribedAt: iso(newsletter.unsubscribedAt),
        }
      : null,
    pushSubscriptions: pushSubscriptions.map((row) => ({
      language: row.language ?? null,
      topics: Array.isArray(row.topics) ? row.topics : [],
      createdAt: iso(row.createdAt),
      refreshedAt: iso(row.refreshedAt),
    })),
    invitations: sent.map((row) => ({
      email: row.email,
      createdAt: iso(row.createdAt),
      acceptedAt: iso(row.acceptedAt),
    })),
  };
}

/**
 * Deletes an account and its personal data (see the module comment) after checking the holder's
 * proof, then e-mails the holder what was removed and what was kept (best effort: the account is
 * gone whether or not the e-mail could be sent).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {number} userId
 * @param {{ password?: unknown, email?: unknown }} proof see {@link assertProof}
 * @returns {Promise<{ registrations: number, pushSubscriptions: number, newsletter: number,
 *   vacancies: number, orders: number, mailSent: boolean }>} what was done, in counts
 * @throws ValidationError for a wrong password or address
 */
async function deleteAccount(strapi, userId, proof) {
  const user = await userRow(strapi, userId);
  await assertProof(strapi, user, proof);
  const vacancyService = strapi.service(VACANCY_UID);
  const counts = await strapi.db.transaction(async () => {
    const registrations = await removeRows(strapi, REGISTRATION_UID, ownedWhere(user, 'user'));
    const push = await removeRows(strapi, PUSH_UID, { user: { id: user.id } });
    const newsletter = user.confirmed ? await removeRows(strapi, NEWSLETTER_UID, { email: { $eqi: user.email } }) : 0;

    const drafts = await strapi.db.query(VACANCY_UID).findMany({
      where: { owner: { id: user.id }, publishedAt: { $null: true } },
      select: ['id', 'documentId', 'reviewStatus'],
    });
    for (const draft of drafts) await vacancyService.withdrawVacancy(draft);
    const emptyVacancy = Object.fromEntries(VACANCY_PERSONAL_FIELDS.map((field) => [field, null]));
    const vacancyRows = await strapi.db.query(VACANCY_UID).findMany({
      where: { owner: { id: user.id } },
      select: ['id'],
    });
    for (const row of vacancyRows) {
      await strapi.db.query(VACANCY_UID).update({ where: { id: row.id }, data: { ...emptyVacancy, owner: null } });
    }

    let orders = { count: 0 };
    if (user.confirmed) {
      const emptyOrder = Object.fromEntries(ORDER_PERSONAL_FIELDS.map((field) => [field, null]));
      orders = await strapi.db.query(ORDER_UID).updateMany({ where: { email: { $eqi: user.email } }, data: emptyOrder });
    }

    await removeRows(strapi, INVITATION_UID, { user: { id: user.id } });
    const sentInvitations = await strapi.db.query(INVITATION_UID).findMany({
      where: { invitedBy: { id: user.id } },
      select: ['id'],
    });
    for (const row of sentInvitations) {
      await strapi.db.query(INVITATION_UID).update({ where: { id: row.id }, data: { invitedBy: null } });
    }

    await strapi.db.query(USER_UID).delete({ where: { id: user.id } });
    return {
      registrations,
      pushSubscriptions: push,
      newsletter,
      vacancies: drafts.length,
      orders: orders.count,
    };
  });

  let mailSent = true;
  try {
    await sendDeletionEmail(strapi, user.email, counts);
  } catch (error) {
    mailSent = false;
    strapi.log.warn(`[accounts] deletion e-mail not sent: ${error.message}`);
  }
  strapi.log.info(`[accounts] account ${user.id} deleted at its holder's request`);
  return { ...counts, mailSent };
}

/**
 * The confirmation of a deleted account (Dutch, with an English section).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {string} to the former account's address
 * @param {{ registrations: number, vacancies: number, orders: number }} counts
 * @returns {Promise<void>}
 * @throws when the mail transport fails
 */
async function sendDeletionEmail(strapi, to, counts) {
  const portal = portalOrigin();
  const kept =
    counts.orders > 0
      ? `Je ${counts.orders === 1 ? 'abonnementsbestelling bewaren we' : `${counts.orders} abonnementsbestellingen bewaren we`} zonder je naam, adres, e-mailadres en IBAN, omdat de wet ons verplicht de administratie zeven jaar te bewaren.`
      : null;
  const lines = [
    'Hallo,',
    '',
    `Je account op ${portal} is verwijderd, zoals je vroeg.`,
    'We hebben je accountgegevens, je inschrijvingen voor evenementen, je pushmeldingen en je nieuwsbriefaanmelding verwijderd.',
    counts.vacancies > 0 ? `Je vacatures (${counts.vacancies}) zijn offline gehaald en niet meer aan jou gekoppeld.` : null,
    kept,
    'Meer over wat we bewaren en waarom: ' + `${portal}/privacy`,
    '',
    'Was jij dit niet? Neem dan direct contact met ons op via ' + `${portal}/contact`,
    '',
    '---',
    `English: your account on ${portal} has been deleted at your request, with your registrations, push notifications and newsletter subscription. Records the law requires us to keep are kept without your personal details.`,
  ].filter((line) => line !== null);
  const html = lines
    .filter((line) => line !== '' && line !== '---')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n');
  await strapi.plugin('email').service('email').send({
    to,
    from: await accountSender(strapi),
    subject: 'Je account is verwijderd / Your account has been deleted',
    text: lines.join('\n'),
    html,
  });
}

/**
 * The holder's pending e-mail change and newsletter state, for /account.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {number} userId
 * @returns {Promise<{ pendingEmail: string | null, newsletter: { state: string, topics: string[] } | null }>}
 *   `newsletter` null when the account's address has no subscription (or is not confirmed)
 */
async function accountOverview(strapi, userId) {
  const user = await userRow(strapi, userId);
  const pending =
    user.pendingEmail && user.emailChangeExpiresAt && new Date(user.emailChangeExpiresAt).getTime() > Date.now()
      ? user.pendingEmail
      : null;
  const entry = await strapi.db.query(NEWSLETTER_UID).findOne({
    where: { email: { $eqi: user.email } },
    select: ['state', 'topics'],
  });
  return {
    pendingEmail: pending,
    newsletter: entry ? { state: entry.state, topics: Array.isArray(entry.topics) ? entry.topics : [] } : null,
  };
}

/**
 * Changes the holder's name (shown on /account; the login name stays).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {number} userId
 * @param {string | null} fullName trimmed, at most 100 characters, or null to remove it
 * @returns {Promise<any>} the updated user row
 */
async function updateName(strapi, userId, fullName) {
  await userRow(strapi, userId);
  return strapi.db.query(USER_UID).update({ where: { id: userId }, data: { fullName } });
}

/**
 * Starts an e-mail change: the new address gets a link (valid EMAIL_CHANGE_VALID_HOURS) that makes
 * it the account's address; until then the current address stays. The current address is told
 * about the request. An address that belongs to another account gets a notice instead of a link,
 * and the answer is the same, so the form reveals no account (decision 022).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {number} userId
 * @param {{ email: string, password?: string }} input the new address; the current password of a
 *   local account
 * @returns {Promise<void>}
 * @throws ValidationError for a wrong password ('The provided current password is invalid') or the
 *   current address again (`details.code` `same-email`); the mail transport's error when the link
 *   cannot be sent (the pending change is then undone)
 */
async function requestEmailChange(strapi, userId, input) {
  const user = await userRow(strapi, userId);
  if (user.provider === 'local' || !user.provider) await assertProof(strapi, user, { password: input.password });
  const email = input.email.trim().toLowerCase();
  if (email === String(user.email).toLowerCase()) {
    throw new ValidationError('This is the current e-mail address', { code: 'same-email' });
  }
  const taken = await strapi.db.query(USER_UID).findOne({ where: { email, id: { $ne: user.id } }, select: ['id'] });
  const portal = portalOrigin();
  if (taken) {
    await sendMail(strapi, {
      to: email,
      subject: 'Je e-mailadres is al in gebruik / Your e-mail address is already in use',
      lines: [
        'Hallo,',
        '',
        'Iemand wilde dit e-mailadres gebruiken voor een ander account, maar er hoort al een account bij.',
        `Was jij dat? Log dan in met dit adres: ${portal}/inloggen`,
        'Was jij het niet? Dan hoef je niets te doen: er is niets veranderd.',
        '',
        '---',
        `English: somebody wanted to use this address for another account, but it already has one. Log in: ${portal}/en/inloggen`,
      ],
    });
    return;
  }
  const code = crypto.randomBytes(32).toString('hex');
  const hours = emailChangeValidHours();
  const previous = {
    pendingEmail: user.pendingEmail ?? null,
    emailChangeTokenHash: user.emailChangeTokenHash ?? null,
    emailChangeExpiresAt: user.emailChangeExpiresAt ?? null,
  };
  await strapi.db.query(USER_UID).update({
    where: { id: user.id },
    data: {
      pendingEmail: email,
      emailChangeTokenHash: hashCode(code),
      emailChangeExpiresAt: new Date(Date.now() + hours * 60 * 60 * 1000),
    },
  });
  const linkNl = `${portal}/account?email-wijziging=${code}`;
  const linkEn = `${portal}/en/account?email-wijziging=${code}`;
  try {
    await sendMail(strapi, {
      to: email,
      subject: 'Bevestig je nieuwe e-mailadres / Confirm your new e-mail address',
      lines: [
        'Hallo,',
        '',
        `Je wilt het e-mailadres van je account op ${portal} wijzigen in dit adres.`,
        `Bevestig het met deze link (${hours} uur geldig); tot dan blijft je oude adres in gebruik:`,
        linkNl,
        '',
        'Heb je dit niet zelf gevraagd? Dan kun je deze e-mail negeren; er verandert niets.',
        '',
        '---',
        `English: confirm this as the new address of your account (valid for ${hours} hours): ${linkEn}`,
      ],
      link: { href: linkNl, label: 'Nieuw e-mailadres bevestigen' },
    });
  } catch (error) {
    await strapi.db.query(USER_UID).update({ where: { id: user.id }, data: previous });
    throw error;
  }
  try {
    await sendMail(strapi, {
      to: user.email,
      subject: 'Je e-mailadres wordt gewijzigd / Your e-mail address is being changed',
      lines: [
        'Hallo,',
        '',
        `Er is gevraagd het e-mailadres van je account te wijzigen in ${email}.`,
        'Dat gebeurt pas als de link in de e-mail aan dat adres wordt gevolgd. Tot dan blijft dit adres in gebruik.',
        `Heb je dit niet zelf gevraagd? Wijzig dan je wachtwoord en log overal uit: ${portal}/account`,
        '',
        '---',
        `English: somebody asked to change your account's address to ${email}. Nothing changes until the link sent there is followed.`,
      ],
    });
  } catch (error) {
    strapi.log.warn(`[accounts] notice of an e-mail change not sent to the current address: ${error.message}`);
  }
}

/**
 * Finishes an e-mail change with the code of its link: the pending address becomes the account's
 * address (and its login name, when that was the old address); the account counts as confirmed,
 * since the link proved the new address.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {number} userId the signed-in holder (a code works only for its own account)
 * @param {string} code
 * @returns {Promise<any>} the updated user row
 * @throws ValidationError `invalid-action-code` (unknown, used, another account's) or
 *   `expired-action-code`; 'Email already taken' when another account took the address meanwhile
 */
async function confirmEmailChange(strapi, userId, code) {
  const user = await userRow(strapi, userId);
  if (!user.emailChangeTokenHash || !user.pendingEmail || hashCode(code) !== user.emailChangeTokenHash) {
    throw new ValidationError('Invalid code', { code: 'invalid-action-code' });
  }
  if (!user.emailChangeExpiresAt || new Date(user.emailChangeExpiresAt).getTime() < Date.now()) {
    throw new ValidationError('Expired code', { code: 'expired-action-code' });
  }
  const email = user.pendingEmail;
  const taken = await strapi.db.query(USER_UID).findOne({ where: { email, id: { $ne: user.id } }, select: ['id'] });
  if (taken) throw new ValidationError('Email already taken');
  const username = String(user.username).toLowerCase() === String(user.email).toLowerCase() ? email : user.username;
  return strapi.db.query(USER_UID).update({
    where: { id: user.id },
    data: {
      email,
      username,
      confirmed: true,
      pendingEmail: null,
      emailChangeTokenHash: null,
      emailChangeExpiresAt: null,
    },
  });
}

/**
 * Unsubscribes the account's address from the newsletter (the newsletter service's own
 * unsubscribe, as the link in every newsletter does).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {number} userId
 * @returns {Promise<'unsubscribed' | 'already-unsubscribed'>}
 */
async function unsubscribeNewsletter(strapi, userId) {
  const user = await userRow(strapi, userId);
  const entry = await strapi.db.query(NEWSLETTER_UID).findOne({
    where: { email: { $eqi: user.email } },
    select: ['unsubscribeToken', 'state'],
  });
  if (!entry || entry.state === 'unsubscribed' || !entry.unsubscribeToken) return 'already-unsubscribed';
  return strapi.service(NEWSLETTER_UID).unsubscribe(entry.unsubscribeToken);
}

/**
 * An account e-mail of plain paragraphs (Dutch, with an English section), with an optional button
 * link.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ to: string, subject: string, lines: string[], link?: { href: string, label: string } }} mail
 * @returns {Promise<void>}
 * @throws when the mail transport fails
 */
async function sendMail(strapi, { to, subject, lines, link }) {
  const paragraphs = lines.filter((line) => line !== '' && line !== '---').map((line) => `<p>${escapeHtml(line)}</p>`);
  if (link) paragraphs.splice(3, 0, `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`);
  await strapi.plugin('email').service('email').send({
    to,
    from: await accountSender(strapi),
    subject,
    text: lines.join('\n'),
    html: paragraphs.join('\n'),
  });
}

module.exports = {
  ORDER_PERSONAL_FIELDS,
  accountOverview,
  confirmEmailChange,
  requestEmailChange,
  unsubscribeNewsletter,
  updateName,
  VACANCY_PERSONAL_FIELDS,
  assertProof,
  deleteAccount,
  emailChangeValidHours,
  exportAccount,
  hashCode,
  userRow,
};
