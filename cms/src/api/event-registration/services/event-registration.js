/**
 * The event-registration service (api::event-registration.event-registration): the core service
 * plus the registration workflow. Event registrations (docs/decisions/035): the portal's `/inschrijvingen` form.
 *
 * - {@link register} stores a registration for an upcoming, published event with open registration
 *   and no ticket page of the organiser (`registrationUrl`: then the organiser takes the
 *   registrations, docs/decisions/096) while the event has room: the sum of `attendees` of its registrations plus the new ones may not
 *   exceed the event's `capacity` (no capacity: no limit). The check and the insert run as one unit
 *   per event: serialised within this process ({@link withLock}) and inside one database
 *   transaction that, on PostgreSQL, also locks the event's rows (`SELECT … FOR UPDATE`), so two
 *   registrations can never both take the last places.
 * - A signed-in visitor's registration is linked to the account (`user`, private).
 * - The confirmation e-mail (event, date and time in the event's zone — Europe/Amsterdam unless the
 *   event says otherwise —, venue, attendees and a link to the event page) is sent after storing;
 *   `confirmationSent` records whether it went out ({@link resendRegistrationConfirmation}).
 * - {@link availability} lists the events open for registration with their remaining places,
 *   {@link registrationsOf} a user's own registrations.
 */
const { factories } = require('@strapi/strapi');
const { SubmissionError } = require('../../../lib/http-errors');
const { configuredPortalLink, escapeHtml } = require('../../../lib/mail');
const {
  accepted,
  emailAddress,
  siteLocale,
  submission,
  text,
  validateBody,
  wholeNumber,
} = require('../../../lib/validate');
const {
  deliverConfirmation,
  formatInstant,
  isTimeZone,
  SITE_TIME_ZONE,
  toLocale,
  withLock,
} = require('../../../lib/form-submissions');

const UID = 'api::event-registration.event-registration';
const EVENT_UID = 'api::event.event';
/** Most attendees one registration may bring (a sanity limit for events without capacity). */
const MAX_ATTENDEES = 1000;
/** Most registrations `GET /event-registrations/mine` returns. */
const MAX_OWN_REGISTRATIONS = 100;

/** Event fields a registration needs (form, capacity check, e-mail). */
const EVENT_FIELDS = ['title', 'slug', 'startsAt', 'endsAt', 'timeZone', 'venue', 'registrationOpen', 'capacity'];

/** The registration body (the portal's `/inschrijvingen` form; docs/decisions/081). */
const REGISTRATION_SCHEMA = submission({
  event: text([1, 200]),
  name: text([2, 100]),
  email: emailAddress(),
  organisation: text([2, 120]),
  attendees: wholeNumber(1, MAX_ATTENDEES),
  consent: accepted(),
  locale: siteLocale(),
});

/**
 * Validates and strips a registration body `{ data: { event, name, email, organisation, attendees,
 * consent, locale } }`; unknown keys are dropped.
 * @param {unknown} body
 * @returns {{ event: string, name: string, email: string, organisation: string, attendees: number,
 *   locale: 'nl' | 'en' }}
 * @throws {import('@strapi/utils').errors.ValidationError} 400 with `details.field` and
 *   `details.errors` (lib/validate.js)
 */
function validateRegistration(body) {
  const { consent: _consent, ...value } = validateBody(REGISTRATION_SCHEMA, body).data;
  return value;
}

/**
 * Strapi filter: events whose registration runs through the portal's form, those without the
 * organiser's ticket page (`registrationUrl` empty). An event has one way to sign up
 * (docs/decisions/096-one-way-to-sign-up-for-an-event.md).
 * @returns {object}
 */
function portalRegistrationFilter() {
  return { $or: [{ registrationUrl: { $null: true } }, { registrationUrl: { $eq: '' } }] };
}

/**
 * Strapi filter: events that have not ended at `nowIso` (the portal's agenda rule).
 * @param {string} nowIso
 * @returns {object}
 */
