/**
 * Demo data for everything except articles and pages: topics, tags, job categories, events,
 * vacancies, magazines, subscriptions, partners and redirects. Dates are computed relative to
 * the seed time; event times are wall-clock times in Europe/Amsterdam. All companies, venues
 * and people are fictional.
 */
const { paragraph, heading, list, paragraphs } = require('./blocks');
const { amsterdamDate, amsterdamTime, isoDate, slugify, DAY_MS } = require('./util');

/** Topics (slug → data). */
const TOPICS = [
  {
    slug: 'ecommerce',
    name: 'E-commerce',
    description: 'Nieuws over webwinkels, marktplaatsen, betalen, retouren en de online klantreis.',
  },
  {
    slug: 'logistiek',
    name: 'Logistiek',
    description: 'Pakketbezorging, last mile, transport, stadslogistiek en de supply chain achter online verkoop.',
  },
  {
    slug: 'fulfilment',
    name: 'Fulfilment',
    description: 'Magazijnen, orderverwerking, automatisering en robotisering in fulfilmentcentra.',
  },
];

/** Tag names (20 tags, 16 different first letters). */
const TAGS = [
  'Automatisering',
  'B2B',
  'Betalen',
  'Cross-border',
  'Duurzaamheid',
  'Fulfilment',
  'Internationaal',
  'Klantenservice',
  'Last mile',
  'Magazijn',
  'Marktplaatsen',
  'Omnichannel',
  'Pakketten',
  'Retouren',
  'Robotisering',
  'Supply chain',
  'Voorraadbeheer',
  'Warehousing',
  'Webwinkels',
  'Zero emissie',
];

/** Job categories. */
const JOB_CATEGORIES = [
  { name: 'Logistiek', slug: 'logistiek' },
  { name: 'E-commerce', slug: 'e-commerce' },
  { name: 'IT & Data', slug: 'it-data' },
  { name: 'Sales & Marketing', slug: 'sales-marketing' },
  { name: 'Management', slug: 'management' },
];

/** Venues with Dutch addresses. */
const VENUES = {
  utrecht: { venue: 'Congrescentrum De Veste', address: { street: 'Stationsplein 12', postalCode: '3511 ED', city: 'Utrecht', country: 'NL' } },
  eindhoven: { venue: 'Brainport Eventhal', address: { street: 'Strijpsestraat 41', postalCode: '5616 GL', city: 'Eindhoven', country: 'NL' } },
  rotterdam: { venue: 'Maaskade Events', address: { street: 'Wilhelminakade 88', postalCode: '3072 AP', city: 'Rotterdam', country: 'NL' } },
  amsterdam: { venue: 'Pakhuis Oostelijk', address: { street: 'Oostelijke Handelskade 20', postalCode: '1019 BM', city: 'Amsterdam', country: 'NL' } },
  venlo: { venue: 'Logistiek Campus Venlo', address: { street: 'Noorderpoort 15', postalCode: '5916 PJ', city: 'Venlo', country: 'NL' } },
  denbosch: { venue: 'De Tramhallen', address: { street: 'Kempenbaan 3', postalCode: '5231 PL', city: "'s-Hertogenbosch", country: 'NL' } },
  veghel: { venue: 'Innovatiehal Veghel', address: { street: 'Doornhoek 3720', postalCode: '5465 TA', city: 'Veghel', country: 'NL' } },
  tilburg: { venue: 'Spoorzone Tilburg', address: { street: 'Burgemeester Brokxlaan 8', postalCode: '5041 SB', city: 'Tilburg', country: 'NL' } },
  zwolle: { venue: 'Stadsfabriek Zwolle', address: { street: 'Rieteweg 20', postalCode: '8011 AB', city: 'Zwolle', country: 'NL' } },
  breda: { venue: 'Koetshuis Breda', address: { street: 'Ginnekenweg 40', postalCode: '4818 JE', city: 'Breda', country: 'NL' } },
};

/**
 * Event definitions relative to the seed date.
 * `day` is the offset in days, `from`/`to` local times [hour, minute], `days` the duration in days.
 */
