import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { startSim, type Sim } from './server.ts';
import { signedHeaders } from './sign.ts';

const SECRET = 'test-secret';

interface CallOpts {
  timestamp?: number;
  secret?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  signedBody?: string;
}
interface Res {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
  body: Record<string, any>;
}

async function call(sim: Sim, method: string, path: string, body?: unknown, opts: CallOpts = {}): Promise<Res> {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const headers = {
    ...signedHeaders({ secret: opts.secret ?? SECRET, method, pathWithQuery: path, body: opts.signedBody ?? raw, timestamp: opts.timestamp }),
    ...(raw ? { 'content-type': 'application/json' } : {}),
    ...opts.headers,
  };
  const res = await fetch(sim.url + path, { method, headers, body: raw || undefined, signal: opts.signal ?? AbortSignal.timeout(5000) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function admin(sim: Sim, method: string, path: string, body?: unknown): Promise<Res> {
  const res = await fetch(sim.url + path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const uid = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;

async function newPlayer(sim: Sim, code = 'SLX', fundsMinor?: string): Promise<string> {
  const player = uid('p');
  expect((await call(sim, 'POST', `/providers/${code}/players`, { player })).status).toBe(200);
  if (fundsMinor) {
    const r = await call(sim, 'POST', `/providers/${code}/transfers`, { transferId: uid('fund'), player, direction: 'in', amountMinor: fundsMinor });
    expect(r.status).toBe(200);
  }
  return player;
}

const balanceOf = async (sim: Sim, player: string, code = 'SLX') =>
  (await call(sim, 'GET', `/providers/${code}/players/${player}/balance`)).body.balanceMinor as string;

describe('sim provider aggregator', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ secret: SECRET });
  });
  afterAll(async () => {
    await sim.close();
  });
  beforeEach(async () => {
    await admin(sim, 'DELETE', '/sim/faults');
  });

  describe('signatures', () => {
    it('accepts a good signature', async () => {
      const r = await call(sim, 'POST', '/providers/SLX/players', { player: uid('p') });
      expect(r).toMatchObject({ status: 200, body: { status: 'ok', created: true } });
    });

    it('rejects a wrong secret, a tampered body, a changed query and missing headers', async () => {
      const player = await newPlayer(sim);
      expect(await call(sim, 'GET', `/providers/SLX/players/${player}/balance`, undefined, { secret: 'nope' })).toEqual({
        status: 401,
        body: { status: 'error', code: 'BAD_SIGNATURE' },
      });
      const tampered = await call(
        sim,
        'POST',
        '/providers/SLX/transfers',
        { transferId: uid('t'), player, direction: 'in', amountMinor: '999' },
        { signedBody: JSON.stringify({ transferId: 'x', player, direction: 'in', amountMinor: '1' }) },
      );
      expect(tampered).toEqual({ status: 401, body: { status: 'error', code: 'BAD_SIGNATURE' } });
      // Signed without the query string, sent with it.
      const path = '/providers/SLX/launch';
      const headers = signedHeaders({ secret: SECRET, method: 'GET', pathWithQuery: path });
      const res = await fetch(`${sim.url}${path}?player=${player}`, { headers });
      expect(res.status).toBe(401);
      const bare = await fetch(`${sim.url}/providers/SLX/players/${player}/balance`);
      expect(bare.status).toBe(401);
      expect(await bare.json()).toEqual({ status: 'error', code: 'BAD_SIGNATURE' });
      expect(await balanceOf(sim, player)).toBe('0');
    });

    it('rejects stale and future timestamps, and applies nothing', async () => {
      const player = await newPlayer(sim);
      const transfer = { transferId: uid('t'), player, direction: 'in', amountMinor: '100' };
      expect(await call(sim, 'POST', '/providers/SLX/transfers', transfer, { timestamp: Date.now() - 31_000 })).toEqual({
        status: 401,
        body: { status: 'error', code: 'STALE_REQUEST' },
      });
      expect(await call(sim, 'POST', '/providers/SLX/transfers', transfer, { timestamp: Date.now() + 6_000 })).toEqual({
        status: 401,
        body: { status: 'error', code: 'STALE_REQUEST' },
      });
      expect((await call(sim, 'GET', `/providers/SLX/transfers/${transfer.transferId}`)).status).toBe(404);
      expect(await balanceOf(sim, player)).toBe('0');
      // A little clock skew either way is fine.
      expect((await call(sim, 'GET', `/providers/SLX/players/${player}/balance`, undefined, { timestamp: Date.now() + 3_000 })).status).toBe(200);
      expect((await call(sim, 'GET', `/providers/SLX/players/${player}/balance`, undefined, { timestamp: Date.now() - 20_000 })).status).toBe(200);
    });

    it('answers UNKNOWN_PLATFORM for an unknown code', async () => {
      expect(await call(sim, 'GET', '/providers/XXX/players/p1/balance')).toEqual({ status: 404, body: { status: 'error', code: 'UNKNOWN_PLATFORM' } });
      expect((await admin(sim, 'GET', '/sim/faults/XXX')).status).toBe(404);
    });
  });

  describe('players', () => {
    it('creates a player idempotently, with a zero balance', async () => {
      const player = uid('p');
      expect((await call(sim, 'POST', '/providers/FSH/players', { player })).body).toEqual({ status: 'ok', player, created: true });
      expect((await call(sim, 'POST', '/providers/FSH/players', { player })).body).toEqual({ status: 'ok', player, created: false });
      expect((await call(sim, 'GET', `/providers/FSH/players/${player}/balance`)).body).toEqual({ status: 'ok', player, balanceMinor: '0' });
      // Platforms keep separate wallets.
      expect(await call(sim, 'GET', `/providers/SLX/players/${player}/balance`)).toEqual({ status: 404, body: { status: 'error', code: 'PLAYER_NOT_FOUND' } });
    });

    it('refuses a malformed player id', async () => {
      for (const player of ['', 'a b', 'x'.repeat(41), 7, null]) {
        expect(await call(sim, 'POST', '/providers/SLX/players', { player })).toEqual({ status: 422, body: { status: 'error', code: 'INVALID_PLAYER' } });
      }
    });

    it('serves every group of SPEC.md', async () => {
      const { body } = await admin(sim, 'GET', '/sim/platforms');
      const groups = new Set(body.platforms.flatMap((p: { group: string; alsoGroups: string[] }) => [p.group, ...p.alsoGroups]));
      expect([...groups].sort()).toEqual(['cards', 'casino', 'esports', 'fish', 'lottery', 'slots', 'sports']);
      expect(body.platforms.map((p: { code: string }) => p.code).sort()).toEqual(['CRD', 'ESP', 'FSH', 'LTO', 'LVC', 'SLX', 'SPB']);
    });
  });

  describe('transfers', () => {
    it('moves money in and out', async () => {
      const player = await newPlayer(sim, 'LVC');
      const tIn = uid('in');
      const a = await call(sim, 'POST', '/providers/LVC/transfers', { transferId: tIn, player, direction: 'in', amountMinor: '12345' });
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ status: 'applied', transferId: tIn, balanceMinor: '12345' });
      expect(Number.isNaN(Date.parse(a.body.appliedAt))).toBe(false);
      const tOut = uid('out');
      const b = await call(sim, 'POST', '/providers/LVC/transfers', { transferId: tOut, player, direction: 'out', amountMinor: '12000' });
      expect(b.body).toMatchObject({ status: 'applied', transferId: tOut, balanceMinor: '345' });
      expect(await balanceOf(sim, player, 'LVC')).toBe('345');
      const all = await admin(sim, 'GET', '/sim/balances/LVC');
      expect(all.body.players[player]).toBe('345');
      expect(BigInt(all.body.totalMinor)).toBeGreaterThanOrEqual(345n);
    });

    it('handles amounts beyond the float range exactly', async () => {
      const player = await newPlayer(sim);
      for (let i = 0; i < 3; i++) {
        await call(sim, 'POST', '/providers/SLX/transfers', { transferId: uid('big'), player, direction: 'in', amountMinor: '999999999999999' });
      }
      expect(await balanceOf(sim, player)).toBe('2999999999999997');
    });

    it('rejects insufficient funds, and replays the rejection', async () => {
      const player = await newPlayer(sim, 'SLX', '500');
      const transfer = { transferId: uid('t'), player, direction: 'out', amountMinor: '501' };
      const first = await call(sim, 'POST', '/providers/SLX/transfers', transfer);
      expect(first).toEqual({ status: 422, body: { status: 'rejected', transferId: transfer.transferId, code: 'INSUFFICIENT_FUNDS' } });
      // Funds arrive later, but the transfer id keeps its first answer.
      await call(sim, 'POST', '/providers/SLX/transfers', { transferId: uid('t'), player, direction: 'in', amountMinor: '1000' });
      expect(await call(sim, 'POST', '/providers/SLX/transfers', transfer)).toEqual(first);
      expect(await balanceOf(sim, player)).toBe('1500');
    });

    it('rejects an unknown player and invalid amounts, recorded under the transfer id', async () => {
      const ghost = { transferId: uid('t'), player: 'ghost_player', direction: 'in', amountMinor: '100' };
      const r = await call(sim, 'POST', '/providers/SLX/transfers', ghost);
      expect(r).toEqual({ status: 404, body: { status: 'rejected', transferId: ghost.transferId, code: 'PLAYER_NOT_FOUND' } });
      expect(await call(sim, 'POST', '/providers/SLX/transfers', ghost)).toEqual(r);
      const player = await newPlayer(sim, 'SLX', '100');
      for (const amountMinor of ['0', '-5', '1.5', '0100', '1e3', '1234567890123456', '', 100, null]) {
        const t = { transferId: uid('t'), player, direction: 'in', amountMinor };
        const res = await call(sim, 'POST', '/providers/SLX/transfers', t);
        expect(res).toEqual({ status: 422, body: { status: 'rejected', transferId: t.transferId, code: 'INVALID_AMOUNT' } });
        expect(await call(sim, 'POST', '/providers/SLX/transfers', t)).toEqual(res);
        expect((await call(sim, 'GET', `/providers/SLX/transfers/${t.transferId}`)).body).toMatchObject({ status: 'rejected', code: 'INVALID_AMOUNT' });
      }
      // A number that looks valid is still refused, and so is the same id sent later as a string.
      const numeric = { transferId: uid('t'), player, direction: 'in', amountMinor: 100 };
      await call(sim, 'POST', '/providers/SLX/transfers', numeric);
      expect((await call(sim, 'POST', '/providers/SLX/transfers', { ...numeric, amountMinor: '100' })).body.code).toBe('DUPLICATE_MISMATCH');
      expect(await balanceOf(sim, player)).toBe('100');
    });

    it('refuses malformed requests without recording them', async () => {
      const player = await newPlayer(sim);
      const bad = (body: unknown) => call(sim, 'POST', '/providers/SLX/transfers', body);
      expect((await bad({ transferId: 'short', player, direction: 'in', amountMinor: '1' })).body.code).toBe('INVALID_TRANSFER_ID');
      expect((await bad({ transferId: uid('t'), player, direction: 'sideways', amountMinor: '1' })).body.code).toBe('INVALID_DIRECTION');
      expect((await bad({ transferId: uid('t'), player: 'a b', direction: 'in', amountMinor: '1' })).body.code).toBe('INVALID_PLAYER');
      const path = '/providers/SLX/transfers';
      const res = await fetch(sim.url + path, {
        method: 'POST',
        body: '{nope',
        headers: { ...signedHeaders({ secret: SECRET, method: 'POST', pathWithQuery: path, body: '{nope' }) },
      });
      expect(res.status).toBe(400);
    });

    it('replays the original answer and never applies twice', async () => {
      const player = await newPlayer(sim);
      const transfer = { transferId: uid('t'), player, direction: 'in', amountMinor: '700' };
      const first = await call(sim, 'POST', '/providers/SLX/transfers', transfer);
      const again = await Promise.all([1, 2, 3].map(() => call(sim, 'POST', '/providers/SLX/transfers', transfer)));
      for (const r of again) expect(r).toEqual(first);
      expect(await balanceOf(sim, player)).toBe('700');
    });

    it('applies concurrent first deliveries of one transfer once', async () => {
      const player = await newPlayer(sim);
      const transfer = { transferId: uid('t'), player, direction: 'in', amountMinor: '10' };
      const answers = await Promise.all(Array.from({ length: 8 }, () => call(sim, 'POST', '/providers/SLX/transfers', transfer)));
      for (const r of answers) expect(r).toEqual(answers[0]);
      expect(await balanceOf(sim, player)).toBe('10');
    });

    it('answers 409 DUPLICATE_MISMATCH for a reused id with other data; the original stands', async () => {
      const player = await newPlayer(sim, 'SLX', '1000');
      const other = await newPlayer(sim);
      const transferId = uid('t');
      await call(sim, 'POST', '/providers/SLX/transfers', { transferId, player, direction: 'out', amountMinor: '300' });
      const variants = [
        { transferId, player, direction: 'out', amountMinor: '301' },
        { transferId, player, direction: 'in', amountMinor: '300' },
        { transferId, player: other, direction: 'out', amountMinor: '300' },
      ];
      for (const v of variants) {
        expect(await call(sim, 'POST', '/providers/SLX/transfers', v)).toEqual({
          status: 409,
          body: { status: 'rejected', transferId, code: 'DUPLICATE_MISMATCH' },
        });
      }
      expect((await call(sim, 'GET', `/providers/SLX/transfers/${transferId}`)).body).toMatchObject({
        status: 'applied',
        player,
        direction: 'out',
        amountMinor: '300',
      });
      expect(await balanceOf(sim, player)).toBe('700');
    });

    it('looks up a transfer by our id', async () => {
      const player = await newPlayer(sim, 'SPB');
      const transferId = uid('t');
      expect(await call(sim, 'GET', `/providers/SPB/transfers/${transferId}`)).toEqual({ status: 404, body: { status: 'not_found', transferId } });
      await call(sim, 'POST', '/providers/SPB/transfers', { transferId, player, direction: 'in', amountMinor: '250' });
      const r = await call(sim, 'GET', `/providers/SPB/transfers/${transferId}`);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: 'applied', transferId, player, direction: 'in', amountMinor: '250' });
      const rejectedId = uid('t');
      await call(sim, 'POST', '/providers/SPB/transfers', { transferId: rejectedId, player, direction: 'out', amountMinor: '251' });
      expect((await call(sim, 'GET', `/providers/SPB/transfers/${rejectedId}`)).body).toMatchObject({
        status: 'rejected',
        transferId: rejectedId,
        player,
        direction: 'out',
        amountMinor: '251',
        code: 'INSUFFICIENT_FUNDS',
      });
    });
  });

  describe('launch and demo', () => {
    it('gives a launch link to a real page, with a signed session', async () => {
      const player = await newPlayer(sim, 'ESP', '4200');
      const r = await call(sim, 'GET', `/providers/ESP/launch?player=${player}&game=dota&lang=zh-TW`);
      expect(r.status).toBe(200);
      const url = new URL(r.body.url);
      expect(url.origin + url.pathname).toBe(`${sim.state.publicUrl}/play/ESP/dota`);
      expect(url.searchParams.get('lang')).toBe('zh-TW');
      const page = await fetch(sim.url + url.pathname + url.search);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).toContain(player);
      expect(html).toContain('dota');
      expect(html).toContain('42.00');
      // A forged session is refused.
      const forged = await fetch(`${sim.url}${url.pathname}?session=${url.searchParams.get('session')}x&lang=en`);
      expect(forged.status).toBe(403);
      // The session is bound to its game.
      expect((await fetch(`${sim.url}/play/ESP/other?${url.searchParams}`)).status).toBe(403);
    });

    it('defaults the game to the lobby and needs a known player', async () => {
      const player = await newPlayer(sim, 'LTO');
      const r = await call(sim, 'GET', `/providers/LTO/launch?player=${player}`);
      expect(new URL(r.body.url).pathname).toBe('/play/LTO/lobby');
      expect(await call(sim, 'GET', '/providers/LTO/launch?player=nobody_here')).toEqual({ status: 404, body: { status: 'error', code: 'PLAYER_NOT_FOUND' } });
    });

    it('gives demo links where the platform has a demo', async () => {
      for (const code of ['SLX', 'FSH', 'LVC', 'SPB', 'LTO', 'ESP']) {
        const r = await call(sim, 'GET', `/providers/${code}/demo?game=g1&lang=en`);
        expect(r.status).toBe(200);
        const url = new URL(r.body.url);
        expect(url.pathname).toBe(`/play/${code}/g1`);
        expect(url.searchParams.get('demo')).toBe('1');
        const page = await fetch(sim.url + url.pathname + url.search);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('Demo');
      }
      expect(await call(sim, 'GET', '/providers/CRD/demo?game=g1')).toEqual({ status: 404, body: { status: 'error', code: 'NO_DEMO' } });
    });
  });

  describe('fault switches', () => {
    const put = (code: string, faults: Record<string, unknown>) => admin(sim, 'PUT', `/sim/faults/${code}`, faults);

    it('reads, sets, validates and resets switches', async () => {
      expect((await admin(sim, 'GET', '/sim/faults')).body.SLX).toMatchObject({ latencyMs: 0, errorRate: 0, maintenance: false, hangMs: 10_000 });
      const r = await put('SLX', { errorRate: 0.25, hangMs: 50 });
      expect(r.body).toMatchObject({ errorRate: 0.25, hangMs: 50, latencyMs: 0 });
      expect((await admin(sim, 'GET', '/sim/faults/SLX')).body).toMatchObject({ errorRate: 0.25, hangMs: 50 });
      expect((await admin(sim, 'GET', '/sim/faults/FSH')).body.errorRate).toBe(0);
      for (const bad of [{ errorRate: 2 }, { latencyMs: 30_001 }, { latencyMs: -1 }, { maintenance: 'yes' }, { typo: 1 }, { hangMs: 1.5 }]) {
        const res = await put('SLX', bad);
        expect(res.status).toBe(422);
        expect(res.body.code).toBe('INVALID_FAULTS');
      }
      await admin(sim, 'DELETE', '/sim/faults');
      expect((await admin(sim, 'GET', '/sim/faults/SLX')).body).toMatchObject({ errorRate: 0, hangMs: 10_000 });
    });

    it('latencyMs delays every call', async () => {
      const player = await newPlayer(sim);
      await put('SLX', { latencyMs: 300 });
      const started = Date.now();
      expect((await call(sim, 'GET', `/providers/SLX/players/${player}/balance`)).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      const fast = Date.now();
      await call(sim, 'GET', '/providers/FSH/demo?game=g');
      expect(Date.now() - fast).toBeLessThan(290);
    });

    it('errorRate answers 500 INTERNAL without applying', async () => {
      const player = await newPlayer(sim, 'SLX', '100');
      await put('SLX', { errorRate: 1 });
      const transferId = uid('t');
      expect(await call(sim, 'POST', '/providers/SLX/transfers', { transferId, player, direction: 'out', amountMinor: '50' })).toEqual({
        status: 500,
        body: { status: 'error', code: 'INTERNAL' },
      });
      expect((await call(sim, 'GET', `/providers/SLX/players/${player}/balance`)).status).toBe(500);
      await admin(sim, 'DELETE', '/sim/faults');
      expect((await call(sim, 'GET', `/providers/SLX/transfers/${transferId}`)).body.status).toBe('not_found');
      expect(await balanceOf(sim, player)).toBe('100');
    });

    it('timeoutAfterApplyRate applies and persists, then hangs and drops the connection', async () => {
      const player = await newPlayer(sim, 'SLX', '100');
      await put('SLX', { timeoutAfterApplyRate: 1, hangMs: 300 });
      const transfer = { transferId: uid('t'), player, direction: 'out', amountMinor: '40' };
      const started = Date.now();
      const err = await call(sim, 'POST', '/providers/SLX/transfers', transfer, { signal: AbortSignal.timeout(3000) }).catch((e: Error) => e);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).name).not.toBe('TimeoutError'); // the sim dropped it, not our client
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      // Other calls are unaffected by this rate; the transfer is already there.
      expect((await call(sim, 'GET', `/providers/SLX/transfers/${transfer.transferId}`)).body).toMatchObject({ status: 'applied', amountMinor: '40' });
      expect(await balanceOf(sim, player)).toBe('60');
      await admin(sim, 'DELETE', '/sim/faults');
      const replay = await call(sim, 'POST', '/providers/SLX/transfers', transfer);
      expect(replay.body).toMatchObject({ status: 'applied', balanceMinor: '60' });
      expect(await balanceOf(sim, player)).toBe('60');
    });

    it('timeoutAfterApplyRate: a client that gives up first still finds the transfer applied', async () => {
      const player = await newPlayer(sim);
      await put('SLX', { timeoutAfterApplyRate: 1, hangMs: 5000 });
      const transferId = uid('t');
      const err = await call(
        sim,
        'POST',
        '/providers/SLX/transfers',
        { transferId, player, direction: 'in', amountMinor: '5' },
        { signal: AbortSignal.timeout(200) },
      ).catch((e: Error) => e);
      expect((err as Error).name).toBe('TimeoutError');
      expect((await call(sim, 'GET', `/providers/SLX/transfers/${transferId}`)).body.status).toBe('applied');
    });

    it('timeoutBeforeApplyRate hangs and drops the connection without applying', async () => {
      const player = await newPlayer(sim, 'SLX', '100');
      await put('SLX', { timeoutBeforeApplyRate: 1, hangMs: 300 });
      const transfer = { transferId: uid('t'), player, direction: 'out', amountMinor: '40' };
      const started = Date.now();
      const err = await call(sim, 'POST', '/providers/SLX/transfers', transfer, { signal: AbortSignal.timeout(3000) }).catch((e: Error) => e);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).name).not.toBe('TimeoutError');
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(await call(sim, 'GET', `/providers/SLX/transfers/${transfer.transferId}`)).toEqual({
        status: 404,
        body: { status: 'not_found', transferId: transfer.transferId },
      });
      expect(await balanceOf(sim, player)).toBe('100');
      // The request was forgotten: sending it again applies it once.
      await admin(sim, 'DELETE', '/sim/faults');
      expect((await call(sim, 'POST', '/providers/SLX/transfers', transfer)).body).toMatchObject({ status: 'applied', balanceMinor: '60' });
    });

    it('duplicateDeliveryRate processes the request twice, and idempotency makes it count once', async () => {
      const player = await newPlayer(sim, 'SLX', '1000');
      await put('SLX', { duplicateDeliveryRate: 1 });
      const before = sim.state.platforms.get('SLX')!.stats.duplicateDeliveries;
      const tOut = uid('t');
      const r = await call(sim, 'POST', '/providers/SLX/transfers', { transferId: tOut, player, direction: 'out', amountMinor: '600' });
      expect(r.body).toMatchObject({ status: 'applied', transferId: tOut, balanceMinor: '400' });
      const r2 = await call(sim, 'POST', '/providers/SLX/transfers', { transferId: uid('t'), player, direction: 'in', amountMinor: '1' });
      expect(r2.body).toMatchObject({ status: 'applied', balanceMinor: '401' });
      expect(sim.state.platforms.get('SLX')!.stats.duplicateDeliveries - before).toBe(2);
      expect(await balanceOf(sim, player)).toBe('401');
    });

    it('maintenance answers 503 on every provider call and applies nothing', async () => {
      const player = await newPlayer(sim, 'CRD', '100');
      await put('CRD', { maintenance: true });
      const maint = { status: 503, body: { status: 'error', code: 'MAINTENANCE' } };
      const transferId = uid('t');
      expect(await call(sim, 'POST', '/providers/CRD/players', { player: uid('p') })).toEqual(maint);
      expect(await call(sim, 'GET', `/providers/CRD/players/${player}/balance`)).toEqual(maint);
      expect(await call(sim, 'POST', '/providers/CRD/transfers', { transferId, player, direction: 'out', amountMinor: '10' })).toEqual(maint);
      expect(await call(sim, 'GET', `/providers/CRD/transfers/${transferId}`)).toEqual(maint);
      expect(await call(sim, 'GET', `/providers/CRD/launch?player=${player}`)).toEqual(maint);
      expect(await call(sim, 'GET', '/providers/CRD/demo')).toEqual(maint);
      // Even unsigned calls get the maintenance answer.
      expect((await fetch(`${sim.url}/providers/CRD/players/${player}/balance`)).status).toBe(503);
      expect((await fetch(`${sim.url}/play/CRD/lobby?session=x`)).status).toBe(503);
      // Other platforms keep working.
      expect((await call(sim, 'GET', '/providers/SLX/demo')).status).toBe(200);
      await put('CRD', { maintenance: false });
      expect(await call(sim, 'GET', `/providers/CRD/transfers/${transferId}`)).toEqual({ status: 404, body: { status: 'not_found', transferId } });
      expect(await balanceOf(sim, player, 'CRD')).toBe('100');
    });

    it('a seed makes the rolls repeatable', async () => {
      const player = await newPlayer(sim);
      const run = async () => {
        await put('SLX', { errorRate: 0.5, seed: 'abc' });
        const out: number[] = [];
        for (let i = 0; i < 24; i++) out.push((await call(sim, 'GET', `/providers/SLX/players/${player}/balance`)).status);
        return out;
      };
      const a = await run();
      const b = await run();
      expect(a).toEqual(b);
      expect(new Set(a)).toEqual(new Set([200, 500]));
    });
  });
});

