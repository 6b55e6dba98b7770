// The back office's circuit-breaker screen (a breaker says so in metrics and the back office): every
// instance's breakers through Redis, each with its state, since when and its latest failures; a view of an instance
// that stopped reporting is dropped; without Redis the answering instance's own view alone, marked as not shared.
// Two apps with instance names of their own stand for two instances; their provider answers 503 to everything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { createTestApp, signedInStaff, type TestApp } from '../helpers/app.ts';
import { bearer } from '../helpers/players.ts';
import { BreakerBoard } from '../../src/server/modules/system/breaker-board.ts';
import { Breakers } from '../../src/server/integrations/breakers.ts';
import type { BreakerBoardView } from '../../src/shared/schemas/backoffice/operations.ts';

const REDIS_URL = process.env.REDIS_URL;
const PREFIX = `${process.env.REDIS_KEY_PREFIX ?? ''}brk-${Date.now()}:`;

let failing: http.Server;
let a: TestApp;
let b: TestApp;
let admin: string;
let redis: Redis;

async function board(t: TestApp, token: string) {
  return t.app.inject({ method: 'GET', url: '/api/backoffice/breakers', headers: { ...bearer(token), 'x-locale': 'en' } });
}

describe.skipIf(!REDIS_URL)('GET /api/backoffice/breakers', () => {
  beforeAll(async () => {
    failing = http.createServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"down"}');
    });
    await new Promise<void>((r) => failing.listen(0, '127.0.0.1', r));
    const env = {
      REDIS_URL: REDIS_URL!,
      REDIS_KEY_PREFIX: PREFIX,
      GAME_PROVIDER_URL: `http://127.0.0.1:${(failing.address() as AddressInfo).port}`,
      BREAKER_VOLUME: '2',
      BREAKER_RESET_MS: '60000',
    };
    a = await createTestApp({ ...env, INSTANCE_NAME: 'bo-a' });
    b = await createTestApp({ ...env, INSTANCE_NAME: 'bo-b' });
    admin = (await signedInStaff(a, 'brkadmin', 'admin')).token;
    redis = new Redis(REDIS_URL!);
  });
  afterAll(async () => {
    await redis?.del(`${PREFIX}breakers:board`).catch(() => {});
    redis?.disconnect();
    await a?.close();
    await b?.close();
    await new Promise((r) => failing?.close(r));
  });

  it("lists the other instance's open breaker with its state, since when and its failures", async () => {
    const startedAt = Date.now();
    // Instance b calls a provider that answers 503 until its breaker opens; a never calls it.
    for (let i = 0; i < 4; i++) await b.app.services.provider.balance('SLX', 'someone').catch(() => undefined);
    const res = await board(a, admin);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as BreakerBoardView;
    expect(data.shared).toBe(true);
    expect(data.instances[0]!.instance).toBe('bo-a');
    expect(data.instances[0]!.breakers).toEqual([]);
    const other = data.instances.find((i) => i.instance === 'bo-b');
    expect(other, JSON.stringify(data)).toBeDefined();
    const slx = other!.breakers.find((x) => x.name === 'provider:SLX');
    expect(slx).toMatchObject({ state: 'open', failures: 2 });
    // Counts are as of b's last report (on the change to open, or its 5 s tick), not of this moment.
    expect(Date.parse(slx!.since)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(slx!.recent.length).toBe(2);
    expect(slx!.recent[0]).toMatchObject({ kind: 'server_error', status: 503 });
  });

  it('drops an instance that stopped reporting, and takes it off the board', async () => {
    const old = { instance: 'bo-gone', reported_at: new Date(Date.now() - 60_000).toISOString(), breakers: [] };
    await redis.hset(`${PREFIX}breakers:board`, 'bo-gone', JSON.stringify(old));
    const data = (await board(a, admin)).json().data as BreakerBoardView;
    expect(data.instances.map((i) => i.instance)).not.toContain('bo-gone');
    expect(await redis.hexists(`${PREFIX}breakers:board`, 'bo-gone')).toBe(0);
  });

  it('is for admin and finance only', async () => {
    const service = (await signedInStaff(a, 'brkservice', 'service')).token;
    expect((await board(a, service)).statusCode).toBe(403);
    const finance = (await signedInStaff(a, 'brkfinance', 'finance')).token;
    expect((await board(a, finance)).statusCode).toBe(200);
    expect((await a.app.inject({ method: 'GET', url: '/api/backoffice/breakers' })).statusCode).toBe(401);
  });
});

describe('the breaker board without Redis', () => {
  it("answers this instance's own view, marked as not shared", async () => {
    // A Redis nobody listens on: the client never becomes ready.
    const away = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0 });
    const breakers = new Breakers({ errorPercent: 50, volume: 1, resetMs: 60_000 });
    await breakers.call(
      'sms',
      async () => ({ status: 502 }),
      (r) => r.status >= 500,
    );
    const own = new BreakerBoard({ redis: away, keyPrefix: 'x:', local: () => breakers.list(), name: 'alone' });
    const data = await own.read();
    expect(data.shared).toBe(false);
    expect(data.instances.map((i) => i.instance)).toEqual(['alone']);
    expect(data.instances[0]!.breakers[0]).toMatchObject({ name: 'sms', state: 'open', recent: [{ kind: 'server_error', status: 502 }] });
    breakers.shutdown();
    away.disconnect();
  });
});