const EVENT_DEFS = [
  { title: 'Retourlogistiek Seminar', day: -320, from: [13, 0], to: [17, 30], where: 'utrecht', topic: 'ecommerce', capacity: 150, gallery: ['inpaktafel', 'pakketten-stapel', 'congres-zaal'], image: 'inpaktafel',
    summary: 'Een middag over het verminderen, verwerken en hergebruiken van retouren, met praktijkcases van webwinkels en retourdienstverleners.' },
  { title: 'Warehouse Automation Day', day: -210, from: [9, 30], to: [17, 0], where: 'veghel', topic: 'fulfilment', capacity: 300, gallery: ['robotarm', 'magazijn-stellingen', 'sorteerband', 'congres-zaal'], image: 'robotarm',
    summary: 'Leveranciers en gebruikers van magazijnautomatisering laten zien wat robots, shuttles en goods-to-person systemen in de praktijk opleveren.' },
  { title: 'Last Mile Meetup Rotterdam', day: -130, from: [16, 0], to: [19, 0], where: 'rotterdam', topic: 'logistiek', capacity: 90, image: 'bestelbus-straat',
    summary: 'Informele bijeenkomst voor iedereen die werkt aan de laatste kilometer: vervoerders, webwinkels, gemeenten en startups.' },
  { title: 'Marketplace Masterclass', day: -60, from: [10, 0], to: [16, 0], where: 'amsterdam', topic: 'ecommerce', capacity: 60, image: 'webshop-scherm',
    summary: 'Een praktische dag over verkopen via online marktplaatsen: productcontent, advertenties, prijsstrategie en logistiek.' },
  { title: 'Rondetafel Duurzame Stadslogistiek', day: -18, from: [9, 0], to: [12, 30], where: 'zwolle', topic: 'logistiek', capacity: 40, gallery: ['elektrische-truck', 'bestelbus-straat', 'routekaart'], image: 'elektrische-truck',
    summary: 'Vervoerders, verladers en gemeenten bespreken de ervaringen met zero-emissiezones en stadshubs.' },
  { title: 'Webinar: slimme voorraadplanning', day: 9, from: [11, 0], to: [12, 0], where: null, topic: 'ecommerce', capacity: 500, registrationOpen: true, image: 'pakketten-stapel',
    summary: 'In een uur de belangrijkste tips om voorraad in webwinkel, magazijn en winkels slim te plannen en misgrijpen te voorkomen.' },
  { title: 'Logistiek Netwerkborrel Venlo', day: 24, from: [16, 30], to: [19, 30], where: 'venlo', topic: 'logistiek', capacity: 80, registrationOpen: true, image: 'containerhaven',
    summary: 'Netwerkborrel voor logistieke professionals in Noord-Limburg, met een korte presentatie over de arbeidsmarkt in de regio.' },
  { title: 'Fulfilment Summit', day: 47, from: [9, 0], to: [17, 30], where: 'denbosch', topic: 'fulfilment', capacity: 450, registrationOpen: true, image: 'magazijn-stellingen',
    summary: 'Het jaarlijkse congres voor fulfilmentbedrijven en webwinkels die hun orderverwerking naar een hoger niveau willen tillen.' },
  { title: 'E-commerce Logistiek Congres', day: 75, days: 2, from: [9, 0], to: [17, 0], where: 'utrecht', topic: 'ecommerce', capacity: 1200, registrationOpen: true, image: 'congres-zaal',
    summary: 'Twee dagen keynotes, workshops en een beursvloer over alles wat er gebeurt tussen de bestelknop en de voordeur.' },
  { title: 'Cross-border Commerce Day', day: 103, from: [9, 30], to: [16, 30], where: 'eindhoven', topic: 'ecommerce', capacity: 200, image: 'routekaart',
    summary: 'Alles over internationaal verkopen: btw, betaalmethoden, vervoer en retouren in Europa.' },
  { title: 'Praktijkdag Robotica in het Magazijn', day: 150, from: [10, 0], to: [15, 30], where: 'tilburg', topic: 'fulfilment', capacity: 120, registrationOpen: true, image: 'robotarm',
    summary: 'Bekijk robots aan het werk in een operationeel fulfilmentcentrum en hoor van gebruikers wat de invoering heeft gevraagd.' },
  { title: 'Supply Chain Ontbijtsessie', day: 210, from: [7, 45], to: [9, 30], where: 'breda', topic: 'logistiek', capacity: 50, image: 'groeigrafiek',
    summary: 'Ontbijtsessie over voorraadplanning en het voorspellen van de vraag in onzekere tijden.' },
];

