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
const { createRandom } = require('./random');

/** English translations of some story families (same keys and array lengths as the Dutch ones). */
const ENGLISH_FAMILIES = new Map(require('./data/article-families.en.json').map((family) => [family.key, family]));

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

/** English names of the Dutch slot values that are words (roles, countries, quarters). */
const ENGLISH_WORDS = {
  'directeur operations': 'operations director',
  'hoofd logistiek': 'head of logistics',
  'commercieel directeur': 'commercial director',
  'supply chain manager': 'supply chain manager',
  'directeur e-commerce': 'e-commerce director',
  Duitsland: 'Germany',
  België: 'Belgium',
  Frankrijk: 'France',
  Polen: 'Poland',
  Spanje: 'Spain',
  Oostenrijk: 'Austria',
  Denemarken: 'Denmark',
  eerste: 'first',
  tweede: 'second',
  derde: 'third',
  vierde: 'fourth',
};

/** General market context paragraphs shared by all families. */
const CONTEXT = [
  'De Nederlandse e-commercemarkt is volwassen geworden. Waar de groei een paar jaar geleden vooral uit nieuwe klanten kwam, draait het nu om efficiëntie, marge en klanttevredenheid.',
  'Volgens branchevereniging Online Retail Nederland besteedden Nederlanders het afgelopen jaar ruim 35 miljard euro online. Het aantal online aankopen groeide licht, de gemiddelde besteding per aankoop bleef gelijk.',
  'De logistieke keten staat onder druk door hogere loonkosten, duurdere energie en de strengere regels voor uitstoot in steden. Bedrijven zoeken naar schaalvoordelen en samenwerking.',
  'Analisten van onderzoeksbureau Marktlens verwachten dat de consolidatie in de sector doorzet. Kleinere partijen hebben moeite om de investeringen in automatisering en elektrische voertuigen op te brengen.',
  'Voor webwinkels blijft de bezorgervaring een belangrijke reden voor klanten om terug te komen. Een slechte ervaring met de levering wordt vaak aan de winkel toegeschreven, niet aan de vervoerder.',
  'Ook de overheid kijkt nadrukkelijker naar de sector. Zo wordt gewerkt aan regels voor eerlijke arbeidsomstandigheden bij onderaannemers in de pakketbezorging.',
];

/** {@link CONTEXT} in English, in the same order. */
const CONTEXT_EN = [
  'The Dutch e-commerce market has matured. Where growth a few years ago came mainly from new customers, it is now about efficiency, margin and customer satisfaction.',
  'According to the trade association Online Retail Nederland, Dutch consumers spent well over 35 billion euros online last year. The number of online purchases grew slightly, the average spend per purchase stayed the same.',
  'The logistics chain is under pressure from higher wage costs, more expensive energy and stricter emission rules in cities. Companies are looking for economies of scale and cooperation.',
  'Analysts at research firm Marktlens expect consolidation in the sector to continue. Smaller companies struggle to afford the investments in automation and electric vehicles.',
  'For web shops, the delivery experience remains an important reason for customers to come back. A bad delivery experience is often blamed on the shop, not on the carrier.',
  'The government is also paying closer attention to the sector. Rules for fair working conditions at subcontractors in parcel delivery are in preparation, for example.',
];

/** Closing paragraphs shared by all families. */
const CLOSINGS = [
  '{actor} verwacht in de loop van {nextYear} meer details over de volgende stappen te kunnen delen.',
  'Over de financiële details doet {actor} geen mededelingen.',
  'De komende maanden wordt geëvalueerd of de aanpak ook op andere locaties wordt ingevoerd.',
  'Branchevereniging Online Retail Nederland noemt de ontwikkeling tekenend voor de sector: ‘Wie niet investeert in de keten, verliest het van de concurrent.’',
  'Op het komende e-commerce- en logistiekcongres gaat {person} dieper in op de ervaringen.',
];

