/**
 * Full-text search in PostgreSQL for the portal's `/zoeken` when the CMS runs on PostgreSQL
 * (docs/decisions/058-search-at-scale.md, 066-postgres-full-text-search.md).
 *
 * - **Table** `portal_search_documents`: one row per searchable item with the same fields the
 *   portal's MiniSearch index uses (src/server/search/documents.server.ts): title, keywords
 *   (tags, topic, author, employer, venue, the type's own word), summary and body as plain text,
 *   plus path, date, recency and visibility columns. A generated `tsvector` column weighs title A,
 *   keywords B, summary C and body D over `to_tsvector('dutch', portal_unaccent(...))`, with a GIN
 *   index. Made on bootstrap (`CREATE EXTENSION IF NOT EXISTS unaccent`; `portal_unaccent` is the
 *   usual IMMUTABLE wrapper, as PostgreSQL's `unaccent()` is only STABLE and cannot appear in an
 *   index expression).
 * - **Kept current by the document service**: a middleware re-reads the published version of each
 *   article, event, vacancy, magazine or page written (create, update, publish, unpublish, delete,
 *   discard) and replaces its rows in the same request, so a publish is searchable as soon as the
 *   editor's save returns; a change of a tag, topic or job category re-reads the items linked to
 *   it. Only published items are stored; vacancies only when approved (the public rules of
 *   src/api/vacancy/services/vacancy.js); `publishFrom` and `validThrough` are checked per query.
 * - **Query**: every query word becomes a Dutch-stemmed prefix term (`'logistieke':*` → `logistiek:*`)
 *   of 3+ characters (shorter words match whole); all words must match, and when nothing matches all
 *   of them any word may (`mode: 'any'`), as the MiniSearch index does. Ranked with `ts_rank_cd`
 *   (weights title 1, keywords 0.5, summary 0.375, body 0.25 = the portal's boosts 4 : 2 : 1.5 : 1)
 *   times the portal's recency factor `1 + 0.5 × 0.5^(ageDays/180)` (1.25 for undated pages).
 *   Typing errors are not forgiven (PostgreSQL has no fuzzy full-text match).
 */
const { amsterdamToday } = require('./form-submissions');

const TABLE = 'portal_search_documents';
const LOCALES = ['nl', 'en'];
const DEFAULT_LOCALE = 'nl';
/** Results per page, as the portal's MiniSearch index (src/server/search/search-index.server.ts). */
const PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 50;
const MAX_QUERY_LENGTH = 200;
const SEARCH_TYPES = ['news', 'event', 'vacancy', 'magazine', 'page'];