/**
 * Build the event specs.
 * @param {Date} now Seed time.
 * @returns {object[]} Event data (relations/media as slugs/keys: `topic`, `image`, `gallery`).
 */
function buildEvents(now) {
  return EVENT_DEFS.map((def) => {
    const date = amsterdamDate(now, def.day);
    const endDate = amsterdamDate(now, def.day + (def.days || 1) - 1);
    const place = def.where ? VENUES[def.where] : null;
    const slug = slugify(def.title);
    const past = def.day < 0;
    const registrationOpen = Boolean(def.registrationOpen) && !past;
    return {
      title: def.title,
      slug,
      startsAt: amsterdamTime(date, def.from[0], def.from[1]).toISOString(),
      endsAt: amsterdamTime(endDate, def.to[0], def.to[1]).toISOString(),
      timeZone: 'Europe/Amsterdam',
      venue: place ? place.venue : 'Online',
      address: place ? place.address : null,
      summary: def.summary,
      description: [
        paragraph(def.summary),
        heading('Programma'),
        list(
          def.days > 1
            ? ['Dag 1: keynotes en de beursvloer', 'Dag 2: workshops en praktijkcases', 'Beide dagen: netwerkborrel vanaf 17.00 uur']
            : ['Ontvangst en opening', 'Sprekers uit de praktijk', 'Paneldiscussie met vragen uit de zaal', 'Afsluiting en netwerken']
        ),
        paragraph(
          past
            ? 'Dit event heeft plaatsgevonden. Bekijk de foto’s en lees het verslag op onze nieuwspagina.'
            : registrationOpen
              ? 'Aanmelden kan via de registratiepagina. Vol is vol.'
              : 'De registratie opent binnenkort. Houd onze nieuwsbrief in de gaten.'
        ),
      ],
      image: def.image,
      gallery: past && def.gallery ? def.gallery : [],
      organiser: 'Logistiek & E-commerce Nieuws',
      registrationOpen,
      registrationUrl: registrationOpen ? `https://tickets.example.com/${slug}` : null,
      capacity: def.capacity,
      topic: def.topic,
    };
  });
}

/** Vacancy definitions: [title, category slug, topic slug, employment type]. */
const VACANCY_DEFS = [
  ['Teamleider warehouse', 'logistiek', 'fulfilment', 'FULL_TIME'],
  ['Transportplanner', 'logistiek', 'logistiek', 'FULL_TIME'],
  ['Orderpicker reachtruck', 'logistiek', 'fulfilment', 'TEMPORARY'],
  ['Supply chain analist', 'logistiek', 'logistiek', 'FULL_TIME'],
  ['Hoofd expeditie', 'logistiek', 'logistiek', 'FULL_TIME'],
  ['E-commerce manager', 'e-commerce', 'ecommerce', 'FULL_TIME'],
  ['Marketplace specialist', 'e-commerce', 'ecommerce', 'FULL_TIME'],
  ['Contentmarketeer webwinkel', 'e-commerce', 'ecommerce', 'PART_TIME'],
  ['Medewerker klantenservice', 'e-commerce', 'ecommerce', 'PART_TIME'],
  ['Category manager wonen', 'e-commerce', 'ecommerce', 'FULL_TIME'],
  ['Data-analist logistiek', 'it-data', 'logistiek', 'FULL_TIME'],
  ['Backend developer Node.js', 'it-data', 'ecommerce', 'FULL_TIME'],
  ['WMS-consultant', 'it-data', 'fulfilment', 'CONTRACTOR'],
  ['Product owner platform', 'it-data', 'ecommerce', 'FULL_TIME'],
  ['BI engineer', 'it-data', 'fulfilment', 'FULL_TIME'],
  ['Accountmanager fulfilment', 'sales-marketing', 'fulfilment', 'FULL_TIME'],
  ['Business developer cross-border', 'sales-marketing', 'ecommerce', 'FULL_TIME'],
  ['Performance marketeer', 'sales-marketing', 'ecommerce', 'FULL_TIME'],
  ['Sales development representative', 'sales-marketing', 'logistiek', 'FULL_TIME'],
  ['Stagiair marketing', 'sales-marketing', 'ecommerce', 'INTERN'],
  ['Operationeel directeur', 'management', 'fulfilment', 'FULL_TIME'],
  ['Sitemanager fulfilmentcentrum', 'management', 'fulfilment', 'FULL_TIME'],
  ['Head of logistics', 'management', 'logistiek', 'FULL_TIME'],
  ['Financieel controller', 'management', 'ecommerce', 'FULL_TIME'],
  ['Manager klantenservice', 'management', 'ecommerce', 'FULL_TIME'],
];

