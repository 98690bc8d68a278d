/**
 * Demo data for everything except articles and pages: topics, tags, job categories, events,
 * vacancies, magazines, subscriptions, partners and redirects. Dates are computed relative to
 * the seed time; event times are wall-clock times in Europe/Amsterdam. All companies, venues
 * and people are fictional.
 */
const { paragraph, heading, list, paragraphs } = require('./blocks');
const { amsterdamDate, amsterdamTime, isoDate, slugify, DAY_MS } = require('./util');

/** The seed's topics, tags, job categories, venues, events, vacancies, employers, magazine themes,
 * subscriptions, partners and redirects, as data (data/catalog.json). */
const {
  TOPICS,
  TAGS,
  JOB_CATEGORIES,
  VENUES,
  EVENT_DEFS,
  VACANCY_DEFS,
  EMPLOYERS,
  JOB_CITIES,
  TASKS,
  REQUIREMENTS,
  PERKS,
  MAGAZINE_THEMES,
  COVER_PALETTES,
  SUBSCRIPTIONS,
  PARTNERS,
  REDIRECTS,
  JOB_ADDRESSES,
} = require('./data/catalog.json');

/** Where the portal's own events say who organises them: the "about us" page (a site path). */
const OWN_ORGANISER_URL = '/over-ons';






/** The fixed texts of an event description, in Dutch and English. */
const EVENT_TEXTS = {
  nl: {
    programme: 'Programma',
    twoDays: ['Dag 1: keynotes en de beursvloer', 'Dag 2: workshops en praktijkcases', 'Beide dagen: netwerkborrel vanaf 17.00 uur'],
    oneDay: ['Ontvangst en opening', 'Sprekers uit de praktijk', 'Paneldiscussie met vragen uit de zaal', 'Afsluiting en netwerken'],
    past: 'Dit event heeft plaatsgevonden. Bekijk de foto’s en lees het verslag op onze nieuwspagina.',
    open: 'Aanmelden kan via de registratiepagina. Vol is vol.',
    soon: 'De registratie opent binnenkort. Houd onze nieuwsbrief in de gaten.',
  },
  en: {
    programme: 'Programme',
    twoDays: ['Day 1: keynotes and the exhibition floor', 'Day 2: workshops and case studies', 'Both days: networking drinks from 5 pm'],
    oneDay: ['Welcome and opening', 'Speakers from practice', 'Panel discussion with questions from the audience', 'Closing and networking'],
    past: 'This event has taken place. See the photos and read the report on our news page.',
    open: 'You can register on the registration page. Places are limited.',
    soon: 'Registration opens soon. Keep an eye on our newsletter.',
  },
};

/**
 * The description of an event: its summary, the programme and how to register.
 * @param {'nl'|'en'} language Language of the texts.
 * @param {string} summary The event's summary in that language.
 * @param {boolean} twoDays Whether the event lasts more than one day.
 * @param {boolean} past Whether it has taken place.
 * @param {boolean} registrationOpen Whether registration is open.
 * @returns {object[]} Strapi blocks.
 */
function eventDescription(language, summary, twoDays, past, registrationOpen) {
  const texts = EVENT_TEXTS[language];
  return [
    paragraph(summary),
    heading(texts.programme),
    list(twoDays ? texts.twoDays : texts.oneDay),
    paragraph(past ? texts.past : registrationOpen ? texts.open : texts.soon),
  ];
}

/**
 * Build the event specs.
 * @param {Date} now Seed time.
 * @returns {object[]} Event data (relations/media as slugs/keys: `topic`, `image`, `gallery`), with
 *   `english` (title, summary, description) for the events translated into English, else null.
 */