/** Words that name a type, indexed as a keyword of every item of it (as the portal does). */
const TYPE_WORDS = { event: 'evenement event', vacancy: 'vacature', magazine: 'magazine' };
const SENTENCE_END = /[.!?:;…'"’”)]$/;

/** The searchable content types, their search type and what is read of them. */
const SEARCHABLE = {
  'api::article.article': {
    type: 'news',
    fields: ['title', 'slug', 'summary', 'body', 'publishDate', 'author'],
    populate: { tags: { fields: ['name'] }, topic: { fields: ['name'] } },
  },
  'api::event.event': {
    type: 'event',
    fields: ['title', 'slug', 'summary', 'description', 'startsAt', 'venue', 'organiser'],
    populate: { address: { fields: ['city'] }, topic: { fields: ['name'] } },
  },
  'api::vacancy.vacancy': {
    type: 'vacancy',
    fields: [
      'title',
      'slug',
      'summary',
      'description',
      'employer',
      'location',
      'validThrough',
      'publishedAt',
      'publishFrom',
      'reviewStatus',
    ],
    populate: { category: { fields: ['name'] } },
  },
  'api::magazine.magazine': {
    type: 'magazine',
    fields: ['title', 'slug', 'issue', 'date', 'summary', 'description'],
    populate: {},
  },
  'api::page.page': {
    type: 'page',
    fields: ['title', 'slug', 'layout'],
    populate: {
      seo: { fields: ['metaDescription'] },
      topic: { fields: ['name'] },
      blocks: {
        on: {
          'blocks.rich-text': { fields: ['body'] },
          'blocks.call-to-action': { fields: ['title', 'text'] },
          'blocks.content-list': { fields: ['title'] },
          'blocks.image': { fields: ['caption'] },
          'blocks.gallery': { fields: ['title'] },
        },
      },
    },
  },
};

/** Content types whose names are keywords of searchable items: [searchable uid, relation]. */
const KEYWORD_SOURCES = {
  'api::tag.tag': [['api::article.article', 'tags']],
  'api::topic.topic': [
    ['api::article.article', 'topic'],
    ['api::event.event', 'topic'],
    ['api::page.page', 'topic'],
  ],
  'api::job-category.job-category': [['api::vacancy.vacancy', 'category']],
};

const WRITE_ACTIONS = new Set(['create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft']);

/**
 * True when the CMS runs on PostgreSQL (the only database this search runs on).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {boolean}
 */
function runsOnPostgres(strapi) {
  const client = String(strapi.db?.dialect?.client ?? strapi.db?.config?.connection?.client ?? '');
  return client.includes('postgres') || client === 'pg';
}

// ---- text (the same as src/server/search/documents.server.ts)

function inlineText(nodes) {
  return (nodes ?? []).map((node) => (node.type === 'link' ? inlineText(node.children) : (node.text ?? ''))).join('');
}

function listTexts(list) {
  return (list.children ?? []).flatMap((item) => (item.type === 'list' ? listTexts(item) : [inlineText(item.children)]));
}

function blocksToTexts(blocks) {
  return (Array.isArray(blocks) ? blocks : []).flatMap((block) => {
    if (block.type === 'list') return listTexts(block);
    if (block.type === 'image') return [];
    return [inlineText(block.children)];
  });
}

function joinBlocks(blocks) {
  return blocks
    .map((block) => String(block).replace(/\s+/g, ' ').trim())
    .filter((block) => block !== '')
    .map((block, index, all) => (index < all.length - 1 && !SENTENCE_END.test(block) ? `${block}.` : block))
    .join(' ');
}

const blocksToText = (blocks) => joinBlocks(blocksToTexts(blocks));

function pageBlocksText(blocks) {
  return joinBlocks(
    (blocks ?? []).flatMap((block) => {
      switch (block.__component) {
        case 'blocks.rich-text':
          return blocksToTexts(block.body);
        case 'blocks.call-to-action':
          return [block.title, block.text ?? ''];
        case 'blocks.content-list':
        case 'blocks.gallery':
          return [block.title ?? ''];
        case 'blocks.image':
          return [block.caption ?? ''];
        default:
          return [];
      }
    }),
  );
}

function words(...values) {
  return values.filter((value) => typeof value === 'string' && value.trim() !== '').join(' · ');
}

function pagePath(page) {
  if (page.slug === 'home') return '/';
  if (page.layout === 'empty') return `/l/${page.documentId}`;
  return `/${page.slug}`;
}

/**
 * The search rows of one published item (pages: of one locale).
 * @param {string} uid
 * @param {any} item the published document, read with {@link SEARCHABLE}'s fields
 * @param {string | null} locale the locale whose search shows it (pages), else null
 * @returns {object} a row of {@link TABLE}
 */
function rowOf(uid, item, locale = null) {
  const base = { document_id: item.documentId, locale, publish_from: null, expires_at: null };
  switch (uid) {
    case 'api::article.article':
      return {
        ...base,
        id: `news:${item.documentId}`,
        type: 'news',
        title: item.title ?? '',
        keywords: words(...(item.tags ?? []).map((tag) => tag.name), item.topic?.name, item.author),
        summary: item.summary ?? '',
        body: blocksToText(item.body),
        path: `/news/${item.documentId}/${item.slug}`,
        date: item.publishDate ?? null,
        recency_at: item.publishDate ?? null,
      };
    case 'api::event.event':
      return {
        ...base,
        id: `event:${item.documentId}`,
        type: 'event',
        title: item.title ?? '',
        keywords: words(TYPE_WORDS.event, item.venue, item.address?.city, item.organiser, item.topic?.name),
        summary: item.summary ?? '',
        body: blocksToText(item.description),
        path: `/events/${item.slug}`,
        date: item.startsAt ?? null,
        recency_at: item.startsAt ?? null,
      };
    case 'api::vacancy.vacancy':
      return {
        ...base,
        id: `vacancy:${item.documentId}`,
        type: 'vacancy',
        title: item.title ?? '',
        keywords: words(TYPE_WORDS.vacancy, item.employer, item.location, item.category?.name),
        summary: item.summary ?? '',
        body: blocksToText(item.description),
        path: `/jobs/vacature/${item.documentId}/${item.slug}`,
        date: item.publishedAt ? new Date(item.publishedAt).toISOString() : null,
        recency_at: item.publishedAt ?? null,
        expires_at: item.validThrough ?? null,
        publish_from: item.publishFrom ?? null,
      };
    case 'api::magazine.magazine':
      return {
        ...base,
        id: `magazine:${item.documentId}`,
        type: 'magazine',
        title: item.title ?? '',
        keywords: words(TYPE_WORDS.magazine, item.issue),
        summary: item.summary ?? '',
        body: blocksToText(item.description),
        path: `/magazines/${item.documentId}/${item.slug}`,
        date: item.date ?? null,
        recency_at: item.date ?? null,
      };
    case 'api::page.page':
      return {
        ...base,
        id: `page:${locale}:${item.documentId}`,
        type: 'page',
        title: item.title ?? '',
        keywords: words(item.topic?.name),
        summary: item.seo?.metaDescription ?? '',
        body: pageBlocksText(item.blocks),
        path: pagePath(item),
        date: null,
        recency_at: null,
      };
    default:
      throw new Error(`not searchable: ${uid}`);
  }
}

/** True when a published vacancy may be public at all (approved); dates are checked per query. */
function isListed(uid, item) {
  return uid !== 'api::vacancy.vacancy' || item.reviewStatus === 'approved';
}

// ---- schema

/**
 * Creates the extension, the IMMUTABLE unaccent wrapper, the table with its generated tsvector
 * and the GIN index, when missing. PostgreSQL only.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {Promise<boolean>} true when the table was created now (then it must be filled)
 */
async function ensureSearchSchema(strapi) {
  const knex = strapi.db.connection;
  await knex.raw('CREATE EXTENSION IF NOT EXISTS unaccent');
  // unaccent() is STABLE (it reads a dictionary chosen by search_path); naming the dictionary makes
  // the result fixed, so the wrapper may be IMMUTABLE and used in the generated column.
  const extensionSchema = (
    await knex.raw("SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent'")
  ).rows[0].schema;
  const quoted = `"${String(extensionSchema).replace(/"/g, '""')}"`;
  await knex.raw(
    `CREATE OR REPLACE FUNCTION portal_unaccent(text) RETURNS text
       LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
       AS $$ SELECT ${quoted}.unaccent('${quoted}.unaccent'::regdictionary, $1) $$`,
  );
  const exists = (await knex.raw('SELECT to_regclass(?) AS name', [TABLE])).rows[0].name !== null;
  if (exists) return false;
  await knex.raw(`
    CREATE TABLE ${TABLE} (
      id text PRIMARY KEY,
      document_id text NOT NULL,
      type text NOT NULL,
      locale text,
      title text NOT NULL,
      keywords text NOT NULL,
      summary text NOT NULL,
      body text NOT NULL,
      path text NOT NULL,
      date text,
      recency_at timestamptz,
      expires_at timestamptz,
      publish_from date,
      search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('dutch', portal_unaccent(title)), 'A') ||
        setweight(to_tsvector('dutch', portal_unaccent(keywords)), 'B') ||
        setweight(to_tsvector('dutch', portal_unaccent(summary)), 'C') ||
        setweight(to_tsvector('dutch', portal_unaccent(body)), 'D')
      ) STORED
    )`);
  await knex.raw(`CREATE INDEX ${TABLE}_search_idx ON ${TABLE} USING GIN (search)`);
  await knex.raw(`CREATE INDEX ${TABLE}_document_idx ON ${TABLE} (document_id)`);
  return true;
}

// ---- writes

const COLUMNS = [
  'id',
  'document_id',
  'type',
  'locale',
  'title',
  'keywords',
  'summary',
  'body',
  'path',
  'date',
  'recency_at',
  'expires_at',
  'publish_from',
];

/**
 * The current rows of one document: its published version (pages: per locale, the Dutch page
 * standing in for a missing English translation), or none.
 * @returns {Promise<object[]>}
 */
async function rowsOfDocument(strapi, uid, documentId) {
  const spec = SEARCHABLE[uid];
  const read = (locale) =>
    strapi.documents(uid).findOne({
      documentId,
      status: 'published',
      fields: spec.fields,
      populate: spec.populate,
      ...(locale ? { locale } : {}),
    });
  if (uid !== 'api::page.page') {
    const item = await read(null);
    return item && isListed(uid, item) ? [rowOf(uid, item)] : [];
  }
  const versions = Object.fromEntries(await Promise.all(LOCALES.map(async (locale) => [locale, await read(locale)])));
  return LOCALES.flatMap((locale) => {
    const page = versions[locale] ?? versions[DEFAULT_LOCALE];
    return page ? [rowOf(uid, page, locale)] : [];
  });
}

/** Inserts or replaces rows (in chunks). */
async function upsertRows(knex, rows) {
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500).map((row) => Object.fromEntries(COLUMNS.map((c) => [c, row[c] ?? null])));
    await knex(TABLE).insert(chunk).onConflict('id').merge();
  }
}

