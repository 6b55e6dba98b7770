// Money commands without an Idempotency-Key get a key derived from the command, never a random one: a retry of
// the same request moves the money once. A malformed key is refused before anything moves.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { commandKey, DERIVED_KEY_WINDOW_MS } from '../../src/server/lib/idempotency.ts';
import type { FastifyRequest } from 'fastify';

let t: TestApp;
const provider = new FakeProvider();
beforeAll(async () => {
  t = await createTestApp({}, { provider });
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});

type Player = Awaited<ReturnType<typeof seedPlayer>>;
const central = async (p: Player) => ((await t.app.inject({ url: '/api/auth/me', headers: p.headers })).json().data as { amount: string }).amount;
const journalsOf = async (p: Player, kind: string) =>
  Number(
    (
      await t.database.db.execute<{ n: number }>(sql`
  select count(distinct j.id)::int as n from journals j join postings po on po.journal_id = j.id join accounts a on a.id = po.account_id
  where a.player_id = ${p.playerId} and j.kind = ${kind}`)
    ).rows[0]!.n,
  );

describe('derived idempotency keys', () => {
  it('moves bonus money to central once when the same request is sent twice without a key', async () => {
    const p = await seedPlayer(t, { centralMinor: 0n });
    const w = await t.app.services.wallet.grantBonus({
      playerId: p.playerId,
      name: '活動',
      nameEn: 'Promo',
      amountMinor: 5_000n,
      bonusBetMinor: 0n,
      idempotencyKey: `idem-${p.playerId}`,
    });
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/players/depositBonus', headers: p.headers, payload: { money: '10.00', player_bonus_wallet_id: w.id } });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await send().then((r) => r.statusCode)).toBe(200);
    expect(await central(p)).toBe('10.00');
    expect(await journalsOf(p, 'bonus_to_central')).toBe(1);
  });

  it('moves it twice when the client sends two different keys', async () => {
    const p = await seedPlayer(t, { centralMinor: 0n });
    const w = await t.app.services.wallet.grantBonus({
      playerId: p.playerId,
      name: '活動',
      nameEn: 'Promo',
      amountMinor: 5_000n,
      bonusBetMinor: 0n,
      idempotencyKey: `idem2-${p.playerId}`,
    });
    for (const key of ['client-key-0001', 'client-key-0002']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/players/depositBonus',
        headers: { ...p.headers, 'idempotency-key': key },
        payload: { money: '10.00', player_bonus_wallet_id: w.id },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await central(p)).toBe('20.00');
  });

  it('refuses a malformed key before anything moves', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    for (const key of ['short', 'x'.repeat(81), 'has space in it', 'semi;colon-key']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/finance/withdraw/create',
        headers: { ...p.headers, 'idempotency-key': key },
        payload: { money: '600.00', bank_card_id: 1 },
      });
      expect(res.statusCode, key).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, key).toBeLessThan(500);
    }
    expect(await central(p)).toBe('100.00');
  });

  it('derives the same key for the same command within the window and another after it', () => {
    const request = {
      headers: {},
      method: 'POST',
      routeOptions: { url: '/api/players/depositBonus' },
      auth: { playerId: 7 },
      ip: '127.0.0.1',
    } as unknown as FastifyRequest;
    const at = 1_800_000_000_000 - (1_800_000_000_000 % DERIVED_KEY_WINDOW_MS);
    const first = commandKey(request, { money: '10.00', id: 1 }, at);
    expect(commandKey(request, { money: '10.00', id: 1 }, at + DERIVED_KEY_WINDOW_MS - 1)).toBe(first);
    expect(commandKey(request, { money: '10.01', id: 1 }, at)).not.toBe(first);
    expect(commandKey({ ...request, auth: { playerId: 8 } } as unknown as FastifyRequest, { money: '10.00', id: 1 }, at)).not.toBe(first);
    expect(commandKey(request, { money: '10.00', id: 1 }, at + DERIVED_KEY_WINDOW_MS)).not.toBe(first);
    expect(first).toMatch(/^auto-[A-Za-z0-9_-]{40}$/);
  });
});
