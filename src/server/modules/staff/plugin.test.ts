import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { backofficeMount, backofficeRoutes } from './plugin.ts';

// The staff-auth plugin's rules that hold before any database is asked: what may be declared open, and a call
// without a session. The database is never reached in these cases, so the app gets none.
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function mountWith(...plugins: FastifyPluginAsync[]): Promise<FastifyInstance> {
  app = Fastify({ logger: false });
  app.decorate('services', {} as FastifyInstance['services']);
  app.decorateRequest('locale', 'en');
  await app.register(backofficeRoutes, { prefix: '/api/backoffice', plugins: plugins.map((p) => backofficeMount(p)) });
  await app.ready();
  return app;
}

describe('staff-auth plugin', () => {
  it('lets sign-in be the one open call', async () => {
    const signIn: FastifyPluginAsync = async (p) => {
      p.post('/auth/login', { config: { staff: 'public' } }, async () => ({ ok: true }));
    };
    const ready = await mountWith(signIn);
    expect((await ready.inject({ method: 'POST', url: '/api/backoffice/auth/login' })).statusCode).toBe(200);
  });

  it('refuses to start when another route declares itself public', async () => {
    const open: FastifyPluginAsync = async (p) => {
      p.get('/players', { config: { staff: 'public' } }, async () => ({ ok: true }));
    };
    await expect(mountWith(open)).rejects.toThrow(/declared public/);
  });

  it('turns away a call without a bearer token, with or without a declared permission', async () => {
    const routes: FastifyPluginAsync = async (p) => {
      p.get('/players', { config: { staff: 'players.read' } }, async () => ({ ok: true }));
      p.get('/undeclared', async () => ({ ok: true }));
    };
    const ready = await mountWith(routes);
    expect((await ready.inject({ method: 'GET', url: '/api/backoffice/players' })).statusCode).toBe(401);
    expect((await ready.inject({ method: 'GET', url: '/api/backoffice/undeclared' })).statusCode).toBe(401);
  });
});
