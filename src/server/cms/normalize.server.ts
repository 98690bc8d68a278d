/**
 * Pure functions that turn Strapi v3, v4 and v5 REST response bodies into ONE typed shape, the
 * Strapi 5 flat shape (product docs/product.md#cms-calls):
 *
 * ```
 * { data: T | T[] | null, meta: { pagination?: { page, pageSize, pageCount, total } } }
 * ```
 *
 * Entries are flat objects with `id`, `documentId` and their attributes at top level.
 * No I/O, no mutation of the input (new objects are built wherever something changes).
 */
import type { StrapiMeta, StrapiPagination, StrapiResponse } from '../../shared/cms-types.ts';

/** Strapi major REST API versions the client understands. */
export type StrapiApiVersion = 'v3' | 'v4' | 'v5';

type UnknownRecord = Record<string, unknown>;

function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toCount(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

/**
 * Normalises a `meta.pagination` object (docs/product.md#cms-calls).
 *
 * @param value v4/v5 page-based `{ page, pageSize, pageCount, total }` or offset-based
 *   `{ start, limit, total }` (converted: `page = floor(start / limit) + 1`,
 *   `pageCount = ceil(total / limit)`). Numeric strings are accepted.
 * @returns the page-based pagination, or `undefined` when `value` is not a pagination object.
 */
export function normalizePagination(value: unknown): StrapiPagination | undefined {
  if (!isRecord(value)) return undefined;
  const total = toCount(value.total) ?? 0;
  const page = toCount(value.page);
  const pageSize = toCount(value.pageSize);
  if (page !== undefined && pageSize !== undefined) {
    const pageCount = toCount(value.pageCount) ?? (pageSize > 0 ? Math.ceil(total / pageSize) : 0);
    return { page, pageSize, pageCount, total };
  }
  const start = toCount(value.start);
  const limit = toCount(value.limit);
  if (start !== undefined && limit !== undefined) {
    const size = limit > 0 ? limit : total;
    return {
      page: size > 0 ? Math.floor(start / size) + 1 : 1,
      pageSize: size,
      pageCount: size > 0 ? Math.ceil(total / size) : 0,
      total,
    };
  }
  return undefined;
}

function normalizeMeta(meta: unknown): StrapiMeta {
  if (!isRecord(meta)) return {};
  const { pagination, ...rest } = meta;
  const normalized = normalizePagination(pagination);
  return normalized === undefined ? { ...rest } : { ...rest, pagination: normalized };
}

// ---------------------------------------------------------------------------------------------
// v4
// ---------------------------------------------------------------------------------------------

/** A v4 entry: `{ id, attributes, meta? }` (the relation-count form `{ attributes: { count } }` too). */
function isV4Entry(value: unknown): value is UnknownRecord & { attributes: UnknownRecord } {
  if (!isRecord(value) || !isRecord(value.attributes)) return false;
  return Object.keys(value).every(
    (key) => key === 'id' || key === 'attributes' || key === 'meta' || key === 'documentId',
  );
}

/** A v4 relation/media wrapper: `{ data: entry | entry[] | null, meta? }`. */
function isV4Wrapper(value: unknown): value is UnknownRecord & { data: unknown } {
  if (!isRecord(value) || !('data' in value)) return false;
  if (!Object.keys(value).every((key) => key === 'data' || key === 'meta')) return false;
  const { data } = value;
  return data === null || isV4Entry(data) || (Array.isArray(data) && data.every(isV4Entry));
}

function mapValues(record: UnknownRecord, fn: (value: unknown) => unknown): UnknownRecord {
  const out: UnknownRecord = {};
  for (const [key, value] of Object.entries(record)) out[key] = fn(value);
  return out;
}

/**
 * Recursively flattens Strapi v4 values (docs/product.md#cms-calls): `{ id, attributes }` entries become
 * `{ id, documentId: String(id), ...attributes }`, and relation/media wrappers
 * `{ data: entry | entry[] | null }` become the (flattened) entry, array or `null`.
 * Components (plain objects with `id` but no `attributes`) and scalars are kept (recursing into
 * them). A wrapper is only recognised when its keys are `data`/`meta` and `data` is `null`, an
 * entry, or an array of entries.
 *
 * @param value any JSON value from a v4 response.
 * @returns a new value; the input is not mutated.
 */
export function flattenV4(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(flattenV4);
  if (!isRecord(value)) return value;
  if (isV4Wrapper(value)) return flattenV4(value.data);
  if (isV4Entry(value)) {
    const attributes = mapValues(value.attributes, flattenV4);
    if (value.id === undefined) return attributes; // e.g. `{ attributes: { count: 3 } }`
    const documentId =
      typeof value.documentId === 'string'
        ? value.documentId
        : typeof attributes.documentId === 'string'
          ? attributes.documentId
          : String(value.id);
    const entry: UnknownRecord = { id: value.id, documentId, ...attributes };
    entry.documentId = documentId;
    return entry;
  }
  return mapValues(value, flattenV4);
}

// ---------------------------------------------------------------------------------------------
// v3
// ---------------------------------------------------------------------------------------------

const V3_TIMESTAMP_KEYS: Record<string, string> = {
  created_at: 'createdAt',
  updated_at: 'updatedAt',
  published_at: 'publishedAt',
};

/** A nested v3 entity (relation or media): has an id and at least one timestamp. */
function isV3NestedEntity(value: UnknownRecord): boolean {
  const hasId = value.id !== undefined || value._id !== undefined;
  return (
    hasId &&
    ('created_at' in value ||
      'createdAt' in value ||
      'updated_at' in value ||
      'updatedAt' in value ||
      'published_at' in value)
  );
}

function v3Entity(value: UnknownRecord): UnknownRecord {
  const id = value.id ?? value._id;
  const out: UnknownRecord = {
    id,
    documentId: typeof value.documentId === 'string' ? value.documentId : String(id),
  };
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'id' || key === '_id' || key === '__v' || key === 'documentId') continue;
    const renamed = V3_TIMESTAMP_KEYS[key] ?? key;
    if (renamed !== key && renamed in value) continue; // both spellings present: keep the camelCase one
    out[renamed] = normalizeV3Value(inner);
  }
  return out;
}