const EMPLOYERS = [
  { name: 'Polderpak Fulfilment', domain: 'polderpak.example' },
  { name: 'PakketPunt', domain: 'pakketpunt.example' },
  { name: 'Orion Warehousing', domain: 'orion-warehousing.example' },
  { name: 'ModeMarkt.nl', domain: 'modemarkt.example' },
  { name: 'Winkelplein', domain: 'winkelplein.example' },
  { name: 'LogiQ Software', domain: 'logiq.example' },
  { name: 'Van Dalen Logistics', domain: 'vandalen.example' },
  { name: 'FietsDirect', domain: 'fietsdirect.example' },
  { name: 'Lowlands Fulfilment', domain: 'lowlands-fulfilment.example' },
  { name: 'GreenMile Bezorging', domain: 'greenmile.example' },
];

const JOB_CITIES = ['Tilburg', 'Venlo', 'Utrecht', 'Amsterdam', 'Rotterdam', 'Eindhoven', 'Zwolle', 'Waalwijk', 'Den Bosch', 'Groningen', 'Nijmegen', 'Breda', 'Almere', 'Veghel', 'Moerdijk'];

/** Task, requirement and perk phrases per job category, used in vacancy descriptions. */
const TASKS = {
  logistiek: ['Je plant de dagelijkse inzet van mensen en middelen', 'Je bewaakt de KPI’s op snelheid en kwaliteit', 'Je verbetert processen samen met het team', 'Je stemt af met vervoerders en klanten', 'Je lost knelpunten in de operatie op'],
  'e-commerce': ['Je optimaliseert productpagina’s en assortiment', 'Je analyseert conversie en klantgedrag', 'Je werkt samen met marketing en logistiek', 'Je beheert de aanwezigheid op marktplaatsen', 'Je beantwoordt vragen van klanten via chat en mail'],
  'it-data': ['Je bouwt en onderhoudt koppelingen met webwinkels en vervoerders', 'Je maakt dashboards voor operatie en management', 'Je vertaalt wensen van gebruikers naar oplossingen', 'Je werkt aan de betrouwbaarheid van ons platform', 'Je adviseert klanten over de inrichting van het WMS'],
  'sales-marketing': ['Je zoekt en spreekt nieuwe klanten', 'Je stelt voorstellen en offertes op', 'Je zet campagnes op en meet de resultaten', 'Je onderhoudt relaties met bestaande klanten', 'Je vertegenwoordigt ons op beurzen en events'],
  management: ['Je geeft leiding aan de teamleiders', 'Je bent verantwoordelijk voor budget en resultaat', 'Je vertaalt de strategie naar concrete plannen', 'Je bouwt aan een veilige en prettige werkomgeving', 'Je rapporteert aan de directie'],
};