function buildEvents(now) {
  return EVENT_DEFS.map((def) => {
    const date = amsterdamDate(now, def.day);
    const endDate = amsterdamDate(now, def.day + (def.days || 1) - 1);
    const place = def.where ? VENUES[def.where] : null;
    const slug = slugify(def.title);
    const past = def.day < 0;
    const registrationOpen = Boolean(def.registrationOpen) && !past;
    // Registration opened three weeks ago (open events), opens on the def's day (upcoming events
    // that are not open yet) or opened two months before the event (past events).
    const opensDay = registrationOpen ? -21 : def.registrationOpens ?? def.day - 60;
    return {
      title: def.title,
      slug,
      startsAt: amsterdamTime(date, def.from[0], def.from[1]).toISOString(),
      endsAt: amsterdamTime(endDate, def.to[0], def.to[1]).toISOString(),
      timeZone: 'Europe/Amsterdam',
      venue: place ? place.venue : 'Online',
      address: place ? place.address : null,
      summary: def.summary,
      description: eventDescription('nl', def.summary, def.days > 1, past, registrationOpen),
      image: def.image,
      gallery: past && def.gallery ? def.gallery : [],
      organiser: def.organiser ? def.organiser.name : 'Logistiek & E-commerce Nieuws',
      organiserUrl: def.organiser ? def.organiser.url : OWN_ORGANISER_URL,
      registrationOpen,
      registrationOpensAt: amsterdamTime(amsterdamDate(now, opensDay), 9, 0).toISOString(),
      // One way to sign up (docs/decisions/096): an outside organiser sells its own tickets; the
      // portal's own events take registrations through the portal's form.
      registrationUrl: registrationOpen && def.organiser ? `https://tickets.example.com/${slug}` : null,
      price: def.price ?? null,
      capacity: def.capacity,
      topic: def.topic,
      // The English translation of the texts, for the events that have one.
      english: def.en
        ? {
            title: def.en.title,
            summary: def.en.summary,
            description: eventDescription('en', def.en.summary, def.days > 1, past, registrationOpen),
          }
        : null,
    };
  });
}







/** Vacancies (by index) whose validThrough lies in the past (still published). */
const EXPIRED = new Set([4, 13, 21]);

/**
 * Salary range for a vacancy.
 * @param {object} random Seeded random helpers.
 * @param {string} type Employment type.
 * @param {string} category Category slug.
 * @returns {{salaryMin: number|null, salaryMax: number|null, salaryPeriod: string|null}}
 */
function salaryFor(random, type, category) {
  if (type === 'TEMPORARY') {
    const min = random.int(14, 16);
    return { salaryMin: min, salaryMax: min + 2, salaryPeriod: 'HOUR' };
  }
  if (type === 'CONTRACTOR') {
    const min = random.int(8, 10) * 10;
    return { salaryMin: min, salaryMax: min + 25, salaryPeriod: 'HOUR' };
  }
  if (type === 'INTERN') {
    return { salaryMin: 500, salaryMax: 650, salaryPeriod: 'MONTH' };
  }
  if (category === 'management') {
    const min = random.int(75, 95) * 1000;
    return { salaryMin: min, salaryMax: min + random.int(15, 30) * 1000, salaryPeriod: 'YEAR' };
  }
  const min = random.int(28, 48) * 100;
  return { salaryMin: min, salaryMax: min + random.int(6, 14) * 100, salaryPeriod: 'MONTH' };
}

/**
 * Build the vacancy specs: 25 approved vacancies (3 expired) plus one `pending` vacancy that
 * must never be visible through the public API.
 * @param {object} random Seeded random helpers.
 * @param {Date} now Seed time.
 * @returns {object[]} Vacancy data (`category`, `topic` and `partner` as slugs).
 */
function buildVacancies(random, now) {
  const specs = VACANCY_DEFS.map(([title, category, topic, employmentType], index) => {
    const employer = EMPLOYERS[index % EMPLOYERS.length];
    const location = random.pick(JOB_CITIES);
    const validDays = EXPIRED.has(index) ? -random.int(3, 30) : random.int(10, 80);
    const hours = employmentType === 'PART_TIME' ? '20 tot 28 uur' : employmentType === 'INTERN' ? 'vijf dagen per week' : '36 tot 40 uur';
    const summary = `${employer.name} zoekt in ${location} een ${title.toLowerCase()} (${hours}). Je werkt in een groeiend team in de wereld van e-commerce en logistiek.`;
    const viaEmail = index % 3 === 0;
    const address = JOB_ADDRESSES[location];
    // Posted one to thirty days ago, and always at least two weeks before an expired vacancy closed.
    const postedDay = Math.min(-1 - ((index * 7) % 30), validDays - 14);
    return {
      title: `${title} in ${location}`,
      slug: slugify(`${title} ${employer.name} ${location}`),
      summary,
      description: [
        paragraph(summary),
        heading('Wat ga je doen?'),
        list(random.pickMany(TASKS[category], 3)),
        heading('Wat vragen we?'),
        list(random.pickMany(REQUIREMENTS[category], 3)),
        heading('Wat bieden we?'),
        list(['Een goed salaris en reiskostenvergoeding', 'Pensioenregeling en 25 vakantiedagen', random.pick(PERKS)]),
        paragraph(`Interesse? Solliciteer ${viaEmail ? `per e-mail via vacatures@${employer.domain}` : 'via de sollicitatiepagina'}.`),
      ],
      employer: employer.name,
      employerWebsite: `https://${employer.domain}`,
      // The employer is a partner: the seed links them by name (index.js).
      partner: PARTNERS.some((partner) => partner.name === employer.name) ? slugify(employer.name) : null,
      location,
      street: address.street,
      postalCode: address.postalCode,
      region: address.region,
      employmentType,
      ...salaryFor(random, employmentType, category),
      category,
      topic,
      publishFrom: isoDate(amsterdamDate(now, postedDay)),
      validThrough: amsterdamTime(amsterdamDate(now, validDays), 23, 59).toISOString(),
      reviewStatus: 'approved',
      applyUrl: viaEmail ? null : `https://werkenbij.${employer.domain}/vacatures/${slugify(title)}`,
      applyEmail: viaEmail ? `vacatures@${employer.domain}` : null,
    };
  });
  specs.push({
    title: 'Chauffeur C-rijbewijs in Moerdijk',
    slug: 'chauffeur-c-rijbewijs-in-moerdijk-ter-beoordeling',
    summary: 'Ingediend door een werkgever en nog niet beoordeeld door de redactie.',
    description: [paragraph('Deze vacature wacht op beoordeling en is niet openbaar zichtbaar.')],
    employer: 'Van Dalen Logistics',
    employerWebsite: 'https://vandalen.example',
    partner: null,
    location: 'Moerdijk',
    ...JOB_ADDRESSES.Moerdijk,
    employmentType: 'FULL_TIME',
    salaryMin: 2900,
    salaryMax: 3500,
    salaryPeriod: 'MONTH',
    category: 'logistiek',
    topic: 'logistiek',
    validThrough: new Date(now.getTime() + 40 * DAY_MS).toISOString(),
    reviewStatus: 'pending',
    applyUrl: null,
    applyEmail: 'vacatures@vandalen.example',
  });
  return specs;
}