/**
 * Recursively normalises a Strapi v3 value (docs/product.md#cms-calls): nested entities (objects with `id`
 * or `_id` and a timestamp such as `created_at`) get `documentId = String(id)` and camelCase
 * timestamps (`createdAt`, `updatedAt`, `publishedAt`); components and scalars are kept.
 *
 * @param value any JSON value from a v3 response.
 * @returns a new value; the input is not mutated.
 */
export function normalizeV3Value(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalizeV3Value);
  if (!isRecord(value)) return value;
  if (isV3NestedEntity(value)) return v3Entity(value);
  return mapValues(value, normalizeV3Value);
}

/** A top-level v3 entry is always an entity (timestamps may be disabled): only an id is needed. */
function normalizeV3Entry(value: unknown): unknown {
  if (isRecord(value) && (value.id !== undefined || value._id !== undefined)) return v3Entity(value);
  return normalizeV3Value(value);
}

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

function looksLikeV4(data: unknown): boolean {
  if (Array.isArray(data)) return data.some(isV4Entry);
  return isV4Entry(data);
}

/**
 * Normalises a Strapi REST response body into the v5 flat shape (docs/product.md#cms-calls).
 *
 * @param body the parsed JSON body (`null` for empty 204/202 bodies).
 * @param apiVersion the Strapi version that produced it. `v3`: a bare array becomes
 *   `{ data: [...], meta: {} }` and a bare object `{ data: object, meta: {} }`. `v4`/`v5` (or
 *   omitted): `{ data, meta }` with v4 entries (`{ id, attributes }`) flattened recursively —
 *   detected by shape, so a Strapi 5 answering in the v4 format is handled too. When omitted, a
 *   bare array or an object without `data` is treated as v3.
 * @returns a new `{ data, meta }` object; `meta.pagination` is page-based when present.
 */
export function normalizeResponse<T = unknown>(
  body: unknown,
  apiVersion?: StrapiApiVersion,
): StrapiResponse<T> {
  if (body === null || body === undefined) return { data: null, meta: {} };
  const isEnvelope = isRecord(body) && 'data' in body && !('statusCode' in body);
  const version = apiVersion ?? (isEnvelope ? undefined : 'v3');

  if (version === 'v3') {
    const data = Array.isArray(body) ? body.map(normalizeV3Entry) : normalizeV3Entry(body);
    return { data: data as T | T[], meta: {} };
  }
  if (!isRecord(body)) {
    // A v4/v5 endpoint answering a bare value (custom route): keep it as `data`.
    return { data: body as T, meta: {} };
  }
  const data = body.data === undefined ? null : body.data;
  const flattened = looksLikeV4(data) ? flattenV4(data) : data;
  return { data: flattened as T | T[] | null, meta: normalizeMeta(body.meta) };
}

// ---------------------------------------------------------------------------------------------
// Image formats
// ---------------------------------------------------------------------------------------------

/** What the portal reads of an upload's generated format: views the size, RSS the type and bytes. */
const FORMAT_FIELDS = ['url', 'width', 'height', 'mime', 'sizeInBytes'] as const;

/**
 * Drops what no reader uses from the generated formats (`thumbnail`, `small`, … under `formats`)
 * of every upload in a CMS answer: the upload plugin's `name`, `hash`, `ext`, `path` and `size`
 * per format. Half of every image's bytes in the router state the pages inline otherwise
 * (docs/decisions/068-render-cost-against-a-floor.md). A format keeps `url`, `width`, `height`
 * (`srcset`, src/shared/ui/media.tsx) and `mime`, `sizeInBytes` (RSS enclosures).
 * @param value a parsed JSON answer; not changed (changed parts are new objects, the rest shared)
 * @returns the answer with trimmed formats
 */
export function trimMediaFormats(value: unknown): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = trimMediaFormats(value[i]);
      if (item !== value[i]) {
        out ??= value.slice();
        out[i] = item;
      }
    }
    return out ?? value;
  }
  if (!isRecord(value)) return value;
  let out: UnknownRecord | undefined;
  for (const key in value) {
    const item = value[key];
    const trimmed =
      key === 'formats' && typeof value.url === 'string' && isRecord(item)
        ? trimFormats(item)
        : trimMediaFormats(item);
    if (trimmed !== item) {
      out ??= { ...value };
      out[key] = trimmed;
    }
  }
  return out ?? value;
}

function trimFormats(formats: UnknownRecord): UnknownRecord {
  const out: UnknownRecord = {};
  for (const [name, format] of Object.entries(formats)) {
    if (!isRecord(format)) {
      out[name] = format;
      continue;
    }
    const kept: UnknownRecord = {};
    for (const field of FORMAT_FIELDS) if (format[field] !== undefined) kept[field] = format[field];
    out[name] = kept;
  }
  return out;
}
