/**
 * Surrogate keys: the names of the CMS documents a page shows, sent as `Surrogate-Key` (space
 * separated, Fastly/Varnish xkey) and `Cache-Tag` (comma separated, Cloudflare) on public answers,
 * so a publish can purge exactly the pages that show the changed document
 * (docs/decisions/054-shared-cache-headers.md).
 *
 * Scheme: `<type>-<documentId>` for every document a page shows (read by id, found by a filter,
 * listed, or populated under a known relation field), `<type>-list` for every page that reads a
 * collection (a new or unpublished document changes such lists), and `site` for the site settings
 * every page shows. A change of document `D` of type `T` purges `T-D` and `T-list`
 * ({@link keysOfChange}).
 */

/** CMS collection / single type (REST path segment) → key type. Unlisted paths give no keys. */
const KEY_TYPES: Readonly<Record<string, string>> = {
  articles: 'news',
  events: 'event',
  vacancies: 'vacancy',
  'job-categories': 'job-category',
  magazines: 'magazine',
  partners: 'partner',
  tags: 'tag',
  topics: 'topic',
  pages: 'page',
  subscriptions: 'subscription',
  authors: 'author',
  site: 'site',
};

/** Single types: one document, one key (`site`), no list. */
const SINGLE_TYPES = new Set(['site']);

/** Relation fields the portal populates (cms/src/api/<type>/content-types) → key type. */
const RELATION_TYPES: Readonly<Record<string, string>> = {
  topic: 'topic',
  tags: 'tag',
  category: 'job-category',
  authorProfile: 'author',
};

/** CMS model name (the `model` of a Strapi webhook, e.g. `article`) → key type. */
const MODEL_TYPES: Readonly<Record<string, string>> = {
  article: 'news',
  event: 'event',
  vacancy: 'vacancy',
  'job-category': 'job-category',
  magazine: 'magazine',
  partner: 'partner',
  tag: 'tag',
  topic: 'topic',
  page: 'page',
  subscription: 'subscription',
  author: 'author',
  site: 'site',
};

/**
 * Largest `Surrogate-Key` value in bytes. Fastly and Cloudflare accept 16 KB per header; the page
 * sends the list twice and nginx must buffer all response headers (`proxy_buffer_size` in
 * deploy/nginx/nginx.conf), so 8 KB per header.
 */
export const MAX_SURROGATE_KEY_BYTES = 8 * 1024;

/** A document id that may form a key: Strapi 5 document ids are alphanumerics (cuid2, 24 chars). */
const SAFE_ID = /^[A-Za-z0-9]{1,64}$/;

/**
 * The keys to purge when document `documentId` of CMS model `model` (`article`, `api::article.article`)
 * was created, changed, (un)published or deleted: its own key and its type's list key (`site` for
 * the site settings). Empty for models no page shows.
 */
export function keysOfChange(model: string, documentId?: string): string[] {
  const name = model.replace(/^api::[^.]+\./, '');
  const type = MODEL_TYPES[name];
  if (type === undefined) return [];
  if (type === 'site') return ['site'];
  const keys = [`${type}-list`];
  if (documentId !== undefined && SAFE_ID.test(documentId)) keys.unshift(`${type}-${documentId}`);
  return keys;
}

/**
 * The surrogate keys of one request, collected while its loaders read the CMS. The per-request CMS
 * client view records every anonymous read here ({@link SurrogateKeys.recordRead}).
 */
export class SurrogateKeys {
  readonly #keys = new Set<string>();

  /** Adds a key by hand (a loader whose data does not come from a recorded read). */
  add(key: string): void {
    this.#keys.add(key);
  }