describe('sim persistence', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sim-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps players, balances and transfer answers across a restart', async () => {
    let sim = await startSim({ dataDir: dir, secret: SECRET });
    const player = await newPlayer(sim, 'SLX');
    const tIn = { transferId: uid('in'), player, direction: 'in', amountMinor: '1000' };
    const tOut = { transferId: uid('out'), player, direction: 'out', amountMinor: '300' };
    const tBad = { transferId: uid('bad'), player, direction: 'out', amountMinor: '5000' };
    const answers = [];
    for (const t of [tIn, tOut, tBad]) answers.push(await call(sim, 'POST', '/providers/SLX/transfers', t));
    // The journal holds the transfer by the time the answer arrives.
    expect(await readFile(join(dir, 'SLX.jsonl'), 'utf8')).toContain(tBad.transferId);
    await sim.close();

    sim = await startSim({ dataDir: dir, secret: SECRET });
    try {
      expect(await balanceOf(sim, player)).toBe('700');
      expect((await call(sim, 'POST', '/providers/SLX/players', { player })).body.created).toBe(false);
      const replays = [];
      for (const t of [tIn, tOut, tBad]) replays.push(await call(sim, 'POST', '/providers/SLX/transfers', t));
      expect(replays).toEqual(answers);
      expect(await balanceOf(sim, player)).toBe('700');
      expect((await call(sim, 'GET', `/providers/SLX/transfers/${tBad.transferId}`)).body).toMatchObject({ status: 'rejected', code: 'INSUFFICIENT_FUNDS' });
      expect((await admin(sim, 'GET', '/sim/balances/SLX')).body).toEqual({ players: { [player]: '700' }, totalMinor: '700' });
    } finally {
      await sim.close();
    }
  });

  it('survives a torn last line', async () => {
    await appendFile(join(dir, 'SLX.jsonl'), '{"t":"transfer","transferId":"torn_');
    let sim = await startSim({ dataDir: dir, secret: SECRET });
    const { body } = await admin(sim, 'GET', '/sim/balances/SLX');
    const [player] = Object.keys(body.players);
    await call(sim, 'POST', '/providers/SLX/transfers', { transferId: uid('t'), player, direction: 'in', amountMinor: '1' });
    await sim.close();
    sim = await startSim({ dataDir: dir, secret: SECRET });
    try {
      expect(await balanceOf(sim, player!)).toBe('701');
    } finally {
      await sim.close();
    }
  });
});