/**
 * Replaces the search rows of one document with its current published version.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {string} uid a key of {@link SEARCHABLE}
 * @param {string} documentId
 * @returns {Promise<number>} rows now stored for it
 */
async function syncDocument(strapi, uid, documentId) {
  const rows = await rowsOfDocument(strapi, uid, documentId);
  const knex = strapi.db.connection;
  await knex.transaction(async (trx) => {
    await trx(TABLE).where({ document_id: documentId, type: SEARCHABLE[uid].type }).del();
    await upsertRows(trx, rows);
  });
  return rows.length;
}

/**
 * Fills the table from every published item (bootstrap of a new table), 100 items per read.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {Promise<number>} rows stored
 */
async function syncAll(strapi) {
  const knex = strapi.db.connection;
  let stored = 0;
  for (const [uid, spec] of Object.entries(SEARCHABLE)) {
    const locales = uid === 'api::page.page' ? LOCALES : [null];
    const byLocale = {};
    for (const locale of locales) {
      const items = [];
      for (let page = 0; ; page += 1) {
        const batch = await strapi.documents(uid).findMany({
          status: 'published',
          fields: spec.fields,
          populate: spec.populate,
          sort: ['id:asc'],
          start: page * 100,
          limit: 100,
          ...(locale ? { locale } : {}),
        });
        items.push(...batch);
        if (batch.length < 100) break;
      }
      byLocale[locale ?? ''] = items;
    }
    let rows;
    if (uid === 'api::page.page') {
      rows = LOCALES.flatMap((locale) => {
        const own = byLocale[locale];
        const translated = new Set(own.map((page) => page.documentId));
        const fallback = locale === DEFAULT_LOCALE ? [] : byLocale[DEFAULT_LOCALE].filter((page) => !translated.has(page.documentId));
        return [...own, ...fallback].map((page) => rowOf(uid, page, locale));
      });
    } else {
      rows = byLocale[''].filter((item) => isListed(uid, item)).map((item) => rowOf(uid, item));
    }
    await knex.transaction(async (trx) => {
      await trx(TABLE).where({ type: spec.type }).del();
      await upsertRows(trx, rows);
    });
    stored += rows.length;
  }
  return stored;
}

