/**
 * Demo content seed, run from bootstrap.
 *
 * Runs only when the database has no articles yet and SEED is not `false`. It generates and
 * uploads the demo images, then creates all content with the Document Service API inside one
 * database transaction (so a failed seed leaves no half-filled content behind and is retried on
 * the next boot): topics, tags, job categories, the editors (authors with a portrait), 64 published articles plus 2 drafts, events,
 * vacancies, magazines, subscriptions, partners, redirects, pages (nl + en; first the landing page
 * in the empty layout, which the home page links at `/l/{documentId}`), the site settings (nl + en)
 * and a week of page views for "Meest gelezen" (page-views.js). Ten articles and three events also
 * get an English translation (docs/decisions/061-untranslated-content.md).
 */
const { createRandom } = require('./random');
const { createImageLibrary } = require('./images');
const { buildArticles, buildDraftArticles } = require('./articles');
const catalog = require('./catalog');
const { DEMO_AUTHORS } = require('./authors');
const { buildLandingPage, buildPages, buildSite } = require('./pages');
const { buildPageViews } = require('./page-views');
const { storeBatch } = require('../../src/lib/statistics-reports');
const { slugify, uniqueSlugger } = require('./util');

/** Fixed seeds, one per content area, so changes in one area do not reshuffle the others. */
const SEEDS = { images: 11, articles: 2024, vacancies: 7, pageViews: 52 };

/** How many articles get an English translation (the newest ones whose story family has one). */
const ENGLISH_ARTICLES = 10;

/**
 * Whether seeding is switched off through the SEED environment variable.
 * @returns {boolean} true for SEED=false/0/no/off.
 */
const seedDisabled = () => ['false', '0', 'no', 'off'].includes(String(process.env.SEED || '').toLowerCase());

/**
 * Shallow copy of an object without one key.
 * @param {object} object Source object.
 * @param {string} key Key to leave out.
 * @returns {object} Copy without `key`.
 */
const without = (object, key) => Object.fromEntries(Object.entries(object).filter(([name]) => name !== key));

/**
 * The image key of an editor's portrait.
 * @param {string} name The editor's name.
 * @returns {string} `portret-<slug>`.
 */
const portraitKey = (name) => `portret-${slugify(name)}`;

/**
 * Create the content (everything except the uploads).
 * @param {import('@strapi/strapi').Core.Strapi} strapi Strapi instance.
 * @param {Date} now Seed time.
 * @param {Record<string, {id: number}>} images Uploaded files by key.
 * @param {{magazines: object[], partners: object[]}} prepared Specs that were needed for the images.
 * @returns {Promise<Record<string, number>>} Number of created entries per type.
 */