// ---- games: play pages and API, bet log, test switches ----

interface PlayRes {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
  body: Record<string, any>;
}

async function launchFor(sim: Sim, code: string, fundsMinor = '100000', game = 'lobby', lang = 'en') {
  const player = await newPlayer(sim, code, fundsMinor);
  const r = await call(sim, 'GET', `/providers/${code}/launch?player=${player}&game=${game}&lang=${lang}`);
  expect(r.status).toBe(200);
  const url = new URL(r.body.url);
  return { player, session: url.searchParams.get('session')!, path: url.pathname + url.search, game };
}

async function playApi(sim: Sim, code: string, game: string, auth: Record<string, string>, path: string, body?: unknown): Promise<PlayRes> {
  const res = await fetch(`${sim.url}/play-api/${code}/${game}/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** Reads the bet log from `cursor` to its end in pages of `limit`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
async function pullLog(sim: Sim, code: string, cursor = '', limit = 100): Promise<{ bets: any[]; cursor: string; pages: number }> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
  const bets: any[] = [];
  let pages = 0;
  for (;;) {
    const r = await call(sim, 'GET', `/providers/${code}/bets?cursor=${encodeURIComponent(cursor)}&limit=${limit}`);
    expect(r.status).toBe(200);
    pages++;
    bets.push(...r.body.bets);
    cursor = r.body.nextCursor;
    if (!r.body.hasMore) return { bets, cursor, pages };
  }
}

const openEvent = async (sim: Sim, code: string, game: string, auth: Record<string, string>) => {
  const s = await playApi(sim, code, game, auth, 'state');
  expect(s.status).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
  return (s.body.events as any[]).filter((e) => e.phase === 'open').at(-1);
};

describe('sim games', () => {
  let sim: Sim;
  // The games run on a frozen clock 1 s into a round of every timed game, moved on an hour (a whole
  // number of rounds) per test, so betting windows are open whatever the real time is.
  let gameNow = 1_800_000_001_000;
  beforeAll(async () => {
    sim = await startSim({ secret: SECRET, gameClock: () => gameNow });
  });
  afterAll(async () => {
    await sim.close();
  });
  beforeEach(async () => {
    gameNow += 3_600_000;
    await admin(sim, 'DELETE', '/sim/faults');
  });

  it("serves each platform's game at its launch URL in both languages, with stable selectors", async () => {
    const selectors: Record<string, string[]> = {
      SLX: ['spin', 'reels'],
      FSH: ['shoot', 'target-clownfish', 'target-dragon'],
      LVC: ['bet-player', 'bet-banker', 'bet-tie', 'countdown', 'round'],
      SPB: ['matches'],
      LTO: ['bet-big', 'bet-small', 'pick-1', 'pick-20', 'bet-pick', 'countdown'],
      CRD: ['bet-dragon', 'bet-tiger', 'bet-tie'],
      ESP: ['matches'],
    };
    const names: Record<string, [string, string]> = {
      SLX: ['幸運 7', 'Lucky 7'],
      FSH: ['海洋狩獵', 'Ocean Hunt'],
      LVC: ['百家樂', 'Baccarat'],
      SPB: ['足球', 'Football'],
      LTO: ['幸運 5', 'Lucky 5'],
      CRD: ['龍虎鬥', 'Dragon Tiger'],
      ESP: ['MOBA 盃', 'MOBA Cup'],
    };
    const { body } = await admin(sim, 'GET', '/sim/platforms');
    expect(Object.fromEntries(body.platforms.map((p: { code: string; games: string[] }) => [p.code, p.games]))).toEqual({
      SLX: ['lucky-7'],
      FSH: ['ocean-hunt'],
      LVC: ['baccarat'],
      SPB: ['football'],
      LTO: ['lucky-5'],
      CRD: ['dragon-tiger'],
      ESP: ['moba-cup'],
    });
    for (const [code, ids] of Object.entries(selectors)) {
      for (const [lang, name] of [
        ['zh-TW', names[code]![0]],
        ['en', names[code]![1]],
      ] as const) {
        const { path } = await launchFor(sim, code, '4200', code === 'SLX' ? 'lucky-7' : 'lobby', lang);
        const res = await fetch(sim.url + path);
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toContain(`<html lang="${lang}">`);
        expect(html).toContain(name);
        for (const id of ['balance', 'stake', 'result', 'message', 'my-bets', 'rtp', ...ids]) expect(html).toContain(`data-testid="${id}"`);
        expect(html).toContain('data-balance-minor="4200"');
        expect(html).toMatch(/RTP[)）]<\/span> <b>[^<]*\d\d\.\d\d%/);
      }
    }
    const js = await fetch(`${sim.url}/play-assets/client.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
  });

  it('ten spins debit the provider wallet, credit the wins, and land in the bet log', async () => {
    const { player, session } = await launchFor(sim, 'SLX', '10000', 'lucky-7');
    const auth = { 'x-session': session };
    const tail = (await pullLog(sim, 'SLX')).cursor;
    let expected = 10_000n;
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await playApi(sim, 'SLX', 'lucky-7', auth, 'bets', { stakeMinor: '100', option: 'spin' });
      expect(r.status).toBe(200);
      expect(r.body.bet).toMatchObject({ status: 'settled', stakeMinor: '100', version: 1 });
      expected += BigInt(r.body.bet.payoutMinor) - 100n;
      expect(r.body.balanceMinor).toBe(expected.toString());
      ids.push(r.body.bet.betId);
    }
    expect(await balanceOf(sim, player)).toBe(expected.toString());
    const log = await pullLog(sim, 'SLX', tail);
    expect(log.bets.map((b) => b.betId)).toEqual(ids);
    for (const b of log.bets) {
      expect(b).toMatchObject({ player, game: 'lucky-7', gameType: 'slots', stakeMinor: '100', status: 'settled', version: 1 });
      expect(typeof b.payoutMinor).toBe('string');
      expect(b.settledAt).toBe(b.placedAt);
      expect(b.detail.option).toBe('spin');
    }
    const state = await playApi(sim, 'SLX', 'lucky-7', auth, 'state');
    expect(state.body).toMatchObject({ status: 'ok', mode: 'real', balanceMinor: expected.toString() });
    expect(state.body.bets.map((b: { betId: string }) => b.betId)).toEqual([...ids].reverse());
  });

  it('refuses a bet beyond the provider balance with a clear message, and bad stakes', async () => {
    const { player, session } = await launchFor(sim, 'CRD', '500', 'dragon-tiger');
    const auth = { 'x-session': session };
    const r = await playApi(sim, 'CRD', 'dragon-tiger', auth, 'bets', { stakeMinor: '1000', option: 'dragon' });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ status: 'error', code: 'INSUFFICIENT_FUNDS', balanceMinor: '500' });
    expect(r.body.message).toMatch(/Insufficient balance in this game wallet \(5\.00\) for a stake of 10\.00/);
    expect((await playApi(sim, 'CRD', 'dragon-tiger', auth, 'bets', { stakeMinor: '50', option: 'dragon' })).body).toMatchObject({
      code: 'INVALID_STAKE',
      minStakeMinor: '100',
      maxStakeMinor: '500000',
    });
    expect((await playApi(sim, 'CRD', 'dragon-tiger', auth, 'bets', { stakeMinor: '100', option: 'phoenix' })).body.code).toBe('INVALID_OPTION');
    const bad = await fetch(`${sim.url}/play-api/CRD/dragon-tiger/bets`, { method: 'POST', headers: auth, body: '{nope' });
    expect(bad.status).toBe(400);
    expect(await balanceOf(sim, player, 'CRD')).toBe('500');
  });

  it('the play API needs the launch session of that platform and game', async () => {
    const { session } = await launchFor(sim, 'SLX', '1000');
    const spin = { stakeMinor: '100', option: 'spin' };
    expect((await playApi(sim, 'SLX', 'lobby', {}, 'bets', spin)).status).toBe(401);
    expect((await playApi(sim, 'SLX', 'lobby', { 'x-session': `${session}x` }, 'bets', spin)).body.code).toBe('SESSION_EXPIRED');
    // Bound to the game in the link and to the platform.
    expect((await playApi(sim, 'SLX', 'lucky-7', { 'x-session': session }, 'bets', spin)).status).toBe(401);
    expect((await playApi(sim, 'FSH', 'lobby', { 'x-session': session }, 'bets', spin)).status).toBe(401);
    expect((await playApi(sim, 'SLX', 'lobby', { 'x-session': session }, 'bets', spin)).status).toBe(200);
    await admin(sim, 'PUT', '/sim/faults/SLX', { maintenance: true });
    expect((await playApi(sim, 'SLX', 'lobby', { 'x-session': session }, 'bets', spin)).body.code).toBe('MAINTENANCE');
  });

  it('demo play uses play money only: wallets and the bet log never change', async () => {
    const balances = async () =>
      Object.fromEntries(await Promise.all(['SLX', 'LVC', 'FSH'].map(async (c) => [c, (await admin(sim, 'GET', `/sim/balances/${c}`)).body.totalMinor])));
    const tails = async () => Promise.all(['SLX', 'LVC', 'FSH'].map(async (c) => (await pullLog(sim, c)).cursor));
    const before = await balances();
    const cursors = await tails();
    const demo = { 'x-demo': `demo_${randomUUID().replaceAll('-', '')}` };
    const first = await playApi(sim, 'SLX', 'lobby', demo, 'state');
    expect(first.body).toMatchObject({ mode: 'demo', balanceMinor: '1000000' });
    let expected = 1_000_000n;
    for (let i = 0; i < 5; i++) {
      const r = await playApi(sim, 'SLX', 'lobby', demo, 'bets', { stakeMinor: '1000', option: 'spin' });
      expect(r.status).toBe(200);
      expected += BigInt(r.body.bet.payoutMinor) - 1000n;
      expect(r.body.balanceMinor).toBe(expected.toString());
    }
    expect((await playApi(sim, 'FSH', 'g1', demo, 'bets', { stakeMinor: '100', option: 'shark' })).status).toBe(200);
    const round = await openEvent(sim, 'LVC', 'lobby', demo);
    expect((await playApi(sim, 'LVC', 'lobby', demo, 'bets', { stakeMinor: '100', option: 'banker', eventId: round.id })).status).toBe(200);
    await admin(sim, 'POST', '/sim/bets/LVC/settle-now');
    const after = await playApi(sim, 'LVC', 'lobby', demo, 'state');
    expect(after.body.bets[0].status).toBe('settled');
    expect(await balances()).toEqual(before);
    for (const [i, c] of ['SLX', 'LVC', 'FSH'].entries()) expect((await pullLog(sim, c, cursors[i])).bets).toEqual([]);
    // A demo reset restores the play money; CRD has no demo.
    expect((await playApi(sim, 'SLX', 'lobby', demo, 'demo-reset', {})).body.balanceMinor).toBe('1000000');
    expect((await playApi(sim, 'CRD', 'lobby', demo, 'state')).body.code).toBe('NO_DEMO');
    expect((await playApi(sim, 'SLX', 'lobby', { 'x-demo': 'short' }, 'state')).status).toBe(401);
  });

  it('timed bets stay open until their round or match settles (settle-now for tests), logged in both versions', async () => {
    const tails = Object.fromEntries(await Promise.all(['LVC', 'SPB', 'LTO', 'ESP'].map(async (c) => [c, (await pullLog(sim, c)).cursor])));
    for (const [code, option] of [
      ['LVC', 'banker'],
      ['SPB', 'away'],
      ['LTO', 'pick:1,2,3'],
      ['ESP', 'blue'],
    ] as const) {
      const { player, session } = await launchFor(sim, code, '10000');
      const auth = { 'x-session': session };
      const ev = await openEvent(sim, code, 'lobby', auth);
      expect(ev).toBeDefined();
      const r = await playApi(sim, code, 'lobby', auth, 'bets', { stakeMinor: '1000', option, eventId: ev.id });
      expect(r.status).toBe(200);
      expect(r.body.bet).toMatchObject({ status: 'open', version: 1, payoutMinor: '0' });
      expect(await balanceOf(sim, player, code)).toBe('9000');
      const settle = await admin(sim, 'POST', `/sim/bets/${code}/settle-now`);
      expect(settle.body).toEqual({ status: 'ok', settled: 1 });
      const log = await pullLog(sim, code, tails[code]);
      expect(log.bets.map((b) => [b.betId, b.status, b.version])).toEqual([
        [r.body.bet.betId, 'open', 1],
        [r.body.bet.betId, 'settled', 2],
      ]);
      const settled = log.bets[1];
      expect(settled.detail.outcome).toBeDefined();
      expect(await balanceOf(sim, player, code)).toBe((9000n + BigInt(settled.payoutMinor)).toString());
      // That event is closed now; the page shows its result.
      expect((await playApi(sim, code, 'lobby', auth, 'bets', { stakeMinor: '1000', option, eventId: ev.id })).body.code).toBe('BETTING_CLOSED');
    }
  });

  it('the bet log is signed and validated, and a consumer resuming from its cursor sees every change once', async () => {
    expect((await fetch(`${sim.url}/providers/FSH/bets`)).status).toBe(401);
    expect((await call(sim, 'GET', '/providers/FSH/bets?limit=0')).body.code).toBe('INVALID_LIMIT');
    expect((await call(sim, 'GET', '/providers/FSH/bets?limit=501')).body.code).toBe('INVALID_LIMIT');
    expect((await call(sim, 'GET', '/providers/FSH/bets?cursor=garbage')).body.code).toBe('INVALID_CURSOR');
    const start = (await pullLog(sim, 'FSH')).cursor;
    const { session } = await launchFor(sim, 'FSH', '100000');
    const made: string[] = [];
    // Changes arrive while the consumer reads.
    let cursor = start;
    const seen: string[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 7; i++) {
        const r = await playApi(sim, 'FSH', 'lobby', { 'x-session': session }, 'bets', { stakeMinor: '100', option: 'octopus' });
        made.push(`${r.body.bet.betId}@1`);
      }
      const page = await call(sim, 'GET', `/providers/FSH/bets?cursor=${cursor}&limit=5`);
      for (const b of page.body.bets) seen.push(`${b.betId}@${b.version}`);
      cursor = page.body.nextCursor;
    }
    const rest = await pullLog(sim, 'FSH', cursor, 3);
    seen.push(...rest.bets.map((b) => `${b.betId}@${b.version}`));
    expect(seen).toEqual(made);
    // Re-reading from the start cursor returns the same records again.
    const again = await pullLog(sim, 'FSH', start, 500);
    expect(again.bets.map((b) => `${b.betId}@${b.version}`)).toEqual(made);
    expect(again.cursor).toBe(rest.cursor);
    expect((await call(sim, 'GET', `/providers/FSH/bets?cursor=${again.cursor}`)).body).toEqual({
      status: 'ok',
      bets: [],
      nextCursor: again.cursor,
      hasMore: false,
    });
  });

  it('a correction bumps the version, adjusts the wallet by the difference and appears in the log again', async () => {
    const { player, session } = await launchFor(sim, 'SLX', '10000');
    const tail = (await pullLog(sim, 'SLX')).cursor;
    const r = await playApi(sim, 'SLX', 'lobby', { 'x-session': session }, 'bets', { stakeMinor: '500', option: 'spin' });
    const bet = r.body.bet;
    const balance = BigInt(await balanceOf(sim, player));
    const c = await admin(sim, 'POST', '/sim/bets/SLX/correct', { betId: bet.betId, payoutMinor: '2500' });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ status: 'ok', changed: true, bet: { betId: bet.betId, version: 2, payoutMinor: '2500', status: 'settled' } });
    expect(await balanceOf(sim, player)).toBe((balance - BigInt(bet.payoutMinor) + 2500n).toString());
    const log = await pullLog(sim, 'SLX', tail);
    expect(log.bets.map((b) => [b.betId, b.version, b.payoutMinor])).toEqual([
      [bet.betId, 1, bet.payoutMinor],
      [bet.betId, 2, '2500'],
    ]);
    const v = await admin(sim, 'POST', '/sim/bets/SLX/correct', { betId: bet.betId, void: true });
    expect(v.body.bet).toMatchObject({ status: 'void', version: 3, payoutMinor: '500' });
    expect((await admin(sim, 'POST', '/sim/bets/SLX/correct', { betId: 'nope', payoutMinor: '1' })).status).toBe(404);
    expect((await admin(sim, 'POST', '/sim/bets/SLX/correct', { betId: bet.betId, payoutMinor: '1' })).body.code).toBe('BET_VOID');
    const list = await admin(sim, 'GET', `/sim/bets/SLX?player=${player}`);
    expect(list.body).toMatchObject({ status: 'ok', total: expect.any(Number), open: 0 });
    expect(list.body.bets).toHaveLength(1);
    expect(list.body.bets[0]).toMatchObject({ betId: bet.betId, version: 3, status: 'void' });
  });

  it('betLogFailAfter: the log serves N more records, then one call fails with 500, then the cursor resumes', async () => {
    const start = (await pullLog(sim, 'CRD')).cursor;
    const { session } = await launchFor(sim, 'CRD', '100000');
    const made: string[] = [];
    for (let i = 0; i < 9; i++)
      made.push((await playApi(sim, 'CRD', 'lobby', { 'x-session': session }, 'bets', { stakeMinor: '100', option: 'tiger' })).body.bet.betId);
    expect((await admin(sim, 'PUT', '/sim/faults/CRD', { betLogFailAfter: 6 })).body.betLogFailAfter).toBe(6);
    const p1 = await call(sim, 'GET', `/providers/CRD/bets?cursor=${start}&limit=4`);
    expect(p1.body.bets).toHaveLength(4);
    const p2 = await call(sim, 'GET', `/providers/CRD/bets?cursor=${p1.body.nextCursor}&limit=4`);
    expect(p2.body).toMatchObject({ status: 'ok', hasMore: true });
    expect(p2.body.bets).toHaveLength(2); // cut short at the 6th record
    expect((await admin(sim, 'GET', '/sim/faults/CRD')).body.betLogFailAfter).toBe(0);
    const failed = await call(sim, 'GET', `/providers/CRD/bets?cursor=${p2.body.nextCursor}&limit=4`);
    expect(failed).toEqual({ status: 500, body: { status: 'error', code: 'INTERNAL' } });
    expect((await admin(sim, 'GET', '/sim/faults/CRD')).body.betLogFailAfter).toBeNull();
    const rest = await pullLog(sim, 'CRD', p2.body.nextCursor, 4);
    expect([...p1.body.bets, ...p2.body.bets, ...rest.bets].map((b) => b.betId)).toEqual(made);
    expect((await admin(sim, 'PUT', '/sim/faults/CRD', { betLogFailAfter: -1 })).status).toBe(422);
    // errorRate covers the bet log like every provider call.
    await admin(sim, 'PUT', '/sim/faults/CRD', { errorRate: 1 });
    expect((await call(sim, 'GET', '/providers/CRD/bets')).status).toBe(500);
  });
});

