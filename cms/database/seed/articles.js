/**
 * Template system for the demo news articles.
 *
 * Articles are assembled from the story families in article-families.js (parcel volumes,
 * warehouse automation, returns, marketplaces, cross-border, zero-emission last mile, ...).
 * An article picks a family and one of its angles; `{slot}` placeholders are filled from a
 * per-article context (fictional companies, cities, people, figures, the quarter before the
 * publish date). All choices come from the seeded random source, so the titles and texts are
 * the same on every fresh database. All companies and people are fictional.
 */
const { paragraph, heading, list, quote } = require('./blocks');
const { amsterdamDate, amsterdamTime, nl } = require('./util');
const { SCENE_KEYS, sceneVariants } = require('./images');
const { FAMILIES } = require('./article-families');

const CARRIERS = ['PakketPunt', 'SnelPost Nederland', 'Koerier24', 'DeltaParcel', 'NoordVracht', 'GreenMile Bezorging', 'Van Dalen Logistics'];
const FULFILLERS = ['Polderpak Fulfilment', 'Lowlands Fulfilment', 'Orion Warehousing', 'Brabant Logistics Center', 'Kade 7 Fulfilment', 'FulfilNed'];
const WEBSHOPS = ['Huis&Hobby Online', 'ModeMarkt.nl', 'FietsDirect', 'Tuinkeus', 'KookGigant', 'SportSprint', 'Speelgoedplein', 'BeautyBox NL', 'Elektrostad'];
const MARKETPLACES = ['Winkelplein', 'MarktMeester', 'Koopjeshoek', 'ShopNed'];
const VENDORS = ['LogiQ Software', 'RouteWijs', 'Stockwise', 'Magaza Systems', 'Retourly'];
const CITIES = ['Tilburg', 'Venlo', 'Waalwijk', 'Zwolle', 'Utrecht', 'Roosendaal', 'Moerdijk', 'Eindhoven', 'Nijmegen', 'Almere', 'Heerlen', 'Veghel', 'Den Bosch', 'Breda', 'Apeldoorn', 'Groningen', 'Rotterdam', 'Amsterdam'];
const COUNTRIES = ['Duitsland', 'België', 'Frankrijk', 'Polen', 'Spanje', 'Oostenrijk', 'Denemarken'];
const PEOPLE = ['Sanne de Vries', 'Mark Jansen', 'Fatima El Amrani', 'Pieter van den Berg', 'Lotte Bakker', 'Daan Visser', 'Noor Hendriks', 'Ruben Smit', 'Eva Mulder', 'Bram de Jong', 'Yasmin Öztürk', 'Jeroen Kuijpers', 'Ilse Vermeulen', 'Kevin Bos'];
const ROLES = ['CEO', 'directeur operations', 'hoofd logistiek', 'commercieel directeur', 'supply chain manager', 'COO', 'directeur e-commerce'];
const AUTHORS = ['Marieke Dekker', 'Thijs van Leeuwen', 'Anouk Peeters', 'Jeroen Willems', 'Sophie Claessens', 'Redactie'];
const QUARTERS = ['eerste', 'tweede', 'derde', 'vierde'];

/** General market context paragraphs shared by all families. */
const CONTEXT = [
  'De Nederlandse e-commercemarkt is volwassen geworden. Waar de groei een paar jaar geleden vooral uit nieuwe klanten kwam, draait het nu om efficiëntie, marge en klanttevredenheid.',
  'Volgens branchevereniging Online Retail Nederland besteedden Nederlanders het afgelopen jaar ruim 35 miljard euro online. Het aantal online aankopen groeide licht, de gemiddelde besteding per aankoop bleef gelijk.',
  'De logistieke keten staat onder druk door hogere loonkosten, duurdere energie en de strengere regels voor uitstoot in steden. Bedrijven zoeken naar schaalvoordelen en samenwerking.',
  'Analisten van onderzoeksbureau Marktlens verwachten dat de consolidatie in de sector doorzet. Kleinere partijen hebben moeite om de investeringen in automatisering en elektrische voertuigen op te brengen.',
  'Voor webwinkels blijft de bezorgervaring een belangrijke reden voor klanten om terug te komen. Een slechte ervaring met de levering wordt vaak aan de winkel toegeschreven, niet aan de vervoerder.',
  'Ook de overheid kijkt nadrukkelijker naar de sector. Zo wordt gewerkt aan regels voor eerlijke arbeidsomstandigheden bij onderaannemers in de pakketbezorging.',
];

