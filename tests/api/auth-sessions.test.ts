// Sessions and the cached session of GET /api/auth/me: a disabled account answers the same
// whatever the password; player sessions have an absolute lifetime; a disabled player's token stops working;
// a revoked session stops working on another instance as soon as the database's message reaches it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, login, playerWithToken, registerPlayer, PASSWORD } from '../helpers/players.ts';
import { players, sessions } from '../../src/server/db/schema.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { SESSION_ABSOLUTE_MS } from '../../src/server/modules/auth/service.ts';

let t: TestApp;
/** A second app instance on the same database, as behind a load balancer (PostgreSQL only). */
let other: FastifyInstance | undefined;
const onPostgres = !!process.env.DATABASE_URL;

beforeAll(async () => {
  t = await createTestApp();
  if (onPostgres) {
    const config = { ...loadConfig({ ...process.env, REDIS_URL: '' }), databaseUrl: t.database.url };
    other = await buildApp({ config, database: t.database, logger: false });
    await other.ready();
  }
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const me = (app: FastifyInstance, token: string) => app.inject({ url: '/api/auth/me', headers: bearer(token) });
const playerIdOf = async (account: string) => (await t.database.db.select({ id: players.id }).from(players).where(eq(players.account, account)))[0]!.id;

describe('disabled accounts', () => {
  it('answer the same with the right and a wrong password', async () => {
    const p = await registerPlayer(t);
    await t.database.db.update(players).set({ status: 0 }).where(eq(players.account, p.account));
    const right = await login(t, p.account, PASSWORD);
    const wrong = await login(t, p.account, 'wrong1234');
    expect(right.statusCode).toBe(403);
    expect(wrong.statusCode).toBe(right.statusCode);
    expect(wrong.json()).toEqual(right.json());
  });

  it('staff: the same answer whatever the password', async () => {
    const { staff } = await import('../../src/server/db/schema.ts');
    const { AuthService } = await import('../../src/server/modules/auth/service.ts');
    await t.database.db.insert(staff).values({ username: 'gone01', passwordHash: await AuthService.hashPassword('staffpass123'), role: 'service', status: 0 });
    const call = (password: string) => t.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: { username: 'gone01', password } });
    const right = await call('staffpass123');
    const wrong = await call('wrong-password');
    expect(right.statusCode).toBe(403);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual(right.json());
  });
});

