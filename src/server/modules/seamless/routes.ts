// The seamless wallet API game providers call: /api/seamless/<provider>/{authenticate, balance, debit,
// credit, rollback, end-round}, and the player's launch of a seamless game. The provider's calls are signed over the
// raw body, so this plugin keeps it; the signature, timestamp and address are checked before the body is validated.
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ValidationFailed } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { BATCHED_ROUTE_LIMIT } from '../../lib/limiter.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { codeParam, gameLinkQuery } from '../../../shared/schemas/wallet.ts';
import {
  seamlessAnswer,
  seamlessAuthenticateBody,
  seamlessBalanceBody,
  seamlessCodeParam,
  seamlessCreditBody,
  seamlessDebitBody,
  seamlessEndRoundBody,
  seamlessLaunchView,
  seamlessRollbackBody,
  type SeamlessAnswer,
} from '../../../shared/schemas/seamless.ts';
import { SEAMLESS_CODE, type SeamlessCode } from '../../../shared/seamless-statuses.ts';
import { byLocale } from '../../../shared/locale-pick.ts';
import { playerOf } from '../auth/request.ts';

/** A wallet call is a few hundred bytes; anything much bigger is not one. */
const CALL_BODY_LIMIT_BYTES = 8 * 1024;
/**
 * Calls one provider address may make a minute. A provider sends every bet and win of every player it serves, so the
 * site-wide per-address limit would stop play; this one only bounds a runaway sender.
 */
const CALLS_PER_MINUTE = 120_000;

/** The HTTP status of a refusal that comes before the call is read; the call's own outcomes answer 200. */
const HTTP_STATUS: Partial<Record<SeamlessCode, number>> = {
  [SEAMLESS_CODE.badSignature]: 401,
  [SEAMLESS_CODE.staleRequest]: 401,
  [SEAMLESS_CODE.addressNotAllowed]: 403,
  [SEAMLESS_CODE.badRequest]: 400,
  [SEAMLESS_CODE.internal]: 500,
};

/** The HTTP status of a body over CALL_BODY_LIMIT_BYTES: the dialect's BAD_REQUEST, which the provider does not retry. */
const TOO_LARGE_STATUS = 413;

const answers = {
  200: seamlessAnswer,
  400: seamlessAnswer,
  401: seamlessAnswer,
  403: seamlessAnswer,
  [TOO_LARGE_STATUS]: seamlessAnswer,
  500: seamlessAnswer,
};

/** The raw body of each provider call, as the signature covers it. */
const rawBodies = new WeakMap<FastifyRequest, string>();

/** A call that failed: the dialect's BAD_REQUEST for what will never be accepted, INTERNAL_ERROR (a 5xx) for the rest. */
function answerFailure(err: Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (err instanceof ValidationFailed) {
    const message = Object.entries(err.fields)
      .map(([field, keys]) => `${field}: ${keys.join(', ')}`)
      .join('; ');
    return reply.code(400).send({ status: SEAMLESS_CODE.badRequest, message });
  }
  // Fastify refuses a body over the limit (413) or of another content type (415) before any hook runs. Such a call
  // will never be accepted, so it is the dialect's BAD_REQUEST with its own 4xx: a 500 would make the provider resend
  // the same oversized call forever.
  const frameworkStatus = (err as { statusCode?: unknown }).statusCode;
  if (typeof frameworkStatus === 'number' && frameworkStatus >= 400 && frameworkStatus < 500) {
    const tooLarge = frameworkStatus === TOO_LARGE_STATUS;
    const message = tooLarge ? `body over ${CALL_BODY_LIMIT_BYTES} bytes` : 'not a JSON call';
    // Logged rather than counted: the call is unsigned so far, and its path must not grow the metric's labels.
    request.log.warn({ status: frameworkStatus }, 'seamless call refused before it was read');
    return reply.code(tooLarge ? TOO_LARGE_STATUS : 400).send({ status: SEAMLESS_CODE.badRequest, message });
  }
  request.log.error({ err }, 'seamless call failed');
  // A 5xx tells the provider to retry with the same transaction id; nothing of this call was committed.
  return reply.code(500).send({ status: SEAMLESS_CODE.internal });
}