/** Closing paragraphs shared by all families. */
const CLOSINGS = [
  '{actor} verwacht in de loop van {nextYear} meer details over de volgende stappen te kunnen delen.',
  'Over de financiële details doet {actor} geen mededelingen.',
  'De komende maanden wordt geëvalueerd of de aanpak ook op andere locaties wordt ingevoerd.',
  'Branchevereniging Online Retail Nederland noemt de ontwikkeling tekenend voor de sector: ‘Wie niet investeert in de keten, verliest het van de concurrent.’',
  'Op het komende e-commerce- en logistiekcongres gaat {person} dieper in op de ervaringen.',
];

/**
 * Fill `{slot}` placeholders.
 * @param {string} template Text with placeholders.
 * @param {Record<string, string|number>} context Slot values.
 * @returns {string} Filled text.
 */
function fill(template, context) {
  return template.replace(/\{(\w+)\}/g, (match, key) => (key in context ? String(context[key]) : match));
}

/**
 * Build the per-article slot values.
 * @param {object} random Seeded random helpers.
 * @param {object} family Story family.
 * @param {Date} publishDate Publication moment (for quarter and year slots).
 * @returns {Record<string, string|number>} Slot values.
 */
function buildContext(random, family, publishDate) {
  const month = publishDate.getUTCMonth() + 1;
  const year = publishDate.getUTCFullYear();
  const currentQuarter = Math.ceil(month / 3) - 1;
  const quarterIndex = currentQuarter === 0 ? 3 : currentQuarter - 1;
  const context = {
    carrier: random.pick(CARRIERS),
    fulfiller: random.pick(FULFILLERS),
    webshop: random.pick(WEBSHOPS),
    marketplace: random.pick(MARKETPLACES),
    vendor: random.pick(family.vendors || VENDORS),
    city: random.pick(CITIES),
    country: random.pick(COUNTRIES),
    person: random.pick(PEOPLE),
    role: random.pick(ROLES),
    pct: random.int(4, 24),
    pct2: random.int(28, 64),
    pct3: random.int(2, 9),
    share: random.int(11, 27),
    num: nl(random.int(18, 96) / 10, 1),
    daily: nl(random.int(90, 480) * 1000),
    eur: random.int(4, 48),
    sqm: nl(random.int(12, 85) * 1000),
    jobs: random.int(6, 45) * 10,
    robots: random.int(4, 18) * 10,
    picks: random.int(90, 160),
    sellers: nl(random.int(8, 60) * 1000),
    retourMin: random.int(6, 9),
    retourMax: random.int(12, 19),
    respondents: nl(random.int(12, 40) * 100),
    vans: random.int(3, 12) * 10,
    chargers: random.int(4, 16) * 10,
    panels: nl(random.int(3, 12) * 1000),
    sites: random.int(3, 9),
    team: random.int(3, 14) * 10,
    temps: nl(random.int(8, 40) * 100),
    quarter: QUARTERS[quarterIndex],
    year: quarterIndex === 3 && currentQuarter === 0 ? year - 1 : year,
    nextYear: year + 1,
  };
  context.actor = context[family.actor];
  return context;
}

/**
 * Compose the blocks body of one article.
 * @param {object} random Seeded random helpers.
 * @param {object} family Story family.
 * @param {object} angle Story angle within the family.
 * @param {Record<string, string|number>} context Slot values.
 * @returns {object[]} Strapi blocks.
 */
