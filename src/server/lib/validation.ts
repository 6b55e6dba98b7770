// Lets routes declare valibot schemas in Fastify's `schema` option: Fastify calls this compiler once per
// route and part (body, querystring, params) and runs the result on every request.
import * as v from 'valibot';
import type { FastifyBaseLogger, FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { issuesToFields } from '../../shared/schemas/auth.ts';
import { ValidationFailed } from './errors.ts';

type AnySchema = v.GenericSchema | v.GenericSchemaAsync;

export const valibotCompiler: FastifySchemaCompiler<AnySchema> = ({ schema, httpPart }) => {
  return (data: unknown) => {
    const result = v.safeParse(schema as v.GenericSchema, data);
    if (result.success) return { value: result.output };
    // A bad header (such as a malformed Idempotency-Key) is no field the player can correct: a plain 400.
    // (A plain error with a writable status: Fastify sets statusCode on what a validator returns.)
    if (httpPart === 'headers') return { error: Object.assign(new Error('bad header'), { statusCode: 400, code: 'BAD_HEADER' }) };
    return { error: new ValidationFailed(issuesToFields(result.issues)) };
  };
};

/**
 * Serializes responses of routes that declare a valibot response schema. Outside production the answer is
 * checked against its schema first, so a view that drifts from its contract fails the tests with a 500
 * naming the field, instead of reaching the browser; production only serializes.
 */
export function valibotSerializer(checkResponses: boolean): FastifySerializerCompiler<AnySchema> {
  return ({ schema, url, method }) =>
    (data: unknown) => {
      if (checkResponses) {
        const result = v.safeParse(schema as v.GenericSchema, data);
        if (!result.success) {
          const where = result.issues
            .map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`)
            .slice(0, 5)
            .join('; ');
          throw new Error(`response of ${method} ${url} breaks its schema: ${where}`);
        }
      }
      return JSON.stringify(data);
    };
}

/** Validates in a service, for rules that depend on settings read at request time. */
export function parseOrThrow<S extends v.GenericSchema>(schema: S, data: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (!result.success) throw new ValidationFailed(issuesToFields(result.issues));
  return result.output;
}

/**
 * Types request.body, querystring, params and headers from the valibot schemas a route declares, so handlers read
 * them without casts (`app.withTypeProvider<ValibotTypeProvider>()`). The output type is what the compiler above hands
 * to the handler after valibot's transforms.
 */
export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends v.GenericSchema ? v.InferOutput<this['schema']> : unknown;
  serializer: this['schema'] extends v.GenericSchema ? v.InferInput<this['schema']> : unknown;
}

/**
 * A plugin's instance with request parts typed from the declared schemas (`plugin.withTypeProvider<ValibotTypeProvider>()`),
 * as the smaller registrars a plugin splits its routes into take it.
 */
export type TypedApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ValibotTypeProvider>;