const REQUIREMENTS = {
  logistiek: ['Mbo- of hbo-werk- en denkniveau', 'Ervaring in een logistieke omgeving', 'Je houdt overzicht als het druk is', 'Bereidheid om in ploegen te werken', 'Een heftruckcertificaat is een pré'],
  'e-commerce': ['Hbo-werk- en denkniveau', 'Ervaring met webwinkels of marktplaatsen', 'Analytisch en klantgericht', 'Uitstekende beheersing van het Nederlands', 'Ervaring met Google Analytics of vergelijkbaar'],
  'it-data': ['Hbo- of wo-opleiding in de richting informatica', 'Ervaring met SQL en een moderne programmeertaal', 'Je werkt graag in een agile team', 'Kennis van logistieke processen is een pré', 'Goede communicatieve vaardigheden'],
  'sales-marketing': ['Commercieel en resultaatgericht', 'Ervaring in B2B-sales of online marketing', 'Rijbewijs B', 'Je legt makkelijk contact', 'Kennis van de e-commercemarkt'],
  management: ['Aantoonbare leidinggevende ervaring', 'Wo- of hbo-werk- en denkniveau', 'Ervaring in een operationele omgeving', 'Sterke communicatieve vaardigheden', 'Je bent een verbinder'],
};

const PERKS = ['Ruimte voor opleiding en ontwikkeling', 'Een laptop en telefoon van de zaak', 'Thuiswerken in overleg', 'Fietsplan en sportabonnement', 'Een bonus bij goede resultaten'];

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
 * @returns {object[]} Vacancy data (`category` and `topic` as slugs).
 */
function buildVacancies(random, now) {
  const specs = VACANCY_DEFS.map(([title, category, topic, employmentType], index) => {
    const employer = EMPLOYERS[index % EMPLOYERS.length];
    const location = random.pick(JOB_CITIES);
    const validDays = EXPIRED.has(index) ? -random.int(3, 30) : random.int(10, 80);
    const hours = employmentType === 'PART_TIME' ? '20 tot 28 uur' : employmentType === 'INTERN' ? 'vijf dagen per week' : '36 tot 40 uur';
    const summary = `${employer.name} zoekt in ${location} een ${title.toLowerCase()} (${hours}). Je werkt in een groeiend team in de wereld van e-commerce en logistiek.`;
    const viaEmail = index % 3 === 0;
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
      location,
      employmentType,
      ...salaryFor(random, employmentType, category),
      category,
      topic,
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
    location: 'Moerdijk',
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

/** Magazine themes (newest first). */
const MAGAZINE_THEMES = [
  { headline: 'De slimme hub', summary: 'Hoe stadshubs en microdepots de laatste kilometer veranderen, plus een rondgang langs vijf nieuwe fulfilmentcentra.' },
  { headline: 'Piek zonder paniek', summary: 'Lessen uit het piekseizoen: planning, personeel en communicatie met de klant.' },
  { headline: 'Robots op de vloer', summary: 'Een special over magazijnautomatisering: wat levert het op en wat vraagt het van de organisatie?' },
  { headline: 'Grenzeloos verkopen', summary: 'Alles over cross-border e-commerce: van btw en betaalmethoden tot internationale retouren.' },
  { headline: 'Retour naar af', summary: 'De retourstroom onder de loep: kosten, duurzaamheid en slimme oplossingen.' },
  { headline: 'Emissievrij de stad in', summary: 'Zero-emissiezones, elektrische bussen en cargobikes: de stand van zaken in de stadslogistiek.' },
];

/** Palettes used for the generated magazine covers, in issue order. */
const COVER_PALETTES = ['blue', 'dusk', 'steel', 'teal', 'warm', 'green'];

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

/** Subscription plans. */
const SUBSCRIPTIONS = [
  {
    name: 'Digitaal',
    priceCents: 795,
    period: 'month',
    order: 1,
    summary: 'Onbeperkt toegang tot alle artikelen en de digitale editie van het magazine.',
    benefits: ['Onbeperkt toegang tot alle artikelen', 'Dagelijkse nieuwsbrief', 'Digitale editie van het magazine', 'Maandelijks opzegbaar'],
  },
  {
    name: 'Print + Digitaal',
    priceCents: 14900,
    period: 'year',
    order: 2,
    summary: 'Alles uit Digitaal, plus het magazine zes keer per jaar in de bus.',
    benefits: ['Alles uit Digitaal', 'Zes keer per jaar het magazine in de bus', 'Toegang tot het complete archief', '15% korting op events'],
  },
  {
    name: 'Zakelijk',
    priceCents: 39900,
    period: 'year',
    order: 3,
    summary: 'Voor teams: vijf gebruikers, facturatie op bedrijfsnaam en vrijkaarten voor het congres.',
    benefits: ['Vijf gebruikers', 'Alles uit Print + Digitaal', 'Factuur op naam van uw bedrijf', 'Twee vrijkaarten voor het E-commerce Logistiek Congres'],
  },
  {
    name: 'Student',
    priceCents: 1250,
    period: 'quarter',
    order: 4,
    summary: 'Voor studenten logistiek, supply chain en e-commerce: volledige digitale toegang tegen een gereduceerd tarief.',
    benefits: ['Onbeperkt toegang tot alle artikelen', 'Digitale editie van het magazine', 'Geldig met een studentenkaart', 'Per kwartaal opzegbaar'],
  },
];

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
    description: paragraphs([plan.summary, 'Uw abonnement gaat direct in na betaling. U ontvangt een bevestiging per e-mail.']),
    benefits: plan.benefits.map((text) => ({ text })),
  }));
}