function upcomingFilter(nowIso) {
  return {
    $or: [{ endsAt: { $gte: nowIso } }, { $and: [{ endsAt: { $null: true } }, { startsAt: { $gte: nowIso } }] }],
  };
}

/**
 * The published event `slug` while registration for it is open at the portal (no ticket page of the
 * organiser) and it has not ended, else null.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {string} slug
 * @param {number} now ms since the epoch
 * @returns {Promise<object | null>}
 */
async function findOpenEvent(strapi, slug, now) {
  return strapi.documents(EVENT_UID).findFirst({
    status: 'published',
    fields: EVENT_FIELDS,
    populate: { address: true },
    filters: {
      $and: [
        { slug: { $eq: slug } },
        { registrationOpen: { $eq: true } },
        portalRegistrationFilter(),
        upcomingFilter(new Date(now).toISOString()),
      ],
    },
  });
}

/**
 * Attendees registered per event.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {string[]} eventDocumentIds
 * @returns {Promise<Map<string, number>>}
 */
async function registeredAttendees(strapi, eventDocumentIds) {
  const totals = new Map(eventDocumentIds.map((id) => [id, 0]));
  if (eventDocumentIds.length === 0) return totals;
  const rows = await strapi.db.query(UID).findMany({
    where: { eventDocumentId: { $in: eventDocumentIds } },
    select: ['eventDocumentId', 'attendees'],
  });
  for (const row of rows) totals.set(row.eventDocumentId, (totals.get(row.eventDocumentId) || 0) + (row.attendees || 0));
  return totals;
}

/**
 * Places left: capacity minus registered attendees (never below 0), or null without a capacity.
 * @param {{ capacity?: number | null }} event
 * @param {number} registered
 * @returns {number | null}
 */
function remainingPlaces(event, registered) {
  return Number.isInteger(event.capacity) ? Math.max(0, event.capacity - registered) : null;
}

/**
 * Locks the event's rows until the transaction ends (PostgreSQL and MySQL; SQLite serialises
 * writers itself and runs one connection).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {object} trx knex transaction
 * @param {string} documentId
 */
async function lockEvent(strapi, trx, documentId) {
  const client = strapi.db.dialect && strapi.db.dialect.client;
  if (client !== 'postgres' && client !== 'mysql') return;
  const table = strapi.getModel(EVENT_UID).collectionName;
  await strapi.db.connection(table).transacting(trx).where('document_id', documentId).forUpdate().select('id');
}

/**
 * The date and time line of an event in its zone, e.g. `dinsdag 1 december 2026, 16:30 – 19:30`
 * (same day) or `donderdag 4 februari 2027 09:00 – vrijdag 5 februari 2027 17:00`.
 * @param {{ startsAt: string, endsAt?: string | null, timeZone?: string | null }} event
 * @param {'nl' | 'en'} locale
 * @returns {string}
 */
function eventPeriod(event, locale) {
  const timeZone = isTimeZone(event.timeZone) ? event.timeZone : SITE_TIME_ZONE;
  const dateOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone };
  const timeOptions = { hour: '2-digit', minute: '2-digit', timeZone };
  const startDate = formatInstant(event.startsAt, locale, dateOptions);
  const startTime = formatInstant(event.startsAt, locale, timeOptions);
  const suffix = locale === 'nl' ? ' uur' : '';
  if (!event.endsAt || Date.parse(event.endsAt) <= Date.parse(event.startsAt)) {
    return `${startDate}, ${startTime}${suffix}`;
  }
  const endDate = formatInstant(event.endsAt, locale, dateOptions);
  const endTime = formatInstant(event.endsAt, locale, timeOptions);
  if (endDate === startDate) return `${startDate}, ${startTime} – ${endTime}${suffix}`;
  return `${startDate} ${startTime} – ${endDate} ${endTime}${suffix}`;
}

/**
 * The venue line: venue, street, postcode and city as far as known.
 * @param {{ venue?: string | null, address?: { street?: string, postalCode?: string, city?: string } | null }} event
 * @returns {string}
 */
