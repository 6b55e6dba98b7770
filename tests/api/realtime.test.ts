// Realtime across app instances (DESIGN.md section 6): two apps share one PostgreSQL database and one
// Redis; a socket held by instance A hears what instance B publishes. Needs DATABASE_URL and REDIS_URL
// (CI sets both); without them the file is skipped with a message.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createRealtime } from '../../src/server/realtime/server.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { seedReference } from '../../src/server/seed.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { PASSWORD, bearer, freshAccount, freshIp, freshPhone } from '../helpers/players.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const enabled = Boolean(DATABASE_URL && REDIS_URL);
if (!enabled) {
  console.warn('tests/api/realtime.test.ts skipped: set DATABASE_URL and REDIS_URL to run two app instances over PostgreSQL and Redis.');
}

let database: TestDatabase;
let second: Database;
let a: FastifyInstance;
let b: FastifyInstance;
const sockets: Socket[] = [];

function urlOf(app: FastifyInstance): string {
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Connects to an instance; resolves with the socket once connected, rejects with the refusal. */
function connect(app: FastifyInstance, token?: string): Promise<Socket> {
  const socket = connectSocket(urlOf(app), {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
    auth: token === undefined ? {} : { token },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

function nextEvent<T = unknown>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`no '${event}' within ${timeoutMs} ms`));
    }, timeoutMs);
    const on = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, on);
  });
}

/** Whether an event arrives within a window (for the events that must not arrive). */
function arrives(socket: Socket, event: string, windowMs = 800): Promise<boolean> {
  return new Promise((resolve) => {
    const on = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      socket.off(event, on);
      resolve(false);
    }, windowMs);
    socket.once(event, on);
  });
}

async function newPlayer(app: FastifyInstance) {
  const account = freshAccount('rt');
  const phone = freshPhone();
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: freshIp(),
    payload: { account, password: PASSWORD, password_confirm: PASSWORD, phone, agreement: true },
  });
  expect(reg.statusCode, reg.body).toBe(200);
  return { account, phone };
}

async function loginOn(app: FastifyInstance, account: string, locale = 'en') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: freshIp(),
    headers: { 'x-locale': locale },
    payload: { account, password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().data.access_token as string;
  const me = await app.inject({ url: '/api/auth/me', headers: bearer(token), remoteAddress: freshIp() });
  return { token, playerId: me.json().data.id as number };
}

