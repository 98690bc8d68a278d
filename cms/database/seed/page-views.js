/**
 * Demo page views, so the portal's "Meest gelezen" block (the most viewed news of the last 7 days,
 * `GET /api/statistics/most-read`, docs/analytics.md) shows on the first start of a freshly seeded
 * CMS. Only the demo seed creates them: production data gets its statistics from real visitors.
 *
 * Visits of the last {@link DAYS} UTC days, today included (the window most-read counts by
 * default), in the shape the portal forwards them (src/server/analytics/forwarder.server.ts):
 * each visit a session with `SessionStart`, sometimes a `Pageview` of the home page or the news
 * list, one `Pageview` of a news item (`contentType: 'article'`, its `documentId`; under `/en`
 * for a translated article now and then) and `SessionStop`. Newer articles are read more; no
 * article is read before it was published and nothing happens after the seed time. One batch per
 * day, created at that day's last event, so a recount from the batches (src/lib/statistics-reports.js)
 * gives the same daily counts.
 *
 * An article gets at most {@link MOST_VIEWS_PER_DAY} views a day, so at most 14 in the window:
 * tests that rank their own page views (20 and more) above the seed's stay true
 * (tests/integration/analytics.test.ts).
 */
const { DAY_MS } = require('./util');

/** Days with visits: today and the six before it (most-read's default window of 7 days). */
const DAYS = 7;
/** How many of the newest articles are read. */
const READ_ARTICLES = 12;
/** Most views of one article on one day: the four newest up to 2 (at least 1), the others up to 1. */
const MOST_VIEWS_PER_DAY = 2;
/** Where visitors come from, as hosts (`null`: typed or bookmarked). */
const REFERRERS = [null, null, null, 'www.google.com', 'www.google.com', 'www.linkedin.com', 'news.google.com', 'x.com'];
/** Device classes in about the proportion a trade news site sees. */
const DEVICES = ['mobile', 'mobile', 'mobile', 'desktop', 'desktop', 'tablet'];

/**
 * The demo visits as batches of stored events.
 * @param {ReturnType<import('./random').createRandom>} random Seeded random source.
 * @param {Date} now Seed time.
 * @param {Array<{ documentId: string, slug: string, publishDate: string, english: boolean }>} articles
 *   The published articles (any order).
 * @returns {Array<{ createdAt: Date, session: null, events: object[] }>} one batch per day with
 *   visits, oldest first; each event `{ eventType, url?, contentType?, documentId?, referrerHost?,
 *   session, device, at, source }`
 */
function buildPageViews(random, now, articles) {
  const newest = [...articles]
    .filter((article) => Date.parse(article.publishDate) <= now.getTime())
    .sort((a, b) => Date.parse(b.publishDate) - Date.parse(a.publishDate))
    .slice(0, READ_ARTICLES);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const batches = [];
  for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
    const dayStart = today - daysAgo * DAY_MS;
    const dayEnd = Math.min(dayStart + DAY_MS - 1, now.getTime());
    const visits = [];
    newest.forEach((article, rank) => {
      const from = Math.max(dayStart, Date.parse(article.publishDate));
      if (from > dayEnd) return;
      const views = rank < 4 ? random.int(1, MOST_VIEWS_PER_DAY) : random.int(0, 1);
      for (let view = 0; view < views; view += 1) {
        visits.push({ article, at: from + Math.floor(random.next() * (dayEnd - from + 1)) });
      }
    });
    if (visits.length === 0) continue;
    visits.sort((a, b) => a.at - b.at);
    const events = visits.flatMap(({ article, at }, index) =>
      visitEvents(random, { article, at, latest: dayEnd, session: `demo-${isoDay(dayStart)}-${index + 1}` }),
    );
    batches.push({ createdAt: new Date(Math.max(...events.map((event) => event.at))), session: null, events });
  }
  return batches;
}

/**
 * The events of one visit that starts at `at` and reads `article`: a few seconds apart, never
 * after `latest` (the end of the day, or the seed time).
 * @param {ReturnType<import('./random').createRandom>} random
 * @param {{ article: { documentId: string, slug: string, english: boolean }, at: number, latest: number, session: string }} visit
 * @returns {object[]} SessionStart, perhaps a Pageview of home or the news list, the article's Pageview, SessionStop
 */
function visitEvents(random, { article, at, latest, session }) {
  const device = random.pick(DEVICES);
  const referrerHost = random.pick(REFERRERS);
  const prefix = article.english && random.chance(0.25) ? '/en' : '';
  let moment = at;
  const event = (eventType, extra = {}) => {
    const stamped = { eventType, ...extra, session, device, at: moment, source: 'browser' };
    moment = Math.min(latest, moment + random.int(5, 90) * 1000);
    return stamped;
  };
  const events = [event('SessionStart')];
  // Four in ten visits come in through the home page (most) or the news list, the others at the article.
  const landing = random.chance(0.4) ? (random.chance(0.7) ? prefix || '/' : `${prefix}/nieuws`) : null;
  if (landing) events.push(event('Pageview', { url: landing, ...(referrerHost ? { referrerHost } : {}) }));
  events.push(
    event('Pageview', {
      url: `${prefix}/news/${article.documentId}/${article.slug}`,
      contentType: 'article',
      documentId: article.documentId,
      ...(referrerHost && !landing ? { referrerHost } : {}),
    }),
  );
  events.push(event('SessionStop'));
  return events;
}

/**
 * `YYYY-MM-DD` of a UTC midnight.
 * @param {number} ms
 * @returns {string}
 */
function isoDay(ms) {
  return new Date(ms).toISOString().slice(0, 10);
}

module.exports = { buildPageViews, DAYS, MOST_VIEWS_PER_DAY };