function buildBody(random, family, angle, context) {
  const own = random.shuffle(angle.paragraphs);
  const generic = random.pickMany(family.body, 2);
  const quotes = random.shuffle(family.quotes);
  const blocks = [
    paragraph(fill(random.pick(angle.intros), context)),
    paragraph(fill(own[0], context)),
    paragraph(fill(generic[0], context)),
    heading(random.pick(family.headings)),
    ...own.slice(1).map((text) => paragraph(fill(text, context))),
    paragraph(fill(random.pick(CONTEXT), context)),
    paragraph(`‘${fill(quotes[0], context)}’, zegt ${context.person}, ${context.role} bij ${context.actor}.`),
  ];
  if (random.chance(0.55)) {
    blocks.push(heading(random.pick(['De belangrijkste punten', 'In het kort', 'De cijfers op een rij', 'Op een rij']), 3));
    blocks.push(list((angle.list || random.pick(family.lists)).map((item) => fill(item, context))));
  } else if (generic[1]) {
    blocks.push(paragraph(fill(generic[1], context)));
  }
  if (quotes.length > 1 && random.chance(0.3)) {
    blocks.push(quote(fill(quotes[1], context)));
  }
  blocks.push(paragraph(fill(random.pick(CLOSINGS), context)));
  return blocks;
}

/**
 * Pick the item with the lowest use count (ties broken randomly) and count the use.
 * @param {object} random Seeded random helpers.
 * @param {any[]} items Candidates.
 * @param {Map<any, number>} usage Use counts, updated in place.
 * @returns {any} The chosen item.
 */
function leastUsed(random, items, usage) {
  const lowest = Math.min(...items.map((item) => usage.get(item) || 0));
  const choice = random.pick(items.filter((item) => (usage.get(item) || 0) === lowest));
  usage.set(choice, (usage.get(choice) || 0) + 1);
  return choice;
}

/** Covers not repeated within this many consecutive articles (the home page shows 9, lists 12). */
const COVER_WINDOW = 24;
/** ... nor within this many consecutive articles of one topic or tag (a topic or tag page). */
const LIST_COVER_WINDOW = 12;

/**
 * Chooses covers, newest article first, so that no picture repeats on one page: among the
 * palette variants of the family's scenes, one not used by the last {@link COVER_WINDOW} articles
 * nor the last {@link LIST_COVER_WINDOW} of the same topic or of any of its tags, the least used, preferring the scene
 * drawn at random (and another family's scene before a repeat). Deterministic (no random draw of its own), so the rest of the demo content
 * stays as it was.
 * @returns {(scene: string, family: {topic: string, images: string[]}, tags: string[]) => string} the picker
 */
function coverPicker() {
  const recent = [];
  const recentByList = new Map();
  const used = new Map();
  return (scene, family, tags) => {
    const lists = [family.topic, ...tags.map((tag) => `tag:${tag}`)];
    const avoid = new Set([
      ...recent.slice(-COVER_WINDOW),
      ...lists.flatMap((list) => (recentByList.get(list) ?? []).slice(-LIST_COVER_WINDOW)),
    ]);
    const preferred = [scene, ...family.images.filter((key) => key !== scene)].flatMap(sceneVariants);
    const anyScene = SCENE_KEYS.flatMap(sceneVariants);
    const fresh = preferred.filter((key) => !avoid.has(key));
    const freshElsewhere = anyScene.filter((key) => !avoid.has(key));
    const pool = fresh.length ? fresh : freshElsewhere.length ? freshElsewhere : preferred;
    const lowest = Math.min(...pool.map((key) => used.get(key) || 0));
    const cover = pool.find((key) => (used.get(key) || 0) === lowest);
    used.set(cover, lowest + 1);
    recent.push(cover);
    for (const list of lists) recentByList.set(list, [...(recentByList.get(list) ?? []), cover]);
    return cover;
  };
}

/**
 * Publication dates spread evenly over the last `months` months (newest first),
 * on working days between 07:00 and 17:59 Amsterdam time, never in the future.
 * @param {object} random Seeded random helpers.
 * @param {Date} now Seed time.
 * @param {number} count Number of dates.
 * @param {number} days Span in days.
 * @returns {Date[]} Dates, newest first.
 */
function publishDates(random, now, count, days) {
  const dates = [];
  for (let i = 0; i < count; i += 1) {
    let offset = -Math.round((i * days) / (count - 1)) - (i === 0 ? 0 : random.int(0, 3));
    let date = amsterdamDate(now, offset);
    let weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
    while (weekday === 0 || weekday === 6) {
      offset -= 1;
      date = amsterdamDate(now, offset);
      weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
    }
    let moment = amsterdamTime(date, random.int(7, 17), random.pick([0, 15, 30, 45]));
    if (moment > now) {
      moment = new Date(now.getTime() - random.int(1, 5) * 60 * 60 * 1000);
    }
    dates.push(moment);
  }
  return dates;
}