/**
 * The searchable documents whose keywords name a tag, topic or job category.
 * @returns {Promise<Array<[string, string]>>} [uid, documentId] pairs
 */
async function documentsNaming(strapi, uid, documentId) {
  const pairs = [];
  for (const [target, relation] of KEYWORD_SOURCES[uid] ?? []) {
    const items = await strapi.documents(target).findMany({
      status: 'published',
      fields: ['documentId'],
      filters: { [relation]: { documentId } },
      ...(target === 'api::page.page' ? { locale: '*' } : {}),
    });
    for (const item of items) pairs.push([target, item.documentId]);
  }
  return pairs;
}

/**
 * Registers the document-service middleware that keeps the search table current (PostgreSQL only).
 * A failed update is logged, never fails the editor's write; the next write of the item repairs it.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {void}
 */
function registerSearchSync(strapi) {
  strapi.documents.use(async (context, next) => {
    const result = await next();
    if (!WRITE_ACTIONS.has(context.action) || !runsOnPostgres(strapi) || !strapi.portalSearchReady) return result;
    const documentId = context.params?.documentId ?? result?.documentId ?? result?.entries?.[0]?.documentId;
    if (!documentId) return result;
    try {
      if (SEARCHABLE[context.uid]) {
        await syncDocument(strapi, context.uid, documentId);
      } else if (KEYWORD_SOURCES[context.uid]) {
        for (const [uid, id] of await documentsNaming(strapi, context.uid, documentId)) {
          await syncDocument(strapi, uid, id);
        }
      }
    } catch (error) {
      strapi.log.error(`[search] updating ${context.uid} ${documentId} failed: ${error.message}`);
    }
    return result;
  });
}

