/**
 * An article's revision date (`modifiedDate`: "Bijgewerkt op" on the news item and the
 * `NewsArticle`'s `dateModified`) is set by the CMS when an editor publishes a new version of an
 * article that was already published and a reader sees something changed
 * (docs/decisions/113-cms-sets-revision-date.md):
 *
 * - A document-service middleware on `publish` (the admin panel's Publish button) and on `update`
 *   with `status: 'published'` (the REST API's `PUT /api/articles/:id?status=published`) reads the
 *   published versions before and after the action, in one transaction with it.
 * - The date is set to the moment of publishing when a locale had a published version before, and
 *   one of the fields the news item shows ({@link READER_FIELDS}, {@link READER_RELATIONS}) differs
 *   between the old and the new published version.
 * - Nothing is set on a first publication (no published version before), on a re-publish that
 *   changes nothing a reader sees (the slug, the SEO fields, the publication date), or when the
 *   editor set the date: the new version's `modifiedDate` differs from the old one's, or a REST
 *   update names `modifiedDate` in its data.
 * - `modifiedDate` is not localised, so it is written on every version of the document (all
 *   locales, draft and published), as Strapi's i18n keeps a non-localised field equal everywhere.
 *   The events of the action go out when the transaction commits (Strapi's event manager), so the
 *   portal's webhook reads the new date.
 *
 * Strapi 5 document service middlewares: https://docs.strapi.io/cms/api/document-service/middlewares
 */

const ARTICLE_UID = 'api::article.article';
/** The article's own fields a reader sees on the news item (src/shared/pages/news-detail). */
const READER_FIELDS = ['title', 'summary', 'body', 'author'];
/** The relations and media a reader sees, each compared by the key that stays the same across versions. */
const READER_RELATIONS = { cover: 'id', gallery: 'id', tags: 'documentId', topic: 'documentId', authorProfile: 'documentId' };
/** The populate of {@link READER_RELATIONS} for `strapi.db.query`. */
const READER_POPULATE = Object.fromEntries(Object.entries(READER_RELATIONS).map(([name, key]) => [name, { select: [key] }]));

/**
 * The locales an action works on, as its `locale` parameter names them.
 * @param {unknown} locale the action's `locale`: undefined (the default locale), a code, `'*'` or a list
 * @param {string} defaultLocale the CMS's default locale
 * @returns {string[] | null} the codes, or null for every locale
 */
function localesOf(locale, defaultLocale) {
  if (locale === '*') return null;
  if (Array.isArray(locale)) return locale.map(String);
  return [typeof locale === 'string' && locale ? locale : defaultLocale];
}

/**
 * A datetime value as milliseconds, so a Date, an ISO string and a number compare alike.
 * @param {unknown} value a stored datetime or null
 * @returns {number | null}
 */
function instantOf(value) {
  if (value === null || value === undefined || value === '') return null;
  const time = new Date(/** @type {string | number | Date} */ (value)).getTime();
  return Number.isNaN(time) ? null : time;
}

/**
 * What a reader sees of one stored version, as a string: its reader fields and the keys of its
 * reader relations (tags as a set, the gallery in its order).
 * @param {Record<string, any>} row a version read with {@link READER_POPULATE}
 * @returns {string} JSON to compare with another version's
 */
function readerView(row) {
  const keyOf = (related, key) => (related ? related[key] : null);
  const view = Object.fromEntries(READER_FIELDS.map((field) => [field, row[field] ?? null]));
  for (const [name, key] of Object.entries(READER_RELATIONS)) {
    const value = row[name];
    if (Array.isArray(value)) {
      const keys = value.map((related) => keyOf(related, key));
      view[name] = name === 'tags' ? keys.sort() : keys;
    } else {
      view[name] = keyOf(value, key);
    }
  }
  return JSON.stringify(view);
}

/**
 * The published versions of a document in some locales, with what a reader sees.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {string} documentId the article
 * @param {string[] | null} locales the locales, null for all
 * @returns {Promise<Array<Record<string, any>>>}
 */
function publishedVersions(strapi, documentId, locales) {
  return strapi.db.query(ARTICLE_UID).findMany({
    where: { documentId, publishedAt: { $notNull: true }, ...(locales ? { locale: { $in: locales } } : {}) },
    select: ['id', 'locale', 'modifiedDate', ...READER_FIELDS],
    populate: READER_POPULATE,
  });
}

/**
 * Whether a publication is a revision: some locale was published before and a reader sees a
 * change, and the editor did not set the revision date of any locale themselves.
 * @param {Array<Record<string, any>>} before published versions before the action
 * @param {Array<Record<string, any>>} after published versions after it
 * @returns {boolean}
 */
function isRevision(before, after) {
  let changed = false;
  for (const version of after) {
    const old = before.find((candidate) => candidate.locale === version.locale);
    if (!old) continue; // the first publication of this locale
    if (instantOf(old.modifiedDate) !== instantOf(version.modifiedDate)) return false; // set by the editor
    if (readerView(old) !== readerView(version)) changed = true;
  }
  return changed;
}

/**
 * Writes the revision date on the action's result (the entries it returns), in the form the
 * stored value has there.
 * @param {unknown} result what the action returns: an entry (update) or `{ entries }` (publish)
 * @param {Date} date the revision date
 * @returns {void}
 */
function stampResult(result, date) {
  const entries = Array.isArray(result?.entries) ? result.entries : result ? [result] : [];
  for (const entry of entries) {
    if (entry && typeof entry === 'object' && 'modifiedDate' in entry) {
      entry.modifiedDate = entry.modifiedDate instanceof Date ? date : date.toISOString();
    }
  }
}

/**
 * Registers the document-service middleware that sets an article's `modifiedDate` when a new
 * version of a published article is published with a change a reader sees.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {void}
 */
function registerArticleRevisionDate(strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== ARTICLE_UID) return next();
    const params = context.params ?? {};
    const publishes = context.action === 'publish' || (context.action === 'update' && params.status === 'published');
    const data = params.data && typeof params.data === 'object' ? params.data : {};
    if (!publishes || !params.documentId || Object.hasOwn(data, 'modifiedDate')) return next();
    return strapi.db.transaction(async () => {
      const defaultLocale = await strapi.plugin('i18n').service('locales').getDefaultLocale();
      const locales = localesOf(params.locale, defaultLocale);
      const before = await publishedVersions(strapi, params.documentId, locales);
      const result = await next();
      if (before.length === 0 || !result) return result;
      const after = await publishedVersions(strapi, params.documentId, locales);
      if (!isRevision(before, after)) return result;
      const revised = new Date();
      await strapi.db.query(ARTICLE_UID).updateMany({ where: { documentId: params.documentId }, data: { modifiedDate: revised } });
      stampResult(result, revised);
      return result;
    });
  });
}

module.exports = { registerArticleRevisionDate, isRevision, readerView, localesOf };