describe('sim games on their own schedule', () => {
  it('settles a round when its time comes, without settle-now (game clock)', async () => {
    let now = 1_800_000_001_000; // 1 s into a baccarat round
    const sim = await startSim({ secret: SECRET, gameClock: () => now, settleTickMs: 20 });
    try {
      const { player, session } = await launchFor(sim, 'LVC', '10000');
      const auth = { 'x-session': session };
      const ev = await openEvent(sim, 'LVC', 'lobby', auth);
      expect(ev.closesAt - now).toBe(14_000);
      const r = await playApi(sim, 'LVC', 'lobby', auth, 'bets', { stakeMinor: '1000', option: 'player', eventId: ev.id });
      expect(r.body.bet.status).toBe('open');
      now = ev.closesAt - 1;
      await new Promise((res) => setTimeout(res, 80));
      expect((await pullLog(sim, 'LVC')).bets.map((b) => b.version)).toEqual([1]);
      now = ev.closesAt;
      await new Promise((res) => setTimeout(res, 80));
      const log = await pullLog(sim, 'LVC');
      expect(log.bets.map((b) => [b.status, b.version])).toEqual([
        ['open', 1],
        ['settled', 2],
      ]);
      expect(await balanceOf(sim, player, 'LVC')).toBe((9000n + BigInt(log.bets[1].payoutMinor)).toString());
    } finally {
      await sim.close();
    }
  });
});