/**
 * Bootstrap: on PostgreSQL creates the search schema and fills a new table; on SQLite nothing.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {Promise<number | null>} rows stored by a first fill, 0 when the table existed, null off PostgreSQL
 */
async function ensureSearchIndex(strapi) {
  if (!runsOnPostgres(strapi)) return null;
  const created = await ensureSearchSchema(strapi);
  strapi.portalSearchReady = true;
  return created ? syncAll(strapi) : 0;
}

// ---- queries

/** Query words: letter/digit runs (the tsquery is built from these only, never from raw input). */
function queryWords(query) {
  return (query.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 32);
}

/**
 * SQL of a tsquery over `words`: each word a Dutch-stemmed term, a prefix from 3 characters.
 * @returns {{ sql: string, bindings: string[] }}
 */
function tsquery(words, operator) {
  const parts = words.map(
    (word) =>
      `to_tsquery('dutch', quote_literal(portal_unaccent(lower(?)))${Array.from(word).length >= 3 ? " || ':*'" : ''})`,
  );
  return { sql: parts.join(operator === 'and' ? ' && ' : ' || '), bindings: words };
}

/** Bad input of a search request (the controller answers 400). */
class SearchInputError extends Error {}

/**
 * Validates the query string of `GET /api/search`.
 * @param {Record<string, unknown>} query
 * @returns {{ q: string, locale: string, type: string | null, page: number, pageSize: number }}
 * @throws {SearchInputError}
 */