/**
 * Magazine issues over the last ~1.5 years (every three months), newest first.
 * @param {Date} now Seed time.
 * @returns {object[]} Magazine specs (with `cover` image key and `coverSpec` for the image generator).
 */
function buildMagazines(now) {
  const today = amsterdamDate(now, 0);
  return MAGAZINE_THEMES.map((theme, index) => {
    const monthsBack = 1 + index * 3;
    const monthIndex = today.year * 12 + (today.month - 1) - monthsBack;
    const date = { year: Math.floor(monthIndex / 12), month: (monthIndex % 12) + 1, day: 1 };
    const issue = `${date.year} #${Math.ceil(date.month / 3)}`;
    const slug = slugify(`magazine ${issue}`);
    const key = `magazine-cover-${index + 1}`;
    return {
      title: `Magazine ${issue}: ${theme.headline}`,
      slug,
      issue,
      date: isoDate(date),
      summary: theme.summary,
      description: [
        paragraph(theme.summary),
        heading('In dit nummer'),
        list(['Interviews met ondernemers uit de sector', 'Achtergrond en analyse bij het nieuws', 'Cijfers en trends', 'Agenda met events en webinars']),
      ],
      link: `https://magazine.example.com/${slug}`,
      cover: key,
      coverSpec: { key, title: 'Logistiek & E-commerce', issue, palette: COVER_PALETTES[index], headline: theme.headline },
    };
  });
}


/**
 * Subscription specs with block descriptions.
 * @returns {object[]} Subscription data (`benefits` as component data).
 */
function buildSubscriptions() {
  return SUBSCRIPTIONS.map((plan) => ({
    name: plan.name,
    slug: slugify(plan.name),
    priceCents: plan.priceCents,
    period: plan.period,
    order: plan.order,
    summary: plan.summary,
    // What the order form does (cms/src/api/subscription-order): the start date the reader
    // chooses, payment by direct debit, a confirmation by e-mail.
    description: paragraphs([
      plan.summary,
      'Je abonnement gaat in op de datum die je bij het bestellen kiest. Je betaalt via automatische incasso en krijgt een bevestiging per e-mail.',
    ]),
    benefits: plan.benefits.map((text) => ({ text })),
  }));
}


/**
 * Partner specs.
 * @returns {object[]} Partner data with `logo` image key and `logoSpec` for the image generator.
 */
function buildPartners() {
  return PARTNERS.map((partner) => {
    const link = slugify(partner.name);
    const key = `logo-${link}`;
    return {
      name: partner.name,
      link,
      description: partner.description,
      content: paragraphs(partner.content),
      website: partner.website,
      logo: key,
      logoSpec: { key, name: partner.name, palette: partner.logo.palette, shape: partner.logo.shape },
    };
  });
}


module.exports = {
  TOPICS,
  TAGS,
  JOB_CATEGORIES,
  REDIRECTS,
  buildEvents,
  buildVacancies,
  buildMagazines,
  buildSubscriptions,
  buildPartners,
};
