// The Idempotency-Key header of money commands, declared once for every route that takes one. A loose object,
// because Fastify hands the validated value back as the request's headers and every other header must stay.
import * as v from 'valibot';

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,80}$/;

export const idempotencyHeaders = v.looseObject({
  'idempotency-key': v.optional(v.pipe(v.string(), v.regex(IDEMPOTENCY_KEY_PATTERN, 'error.bad_request'))),
});