/** Partner companies (fictional) with their generated logo specs. */
const PARTNERS = [
  {
    name: 'Polderpak Fulfilment',
    logo: { palette: 'teal', shape: 'hex' },
    website: 'https://polderpak.example',
    description: 'Fulfilmentpartner voor groeiende webwinkels, met vier centra in Brabant en Gelderland.',
    content: ['Polderpak Fulfilment verzorgt opslag, orderverwerking en retouren voor ruim tweehonderd webwinkels.', 'Dankzij een late cut-off worden bestellingen die tot middernacht binnenkomen, de volgende dag bezorgd.'],
  },
  {
    name: 'Retourly',
    logo: { palette: 'warm', shape: 'circle' },
    website: 'https://retourly.example',
    description: 'Platform voor retourverwerking: van retourportaal tot tweede leven voor producten.',
    content: ['Retourly helpt webwinkels de retourstroom te beperken en slimmer te verwerken.', 'Het platform koppelt met alle grote vervoerders en webwinkelsystemen.'],
  },
  {
    name: 'NoordVracht Logistics',
    logo: { palette: 'blue', shape: 'arrow' },
    website: 'https://noordvracht.example',
    description: 'Vervoerder voor pakketten en pallets in Noord-Nederland en Noord-Duitsland.',
    content: ['NoordVracht Logistics bezorgt dagelijks duizenden pakketten en pallets, steeds vaker emissievrij.', 'Met hubs in Groningen, Zwolle en Bremen is NoordVracht de verbinding tussen Nederland en Noord-Duitsland.'],
  },
  {
    name: 'PayNed Betalingen',
    logo: { palette: 'green', shape: 'square' },
    website: 'https://payned.example',
    description: 'Betaaldienstverlener voor webwinkels en marktplaatsen, met alle populaire Europese betaalmethoden.',
    content: ['PayNed verwerkt betalingen voor duizenden webwinkels in de Benelux.', 'Met de zakelijke betaalknop kunnen inkopers op rekening bestellen, zonder risico voor de webwinkel.'],
  },
  {
    name: 'StackRobotics',
    logo: { palette: 'steel', shape: 'wave' },
    website: 'https://stackrobotics.example',
    description: 'Leverancier van goods-to-person systemen en pickrobots voor fulfilmentcentra.',
    content: ['StackRobotics ontwikkelt modulaire robotsystemen die meegroeien met de volumes van de klant.', 'De systemen zijn in gebruik bij fulfilmentbedrijven in Nederland, België en Duitsland.'],
  },
];

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

/** Redirects managed in the CMS. */
const REDIRECTS = [
  { from: '/oud-nieuws', to: '/', statusCode: 302 },
  { from: '/over', to: '/over-ons', statusCode: 301 },
  { from: '/linkedin', to: 'https://www.linkedin.com/', statusCode: 302 },
];

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