function parseSearchRequest(query) {
  const q = typeof query.q === 'string' ? query.q.replace(/[\s\p{Cc}]+/gu, ' ').trim() : '';
  if (q === '') throw new SearchInputError('q is required');
  if (Array.from(q).length > MAX_QUERY_LENGTH) throw new SearchInputError(`q is longer than ${MAX_QUERY_LENGTH} characters`);
  const locale = query.locale === undefined ? DEFAULT_LOCALE : query.locale;
  if (!LOCALES.includes(locale)) throw new SearchInputError(`locale must be one of ${LOCALES.join(', ')}`);
  const type = query.type === undefined || query.type === '' ? null : query.type;
  if (type !== null && !SEARCH_TYPES.includes(type)) throw new SearchInputError(`type must be one of ${SEARCH_TYPES.join(', ')}`);
  const page = query.page === undefined ? 1 : Number(query.page);
  if (!Number.isInteger(page) || page < 1 || page > 10_000) throw new SearchInputError('page must be a whole number from 1');
  const pageSize = query.pageSize === undefined ? PAGE_SIZE : Number(query.pageSize);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new SearchInputError(`pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  }
  return { q, locale, type, page, pageSize };
}

/**
 * Searches the table.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ q: string, locale: string, type: string | null, page: number, pageSize: number }} request
 * @param {number} [now] ms since epoch (recency, expiry, publication start)
 * @returns {Promise<{ hits: Array<{ id: string, type: string, path: string, date: string | null,
 *   title: string, summary: string, body: string }>, total: number, counts: Record<string, number>,
 *   page: number, pageCount: number, pageSize: number, mode: 'all' | 'any', terms: string[] }>}
 *   `terms` are the query's words, for the portal's highlighting
 */
async function search(strapi, request, now = Date.now()) {
  const knex = strapi.db.connection;
  const found = queryWords(request.q);
  const counts = Object.fromEntries([['all', 0], ...SEARCH_TYPES.map((type) => [type, 0])]);
  const empty = { hits: [], total: 0, counts, page: request.page, pageCount: 0, pageSize: request.pageSize, terms: found };
  if (found.length === 0) return { ...empty, mode: 'all' };
  const nowIso = new Date(now).toISOString();
  const visible = `(d.locale IS NULL OR d.locale = ?) AND (d.expires_at IS NULL OR d.expires_at > ?::timestamptz)
    AND (d.publish_from IS NULL OR d.publish_from <= ?::date)`;
  const visibleBindings = [request.locale, nowIso, amsterdamToday(now)];

  // One statement per mode: the matches are found and ranked once (a materialised CTE), then
  // counted per type and paged, and only the page's rows are read in full. The planner takes a
  // sequential scan for words in many documents, which reads (de-TOASTs) every row's tsvector for
  // the `@@` test; the GIN bitmap scan needs no recheck (no weights or phrases in the query), so
  // with sequential scans off only the matching rows' vectors are read, for ts_rank_cd.
  for (const mode of found.length > 1 ? ['all', 'any'] : ['all']) {
    const query = tsquery(found, mode === 'all' ? 'and' : 'or');
    const sql = `WITH q AS (SELECT (${query.sql}) AS query),
      m AS MATERIALIZED (
        SELECT d.id, d.type,
          ts_rank_cd('{0.25,0.375,0.5,1}', d.search, q.query, 1) *
          CASE WHEN d.recency_at IS NULL THEN 1.25
            ELSE 1 + 0.5 * power(0.5, GREATEST(0, EXTRACT(EPOCH FROM (?::timestamptz - d.recency_at))) / 86400 / 180)
          END AS score
        FROM ${TABLE} d, q
        WHERE d.search @@ q.query AND ${visible}
      ),
      page AS (
        SELECT id, score FROM m WHERE (?::text IS NULL OR type = ?::text)
        ORDER BY score DESC, id LIMIT ? OFFSET ?
      )
      SELECT
        (SELECT coalesce(json_object_agg(type, n), '{}'::json)
           FROM (SELECT type, count(*)::int AS n FROM m GROUP BY type) c) AS counts,
        (SELECT coalesce(json_agg(json_build_object('id', d.id, 'type', d.type, 'path', d.path, 'date', d.date,
             'title', d.title, 'summary', d.summary, 'body', d.body) ORDER BY p.score DESC, p.id), '[]'::json)
           FROM page p JOIN ${TABLE} d ON d.id = p.id) AS hits`;
    const bindings = [
      ...query.bindings,
      nowIso,
      ...visibleBindings,
      request.type,
      request.type,
      request.pageSize,
      (request.page - 1) * request.pageSize,
    ];
    const [row] = await knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      return (await trx.raw(sql, bindings)).rows;
    });
    const matchedCounts = row?.counts ?? {};
    if (Object.keys(matchedCounts).length === 0) continue;
    for (const [type, n] of Object.entries(matchedCounts)) {
      counts[type] = n;
      counts.all += n;
    }
    const total = request.type ? counts[request.type] : counts.all;
    return {
      hits: row.hits,
      total,
      counts,
      page: request.page,
      pageCount: Math.ceil(total / request.pageSize),
      pageSize: request.pageSize,
      mode,
      terms: found,
    };
  }
  return { ...empty, mode: 'all' };
}

module.exports = {
  SEARCHABLE,
  SearchInputError,
  TABLE,
  ensureSearchIndex,
  parseSearchRequest,
  registerSearchSync,
  rowOf,
  runsOnPostgres,
  search,
  syncAll,
  syncDocument,
};