function providerCalls(api: FastifyInstance): void {
  const app = api.withTypeProvider<ValibotTypeProvider>();
  const { seamless } = app.services;
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: CALL_BODY_LIMIT_BYTES }, (request, body, done) => {
    const raw = String(body);
    rawBodies.set(request, raw);
    // Unreadable JSON is answered after the signature check, as a bad request, rather than before it.
    try {
      done(null, JSON.parse(raw));
    } catch {
      done(null, undefined);
    }
  });
  app.addHook('preValidation', async (request, reply) => {
    const params = request.params as { provider?: unknown };
    const refusal = await seamless.verify({
      code: typeof params.provider === 'string' ? params.provider : '',
      timestamp: header(request, 'x-timestamp'),
      signature: header(request, 'x-signature'),
      rawBody: rawBodies.get(request) ?? '',
      ip: request.ip,
    });
    if (refusal) {
      seamless.metrics?.call(String(params.provider ?? ''), 'signature', refusal, false);
      return reply.code(HTTP_STATUS[refusal] ?? 401).send({ status: refusal });
    }
  });
  app.setErrorHandler(answerFailure);

  // The limit only bounds a runaway sender, so it is counted in batches (BATCHED_ROUTE_LIMIT) rather than with a
  // Redis round trip on every call. The browser's security headers (helmet) mean nothing to a provider's server and
  // are left off these answers; the signature, timestamp and address checks above are what guard these routes.
  const options = <B extends v.GenericSchema>(body: B) => ({
    schema: { params: seamlessCodeParam, body, response: answers },
    config: { securityHeaders: false, rateLimit: { max: CALLS_PER_MINUTE, timeWindow: '1 minute', ...BATCHED_ROUTE_LIMIT } },
  });
  const send = (reply: FastifyReply, answer: SeamlessAnswer) => reply.code(HTTP_STATUS[answer.status] ?? 200).send(answer);
  app.post('/seamless/:provider/authenticate', options(seamlessAuthenticateBody), async (request, reply) =>
    send(reply, await seamless.authenticate(request.params.provider, request.body)),
  );
  app.post('/seamless/:provider/balance', options(seamlessBalanceBody), async (request, reply) =>
    send(reply, await seamless.balance(request.params.provider, request.body)),
  );
  app.post('/seamless/:provider/debit', options(seamlessDebitBody), async (request, reply) =>
    send(reply, await seamless.debit(request.params.provider, request.body)),
  );
  app.post('/seamless/:provider/credit', options(seamlessCreditBody), async (request, reply) =>
    send(reply, await seamless.credit(request.params.provider, request.body)),
  );
  app.post('/seamless/:provider/rollback', options(seamlessRollbackBody), async (request, reply) =>
    send(reply, await seamless.rollback(request.params.provider, request.body)),
  );
  app.post('/seamless/:provider/end-round', options(seamlessEndRoundBody), async (request, reply) =>
    send(reply, await seamless.endRound(request.params.provider, request.body)),
  );
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

export const seamlessRoutes: FastifyPluginAsync = async (plugin) => {
  await plugin.register(async (api) => providerCalls(api));

  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { seamless } = app.services;
  // onRequest rather than preHandler: an anonymous caller gets 401 before its query is read or validated.
  app.get(
    '/games/seamless/link/:code',
    { onRequest: app.requirePlayer, schema: { params: codeParam, querystring: gameLinkQuery, response: { 200: okBody(seamlessLaunchView) } } },
    async (request) =>
      ok(await seamless.launch(playerOf(request).playerId, request.params.code, request.query.productId ?? 'lobby', byLocale(request.locale, 'zh-TW', 'en'))),
  );
};