function venueLine(event) {
  const address = event.address || {};
  const place = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [event.venue, address.street, place].filter(Boolean).join(', ') || 'Online';
}

/** The sender of form confirmations: EMAIL_FROM with EMAIL_FROM_NAME. */
function sender() {
  const email = process.env.EMAIL_FROM || 'redactie@portal.local';
  const name = process.env.EMAIL_FROM_NAME || 'Logistiek & E-commerce Nieuws';
  return `"${name.replace(/"/g, "'")}" <${email}>`;
}

const MAIL_TEXTS = {
  nl: {
    subject: (title) => `Inschrijving bevestigd: ${title}`,
    greeting: (name) => `Beste ${name},`,
    intro: 'Bedankt voor je inschrijving. Je bent aangemeld voor:',
    when: 'Datum en tijd',
    where: 'Locatie',
    attendees: 'Aantal deelnemers',
    organisation: 'Organisatie',
    more: 'Alle informatie over het evenement',
    cancel: 'Kun je toch niet komen? Beantwoord dan deze e-mail, dan geven we je plaats aan een ander.',
    closing: 'Met vriendelijke groet,',
  },
  en: {
    subject: (title) => `Registration confirmed: ${title}`,
    greeting: (name) => `Dear ${name},`,
    intro: 'Thank you for registering. You are registered for:',
    when: 'Date and time',
    where: 'Venue',
    attendees: 'Number of attendees',
    organisation: 'Organisation',
    more: 'Everything about the event',
    cancel: 'Cannot make it after all? Reply to this e-mail and we will give your place to someone else.',
    closing: 'Kind regards,',
  },
};

/**
 * The confirmation e-mail of a registration (in the language it was posted in).
 * @param {{ name: string, email: string, organisation: string, attendees: number, locale?: string,
 *   language?: string }} registration validated input (`locale`) or a stored entry (`language`)
 * @param {object} event Event with EVENT_FIELDS and `address`
 * @returns {{ to: string, from: string, subject: string, text: string, html: string }}
 */