async function createContent(strapi, now, images, prepared) {
  const counts = {};
  const fileId = (key) => (key ? images[key].id : null);
  const fileIds = (keys) => keys.map(fileId);
  const docs = (uid) => strapi.documents(uid);
  const publish = async (uid, data, extra = {}) => {
    const entry = await docs(uid).create({ data, status: 'published', ...extra });
    counts[uid] = (counts[uid] || 0) + 1;
    return entry;
  };
  const createPlain = async (uid, data) => {
    const entry = await docs(uid).create({ data });
    counts[uid] = (counts[uid] || 0) + 1;
    return entry;
  };

  const topics = {};
  for (const topic of catalog.TOPICS) {
    topics[topic.slug] = (await publish('api::topic.topic', topic)).documentId;
  }

  const tags = {};
  for (const name of catalog.TAGS) {
    tags[name] = (await publish('api::tag.tag', { name, slug: slugify(name) })).documentId;
  }

  const categories = {};
  for (const category of catalog.JOB_CATEGORIES) {
    categories[category.slug] = (await createPlain('api::job-category.job-category', category)).documentId;
  }

  // The editors behind the bylines, each with a portrait; "Redactie" stays a byline only.
  const authors = {};
  for (const author of DEMO_AUTHORS) {
    const created = await publish('api::author.author', {
      name: author.name,
      slug: slugify(author.name),
      role: author.role,
      bio: author.bio,
      photo: fileId(portraitKey(author.name)),
    });
    authors[author.name] = created.documentId;
  }

  const articleData = (article, slug) => ({
    title: article.title,
    slug,
    summary: article.summary,
    body: article.body,
    author: article.author,
    authorProfile: authors[article.author] ?? null,
    publishDate: article.publishDate,
    modifiedDate: article.modifiedDate ?? null,
    cover: fileId(article.cover),
    gallery: fileIds(article.gallery),
    topic: topics[article.topic],
    tags: article.tags.map((name) => tags[name]),
    seo: { metaTitle: article.title, metaDescription: article.summary, shareImage: fileId(article.cover) },
  });
  // The English version of a document repeats every field that is not translated (slug, dates,
  // media, relations): Strapi copies a locale's untranslated fields to the other locales.
  const translate = async (uid, documentId, data) => {
    await docs(uid).update({ documentId, locale: 'en', data, status: 'published' });
    counts[`${uid} (en)`] = (counts[`${uid} (en)`] || 0) + 1;
  };
  const uniqueSlug = uniqueSlugger();
  let englishArticles = 0;
  /** The published articles, for the demo page views. */
  const readable = [];
  for (const article of buildArticles(createRandom(SEEDS.articles), now)) {
    const data = articleData(article, uniqueSlug(article.title));
    const created = await publish('api::article.article', data, { locale: 'nl' });
    const english = Boolean(article.english && englishArticles < ENGLISH_ARTICLES);
    readable.push({ documentId: created.documentId, slug: data.slug, publishDate: data.publishDate, english });
    if (english) {
      englishArticles += 1;
      await translate('api::article.article', created.documentId, {
        ...data,
        ...article.english,
        seo: { ...data.seo, metaTitle: article.english.title, metaDescription: article.english.summary },
      });
    }
  }
  for (const draft of buildDraftArticles(now)) {
    await docs('api::article.article').create({ data: articleData(draft, uniqueSlug(draft.title)) });
    counts['api::article.article (draft)'] = (counts['api::article.article (draft)'] || 0) + 1;
  }

  for (const { english, ...event } of catalog.buildEvents(now)) {
    const data = { ...event, image: fileId(event.image), gallery: fileIds(event.gallery), topic: topics[event.topic] };
    const created = await publish('api::event.event', data, { locale: 'nl' });
    if (english) await translate('api::event.event', created.documentId, { ...data, ...english });
  }

  const partners = {};
  for (const partner of prepared.partners) {
    const created = await publish('api::partner.partner', { ...without(partner, 'logoSpec'), logo: fileId(partner.logo) });
    partners[partner.link] = created.documentId;
  }

  for (const vacancy of catalog.buildVacancies(createRandom(SEEDS.vacancies), now)) {
    await publish('api::vacancy.vacancy', {
      ...vacancy,
      category: categories[vacancy.category],
      topic: topics[vacancy.topic],
      partner: vacancy.partner ? partners[vacancy.partner] : null,
    });
  }

  for (const magazine of prepared.magazines) {
    await publish('api::magazine.magazine', { ...without(magazine, 'coverSpec'), cover: fileId(magazine.cover) });
  }

  for (const subscription of catalog.buildSubscriptions()) {
    await publish('api::subscription.subscription', subscription);
  }

  for (const redirect of catalog.REDIRECTS) {
    await createPlain('api::redirect.redirect', redirect);
  }

  const pageData = (page) => ({
    title: page.title,
    slug: page.slug,
    layout: page.layout,
    topic: page.topic ? topics[page.topic] : null,
    seo: { ...page.seo, shareImage: fileId(page.seo.shareImage) },
    blocks: page.blocks.map((block) => {
      switch (block.__component) {
        case 'blocks.image':
          return { ...block, image: fileId(block.image) };
        case 'blocks.gallery':
          return { ...block, images: fileIds(block.images) };
        case 'blocks.content-list':
          return { ...block, topic: block.topic ? topics[block.topic] : null };
        default:
          return block;
      }
    }),
  });
  // The landing page first: the home page links to it at /l/{documentId}, its only public address
  // in the empty layout (the portal's `l-id` route).
  const landing = await publish('api::page.page', pageData(buildLandingPage('nl')), { locale: 'nl' });
  await docs('api::page.page').update({
    documentId: landing.documentId,
    locale: 'en',
    data: pageData(buildLandingPage('en')),
    status: 'published',
  });
  counts['api::page.page (en)'] = 1;
  const links = { landing: `/l/${landing.documentId}` };
  strapi.log.info(`[seed] the landing page in the empty layout: ${links.landing} (linked from the home page)`);
  const englishPages = new Map(buildPages('en', links).map((page) => [page.slug, page]));
  for (const page of buildPages('nl', links)) {
    const created = await publish('api::page.page', pageData(page), { locale: 'nl' });
    await docs('api::page.page').update({
      documentId: created.documentId,
      locale: 'en',
      data: pageData(englishPages.get(page.slug)),
      status: 'published',
    });
    counts['api::page.page (en)'] = (counts['api::page.page (en)'] || 0) + 1;
  }

  const site = await publish('api::site.site', buildSite('nl'), { locale: 'nl' });
  await docs('api::site.site').update({ documentId: site.documentId, locale: 'en', data: buildSite('en'), status: 'published' });
  counts['api::site.site (en)'] = 1;

  // A week of demo visits, so "Meest gelezen" shows on the first start (page-views.js).
  for (const batch of buildPageViews(createRandom(SEEDS.pageViews), now, readable)) {
    await storeBatch(strapi, batch, batch.createdAt);
    counts['statistic (page views)'] = (counts['statistic (page views)'] || 0) + batch.events.filter((event) => event.eventType === 'Pageview').length;
  }

  return counts;
}

/**
 * Seed the demo content when the database is empty.
 * @param {import('@strapi/strapi').Core.Strapi} strapi Strapi instance.
 * @returns {Promise<boolean>} true when content was created.
 */
async function runSeed(strapi) {
  if (seedDisabled()) {
    strapi.log.info('[seed] SEED=false: skipping demo content');
    return false;
  }
  const existing = await strapi.db.query('api::article.article').count();
  if (existing > 0) {
    strapi.log.info(`[seed] database already has ${existing} article rows: not seeding`);
    return false;
  }

  const started = Date.now();
  const now = new Date();
  strapi.log.info('[seed] empty database: creating demo content');

  const prepared = { magazines: catalog.buildMagazines(now), partners: catalog.buildPartners() };
  const images = await createImageLibrary(strapi, createRandom(SEEDS.images), {
    covers: prepared.magazines.map((magazine) => magazine.coverSpec),
    logos: prepared.partners.map((partner) => partner.logoSpec),
    portraits: DEMO_AUTHORS.map((author) => ({ key: portraitKey(author.name), name: author.name, palette: author.palette })),
  });
  strapi.log.info(`[seed] uploaded ${Object.keys(images).length} images in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const counts = await strapi.db.transaction(() => createContent(strapi, now, images, prepared));
  const summary = Object.entries(counts)
    .map(([uid, count]) => `${uid.replace(/^api::[^.]+\./, '')}: ${count}`)
    .join(', ');
  strapi.log.info(`[seed] done in ${((Date.now() - started) / 1000).toFixed(1)} s (${summary})`);
  return true;
}

module.exports = { runSeed, SEEDS };