/** {@link CLOSINGS} in English, in the same order. */
const CLOSINGS_EN = [
  '{actor} expects to be able to share more details about the next steps in the course of {nextYear}.',
  '{actor} does not disclose the financial details.',
  'Over the coming months the approach will be evaluated to decide whether it will be introduced at other sites too.',
  'The trade association Online Retail Nederland calls the development typical of the sector: ‘Whoever does not invest in the chain loses out to the competition.’',
  'At the coming e-commerce and logistics congress, {person} will go into the experiences in more depth.',
];

/** Headings above an article's list, Dutch and English, in the same order. */
const LIST_HEADINGS = {
  nl: ['De belangrijkste punten', 'In het kort', 'De cijfers op een rij', 'Op een rij'],
  en: ['The main points', 'In brief', 'The figures at a glance', 'At a glance'],
};

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
  // Numbers written out in Dutch, kept as numbers too for the English text.
  const numbers = {};
  const nlNumber = (key, value, decimals = 0) => {
    numbers[key] = { value, decimals };
    return nl(value, decimals);
  };
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
    num: nlNumber('num', random.int(18, 96) / 10, 1),
    daily: nlNumber('daily', random.int(90, 480) * 1000),
    eur: random.int(4, 48),
    sqm: nlNumber('sqm', random.int(12, 85) * 1000),
    jobs: random.int(6, 45) * 10,
    robots: random.int(4, 18) * 10,
    picks: random.int(90, 160),
    sellers: nlNumber('sellers', random.int(8, 60) * 1000),
    retourMin: random.int(6, 9),
    retourMax: random.int(12, 19),
    respondents: nlNumber('respondents', random.int(12, 40) * 100),
    vans: random.int(3, 12) * 10,
    chargers: random.int(4, 16) * 10,
    panels: nlNumber('panels', random.int(3, 12) * 1000),
    sites: random.int(3, 9),
    team: random.int(3, 14) * 10,
    temps: nlNumber('temps', random.int(8, 40) * 100),
    quarter: QUARTERS[quarterIndex],
    year: quarterIndex === 3 && currentQuarter === 0 ? year - 1 : year,
    nextYear: year + 1,
  };
  context.actor = context[family.actor];
  Object.defineProperty(context, 'numbers', { value: numbers, enumerable: false });
  return context;
}

/**
 * The slot values of {@link buildContext} for the English text: the same companies, people and
 * figures, with roles, countries and quarters in English and numbers written the English way.
 * @param {Record<string, string|number>} context Dutch slot values.
 * @returns {Record<string, string|number>} English slot values.
 */