  /**
   * Records an anonymous CMS read: `path` is the REST path after `/api` (`/articles`,
   * `/articles/<documentId>`), `body` the raw JSON answer (undefined when the read failed, e.g. a
   * 404 for a document that is not published yet — its key still names the page).
   */
  recordRead(path: string, body: unknown): void {
    const [collection = '', id] = path.replace(/^\/+/, '').split(/[/?]/, 2);
    const type = KEY_TYPES[collection];
    if (type === undefined) return;
    if (SINGLE_TYPES.has(collection)) {
      this.#keys.add(type);
      return;
    }
    if (id !== undefined && id !== '') {
      if (SAFE_ID.test(id)) this.#keys.add(`${type}-${id}`);
    } else {
      this.#keys.add(`${type}-list`);
    }
    for (const key of documentKeysOf(type, body)) this.#keys.add(key);
  }

  /** The keys collected so far, in insertion order. */
  list(): string[] {
    return [...this.#keys];
  }

  /**
   * The `Surrogate-Key` value: every key, space separated, at most {@link MAX_SURROGATE_KEY_BYTES}
   * bytes. When the list is longer, the document keys of the types with the most documents are
   * replaced by their `<type>-list` key (purged on every change of that type) until it fits; null
   * when there are no keys.
   */
  headerValue(maxBytes = MAX_SURROGATE_KEY_BYTES): string | null {
    let keys = this.list();
    while (Buffer.byteLength(keys.join(' ')) > maxBytes) {
      const counts = new Map<string, number>();
      for (const key of keys) {
        const type = documentTypeOf(key);
        if (type !== null) counts.set(type, (counts.get(type) ?? 0) + 1);
      }
      const largest = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
      if (largest === undefined) {
        // Only list and single-type keys left and still too long (cannot happen with the types above).
        keys = keys.slice(0, -1);
        continue;
      }
      keys = [...new Set(keys.map((key) => (documentTypeOf(key) === largest ? `${largest}-list` : key)))];
    }
    return keys.length > 0 ? keys.join(' ') : null;
  }
}

/**
 * The document keys of one CMS answer read as type `type`, in the order a walk of its `data` meets
 * them, each once. The CMS client serves the same cached answer object to every request until it
 * expires (its values are read-only), so the walk is done once per answer and type (decision 073).
 */
function documentKeysOf(type: string, body: unknown): readonly string[] {
  if (body === null || typeof body !== 'object') return [];
  let byType = documentKeysMemo.get(body);
  const known = byType?.get(type);
  if (known !== undefined) return known;
  const keys = new Set<string>();
  const data = (body as { data?: unknown }).data;
  for (const item of Array.isArray(data) ? data : [data]) addDocument(keys, type, item);
  const list = [...keys];
  if (byType === undefined) {
    byType = new Map();
    documentKeysMemo.set(body, byType);
  }
  byType.set(type, list);
  return list;
}

/** CMS answer → key type → its document keys; entries go with the answers. */
const documentKeysMemo = new WeakMap<object, Map<string, readonly string[]>>();

/** Adds `item`'s key (type `type`) and the keys of its populated relations to `keys`. */
function addDocument(keys: Set<string>, type: string, item: unknown): void {
  if (item === null || typeof item !== 'object') return;
  const documentId = (item as { documentId?: unknown }).documentId;
  if (typeof documentId === 'string' && SAFE_ID.test(documentId)) keys.add(`${type}-${documentId}`);
  for (const field in RELATION_TYPES) {
    const value = (item as Record<string, unknown>)[field];
    if (value === undefined || value === null) continue;
    const relationType = RELATION_TYPES[field]!;
    if (Array.isArray(value)) for (const related of value) addDocument(keys, relationType, related);
    else addDocument(keys, relationType, value);
  }
}

/** The type of a document key (`news-abc` → `news`), or null for a list or single-type key. */
function documentTypeOf(key: string): string | null {
  if (key.endsWith('-list') || !key.includes('-')) return null;
  for (const type of Object.values(KEY_TYPES)) {
    if (key.startsWith(`${type}-`) && !key.slice(type.length + 1).includes('-')) return type;
  }
  return null;
}