describe.skipIf(!enabled)('realtime over Redis between two app instances', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReference(database.db);
    second = await openDatabase({ url: database.url });
    const config = { ...loadConfig({ ...process.env, REDIS_URL }), databaseUrl: database.url, redisUrl: REDIS_URL };
    a = await buildApp({ config, database, logger: false });
    b = await buildApp({ config, database: second, logger: false });
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
    // Registration here is about sockets, not SMS codes.
    await a.services.system.updateSettings({ register_need_mobile_sms: 0 });
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await a?.close();
    await b?.close();
    await second?.close();
    await database?.drop();
  });

  it('an event published on B reaches a player socket held by A (Redis adapter)', async () => {
    const p = await newPlayer(a);
    const { token, playerId } = await loginOn(a, p.account);
    const socket = await connect(a, token);
    // The adapter subscribes asynchronously: publish until the first event crosses, at most 5 s.
    let got = false;
    const crossed = nextEvent(socket, 'update-user', 5000).then(() => {
      got = true;
    });
    for (let i = 0; i < 50 && !got; i++) {
      b.services.realtime.publisher.toPlayer(playerId, 'update-user', {});
      await new Promise((r) => setTimeout(r, 100));
    }
    await crossed;
    const kick = nextEvent<{ reason: string }>(socket, 'kick');
    b.services.realtime.publisher.toPlayer(playerId, 'kick', { reason: 'test' });
    expect(await kick).toEqual({ reason: 'test' });
  });

  it('a private event does not reach another player, a system event reaches everyone', async () => {
    const one = await newPlayer(a);
    const two = await newPlayer(a);
    const s1 = await connect(a, (await loginOn(a, one.account)).token);
    const l2 = await loginOn(b, two.account);
    const s2 = await connect(a, l2.token);
    const visitor = await connect(a);
    const kickToTwo = nextEvent(s2, 'kick');
    const oneHears = arrives(s1, 'kick', 1500);
    const visitorHears = arrives(visitor, 'kick', 1500);
    b.services.realtime.publisher.toPlayer(l2.playerId, 'kick', {});
    await kickToTwo;
    expect(await oneHears).toBe(false);
    expect(await visitorHears).toBe(false);

    const events = [nextEvent(s1, 'show-redEnvelope'), nextEvent(s2, 'show-redEnvelope'), nextEvent(visitor, 'show-redEnvelope')];
    b.services.realtime.publisher.toSystem('show-redEnvelope', { id: 7 });
    expect(await Promise.all(events)).toEqual([{ id: 7 }, { id: 7 }, { id: 7 }]);
  });

  it('logging in on B sends double-login to the socket on A, closes it, and revokes the old token', async () => {
    const p = await newPlayer(a);
    const first = await loginOn(a, p.account);
    const socket = await connect(a, first.token);
    const doubleLogin = nextEvent<{ message: string }>(socket, 'double-login');
    const closed = nextEvent<string>(socket, 'disconnect', 5000);
    await loginOn(b, p.account, 'en');
    expect(await doubleLogin).toEqual({ message: 'Signed in on another device, you are logged out' });
    expect(await closed).toBe('io server disconnect');
    const old = await a.inject({ url: '/api/auth/me', headers: bearer(first.token), remoteAddress: freshIp() });
    expect(old.statusCode).toBe(401);
    // The old token cannot open a socket again, on either instance.
    await expect(connect(a, first.token)).rejects.toThrow('unauthorized');
    await expect(connect(b, first.token)).rejects.toThrow('unauthorized');
  });

  it('the double-login notice is in the language of the new login', async () => {
    const p = await newPlayer(a);
    const first = await loginOn(b, p.account);
    const socket = await connect(a, first.token);
    const doubleLogin = nextEvent<{ message: string }>(socket, 'double-login');
    await loginOn(b, p.account, 'zh-TW');
    expect(await doubleLogin).toEqual({ message: '已在其他設備進行登入' });
  });

  it('logging out on B closes the socket on A', async () => {
    const p = await newPlayer(a);
    const l = await loginOn(a, p.account);
    const socket = await connect(a, l.token);
    const closed = nextEvent<string>(socket, 'disconnect', 5000);
    const out = await b.inject({ url: '/api/auth/logout', headers: bearer(l.token), remoteAddress: freshIp() });
    expect(out.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });

  it('a socket with a bad token is refused; one without a token connects as a visitor', async () => {
    for (const token of ['garbage', 'x'.repeat(43), `Bearer ${'x'.repeat(43)}`, 'y'.repeat(5000)]) {
      await expect(connect(a, token)).rejects.toThrow('unauthorized');
    }
    const visitor = await connect(b);
    expect(visitor.connected).toBe(true);
  });
  it('a socket disconnect still waiting out its grace period when the app closes does not publish on the closed Redis', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => {
      rejections.push(reason);
    };
    process.on('unhandledRejection', onRejection);
    const third = await openDatabase({ url: database.url });
    try {
      const config = { ...loadConfig({ ...process.env, REDIS_URL }), databaseUrl: database.url, redisUrl: REDIS_URL };
      const c = await buildApp({ config, database: third, logger: false, jobs: false });
      await c.listen({ port: 0, host: '127.0.0.1' });
      c.services.realtime.publisher.disconnectSessions([987_654_321]);
      await c.close();
      // Past the grace period: a disconnect left to fire would have rejected by now.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
      await third.close();
    }
  });

  it('a broadcast is published to the other instances at once, not after this instance has written to its own sockets', async () => {
    // The app's commands connection pipelines automatically: a plain PUBLISH would wait there for the next tick, that
    // is until the adapter's synchronous loop over this instance's sockets had finished.
    const pub = new Redis(REDIS_URL!, { enableAutoPipelining: true });
    const sub = pub.duplicate({ enableAutoPipelining: false });
    const listener = pub.duplicate({ enableAutoPipelining: false });
    const httpServer = createServer();
    const keyPrefix = `rt-publish-${Date.now()}:`;
    const realtime = createRealtime({ httpServer, authenticate: async () => undefined, redis: { pub, sub, keyPrefix } });
    try {
      await Promise.all(
        [pub, sub, listener].map((r) => (r.status === 'ready' ? Promise.resolve() : new Promise<void>((resolve) => r.once('ready', () => resolve())))),
      );
      const heard = new Promise<string>((resolve) => listener.on('pmessage', (_pattern, channel) => resolve(channel)));
      await listener.psubscribe(`${keyPrefix}socket.io#*`);
      realtime.publisher.toSystem('show-redEnvelope', { redEnvelopeId: 1 });
      // Written to the connection in this tick: nothing waits in the auto-pipeline queue.
      expect(pub.autoPipelineQueueSize).toBe(0);
      expect(await heard).toContain(`${keyPrefix}socket.io#/#`);
    } finally {
      realtime.stop();
      for (const r of [pub, sub, listener]) r.disconnect();
    }
  });

  it('with Redis unreachable an emit is lost for other instances but rejects nowhere', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => {
      rejections.push(reason);
    };
    process.on('unhandledRejection', onRejection);
    // The commands connection is refused (port 1) and gives up at once; the subscriber is a working one.
    const pub = new Redis({ host: '127.0.0.1', port: 1, maxRetriesPerRequest: 0, retryStrategy: () => null });
    pub.on('error', () => {});
    const sub = new Redis(REDIS_URL!);
    const realtime = createRealtime({ httpServer: createServer(), authenticate: async () => undefined, redis: { pub, sub } });
    try {
      realtime.publisher.toSystem('show-redEnvelope', { redEnvelopeId: 1 });
      realtime.publisher.toPlayer(1, 'system-money-action', {});
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
      realtime.stop();
      pub.disconnect();
      sub.disconnect();
    }
  });
});
