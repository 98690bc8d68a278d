/**
 * The one error type of the Strapi client and the functions that build it from HTTP responses and
 * transport failures (product docs/product.md#cms-calls: "Errors normalised to StrapiError").
 */
import { STATUS_CODES } from 'node:http';

/** Names of the errors the client synthesises itself (Strapi's own names are passed through). */
export type SyntheticStrapiErrorName =
  | 'UnknownError'
  | 'NetworkError'
  | 'TimeoutError'
  | 'AbortError'
  | 'NotFoundError';

/** Constructor input of {@link StrapiError}. */
export interface StrapiErrorInit {
  /** HTTP-like status code (number). */
  status: number;
  /** Strapi error name (`ValidationError`, `NotFoundError`, …) or a synthetic name. */
  name: string;
  message: string;
  details?: unknown;
  cause?: unknown;
}

/**
 * Normalised Strapi error (docs/product.md#cms-calls).
 *
 * - `status`: number (the Strapi `error.status` / v3 `statusCode`; 500 for unreadable bodies,
 *   503 for network failures, 504 for timeouts, 499 for caller aborts).
 * - `name`: the Strapi error name (v4/v5 `error.name`, v3 `error`) or a synthetic name
 *   (`UnknownError`, `NetworkError`, `TimeoutError`, `AbortError`, `NotFoundError`).
 * - `details`: Strapi's `details` (v4/v5) / `data` (v3); `{ httpStatus }` for synthetic errors.
 * - `cause`: the underlying transport error for network failures and timeouts.
 */
export class StrapiError extends Error {
  /** HTTP-like status code. */
  readonly status: number;
  /** Strapi or synthetic error name (not the JS class name). */
  override name: string;
  /** Error-type specific information; never contains request bodies or tokens. */
  readonly details: unknown;

  /** Builds the error; `init.cause` becomes the standard `Error.cause`. */
  constructor(init: StrapiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.name = init.name;
    this.details = init.details === undefined ? {} : init.details;
  }

  /** A plain, log- and JSON-safe view (`{ status, name, message, details }`). */
  toJSON(): { status: number; name: string; message: string; details: unknown } {
    return { status: this.status, name: this.name, message: this.message, details: this.details };
  }
}

/** Type guard for {@link StrapiError} (`instanceof`: the server is one module graph, decision 042). */
export function isStrapiError(value: unknown): value is StrapiError {
  return value instanceof StrapiError;
}

/**
 * True when the CMS could not answer (unreachable, timed out, 5xx) rather than refused the request:
 * such failures keep sessions (decision 020) and may be answered from the last known good copy.
 */
export function isOutage(error: StrapiError): boolean {
  return error.status >= 500 || ['NetworkError', 'TimeoutError', 'UnknownError'].includes(error.name);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reason phrase for a status, from Node's table of HTTP reason phrases (RFC 9110). */
function statusText(status: number): string {
  return STATUS_CODES[status] ?? `HTTP ${status}`;
}

/** Extracts a message from Strapi v3's `message` (a string, or `[{ messages: [{ message }] }]`). */
function v3Message(message: unknown, fallback: string): string {
  if (typeof message === 'string' && message !== '') return message;
  if (Array.isArray(message)) {
    for (const entry of message) {
      if (typeof entry === 'string') return entry;
      if (isRecord(entry) && Array.isArray(entry.messages)) {
        for (const m of entry.messages) {
          if (isRecord(m) && typeof m.message === 'string') return m.message;
        }
      }
      if (isRecord(entry) && typeof entry.message === 'string') return entry.message;
    }
  }
  return fallback;
}

function toStatus(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599) return value;
  if (typeof value === 'string' && /^\d{3}$/.test(value)) return Number(value);
  return fallback;
}

/**
 * Builds a {@link StrapiError} from a non-2xx HTTP response (docs/product.md#cms-calls).
 *
 * @param httpStatus the real HTTP status code of the response.
 * @param body the parsed JSON body, or `undefined` when the body was empty or not JSON.
 * @returns
 *  - v4/v5 `{ data: null, error: { status, name, message, details } }` → those fields;
 *  - v3 `{ statusCode, error, message, data? }` → `status = statusCode`, `name = error`,
 *    `message` (first message of v3 validation arrays), `details = data ?? message`;
 *  - no (parseable JSON) body → `UnknownError`, status 500, `details.httpStatus`;
 *  - JSON of another shape → `UnknownError` with the real HTTP status and `details.httpStatus`.
 */
export function errorFromResponse(httpStatus: number, body: unknown): StrapiError {
  if (body === undefined) {
    return new StrapiError({
      status: 500,
      name: 'UnknownError',
      message: `Strapi answered ${httpStatus} ${statusText(httpStatus)} without a JSON body`,
      details: { httpStatus },
    });
  }
  if (isRecord(body) && isRecord(body.error)) {
    const e = body.error;
    return new StrapiError({
      status: toStatus(e.status, httpStatus),
      name: typeof e.name === 'string' && e.name !== '' ? e.name : 'UnknownError',
      message: typeof e.message === 'string' && e.message !== '' ? e.message : statusText(httpStatus),
      details: e.details === undefined ? {} : e.details,
    });
  }
  if (isRecord(body) && (typeof body.error === 'string' || 'statusCode' in body)) {
    const name = typeof body.error === 'string' && body.error !== '' ? body.error : statusText(httpStatus);
    return new StrapiError({
      status: toStatus(body.statusCode, httpStatus),
      name,
      message: v3Message(body.message, name),
      details: body.data !== undefined ? body.data : Array.isArray(body.message) ? body.message : {},
    });
  }
  return new StrapiError({
    status: httpStatus,
    name: 'UnknownError',
    message: `Strapi answered ${httpStatus} ${statusText(httpStatus)} with an unrecognised error body`,
    details: { httpStatus },
  });
}

/** Error codes undici uses for its own connect/headers/body timeouts. */
const UNDICI_TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/**
 * Builds a {@link StrapiError} for a request that produced no HTTP response (docs/product.md#cms-calls).
 *
 * @param cause the transport error (kept as `cause`).
 * @param reason why it failed, as determined by the caller from its signals:
 *  `timeout` → `TimeoutError` 504 (also chosen for undici's own timeout error codes),
 *  `abort` (the caller's signal) → `AbortError` 499, otherwise `NetworkError` 503.
 * @param timeoutMs the configured timeout (ms), reported in `details.timeoutMs` for timeouts.
 */
export function errorFromTransport(
  cause: unknown,
  reason: 'timeout' | 'abort' | 'network',
  timeoutMs: number,
): StrapiError {
  const code = isRecord(cause) && typeof cause.code === 'string' ? cause.code : undefined;
  if (
    reason === 'timeout' ||
    (reason === 'network' && code !== undefined && UNDICI_TIMEOUT_CODES.has(code))
  ) {
    return new StrapiError({
      status: 504,
      name: 'TimeoutError',
      message: `Strapi request timed out after ${timeoutMs} ms`,
      details: { timeoutMs },
      cause,
    });
  }
  if (reason === 'abort') {
    return new StrapiError({
      status: 499,
      name: 'AbortError',
      message: 'Strapi request aborted by the caller',
      details: {},
      cause,
    });
  }
  const causeMessage = cause instanceof Error ? cause.message : String(cause);
  return new StrapiError({
    status: 503,
    name: 'NetworkError',
    message: `Strapi is unreachable: ${causeMessage}`,
    details: code === undefined ? {} : { code },
    cause,
  });
}