describe('sim games persistence', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sim-games-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps bets, their log, balances and open rounds across a restart', async () => {
    const gameClock = () => 1_800_000_001_000; // inside a lottery betting window, whatever the real time
    let sim = await startSim({ dataDir: dir, secret: SECRET, gameClock });
    const slx = await launchFor(sim, 'SLX', '10000');
    for (let i = 0; i < 3; i++) await playApi(sim, 'SLX', 'lobby', { 'x-session': slx.session }, 'bets', { stakeMinor: '100', option: 'spin' });
    const lto = await launchFor(sim, 'LTO', '10000');
    const ev = await openEvent(sim, 'LTO', 'lobby', { 'x-session': lto.session });
    const open = await playApi(sim, 'LTO', 'lobby', { 'x-session': lto.session }, 'bets', { stakeMinor: '1000', option: 'big', eventId: ev.id });
    expect(open.status).toBe(200);
    const before = { slx: await pullLog(sim, 'SLX'), lto: await pullLog(sim, 'LTO'), balance: await balanceOf(sim, slx.player) };
    await sim.close();

    sim = await startSim({ dataDir: dir, secret: SECRET, gameClock });
    try {
      expect(await balanceOf(sim, slx.player)).toBe(before.balance);
      expect(await balanceOf(sim, lto.player, 'LTO')).toBe('9000');
      expect((await pullLog(sim, 'SLX')).bets).toEqual(before.slx.bets);
      // Cursors from before the restart still resume where they were.
      expect((await pullLog(sim, 'SLX', before.slx.cursor)).bets).toEqual([]);
      // The saved session still works, and the open bet still settles.
      const state = await playApi(sim, 'LTO', 'lobby', { 'x-session': lto.session }, 'state');
      expect(state.body.bets[0]).toMatchObject({ betId: open.body.bet.betId, status: 'open' });
      expect((await admin(sim, 'POST', '/sim/bets/LTO/settle-now')).body.settled).toBe(1);
      const after = await pullLog(sim, 'LTO', before.lto.cursor);
      expect(after.bets.map((b) => [b.betId, b.version])).toEqual([[open.body.bet.betId, 2]]);
    } finally {
      await sim.close();
    }
  });
});
