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
 *   of them any word may (`mode: 'any'`), as the MiniSearch index does. Matches are found and counted
 *   through the GIN expression indexes; only a bounded candidate set (the newest title/keyword
 *   matches and the newest matches) is ranked with `ts_rank_cd` × the recency factor, the rest
 *   follows newest first. When the words find fewer than one page, typing errors are corrected
 *   with pg_trgm similarity against the vocabulary of titles and keywords (`logistek` → `logistiek`),
 *   and by swapping two neighbouring letters (`retuor` → `retour`, looked up in the documents'
 *   index), which trigrams miss. A word that found nothing by itself but through a correction is
 *   named in the answer with the word it probably meant (`corrections`, the portal's "Bedoelde je
 *   …?" link). docs/decisions/066-postgres-full-text-search.md,
 *   111-search-tolerates-swapped-letters.md.
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

/**
 * A body without the summary it opens with: the description of an event, a vacancy or a magazine (a
 * page's blocks: its meta description) may start with its summary paragraph, and the same words
 * indexed twice, as summary and again as body, counted twice (an event or a magazine that mentions
 * a word once in its summary outranked the articles about it). The portal's MiniSearch documents do
 * the same (src/server/search/documents.server.ts).
 * @param {string} body
 * @param {string | null | undefined} summary
 * @returns {string}
 */
const withoutLead = (body, summary) =>
  summary && body.startsWith(summary) ? body.slice(summary.length).trimStart() : body;

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
        body: withoutLead(blocksToText(item.description), item.summary),
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
        body: withoutLead(blocksToText(item.description), item.summary),
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
        body: withoutLead(blocksToText(item.description), item.summary),
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
        body: withoutLead(pageBlocksText(item.blocks), item.seo?.metaDescription),
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

/** The vocabulary of titles and keywords for typo correction (pg_trgm), filled by triggers. */
const WORDS_TABLE = 'portal_search_words';
/** Shortest word kept in the vocabulary (shorter query words are never corrected). */
const MIN_WORD_LENGTH = 4;

/** SQL adding the folded words (4+ characters) of the titles and keywords of `relation` to the vocabulary. */
function wordsFrom(relation) {
  return `INSERT INTO ${WORDS_TABLE} (word)
    SELECT DISTINCT w FROM ${relation} r,
      regexp_split_to_table(lower(portal_unaccent(r.title || ' ' || r.keywords)), '[^[:alnum:]]+') AS w
    WHERE length(w) >= ${MIN_WORD_LENGTH}
    ON CONFLICT DO NOTHING`;
}

/**
 * Creates an extension the search needs, or fails with what to install.
 * @throws {Error} when the server has no such extension (Debian: the `postgresql` package ships
 *   unaccent and pg_trgm) or the CMS's role may not create it
 */
async function ensureExtension(knex, name) {
  try {
    await knex.raw(`CREATE EXTENSION IF NOT EXISTS ${name}`);
  } catch (error) {
    throw new Error(
      `[search] PostgreSQL search needs the extension "${name}" (docs/decisions/066-postgres-full-text-search.md): ` +
        `install PostgreSQL's contrib modules (Debian: apt-get install postgresql) or let a superuser run ` +
        `CREATE EXTENSION ${name} in this database. PostgreSQL said: ${error.message}`,
    );
  }
}

/**
 * Creates the extensions (unaccent, pg_trgm), the IMMUTABLE unaccent wrapper, the table with its
 * generated tsvectors and GIN indexes, and the word table with its trigram index and triggers,
 * when missing. A table of an earlier layout (no title index) is dropped and made anew (then filled).
 * PostgreSQL only (docs/decisions/066-postgres-full-text-search.md).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {Promise<boolean>} true when the table was created now (then it must be filled)
 * @throws {Error} when an extension cannot be created (see {@link ensureExtension})
 */
async function ensureSearchSchema(strapi) {
  const knex = strapi.db.connection;
  await ensureExtension(knex, 'unaccent');
  await ensureExtension(knex, 'pg_trgm');
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
  // PostgreSQL 17 runs CREATE INDEX and ANALYZE with search_path `pg_catalog, pg_temp`: the index
  // functions name portal_unaccent with its schema, or building the index fails.
  const ownSchema = (await knex.raw('SELECT current_schema() AS schema')).rows[0].schema;
  const unaccent = `"${String(ownSchema).replace(/"/g, '""')}".portal_unaccent`;
  await knex.raw(
    `CREATE OR REPLACE FUNCTION portal_search_vector(title text, keywords text, summary text, body text) RETURNS tsvector
       LANGUAGE sql IMMUTABLE PARALLEL SAFE
       AS $$ SELECT setweight(to_tsvector('dutch', ${unaccent}(title)), 'A') ||
         setweight(to_tsvector('dutch', ${unaccent}(keywords)), 'B') ||
         setweight(to_tsvector('dutch', ${unaccent}(summary)), 'C') ||
         setweight(to_tsvector('dutch', ${unaccent}(body)), 'D') $$`,
  );
  await knex.raw(
    `CREATE OR REPLACE FUNCTION portal_title_vector(title text, keywords text) RETURNS tsvector
       LANGUAGE sql IMMUTABLE PARALLEL SAFE
       AS $$ SELECT setweight(to_tsvector('dutch', ${unaccent}(title)), 'A') ||
         setweight(to_tsvector('dutch', ${unaccent}(keywords)), 'B') $$`,
  );
  const columns = (
    await knex.raw('SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?', [TABLE])
  ).rows.map((row) => row.name);
  const current = (await knex.raw('SELECT to_regclass(?) AS name', [`${TABLE}_title_search_idx`])).rows[0].name !== null;
  if (columns.length > 0 && !current) await knex.raw(`DROP TABLE ${TABLE}`);
  const created = !current;
  if (created) {
    // Matches are found through expression indexes over `portal_search_vector(...)` and
    // `portal_title_vector(...)` (the stored `search` column holds the same value, for ranking only).
    // A query states the expression, whose cost PostgreSQL knows (to_tsvector: 100 units a call),
    // so a pass over the table is never cheaper than the index; statistics 0 on the indexes makes
    // the planner estimate every match as selective (0.5 % a word), so it takes the bitmap index
    // scan even for a word in every row, which needs no recheck (no weights or phrases in the
    // query). toast_tuple_target = 128: the long values (body, summary, the full tsvector) live out
    // of line, so the heap holds only what counting and filtering read.
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
        search tsvector GENERATED ALWAYS AS (portal_search_vector(title, keywords, summary, body)) STORED
      ) WITH (toast_tuple_target = 128)`);
    await knex.raw(`ALTER TABLE ${TABLE} ALTER COLUMN search SET STATISTICS 0`);
    await knex.raw(`CREATE INDEX ${TABLE}_search_idx ON ${TABLE} USING GIN (portal_search_vector(title, keywords, summary, body))`);
    await knex.raw(`CREATE INDEX ${TABLE}_title_search_idx ON ${TABLE} USING GIN (portal_title_vector(title, keywords))`);
    await knex.raw(`ALTER INDEX ${TABLE}_search_idx ALTER COLUMN 1 SET STATISTICS 0`);
    await knex.raw(`ALTER INDEX ${TABLE}_title_search_idx ALTER COLUMN 1 SET STATISTICS 0`);
    await knex.raw(`CREATE INDEX ${TABLE}_document_idx ON ${TABLE} (document_id)`);
  }
  // No parallel workers for a search: starting them cost 30–45 ms a Gather on this machine's
  // PostgreSQL, several times the 5 ms scan they share out (decision 066, revision 2). A storage
  // parameter of the table, so existing tables get it too; no session setting is changed.
  await knex.raw(`ALTER TABLE ${TABLE} SET (parallel_workers = 0)`);
  const wordsExisted = (await knex.raw('SELECT to_regclass(?) AS name', [WORDS_TABLE])).rows[0].name !== null;
  await knex.raw(`CREATE TABLE IF NOT EXISTS ${WORDS_TABLE} (word text PRIMARY KEY)`);
  await knex.raw(`CREATE INDEX IF NOT EXISTS ${WORDS_TABLE}_trgm_idx ON ${WORDS_TABLE} USING GIN (word gin_trgm_ops)`);
  // Every word (folded, 4+ characters) of a stored title or keyword list joins the vocabulary, by
  // one statement per write (transition tables), bulk loads included. Words are never removed: a
  // stale one corrects to a word that then matches nothing.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION portal_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${wordsFrom('new_rows')};
      RETURN NULL;
    END $$`);
  for (const event of ['INSERT', 'UPDATE']) {
    const name = `${TABLE}_words_${event.toLowerCase()}`;
    const exists = (await knex.raw('SELECT 1 FROM pg_trigger WHERE tgname = ?', [name])).rows.length > 0;
    if (!exists) {
      await knex.raw(
        `CREATE TRIGGER ${name} AFTER ${event} ON ${TABLE} REFERENCING NEW TABLE AS new_rows
           FOR EACH STATEMENT EXECUTE FUNCTION portal_search_words_add()`,
      );
    }
  }
  if (!wordsExisted && !created) {
    await knex.raw(wordsFrom(TABLE));
  }
  return created;
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
 * SQL of one query word as a tsquery: Dutch-stemmed, a prefix from 3 characters, or any of its
 * corrections (whole words).
 * @param {string} word
 * @param {string[]} corrections
 * @param {unknown[]} bindings collects the bindings, in order
 * @returns {string}
 */
function wordQuery(word, corrections, bindings) {
  const terms = [
    `to_tsquery('dutch', quote_literal(portal_unaccent(lower(?)))${Array.from(word).length >= 3 ? " || ':*'" : ''})`,
    ...corrections.map(() => "to_tsquery('dutch', quote_literal(?))"),
  ];
  bindings.push(word, ...corrections);
  return terms.length === 1 ? terms[0] : `(${terms.join(' || ')})`;
}

/**
 * The tsqueries of the words (all must match, any may match), as text, computed by PostgreSQL
 * (stemming, unaccent); '' when no word has a lexeme (stop words only).
 * @param {string[]} words
 * @param {string[][]} [corrections] per word, the vocabulary words it may also be
 * @returns {Promise<{ all: string, any: string }>}
 */
async function tsqueries(knex, words, corrections = []) {
  const bindings = [];
  const parts = words.map((word, index) => wordQuery(word, corrections[index] ?? [], bindings));
  const all = parts.join(' && ');
  const anyParts = words.map((word, index) => wordQuery(word, corrections[index] ?? [], bindings));
  const { rows } = await knex.raw(`SELECT (${all})::text AS "all", (${anyParts.join(' || ')})::text AS "any"`, bindings);
  return rows[0];
}

/** Words of at least this many characters may be corrected (MiniSearch: 1 edit from 5). */
const CORRECT_FROM = 5;
/** Smallest trigram similarity of a correction (`logistek` ~ `logistiek` is 0.58). */
const CORRECTION_SIMILARITY = 0.45;
/** Corrections kept: at most this much less similar than the best one. */
const CORRECTION_MARGIN = 0.1;
/** Corrections per query word. */
const CORRECTIONS = 3;
/** Below this many results the query words are also corrected (one results page). */
const FEW_RESULTS = 10;
/** Score factor of a result found only through corrected words (MiniSearch's fuzzy weight). */
const FUZZY_WEIGHT = 0.3;

/**
 * SQL: the row `d` of {@link TABLE} is shown to a search in this locale at this time (a page of
 * the locale or no page, a vacancy not yet expired, published from today or before).
 * @param {(value: unknown) => string} v adds a binding, returns its placeholder
 * @param {{ locale: string, now: number }} input
 * @returns {string}
 */
function visibleSql(v, input) {
  const nowIso = new Date(input.now).toISOString();
  return `(d.locale IS NULL OR d.locale = ${v(input.locale)})
      AND (d.expires_at IS NULL OR d.expires_at > ${v(nowIso)}::timestamptz)
      AND (d.publish_from IS NULL OR d.publish_from <= ${v(amsterdamToday(input.now))}::date)`;
}

/**
 * Typo corrections of the query words (5+ characters), never the word itself:
 * - its swaps of two neighbouring letters (`retuor` → `retour`; one edit in the Damerau /
 *   optimal string alignment distance, which trigrams miss: `retuor` ~ `retour` is 0.27) that, as
 *   whole Dutch-stemmed words, match a visible document through the GIN index, left to right;
 * - then the most similar words (pg_trgm trigram similarity) of the titles' and keywords'
 *   vocabulary, those within {@link CORRECTION_MARGIN} of the best, at most {@link CORRECTIONS}.
 * A word that matches no visible document by itself (as a stemmed prefix, as the search does; a
 * stop word counts as found) gets a suggestion: its first swap, else its most similar word.
 * docs/decisions/111-search-tolerates-swapped-letters.md.
 * @param {string[]} words
 * @param {{ locale: string, now: number }} visibility the search's locale and time
 * @returns {Promise<{ words: string[][], suggestions: Array<string | null> }>} per word, the folded
 *   words it may also be, best first, and the one it was probably meant as when it found nothing
 */
async function corrections(knex, words, visibility) {
  const long = words.map((word) => (Array.from(word).length >= CORRECT_FROM ? word : null));
  const none = { words: words.map(() => []), suggestions: words.map(() => null) };
  if (long.every((word) => word === null)) return none;
  const statement = correctionsStatement(long, visibility);
  const { rows } = await knex.raw(statement.sql, statement.bindings);
  const found = none;
  for (const row of rows) {
    // Only the closest words: those within CORRECTION_MARGIN of the best (`magazijm` → `magazijn`
    // at 0.64, not also `magaza` at 0.45).
    const best = row.scores[0] ?? 0;
    const similar = row.words.filter((_, index) => row.scores[index] >= best - CORRECTION_MARGIN);
    const all = [...new Set([...row.swapped, ...similar])];
    found.words[row.i - 1] = all;
    found.suggestions[row.i - 1] = row.found ? null : (all[0] ?? null);
  }
  return found;
}

/**
 * The statement of {@link corrections}: per word (null: not corrected) whether it matches a visible
 * document by itself (`found`), its swaps of two neighbouring letters that match one (`swapped`,
 * left to right), and its most similar vocabulary words with their similarity (`words`, `scores`).
 * Every document lookup is an `EXISTS` over the GIN expression index, one per swap
 * (tests/integration/search-postgres-plan.test.ts: no table scan).
 * @param {Array<string | null>} long the query words, null where a word is too short
 * @param {{ locale: string, now: number }} visibility
 * @returns {{ sql: string, bindings: unknown[] }} rows `{ i, found, swapped, words, scores }`, `i` 1-based
 */
function correctionsStatement(long, visibility) {
  const bindings = [];
  const v = (value) => {
    bindings.push(value);
    return '?';
  };
  const matches = (tsquery) => `EXISTS (SELECT 1 FROM ${TABLE} d
         WHERE portal_search_vector(d.title, d.keywords, d.summary, d.body) @@ ${tsquery} AND ${visibleSql(v, visibility)})`;
  const trigram = (column) => `array(
       SELECT ${column} FROM ${WORDS_TABLE} s
       WHERE s.word % n.norm AND s.word <> n.norm AND similarity(s.word, n.norm) >= ${v(CORRECTION_SIMILARITY)}
       ORDER BY similarity(s.word, n.norm) DESC, s.word LIMIT ${v(CORRECTIONS)})`;
  // The word itself as a stemmed prefix (position 0) and its swaps of two different neighbouring
  // letters (position p swaps letters p and p + 1): the positions whose query matches a visible
  // document, in order. One parameterised semi-join for all of them, so each lookup is a bitmap
  // scan of the GIN index; an EXISTS of the word alone was planned as a table scan (fast start,
  // 10 s over 20 000 rows when nothing matched).
  const swap = (at) =>
    `overlay(n.norm PLACING substr(n.norm, ${at} + 1, 1) || substr(n.norm, ${at}, 1) FROM ${at} FOR 2)`;
  const sql = `SELECT w.i::int AS i,
       (numnode(to_tsquery('dutch', quote_literal(n.norm) || ':*')) = 0 OR 0 = ANY(h.hits)) AS found,
       array(SELECT ${swap('p.at')} FROM unnest(h.hits) AS p(at) WHERE p.at > 0 ORDER BY p.at) AS swapped,
       ${trigram('s.word')} AS words,
       ${trigram('similarity(s.word, n.norm)')} AS scores
     FROM unnest(${v(long)}::text[]) WITH ORDINALITY AS w(word, i),
       LATERAL (SELECT lower(portal_unaccent(w.word)) AS norm) n,
       LATERAL (SELECT array(
         SELECT c.at FROM generate_series(0, length(n.norm) - 1) AS c(at),
           LATERAL (SELECT CASE WHEN c.at = 0 THEN quote_literal(n.norm) || ':*'
                           ELSE quote_literal(${swap('c.at')}) END AS query) t
         WHERE (c.at = 0 OR (substr(n.norm, c.at, 2) ~ '^[[:alpha:]]{2}$'
             AND substr(n.norm, c.at, 1) <> substr(n.norm, c.at + 1, 1)))
           AND ${matches("to_tsquery('dutch', t.query)")}
         ORDER BY c.at) AS hits) h
     WHERE w.word IS NOT NULL`;
  return { sql, bindings };
}

/** Candidates ranked in full: the best title/keyword matches by their cheap score … */
const TITLE_CANDIDATES = 100;
/** … and the newest matches. */
const RECENT_CANDIDATES = 100;

/**
 * The statement of one search over a fixed tsquery: every match found through the GIN index
 * (counted per type), a bounded candidate set ranked in full, the rest after it by date.
 *
 * Ranking reads each match's whole tsvector (TOASTed, several kB), so it is done for at most
 * {@link TITLE_CANDIDATES} + {@link RECENT_CANDIDATES} rows: the best matches in title or keywords
 * (their small `title_search` vector, ranked by `ts_rank_cd` × recency through its own GIN index)
 * and the newest matches. Those are ranked by `ts_rank_cd('{0.25,0.375,0.5,1}', search, query, 1)`
 * (the portal's boosts body 1 : summary 1.5 : keywords 2 : title 4) × the recency factor
 * `1 + 0.5 × 0.5^(ageDays/180)` (1.25 undated) × 0.3 when only a corrected word matched; the other
 * matches follow, newest first. docs/decisions/066-postgres-full-text-search.md.
 * @param {{ query: string, exact: string | null, locale: string, type: string | null,
 *   limit: number, offset: number, now: number }} input `query`/`exact` are tsquery texts
 *   (`exact`: the uncorrected query, when `query` has corrections)
 * @returns {{ sql: string, bindings: unknown[] }} one row `{ counts, hits }`
 */
function searchStatement(input) {
  const bindings = [];
  const v = (value) => {
    bindings.push(value);
    return '?';
  };
  const nowIso = new Date(input.now).toISOString();
  const visible = () => visibleSql(v, input);
  const recency = () => `CASE WHEN d.recency_at IS NULL THEN 1.25
      ELSE 1 + 0.5 * power(0.5::float8, GREATEST(0, EXTRACT(EPOCH FROM (${v(nowIso)}::timestamptz - d.recency_at))::float8) / 86400 / 180) END`;
  const ofType = (column) => `(${v(input.type)}::text IS NULL OR ${column} = ${v(input.type)}::text)`;
  const matches = () => `portal_search_vector(d.title, d.keywords, d.summary, d.body) @@ ${v(input.query)}::tsquery AND ${visible()}`;
  // No CTE holds every match: at 100 000 matches one spilled to disk and each pass over it cost
  // more than a bitmap heap scan of the table (decision 066, revision 2).
  const sql = `WITH counts AS (
      SELECT d.type, count(*)::int AS n FROM ${TABLE} d WHERE ${matches()} GROUP BY d.type
    ),
    title_tier AS (
      SELECT d.id, d.recency_at FROM ${TABLE} d
      WHERE portal_title_vector(d.title, d.keywords) @@ ${v(input.query)}::tsquery AND ${visible()} AND ${ofType('d.type')}
      ORDER BY d.recency_at DESC NULLS LAST, d.id
      LIMIT ${v(TITLE_CANDIDATES)}::int
    ),
    recent_tier AS (
      SELECT d.id, d.recency_at FROM ${TABLE} d WHERE ${matches()} AND ${ofType('d.type')}
      ORDER BY d.recency_at DESC NULLS LAST, d.id
      LIMIT ${v(RECENT_CANDIDATES)}::int
    ),
    ranked AS MATERIALIZED (
      -- a subquery per candidate: one primary-key lookup each, never a pass over the table
      SELECT c.id, c.recency_at, (
          SELECT ts_rank_cd('{0.25,0.375,0.5,1}', d.search, ${v(input.query)}::tsquery, 1) * ${recency()}
            * CASE WHEN ${v(input.exact)}::tsquery IS NULL OR d.search @@ ${v(input.exact)}::tsquery THEN 1 ELSE ${v(FUZZY_WEIGHT)}::float8 END
          FROM ${TABLE} d WHERE d.id = c.id
        ) AS score
      FROM (SELECT id, recency_at FROM title_tier UNION SELECT id, recency_at FROM recent_tier) c
    ),
    ordered AS (
      SELECT id, 0 AS tier, score, recency_at FROM ranked
      UNION ALL
      -- only for a page past the ranked candidates: the other matches, newest first
      SELECT d.id, 1, 0, d.recency_at FROM ${TABLE} d
      WHERE (SELECT count(*) FROM ranked) < ${v(input.offset + input.limit)}::int
        AND ${matches()} AND ${ofType('d.type')}
        AND NOT EXISTS (SELECT 1 FROM ranked r WHERE r.id = d.id)
    ),
    page AS (
      SELECT id, tier, score, recency_at FROM ordered
      ORDER BY tier, score DESC, recency_at DESC NULLS LAST, id LIMIT ${v(input.limit)} OFFSET ${v(input.offset)}
    )
    SELECT
      (SELECT coalesce(json_object_agg(type, n), '{}'::json) FROM counts) AS counts,
      (SELECT coalesce(json_agg(json_build_object('id', d.id, 'type', d.type, 'path', d.path, 'date', d.date,
           'title', d.title, 'summary', d.summary, 'body', d.body)
           ORDER BY p.tier, p.score DESC, p.recency_at DESC NULLS LAST, p.id), '[]'::json)
         FROM page p JOIN ${TABLE} d ON d.id = p.id) AS hits`;
  return { sql, bindings };
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
 * Searches the table: all words (exact, Dutch-stemmed prefixes); when that finds fewer than
 * {@link FEW_RESULTS}, also their typo corrections ({@link corrections}); when nothing matches all
 * words, any word (`mode: 'any'`), as the portal's MiniSearch index does. When results were found
 * with corrections, the words that found nothing by themselves are named with their suggestion.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ q: string, locale: string, type: string | null, page: number, pageSize: number }} request
 * @param {number} [now] ms since epoch (recency, expiry, publication start)
 * @returns {Promise<{ hits: Array<{ id: string, type: string, path: string, date: string | null,
 *   title: string, summary: string, body: string }>, total: number, counts: Record<string, number>,
 *   page: number, pageCount: number, pageSize: number, mode: 'all' | 'any', terms: string[],
 *   corrections: Array<{ word: string, suggestion: string }> }>}
 *   `terms` are the query's words and the corrections used, for the portal's highlighting;
 *   `corrections` the query words (as in `q`) that were corrected, for its "Bedoelde je …?" link
 */