describe('player sessions', () => {
  it('end at their absolute lifetime however recently they were used', async () => {
    const p = await playerWithToken(t);
    const id = await playerIdOf(p.account);
    await t.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - ${SESSION_ABSOLUTE_MS + 60_000} * interval '1 millisecond'` })
      .where(eq(sessions.playerId, id));
    expect((await me(t.app, p.token)).statusCode).toBe(401);
  });

  it('slide forward no further than the absolute lifetime', async () => {
    const p = await playerWithToken(t);
    const id = await playerIdOf(p.account);
    // Signed in nearly 30 days ago, last seen two minutes ago: the next use slides the expiry, up to the cap only.
    await t.database.db
      .update(sessions)
      .set({
        createdAt: sql`now() - ${SESSION_ABSOLUTE_MS - 3_600_000} * interval '1 millisecond'`,
        lastSeenAt: sql`now() - interval '2 minutes'`,
      })
      .where(eq(sessions.playerId, id));
    expect((await me(t.app, p.token)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.playerId, id));
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(row!.createdAt.getTime() + SESSION_ABSOLUTE_MS);
    expect(row!.expiresAt.getTime()).toBeLessThan(Date.now() + 2 * 3_600_000);
  });

  it("a disabled player's token stops working", async () => {
    const p = await playerWithToken(t);
    const id = await playerIdOf(p.account);
    expect((await me(t.app, p.token)).statusCode).toBe(200);
    // Disabled by a plain row update, as any operator screen would: no code path has to remember the sessions.
    const applied = t.app.services.sessionCache.enabled ? t.app.services.sessionCache.applied(`p:${id}`) : Promise.resolve();
    await t.database.db.update(players).set({ status: 0 }).where(eq(players.id, id));
    await applied;
    expect((await me(t.app, p.token)).statusCode).toBe(401);
    await t.database.db.update(players).set({ status: 1 }).where(eq(players.id, id));
  });
});

describe('GET /api/auth/me on one kept-alive connection', () => {
  it('answers each token sent on the connection for its own player, refuses a revoked one at once, and sends JSON that reads back to the same words', async () => {
    const http = await import('node:http');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    // One socket for every call: the connection remembers the bearer it last saw (app.ts, connectionBearer).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string, token: string) =>
      new Promise<{ status: number; type: string; text: string; reused: boolean }>((resolve, reject) => {
        const req = http.get({ agent, host: '127.0.0.1', port, path, headers: { ...bearer(token), 'x-locale': 'zh-TW' } }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), text, reused: req.reusedSocket }));
        });
        req.on('error', reject);
      });
    try {
      const a = await playerWithToken(t);
      const b = await playerWithToken(t);
      const first = await get('/api/auth/me', a.token);
      expect(first.status).toBe(200);
      expect(first.type).toBe('application/json; charset=utf-8');
      // Words beyond ASCII travel as JSON escapes and read back as the words themselves.
      // The range starts at NUL on purpose: the assertion is that no character is outside ASCII.
      // eslint-disable-next-line no-control-regex
      expect(first.text).not.toMatch(/[^\x00-\x7e]/);
      const level = await t.database.db.execute<{ name: string }>(
        sql`select l.name_frontend as name from players p join levels l on l.id = p.level_id where p.account = ${a.account}`,
      );
      expect(JSON.parse(first.text).data.level.name_frontend).toBe(level.rows[0]?.name);
      expect(JSON.parse(first.text).data.account).toBe(a.account);
      const second = await get('/api/auth/me', b.token);
      expect(second.reused).toBe(true);
      expect(JSON.parse(second.text).data.account).toBe(b.account);
      expect(JSON.parse((await get('/api/auth/me', a.token)).text).data.account).toBe(a.account);
      expect((await get('/api/auth/logout', a.token)).status).toBe(200);
      const revoked = await get('/api/auth/me', a.token);
      expect(revoked.reused).toBe(true);
      expect(revoked.status).toBe(401);
      expect((await get('/api/auth/me', 'not-a-token')).status).toBe(401);
      expect(JSON.parse((await get('/api/auth/me', b.token)).text).data.account).toBe(b.account);
    } finally {
      agent.destroy();
    }
  });
});

describe('staff sessions', () => {
  it('end after the idle timeout', async () => {
    const { staff, staffSessions } = await import('../../src/server/db/schema.ts');
    const { AuthService } = await import('../../src/server/modules/auth/service.ts');
    const { STAFF_IDLE_TIMEOUT_MS } = await import('../../src/server/modules/staff/service.ts');
    const [row] = await t.database.db
      .insert(staff)
      .values({ username: 'idle01', passwordHash: await AuthService.hashPassword('staffpass123'), role: 'service' })
      .returning();
    const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: { username: 'idle01', password: 'staffpass123' } });
    const token = res.json().data.access_token as string;
    const staffMe = () => t.app.inject({ url: '/api/backoffice/auth/me', headers: bearer(token) });
    expect((await staffMe()).statusCode).toBe(200);
    // Used a while ago but within the timeout: still signed in, and the use moves last_seen_at forward.
    await t.database.db
      .update(staffSessions)
      .set({ lastSeenAt: sql`now() - ${STAFF_IDLE_TIMEOUT_MS - 120_000} * interval '1 millisecond'` })
      .where(eq(staffSessions.staffId, row!.id));
    expect((await staffMe()).statusCode).toBe(200);
    const [live] = await t.database.db.select().from(staffSessions).where(eq(staffSessions.staffId, row!.id));
    expect(Date.now() - live!.lastSeenAt.getTime()).toBeLessThan(60_000);
    // Left idle past the timeout: signed out, although the working day (12 h) has not ended.
    await t.database.db
      .update(staffSessions)
      .set({ lastSeenAt: sql`now() - ${STAFF_IDLE_TIMEOUT_MS + 1000} * interval '1 millisecond'` })
      .where(eq(staffSessions.staffId, row!.id));
    expect((await staffMe()).statusCode).toBe(401);
  });
});

describe('a configured staff idle timeout', () => {
  it('STAFF_IDLE_TIMEOUT_MS shortens the idle time of back-office sessions', async () => {
    const short = await createTestApp({ STAFF_IDLE_TIMEOUT_MS: String(10 * 60 * 1000) });
    try {
      const { staff, staffSessions } = await import('../../src/server/db/schema.ts');
      const { AuthService } = await import('../../src/server/modules/auth/service.ts');
      const [row] = await short.database.db
        .insert(staff)
        .values({ username: 'idle02', passwordHash: await AuthService.hashPassword('staffpass123'), role: 'service' })
        .returning();
      const res = await short.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: { username: 'idle02', password: 'staffpass123' } });
      const token = res.json().data.access_token as string;
      // Eleven minutes idle: within the default 30 minutes, but past the configured ten.
      await short.database.db
        .update(staffSessions)
        .set({ lastSeenAt: sql`now() - interval '11 minutes'` })
        .where(eq(staffSessions.staffId, row!.id));
      expect((await short.app.inject({ url: '/api/backoffice/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe.runIf(onPostgres)('the session cache across instances', () => {
  it('a session revoked on one instance stops working on the other', async () => {
    const p = await playerWithToken(t);
    // Both instances have the session cached.
    expect((await me(t.app, p.token)).statusCode).toBe(200);
    expect((await me(other!, p.token)).statusCode).toBe(200);
    expect((await me(other!, p.token)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.playerId, await playerIdOf(p.account)));
    const applied = other!.services.sessionCache.applied(`s:${row!.id}`);
    const out = await t.app.inject({ url: '/api/auth/logout', headers: bearer(p.token) });
    expect(out.statusCode).toBe(200);
    // The instance that revoked it refuses it at once; the other as soon as the database's message arrives.
    expect((await me(t.app, p.token)).statusCode).toBe(401);
    await applied;
    expect((await me(other!, p.token)).statusCode).toBe(401);
  });

  it('a burst of changes goes out as one message: every answer is fresh on the other instance, and a revocation or a disabled player in the burst is refused there at once', async () => {
    const crowd = await Promise.all(Array.from({ length: 12 }, () => playerWithToken(t)));
    const ids = await Promise.all(crowd.map((p) => playerIdOf(p.account)));
    for (const p of crowd) expect((await me(other!, p.token)).json().data.amount).toBe('0.00');
    const [revoked, disabled] = [crowd[0]!, crowd[1]!];
    const [revokedSession] = await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.playerId, ids[0]!));
    const cache = other!.services.sessionCache;
    const applied = Promise.all([...ids.map((id) => cache.applied(`v:${id}`)), cache.applied(`s:${revokedSession!.id}`), cache.applied(`p:${ids[1]!}`)]);
    // The money moves first (each told to its player), then one session ends and one player is disabled, all at once.
    await Promise.all(
      ids.map((id, i) => t.app.services.wallet.adjustCentral({ playerId: id, amountMinor: BigInt(100 + i), memo: 'burst', idempotencyKey: `burst-${id}` })),
    );
    expect((await t.app.inject({ url: '/api/auth/logout', headers: bearer(revoked.token) })).statusCode).toBe(200);
    await t.database.db.update(players).set({ status: 0 }).where(eq(players.id, ids[1]!));
    await applied;
    expect((await me(other!, revoked.token)).statusCode).toBe(401);
    expect((await me(other!, disabled.token)).statusCode).toBe(401);
    for (const [i, p] of crowd.entries()) {
      if (i < 2) continue;
      expect((await me(other!, p.token)).json().data.amount).toBe((Number(100 + i) / 100).toFixed(2));
    }
  });

  it('an answer asked for fresh (Cache-Control: no-cache) is read again on an instance that has not heard of the change, and kept', async () => {
    const p = await playerWithToken(t);
    const id = await playerIdOf(p.account);
    const before = await me(other!, p.token);
    expect(before.json().data.amount).toBe('0.00');
    // Money moves on the first instance, which tells the other. The other is then given back the answer it held before,
    // as an instance keeps it until the news arrives (up to the announcer's gap later): the race made certain.
    const cache = other!.services.sessionCache;
    const applied = cache.applied(`v:${id}`);
    await t.app.services.wallet.adjustCentral({ playerId: id, amountMinor: 4_321n, memo: 'test', idempotencyKey: `fresh-${id}` });
    await applied;
    cache.putView(id, 'zh-TW', { body: before.json(), text: before.body }, cache.mark());
    expect((await me(other!, p.token)).json().data.amount).toBe('0.00');
    const fresh = await other!.inject({ url: '/api/auth/me', headers: { ...bearer(p.token), 'cache-control': 'no-cache' } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.amount).toBe('43.21');
    expect((await me(other!, p.token)).json().data.amount).toBe('43.21');
  });

  it('a balance change told to the player on one instance is shown by the other', async () => {
    const p = await playerWithToken(t);
    const id = await playerIdOf(p.account);
    expect((await me(other!, p.token)).json().data.amount).toBe('0.00');
    // The app names the players whose answers changed ('v:'), several to a message.
    const applied = other!.services.sessionCache.applied(`v:${id}`);
    await t.app.services.wallet.adjustCentral({ playerId: id, amountMinor: 12_345n, memo: 'test', idempotencyKey: `cache-${id}` });
    t.app.services.realtime.publisher.toPlayer(id, 'update-user', {});
    await applied;
    expect((await me(other!, p.token)).json().data.amount).toBe('123.45');
  });
});