/**
 * Generate the demo articles.
 * @param {object} random Seeded random helpers.
 * @param {Date} now Seed time.
 * @param {{count?: number, days?: number}} [options] Number of articles and time span in days.
 * @returns {Array<{title: string, summary: string, body: object[], author: string, publishDate: string,
 *   topic: string, tags: string[], cover: string, gallery: string[]}>} Article specs; `topic` is a topic
 *   slug, `tags` are tag names, `cover`/`gallery` are image keys.
 */
function buildArticles(random, now, { count = 64, days = 760 } = {}) {
  const usage = new Map();
  const covers = coverPicker();
  const titles = new Set();
  const monthFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', month: 'numeric' });
  return publishDates(random, now, count, days).map((date, index) => {
    const month = Number(monthFormat.format(date));
    const family = leastUsed(random, FAMILIES.filter((item) => !item.months || item.months.includes(month)), usage);
    const angle = leastUsed(random, family.angles, usage);

    let context = buildContext(random, family, date);
    let title = fill(leastUsed(random, angle.titles, usage), context);
    for (let attempt = 0; titles.has(title) && attempt < 25; attempt += 1) {
      context = buildContext(random, family, date);
      title = fill(random.pick(angle.titles), context);
    }
    titles.add(title);

    const scene = random.pick(family.images);
    // Every fifth article was revised two days after publication (deterministic: no random draw,
    // so the rest of the demo content stays as it was).
    const revised = new Date(date.getTime() + 2 * 86_400_000);
    const modifiedDate = index % 5 === 2 && revised.getTime() <= now.getTime() ? revised.toISOString() : null;
    // The same random draws in the same order as before the covers were chosen by page.
    const summary = fill(random.pick(angle.summaries), context);
    const body = buildBody(random, family, angle, context);
    const author = random.pick(AUTHORS);
    const tags = random.pickMany(family.tags, random.int(1, 4));
    const cover = covers(scene, family, tags);
    return {
      title,
      summary,
      body,
      author,
      publishDate: date.toISOString(),
      modifiedDate,
      topic: family.topic,
      tags,
      cover,
      // Filtered by the scene drawn (not the cover chosen), so the random draws stay as they were.
      gallery: index % 3 === 1 ? random.pickMany(SCENE_KEYS.filter((key) => key !== scene), random.int(3, 5)) : [],
    };
  });
}

/**
 * Two unpublished draft articles (titles start with `Concept:`), used to prove drafts never leak.
 * @param {Date} now Seed time.
 * @returns {Array<{title: string, summary: string, body: object[], author: string, publishDate: string, topic: string, tags: string[], cover: string, gallery: string[]}>}
 */
function buildDraftArticles(now) {
  const later = new Date(now.getTime() + 3 * 24 * 60 * 60 * 1000).toISOString();
  return [
    {
      title: 'Concept: Overname in de pakketmarkt op handen',
      summary: 'Embargo: dit artikel is nog niet gepubliceerd en mag niet zichtbaar zijn op de website.',
      body: [paragraph('Dit is een concept. De inhoud wordt pas gepubliceerd na akkoord van de hoofdredactie.')],
      author: 'Redactie',
      publishDate: later,
      topic: 'logistiek',
      tags: ['Pakketten'],
      cover: 'containerhaven',
      gallery: [],
    },
    {
      title: 'Concept: Jaaroverzicht webwinkels',
      summary: 'Concept voor het jaaroverzicht; nog niet publiceren.',
      body: [paragraph('Concepttekst voor het jaaroverzicht. Cijfers volgen.')],
      author: 'Redactie',
      publishDate: later,
      topic: 'ecommerce',
      tags: ['Webwinkels'],
      cover: 'groeigrafiek',
      gallery: [],
    },
  ];
}

module.exports = { AUTHORS, buildArticles, buildDraftArticles, fill };
