// The shape most back-office reads share: a GET whose validated query goes to one service call, whose answer (a
// page of rows, usually) goes back in the envelope. The staff-auth hook checks the route's permission first.
import type * as v from 'valibot';
import type { FastifyContextConfig, FastifyInstance, FastifyBaseLogger, FastifyRequest, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { okBody } from '../../shared/schemas/envelope.ts';
import type { SuccessBody } from '../../shared/errors.ts';
import { ok } from './reply.ts';
import type { ValibotTypeProvider } from './validation.ts';

type TypedApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ValibotTypeProvider>;

/**
 * Registers `GET path`: `read(query, request)` answers (the request for who asks, when the answer depends on the
 * reader's role), `view` describes the answer, `permission` guards it.
 */
export function staffQueryRoute<Q extends v.GenericSchema, R extends v.GenericSchema>(
  app: TypedApp,
  path: string,
  route: { permission: NonNullable<FastifyContextConfig['staff']>; query: Q; view: R },
  read: (query: v.InferOutput<Q>, request: FastifyRequest) => Promise<v.InferInput<R>>,
): void {
  app.get<{ Querystring: v.InferOutput<Q>; Reply: SuccessBody<v.InferInput<R>> }>(
    path,
    {
      schema: { querystring: route.query, response: { 200: okBody(route.view) } },
      config: { staff: route.permission },
    },
    async (request) => ok(await read(request.query, request)),
  );
}