async function search(strapi, request, now = Date.now()) {
  const knex = strapi.db.connection;
  const found = queryWords(request.q);
  const emptyCounts = () => Object.fromEntries([['all', 0], ...SEARCH_TYPES.map((type) => [type, 0])]);
  const empty = {
    hits: [],
    total: 0,
    counts: emptyCounts(),
    page: request.page,
    pageCount: 0,
    pageSize: request.pageSize,
    mode: 'all',
    terms: found,
    corrections: [],
  };
  if (found.length === 0) return empty;

  const run = async (query, exact, mode, terms) => {
    if (!query) return null;
    const statement = searchStatement({
      query,
      exact,
      locale: request.locale,
      type: request.type,
      limit: request.pageSize,
      offset: (request.page - 1) * request.pageSize,
      now,
    });
    const [row] = (await knex.raw(statement.sql, statement.bindings)).rows;
    const counts = emptyCounts();
    for (const [type, n] of Object.entries(row?.counts ?? {})) {
      counts[type] = n;
      counts.all += n;
    }
    const total = request.type ? counts[request.type] : counts.all;
    return {
      hits: row?.hits ?? [],
      total,
      counts,
      page: request.page,
      pageCount: Math.ceil(total / request.pageSize),
      pageSize: request.pageSize,
      mode,
      terms,
      corrections: [],
    };
  };

  const exact = await tsqueries(knex, found);
  const allExact = await run(exact.all, null, 'all', found);
  if (allExact && allExact.counts.all >= FEW_RESULTS) return allExact;
  const fixes = await corrections(knex, found, { locale: request.locale, now });
  if (fixes.words.some((list) => list.length > 0)) {
    const fixed = await tsqueries(knex, found, fixes.words);
    const terms = [...found, ...fixes.words.flat()];
    const suggested = found.flatMap((word, index) => {
      const suggestion = fixes.suggestions[index];
      return suggestion ? [{ word, suggestion }] : [];
    });
    const withSuggestions = (result) => (result && result.counts.all > 0 ? { ...result, corrections: suggested } : result);
    const allFixed = withSuggestions(await run(fixed.all, exact.all || null, 'all', terms));
    if (allFixed && allFixed.counts.all > 0) return allFixed;
    if (found.length > 1) return withSuggestions(await run(fixed.any, exact.any || null, 'any', terms)) ?? empty;
    return empty;
  }
  if (allExact && allExact.counts.all > 0) return allExact;
  if (found.length > 1) return (await run(exact.any, null, 'any', found)) ?? empty;
  return empty;
}

module.exports = {
  SEARCHABLE,
  SearchInputError,
  TABLE,
  correctionsStatement,
  ensureSearchIndex,
  parseSearchRequest,
  registerSearchSync,
  rowOf,
  runsOnPostgres,
  search,
  searchStatement,
  syncAll,
  syncDocument,
};