function registrationMail(registration, event) {
  const locale = toLocale(registration.language || registration.locale);
  const t = MAIL_TEXTS[locale];
  const link = configuredPortalLink(`/events/${event.slug}`, locale);
  const facts = [
    [t.when, eventPeriod(event, locale)],
    [t.where, venueLine(event)],
    [t.attendees, String(registration.attendees)],
    [t.organisation, registration.organisation],
  ];
  const senderName = process.env.EMAIL_FROM_NAME || 'Logistiek & E-commerce Nieuws';
  const text = [
    t.greeting(registration.name),
    '',
    t.intro,
    '',
    event.title,
    ...facts.map(([label, value]) => `${label}: ${value}`),
    ...(link ? ['', `${t.more}: ${link}`] : []),
    '',
    t.cancel,
    '',
    t.closing,
    senderName,
  ].join('\n');
  const html = `<p>${escapeHtml(t.greeting(registration.name))}</p>
<p>${escapeHtml(t.intro)}</p>
<h2>${escapeHtml(event.title)}</h2>
<table role="presentation">
${facts.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
${link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(t.more)}</a></p>` : ''}
<p>${escapeHtml(t.cancel)}</p>
<p>${escapeHtml(t.closing)}<br>${escapeHtml(senderName)}</p>`;
  return { to: registration.email, from: sender(), subject: t.subject(event.title), text, html };
}

/**
 * Stores a registration when the event has room, then sends the confirmation e-mail.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {ReturnType<typeof validateRegistration>} input validated input
 * @param {{ id: number } | null | undefined} user the signed-in caller (`ctx.state.user`), if any
 * @param {number} [now] ms since the epoch
 * @param {import('../../../lib/idempotency').IdempotencyRecord | null} [record] the request's claimed
 *   idempotency key: marked done in the same transaction as the insert (lib/idempotency.js), so a
 *   stored registration never leaves its key free for a second one
 * @returns {Promise<{ documentId: string, attendees: number, event: { title: string, slug: string },
 *   remaining: number | null, confirmationSent: boolean }>}
 * @throws SubmissionError 409 `registration-closed` (unknown, unpublished, ended or closed event),
 *   409 `event-full` (no places left) or `not-enough-places` (fewer places than attendees), with
 *   `details.remaining`
 */
async function register(strapi, input, user, now = Date.now(), record = null) {
  const { entry, event, remaining } = await withLock(`event-registration:${input.event}`, () =>
    strapi.db.transaction(async ({ trx }) => {
      const found = await findOpenEvent(strapi, input.event, now);
      if (!found) {
        throw new SubmissionError(409, 'ConflictError', 'Registration for this event is not open', {
          code: 'registration-closed',
        });
      }
      await lockEvent(strapi, trx, found.documentId);
      const registered = (await registeredAttendees(strapi, [found.documentId])).get(found.documentId) || 0;
      const left = remainingPlaces(found, registered);
      if (left !== null && input.attendees > left) {
        throw new SubmissionError(409, 'ConflictError', left === 0 ? 'The event is full' : 'Not enough places left', {
          code: left === 0 ? 'event-full' : 'not-enough-places',
          remaining: left,
        });
      }
      // Link the event's draft row: it keeps its id when the event is published again.
      const draft = await strapi.db.query(EVENT_UID).findOne({
        where: { documentId: found.documentId, publishedAt: { $null: true } },
        select: ['id'],
      });
      const created = await strapi.db.query(UID).create({
        data: {
          eventDocumentId: found.documentId,
          event: draft ? draft.id : null,
          name: input.name,
          email: input.email,
          organisation: input.organisation,
          attendees: input.attendees,
          language: input.locale,
          consentAt: new Date(now),
          user: user && user.id ? user.id : null,
          confirmationSent: false,
          publishedAt: new Date(now),
        },
      });
      const remaining = left === null ? null : left - input.attendees;
      if (record) {
        // Until the e-mail went out the answer says it has not (the final answer replaces it).
        await record.markDone({
          status: 201,
          body: { data: storedAnswer(created, found, remaining, false) },
          documentId: created.documentId,
        });
      }
      return { entry: created, event: found, remaining };
    }),
  );
  const confirmationSent = await deliverConfirmation(strapi, UID, entry.id, registrationMail(input, event));
  return storedAnswer(entry, event, remaining, confirmationSent);
}

/**
 * What the API answers for a stored registration (no personal data).
 * @param {{ documentId: string, attendees: number }} entry
 * @param {{ title: string, slug: string }} event
 * @param {number | null} remaining places left after it
 * @param {boolean} confirmationSent
 */
function storedAnswer(entry, event, remaining, confirmationSent) {
  return {
    documentId: entry.documentId,
    attendees: entry.attendees,
    event: { title: event.title, slug: event.slug },
    remaining,
    confirmationSent,
  };
}

/**
 * Sends a stored registration's confirmation again (e.g. after a mail outage).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {string} documentId
 * @returns {Promise<{ confirmationSent: boolean } | null>} null for an unknown registration or event
 */
async function resendRegistrationConfirmation(strapi, documentId) {
  const entry = await strapi.db.query(UID).findOne({ where: { documentId } });
  if (!entry) return null;
  const event =
    (await strapi.documents(EVENT_UID).findOne({
      documentId: entry.eventDocumentId,
      status: 'published',
      fields: EVENT_FIELDS,
      populate: { address: true },
    })) ||
    (await strapi.documents(EVENT_UID).findOne({
      documentId: entry.eventDocumentId,
      fields: EVENT_FIELDS,
      populate: { address: true },
    }));
  if (!event) return null;
  return { confirmationSent: await deliverConfirmation(strapi, UID, entry.id, registrationMail(entry, event)) };
}

/**
 * Upcoming published events with open registration at the portal (no ticket page of the
 * organiser) and their places (public event data only).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {number} [now] ms since the epoch
 * @returns {Promise<Array<{ documentId: string, title: string, slug: string, startsAt: string,
 *   endsAt: string | null, timeZone: string | null, venue: string | null, city: string | null,
 *   capacity: number | null, remaining: number | null }>>} soonest first
 */
async function availability(strapi, now = Date.now()) {
  const events = await strapi.documents(EVENT_UID).findMany({
    status: 'published',
    fields: EVENT_FIELDS,
    populate: { address: true },
    filters: {
      $and: [{ registrationOpen: { $eq: true } }, portalRegistrationFilter(), upcomingFilter(new Date(now).toISOString())],
    },
    sort: ['startsAt:asc'],
    limit: 200,
  });
  const totals = await registeredAttendees(
    strapi,
    events.map((event) => event.documentId),
  );
  return events.map((event) => ({
    documentId: event.documentId,
    title: event.title,
    slug: event.slug,
    startsAt: event.startsAt,
    endsAt: event.endsAt || null,
    timeZone: event.timeZone || null,
    venue: event.venue || null,
    city: (event.address && event.address.city) || null,
    capacity: Number.isInteger(event.capacity) ? event.capacity : null,
    remaining: remainingPlaces(event, totals.get(event.documentId) || 0),
  }));
}

/**
 * The registrations of one user with their event's public details, soonest event first; nothing
 * personal beyond the number of attendees.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {number} userId
 * @returns {Promise<Array<{ documentId: string, attendees: number, createdAt: string,
 *   event: { title: string, slug: string, startsAt: string, endsAt: string | null,
 *   timeZone: string | null, venue: string | null } | null }>>}
 */
async function registrationsOf(strapi, userId) {
  const rows = await strapi.db.query(UID).findMany({
    where: { user: { id: userId } },
    select: ['documentId', 'attendees', 'createdAt', 'eventDocumentId'],
    orderBy: { createdAt: 'desc' },
    limit: MAX_OWN_REGISTRATIONS,
  });
  const ids = [...new Set(rows.map((row) => row.eventDocumentId))];
  const events = ids.length
    ? await strapi.documents(EVENT_UID).findMany({
        status: 'published',
        fields: ['title', 'slug', 'startsAt', 'endsAt', 'timeZone', 'venue'],
        filters: { documentId: { $in: ids } },
        limit: ids.length,
      })
    : [];
  const byId = new Map(events.map((event) => [event.documentId, event]));
  const list = rows.map((row) => {
    const event = byId.get(row.eventDocumentId);
    return {
      documentId: row.documentId,
      attendees: row.attendees,
      createdAt: new Date(row.createdAt).toISOString(),
      event: event
        ? {
            title: event.title,
            slug: event.slug,
            startsAt: event.startsAt,
            endsAt: event.endsAt || null,
            timeZone: event.timeZone || null,
            venue: event.venue || null,
          }
        : null,
    };
  });
  const start = (item) => (item.event ? Date.parse(item.event.startsAt) : Number.POSITIVE_INFINITY);
  return list.sort((a, b) => start(a) - start(b));
}

module.exports = factories.createCoreService(UID, ({ strapi }) => ({
  /**
   * Stores a validated registration when the event has room and sends the confirmation.
   * @param {object} input validated input (validateRegistration)
   * @param {{ id: number } | null} [user] account to link
   * @param {import('../../../lib/idempotency').IdempotencyRecord | null} [record] claimed idempotency key
   */
  register: (input, user, record) => register(strapi, input, user, undefined, record),
  /** Events open for registration with their remaining places. */
  availability: () => availability(strapi),
  /**
   * A user's own registrations.
   * @param {number} userId
   */
  registrationsOf: (userId) => registrationsOf(strapi, userId),
  /**
   * Sends a registration's confirmation e-mail again; `{ confirmationSent }` or null when unknown.
   * @param {string} documentId
   */
  resendConfirmation: (documentId) => resendRegistrationConfirmation(strapi, documentId),
}));

// The pure parts, for the controller and the tests.
Object.assign(module.exports, { UID, MAX_ATTENDEES, validateRegistration, registrationMail, eventPeriod });
