// One error type for everything a client can cause, rendered in the error shape of SPEC.md.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '../../shared/errors.ts';
import { hasMessage, isLocale, localeFrom, translate } from '../../i18n/index.ts';
import type { Locale } from '../../shared/constants.ts';

export class ApiError extends Error {
  readonly code: ErrorCode;
  /** Per-field message keys, translated when the response is written. */
  readonly fields: Record<string, string[]> | undefined;
  readonly extra: Partial<Pick<ErrorBody, 'forget' | 'phone' | 'protection'>>;
  /** Values for the message's placeholders; each is itself translated when it is a catalogue key. */
  readonly vars: Record<string, string> | undefined;
  constructor(code: ErrorCode, fields?: Record<string, string[]>, extra: ApiError['extra'] = {}, vars?: Record<string, string>) {
    super(code);
    this.code = code;
    this.fields = fields;
    this.extra = extra;
    this.vars = vars;
  }
  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

/** Thrown by the schema validator so the error handler can tell it from Fastify's own errors. */
export class ValidationFailed extends Error {
  readonly fields: Record<string, string[]>;
  constructor(fields: Record<string, string[]>) {
    super('validation failed');
    this.fields = fields;
  }
}

/** A catalogue key no catalogue has, or a text a validator wrote itself: neither may reach a reader. */
const UNKNOWN_KEY_RE = /^[\w-]+(?:\.[\w-]+)+$/;
const VALIDATOR_TEXT_RE = /\bExpected\b|but received|^Invalid \w+:/;

/**
 * A field's message in the reader's language. Field messages are catalogue keys; one that names no catalogue entry
 * (a schema's typo) or a validator's own text becomes the plain 'wrong format' rather than showing the key itself.
 */
function fieldText(locale: Locale, key: string): string {
  if (hasMessage(key)) return translate(locale, key);
  if (UNKNOWN_KEY_RE.test(key) || VALIDATOR_TEXT_RE.test(key)) return translate(locale, 'v.invalid');
  return key;
}

export function errorBody(
  locale: Locale,
  code: ErrorCode,
  fields?: Record<string, string[]>,
  extra: ApiError['extra'] = {},
  vars?: Record<string, string>,
): ErrorBody {
  const translatedVars = vars && Object.fromEntries(Object.entries(vars).map(([k, value]) => [k, translate(locale, value)]));
  const body: ErrorBody = { status: 'error', code, message: translate(locale, `error.${code}`, translatedVars), ...extra };
  if (fields && Object.keys(fields).length) {
    body.error = {};
    for (const [field, keys] of Object.entries(fields)) body.error[field] = keys.map((k) => fieldText(locale, k));
  }
  return body;
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_json',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_VALIDATION: 'validation_failed',
};

/**
 * PostgreSQL's codes for a server that is going away or not there yet (class 08, connection exceptions; 57P01-57P03,
 * shutting down or starting up) and the socket errors node-postgres reports when the server is unreachable.
 */
const DB_UNREACHABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
const DB_UNREACHABLE_MESSAGES = /Connection terminated|connection timeout|Client has encountered a connection error|terminating connection/i;

/**
 * Whether an error (or one it wraps: drizzle puts the driver's error in `cause`) says the database could not be
 * reached. Such a request changed nothing: its transaction never committed, so the client may simply try again.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && DB_UNREACHABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && DB_UNREACHABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** Maps any thrown error to a status and a body; unknown errors become a bare 500 without details. */
function toErrorResponse(err: FastifyError | Error, locale: Locale): { status: number; body: ErrorBody } {
  if (err instanceof ApiError) return { status: err.statusCode, body: errorBody(locale, err.code, err.fields, err.extra, err.vars) };
  if (err instanceof ValidationFailed) return { status: 422, body: errorBody(locale, 'validation_failed', err.fields) };
  const fe = err as FastifyError;
  if (fe.code && FASTIFY_CODES[fe.code]) {
    const code = FASTIFY_CODES[fe.code];
    return { status: ERROR_STATUS[code], body: errorBody(locale, code) };
  }
  // JSON.parse failures surface as SyntaxError with a 400 status from the content-type parser.
  if (fe.statusCode === 429) return { status: 429, body: errorBody(locale, 'rate_limited') };
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    if (fe.statusCode === 413) return { status: 413, body: errorBody(locale, 'payload_too_large') };
    if (fe.statusCode === 415) return { status: 415, body: errorBody(locale, 'unsupported_media_type') };
    if (fe.statusCode === 404) return { status: 404, body: errorBody(locale, 'not_found') };
    return { status: 400, body: errorBody(locale, 'bad_request') };
  }
  // A database restart or failover: a 503 the balancer and the client understand as "try again", not a bug.
  if (isDatabaseUnreachable(err)) return { status: ERROR_STATUS.service_unavailable, body: errorBody(locale, 'service_unavailable') };
  return { status: 500, body: errorBody(locale, 'internal') };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, err: Error): FastifyReply {
  const { status, body } = toErrorResponse(err, request.locale);
  if (status === ERROR_STATUS.service_unavailable) request.log.warn({ err: { message: err.message } }, 'request failed: database unreachable');
  else if (status >= 500) request.log.error({ err }, 'request failed');
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Where a page request with a malformed URL is sent inside the server: a path no page has, so the site's 404 page answers. */
const MALFORMED_PAGE_PATH = '/_malformed-url';

/**
 * Fastify's router refuses a URL it cannot decode (`/%E0%A4%A`, `/api/x/%zz`) or a parameter over its length before any
 * hook runs. The API answers its error shape in the caller's language; a page request goes on to the site's own
 * not-found page (in the language of its path), instead of Fastify's raw JSON.
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  const url = raw.url ?? '/';
  if (url.startsWith('/api/') || url === '/api' || (raw.method !== 'GET' && raw.method !== 'HEAD')) {
    const explicit = request.headers['x-locale'];
    const locale = isLocale(explicit) ? explicit : localeFrom(cookieLocale(request.headers.cookie), request.headers['accept-language']);
    // A parameter longer than any id names nothing: not found; an undecodable URL is a bad request.
    const code: ErrorCode = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'not_found' : 'bad_request';
    void reply.code(ERROR_STATUS[code]).type('application/json; charset=utf-8').send(errorBody(locale, code));
    return;
  }
  raw.url = (url === '/en' || url.startsWith('/en/') ? '/en' : '') + MALFORMED_PAGE_PATH;
  reply.server.routing(raw, reply.raw);
}

/** The clang cookie from a raw Cookie header, for answers written before the cookie plugin has run. */
function cookieLocale(header: string | undefined): string | undefined {
  const match = /(?:^|;\s*)clang=([^;]*)/.exec(header ?? '');
  return match?.[1];
}