function englishContext(context) {
  const english = Object.fromEntries(
    Object.entries(context).map(([key, value]) => [key, ENGLISH_WORDS[value] ?? value]),
  );
  for (const [key, { value, decimals }] of Object.entries(context.numbers ?? {})) {
    english[key] = value.toLocaleString('en-GB', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  }
  return english;
}

/** `[0, 1, …, n - 1]`: drawing from it draws exactly as drawing from an array of length `n`. */
const indices = (n) => Array.from({ length: n }, (_, index) => index);

/**
 * Draw the composition of one article's body: which paragraphs, heading, quotes, list and closing
 * it uses, as indexes into the family's texts, so the Dutch text and its English translation are
 * the same article (the draws are those of the Dutch-only seed, so its texts stay as they were).
 * @param {object} random Seeded random helpers.
 * @param {object} family Story family.
 * @param {object} angle Story angle within the family.
 * @returns {object} The recipe for {@link renderBody}.
 */
function bodyRecipe(random, family, angle) {
  const own = random.shuffle(indices(angle.paragraphs.length));
  const generic = random.pickMany(indices(family.body.length), 2);
  const quotes = random.shuffle(indices(family.quotes.length));
  const recipe = {
    own,
    generic,
    quotes,
    intro: random.pick(indices(angle.intros.length)),
    heading: random.pick(indices(family.headings.length)),
    context: random.pick(indices(CONTEXT.length)),
    listHeading: null,
    list: null,
  };
  if (random.chance(0.55)) {
    recipe.listHeading = random.pick(indices(LIST_HEADINGS.nl.length));
    recipe.list = angle.list ? 'angle' : random.pick(indices(family.lists.length));
  }
  recipe.secondQuote = quotes.length > 1 && random.chance(0.3);
  recipe.closing = random.pick(indices(CLOSINGS.length));
  return recipe;
}

/**
 * Compose the blocks body of one article from its recipe, in one language.
 * @param {object} recipe From {@link bodyRecipe}.
 * @param {'nl'|'en'} language Language of `family` and `angle`.
 * @param {object} family Story family (Dutch, or its English translation).
 * @param {object} angle Story angle within that family.
 * @param {Record<string, string|number>} context Slot values in that language.
 * @returns {object[]} Strapi blocks.
 */
function renderBody(recipe, language, family, angle, context) {
  const english = language === 'en';
  const text = (template) => fill(template, context);
  const own = recipe.own.map((index) => angle.paragraphs[index]);
  const generic = recipe.generic.map((index) => family.body[index]);
  const quotes = recipe.quotes.map((index) => family.quotes[index]);
  const saidBy = english
    ? `says ${context.person}, ${context.role} at ${context.actor}`
    : `zegt ${context.person}, ${context.role} bij ${context.actor}`;
  const blocks = [
    paragraph(text(angle.intros[recipe.intro])),
    paragraph(text(own[0])),
    paragraph(text(generic[0])),
    heading(family.headings[recipe.heading]),
    ...own.slice(1).map((item) => paragraph(text(item))),
    paragraph(text((english ? CONTEXT_EN : CONTEXT)[recipe.context])),
    paragraph(`‘${text(quotes[0])}’, ${saidBy}.`),
  ];
  if (recipe.list !== null) {
    blocks.push(heading(LIST_HEADINGS[language][recipe.listHeading], 3));
    blocks.push(list((recipe.list === 'angle' ? angle.list : family.lists[recipe.list]).map(text)));
  } else if (generic[1]) {
    blocks.push(paragraph(text(generic[1])));
  }
  if (recipe.secondQuote) {
    blocks.push(quote(text(quotes[1])));
  }
  blocks.push(paragraph(text((english ? CLOSINGS_EN : CLOSINGS)[recipe.closing])));
  return blocks;
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
 * The seed of article `index`'s own random source, from one number drawn per build.
 * @param {number} base 32-bit number.
 * @param {number} index Article index.
 * @returns {number} 32-bit seed.
 */
const articleSeed = (base, index) => (base + Math.imul(index + 1, 0x9e3779b1)) >>> 0;

/**
 * Generate the demo articles.
 *
 * What an article is about depends on its place among the `count` dates, not on the day the seed
 * runs: the families without seasons take turns in a fixed order, each family's angles and titles
 * take turns over its articles, and every article draws its texts from its own random source. So
 * a place holds the same story on every day (only its dates, quarter and year follow the seed
 * day), and the demo's search results, which tests/fixtures/search-relevance.json checks, do not
 * change with the day CI runs (decision 066, addenda of 2026-12-02). A seasonal family (`months`:
 * the peak season) adds a story to every third place whose publish month is in its season, so
 * peak-season stories stay in autumn and never take a steady story's place: there are `count`
 * articles and those seasonal ones, newest first.
 * @param {object} random Seeded random helpers.
 * @param {Date} now Seed time.
 * @param {{count?: number, days?: number}} [options] Number of articles and time span in days.
 * @returns {Array<{title: string, summary: string, body: object[], author: string, publishDate: string,
 *   topic: string, tags: string[], cover: string, gallery: string[]}>} Article specs; `topic` is a topic
 *   slug, `tags` are tag names, `cover`/`gallery` are image keys.
 */
function buildArticles(random, now, { count = 64, days = 760 } = {}) {
  const base = Math.floor(random.next() * 2 ** 32);
  const steady = createRandom(base).shuffle(FAMILIES.filter((family) => !family.months));
  const seasonal = FAMILIES.filter((family) => family.months);
  const titles = new Set();
  const monthFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', month: 'numeric' });
  const dates = publishDates(random, now, count, days);
  // Every place holds its story of a family without seasons; the steady stories are written
  // first, so a seasonal story (written after them) never changes one of their titles.
  const stories = dates.map((date, place) => {
    const family = steady[place % steady.length];
    const turn = Math.floor(place / steady.length);
    return story(place, place, family, turn, date);
  });
  // Every third place whose month is in a family's season gets one of its stories as well, two
  // hours before the steady one; its angles take turns over the seasonal stories, newest first.
  let seasonalTurn = 0;
  dates.forEach((date, place) => {
    const month = Number(monthFormat.format(date));
    const family = place % 3 === 0 ? seasonal.find((item) => item.months.includes(month)) : undefined;
    if (!family) return;
    const earlier = new Date(date.getTime() - 2 * 60 * 60 * 1000);
    stories.push(story(count + place, place, family, seasonalTurn, earlier));
    seasonalTurn += 1;
  });
  stories.sort((a, b) => b.date.getTime() - a.date.getTime());
  const covers = coverPicker();
  return stories.map(({ scene, family, date, ...article }) => ({ ...article, cover: covers(scene, family, article.tags) }));

  /**
   * One story: its own random source (what one story draws never moves another's draws), the
   * angle and title template by turn, so a family's angles and titles all get their turn.
   * @param {number} stream Index of its random source.
   * @param {number} place Its place (the revised and gallery rules go by place).
   * @param {object} family Story family.
   * @param {number} turn How many stories of the family came before it.
   * @param {Date} date Publication moment.
   */
  function story(stream, place, family, turn, date) {
    const random = createRandom(articleSeed(base, stream));
    const angle = family.angles[turn % family.angles.length];
    // The countries take turns over a family's stories, so the cross-border family names België
    // in its second story, in its title: a word with a diacritic, which the search tests fold.
    const country = COUNTRIES[turn % COUNTRIES.length];
    let context = Object.assign(buildContext(random, family, date), { country });
    let titleTemplate = angle.titles[Math.floor(turn / family.angles.length) % angle.titles.length];
    let title = fill(titleTemplate, context);
    for (let attempt = 0; titles.has(title) && attempt < 25; attempt += 1) {
      context = Object.assign(buildContext(random, family, date), { country });
      titleTemplate = random.pick(angle.titles);
      title = fill(titleTemplate, context);
    }
    titles.add(title);

    const scene = random.pick(family.images);
    // Every fifth place was revised two days after publication.
    const revised = new Date(date.getTime() + 2 * 86_400_000);
    const modifiedDate = place % 5 === 2 && revised.getTime() <= now.getTime() ? revised.toISOString() : null;
    const summaryTemplate = random.pick(angle.summaries);
    const summary = fill(summaryTemplate, context);
    const recipe = bodyRecipe(random, family, angle);
    const body = renderBody(recipe, 'nl', family, angle, context);
    const author = random.pick(AUTHORS);
    const tags = random.pickMany(family.tags, random.int(1, 4));
    // The English translation, when the family has one: the same templates, drawn above.
    const englishFamily = ENGLISH_FAMILIES.get(family.key);
    const angleIndex = family.angles.indexOf(angle);
    const englishAngle = englishFamily?.angles[angleIndex];
    const slots = englishAngle ? englishContext(context) : null;
    const english = englishAngle
      ? {
          title: fill(englishAngle.titles[angle.titles.indexOf(titleTemplate)], slots),
          summary: fill(englishAngle.summaries[angle.summaries.indexOf(summaryTemplate)], slots),
          body: renderBody(recipe, 'en', englishFamily, englishAngle, slots),
        }
      : null;
    return {
      title,
      summary,
      body,
      author,
      publishDate: date.toISOString(),
      modifiedDate,
      topic: family.topic,
      tags,
      english,
      gallery: place % 3 === 1 ? random.pickMany(SCENE_KEYS.filter((key) => key !== scene), random.int(3, 5)) : [],
      scene,
      family,
      date,
    };
  }
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
