// Lets routes declare valibot schemas in Fastify's `schema` option: Fastify calls this compiler once per
// route and part (body, querystring, params) and runs the result on every request.
import * as v from 'valibot';
import type { FastifySchemaCompiler } from 'fastify';
import { issuesToFields } from '../../shared/schemas/auth.ts';
import { ValidationFailed } from './errors.ts';

type AnySchema = v.GenericSchema | v.GenericSchemaAsync;

export const valibotCompiler: FastifySchemaCompiler<AnySchema> = ({ schema }) => {
  return (data: unknown) => {
    const result = v.safeParse(schema as v.GenericSchema, data);
    if (result.success) return { value: result.output };
    return { error: new ValidationFailed(issuesToFields(result.issues)) };
  };
};

/** Validates in a service, for rules that depend on settings read at request time. */
export function parseOrThrow<S extends v.GenericSchema>(schema: S, data: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (!result.success) throw new ValidationFailed(issuesToFields(result.issues));
  return result.output;
}
