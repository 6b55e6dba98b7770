// OpenAPI 3.1 generated from the routes' own valibot schemas (@fastify/swagger, with @valibot/to-json-schema
// turning each schema part into JSON Schema), served at /api/openapi.json with a docs page at /api/docs.
// The document is derived, never written by hand, so it cannot drift from what the routes accept.
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import type { OpenAPIV3_1 } from 'openapi-types';
import swaggerUi from '@fastify/swagger-ui';
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { ERROR_STATUS } from '../../shared/errors.ts';

type Part = 'body' | 'querystring' | 'params' | 'headers';
const PARTS: Part[] = ['body', 'querystring', 'params', 'headers'];

function isValibot(schema: unknown): schema is v.GenericSchema {
  return typeof schema === 'object' && schema !== null && (schema as { kind?: unknown }).kind === 'schema' && '~standard' in schema;
}

/** JSON Schema of a valibot schema as a caller sends it; checks JSON Schema cannot say (transforms) are left out. */
function jsonSchemaOf(schema: v.GenericSchema): Record<string, unknown> {
  const out = toJsonSchema(schema, { typeMode: 'input', errorMode: 'ignore', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

/** The error body of SPEC.md section 8 that every failing call answers. */
const ERROR_SCHEMA: OpenAPIV3_1.SchemaObject = {
  type: 'object' as const,
  required: ['status', 'code', 'message'],
  properties: {
    status: { const: 'error' },
    code: { type: 'string' as const, enum: Object.keys(ERROR_STATUS) },
    message: { type: 'string' as const, description: 'Translated for the caller (x-locale header, clang cookie or Accept-Language).' },
    error: {
      type: 'object' as const,
      description: 'Per-field messages (lists of strings), plus modal for messages shown in a popup.',
      additionalProperties: { type: 'array' as const, items: { type: 'string' as const } },
    },
    forget: { enum: [0, 1], description: 'Login only: 1 after too many failures, with the masked phone for the identity check.' },
    phone: { type: 'string' as const },
  },
};

/** The tag of a route: its domain, read from the first segment of its path. */
function tagOf(url: string): string {
  const [first, second] = url.replace(/^\/api\//, '').split('/');
  if (first === 'backoffice') return `backoffice: ${second ?? ''}`;
  return first ?? 'api';
}

/**
 * A stable operationId from the method and the path: GET /api/wallet/balance is get_api_wallet_balance and a path
 * parameter reads by_<name> (GET /api/backoffice/players/:id is get_api_backoffice_players_by_id).
 */
function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by_${part.slice(1)}` : part));
  return [method.toLowerCase(), ...words].join('_').replace(/[^A-Za-z0-9_]+/g, '_');
}

/** The answer of a route that declares no success schema: /metrics is Prometheus' text format, others say only that it worked. */
function successWithoutSchema(url: string): Record<string, unknown> {
  if (url === '/metrics') {
    return { description: 'The Prometheus text exposition format', content: { 'text/plain': { schema: { type: 'string' } } } };
  }
  return { description: 'Done' };
}

export interface OpenApiOptions {
  /** Whether a route needs a session, so the document marks it with the bearer scheme. */
  needsSession: (route: RouteOptions) => boolean;
}

export async function registerOpenApi(app: FastifyInstance, opts: OpenApiOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lucky Harbour API',
        version: '1',
        description: 'Player and back-office calls. Amounts are decimal strings with two decimals; every error answers the error shape.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A player session token from POST /api/auth/login, or a staff token from POST /api/backoffice/auth/login.',
          },
        },
        schemas: { Error: ERROR_SCHEMA },
      },
    },
    transform: ({ schema, url, route }) => {
      const given = (schema ?? {}) as Record<string, unknown>;
      // The docs page's own routes and the document itself are not part of the API.
      if (given.hide === true || url.startsWith('/api/docs')) return { schema: { hide: true } as FastifySchema, url };
      const out: Record<string, unknown> = {};
      for (const part of PARTS) if (isValibot(given[part])) out[part] = jsonSchemaOf(given[part]);
      const response: Record<string, unknown> = {};
      const declared = given.response as Record<string, unknown> | undefined;
      for (const [code, s] of Object.entries(declared ?? {})) response[code] = isValibot(s) ? jsonSchemaOf(s) : s;
      if (!Object.keys(response).some((code) => /^2/.test(code))) response['200'] = successWithoutSchema(url);
      response['4XX'] = { description: 'Refused: the error shape of SPEC.md section 8', $ref: '#/components/schemas/Error' };
      out.response = response;
      out.operationId = operationIdOf(String([route.method].flat()[0]), url);
      out.tags = [tagOf(url)];
      if (opts.needsSession(route)) out.security = [{ bearer: [] }];
      return { schema: out as FastifySchema, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { deepLinking: false } });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { rateLimit: false } }, async () => app.swagger());
}
