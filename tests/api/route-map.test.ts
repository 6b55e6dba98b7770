// The clients' route maps (src/shared/api) bind each path to the answer an island reads. This holds every entry to
// the route the server registers: the route exists with that method, and the data inside its success envelope is
// described by the same JSON Schema as the map's entry, so a server change that the map does not follow fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { playerRoutes } from '../../src/shared/api/player.ts';
import { backofficeRoutes } from '../../src/shared/api/backoffice.ts';
import { resolveRoute } from '../../src/shared/api/contract.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The schema of what the client resolves to: the envelope's data, or the whole answer of a route without one. */
function answerSchema(schema: unknown): v.GenericSchema {
  const s = schema as v.GenericSchema & { entries?: Record<string, v.GenericSchema> };
  const entries = s.entries;
  if (entries && 'status' in entries && 'data' in entries && 'message' in entries) return entries.data!;
  return s;
}

const json = (schema: v.GenericSchema) => toJsonSchema(schema, { errorMode: 'ignore' });

function check(base: string, map: Record<string, v.GenericSchema>) {
  for (const [key, schema] of Object.entries(map)) {
    const space = key.indexOf(' ');
    const method = key.slice(0, space);
    const url = `${base}${key.slice(space + 1)}`;
    const route = t.app.routeList.find((r) => r.method === method && r.url === url);
    expect(route, `${key} is a route of ${base}`).toBeDefined();
    const ok = Object.keys(route!.schemas).find((code) => code.startsWith('2'));
    expect(ok, `${key} declares a 2xx answer`).toBeDefined();
    expect(json(schema), `${key} answers what the map says`).toEqual(json(answerSchema(route!.schemas[ok!])));
  }
}

describe("the clients' route maps", () => {
  it('name only registered player routes, each with the answer the server declares', () => {
    check('/api', playerRoutes);
  });
  it('name only registered back-office routes, each with the answer the server declares', () => {
    check('/api/backoffice', backofficeRoutes);
  });
  it("fill a key's parameters, encoded, and refuse a missing one", () => {
    expect(resolveRoute('GET /players/:id/wallets/:code', { id: 7, code: 'A B' })).toEqual({ method: 'GET', path: '/players/7/wallets/A%20B' });
    expect(() => resolveRoute('GET /players/:id', {})).toThrow(/needs the parameter id/);
    expect(() => resolveRoute('/players', {})).toThrow(/not a route key/);
  });
});
