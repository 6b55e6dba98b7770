// One error type for everything a client can cause, rendered in the error shape of SPEC.md.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '../../shared/errors.ts';
import { translate } from '../../i18n/index.ts';
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

export function errorBody(locale: Locale, code: ErrorCode, fields?: Record<string, string[]>, extra: ApiError['extra'] = {}, vars?: Record<string, string>): ErrorBody {
  const translatedVars = vars && Object.fromEntries(Object.entries(vars).map(([k, value]) => [k, translate(locale, value)]));
  const body: ErrorBody = { status: 'error', code, message: translate(locale, `error.${code}`, translatedVars), ...extra };
  if (fields && Object.keys(fields).length) {
    body.error = {};
    for (const [field, keys] of Object.entries(fields)) body.error[field] = keys.map((k) => translate(locale, k));
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
  return { status: 500, body: errorBody(locale, 'internal') };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, err: Error): FastifyReply {
  const { status, body } = toErrorResponse(err, request.locale);
  if (status >= 500) request.log.error({ err }, 'request failed');
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
