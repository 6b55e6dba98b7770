// The OpenAPI document is generated from the routes' schemas: every API route is in it, with its domain tag, the
// bearer scheme where a session is needed, the error shape, and request schemas converted from valibot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { freshIp } from '../helpers/players.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Operation {
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
}

describe('GET /api/openapi.json', () => {
  it('describes every API route from its own schemas', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json', remoteAddress: freshIp() });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.Error).toMatchObject({ required: ['status', 'code', 'message'] });

    const apiRoutes = t.app.routeList.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json');
    for (const r of apiRoutes) {
      const path = r.url.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[`/api${path}`]?.[r.method.toLowerCase()] ?? doc.paths[path]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.url} is in the document`).toBeDefined();
      expect(op!.tags?.length, `${r.method} ${r.url} has a tag`).toBe(1);
      expect(op!.responses['4XX'], `${r.method} ${r.url} names the error shape`).toBeDefined();
    }

    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/docs') || p === '/api/openapi.json')).toEqual([]);

    const login = doc.paths['/api/auth/login']!.post!;
    expect(login.security).toBeUndefined();
    expect(login.tags).toEqual(['auth']);
    const loginBody = login.requestBody!.content['application/json']!.schema;
    expect(loginBody).toMatchObject({ type: 'object', properties: { account: { type: 'string' }, password: { type: 'string' } } });

    expect(doc.paths['/api/auth/me']!.get!.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/backoffice/players']!.get!.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/backoffice/players']!.get!.tags).toEqual(['backoffice: players']);
  });

  it('serves a docs page', async () => {
    const res = await t.app.inject({ url: '/api/docs', remoteAddress: freshIp() });
    expect([200, 302]).toContain(res.statusCode);
    const page = res.statusCode === 302 ? await t.app.inject({ url: res.headers.location as string, remoteAddress: freshIp() }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});

describe('operations', () => {
  it('each have a unique operationId and a success response, GET /metrics as text/plain', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json', remoteAddress: freshIp() });
    const doc = res.json() as {
      paths: Record<string, Record<string, { operationId?: string; responses: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const ids: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.operationId, `${method} ${path} has an operationId`).toMatch(/^[a-z]+_[A-Za-z0-9_]+$/);
        ids.push(op.operationId!);
        expect(
          Object.keys(op.responses).some((code) => /^2\d\d$/.test(code)),
          `${method} ${path} has a 2xx response`,
        ).toBe(true);
      }
    }
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(doc.paths['/api/wallet/balance']?.get?.operationId ?? doc.paths['/api/auth/me']!.get!.operationId).toMatch(/^get_api_/);
    expect(Object.keys(doc.paths['/metrics']!.get!.responses['200']!.content ?? {})).toEqual(['text/plain']);
  });
});
