// The seamless wallet under concurrency: a debit, its retry and its rollback racing resolve to one outcome
// every time; a credit racing a rollback of the same debit likewise; the ledger holds after each. Run on PostgreSQL
// (DATABASE_URL) for real concurrency; on PGlite the calls interleave between statements only.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { FakeLauncher, addSeamlessPlatform, centralMinor, seamlessCall } from '../helpers/seamless.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';

let t: TestApp;
const CODE = 'SMR';

beforeAll(async () => {
  t = await createTestApp({}, { provider: new FakeProvider(), seamlessLauncher: new FakeLauncher() });
  await addSeamlessPlatform(t, CODE, 'casino');
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});

const ROUNDS = 25;

async function debitState(txId: string): Promise<string | undefined> {
  const res = await t.database.db.execute<{ status: string }>(sql`select status from seamless_transactions where gp_code = ${CODE} and tx_id = ${txId}`);
  return res.rows[0]?.status;
}

describe('racing calls', () => {
  it('a debit, its retry and its rollback sent at once end as one outcome: taken and returned, or never taken', async () => {
    const p = await seedPlayer(t, { centralMinor: 50_000n });
    const player = String(p.playerId);
    const seen = new Set<string>();
    for (let i = 0; i < ROUNDS; i++) {
      const round = `race-r${i}`;
      const d = `race-d${i}`;
      const debitBody = { player, round_id: round, transaction_id: d, game_code: 'baccarat', amount: '1000' };
      const [a, b, rb] = await Promise.all([
        seamlessCall(t, CODE, 'debit', debitBody),
        seamlessCall(t, CODE, 'debit', debitBody),
        seamlessCall(t, CODE, 'rollback', { player, round_id: round, transaction_id: `race-rb${i}`, debit_transaction_id: d }),
      ]);
      expect(rb.body.status).toBe('OK');
      // Both copies of the debit hear the same answer: accepted (then rolled back) or refused as rolled back.
      expect(a.body.status).toBe(b.body.status);
      expect(['OK', 'DEBIT_ROLLED_BACK']).toContain(a.body.status);
      const state = await debitState(d);
      expect(state).toBe(a.body.status === 'OK' ? 'rolled_back' : 'cancelled');
      seen.add(state!);
      expect(await centralMinor(t, p.playerId)).toBe(50_000n);
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  it('a credit and a rollback of the same debit sent at once: exactly one of them wins', async () => {
    const p = await seedPlayer(t, { centralMinor: 50_000n });
    const player = String(p.playerId);
    let expected = 50_000n;
    for (let i = 0; i < ROUNDS; i++) {
      const round = `cr-r${i}`;
      const d = `cr-d${i}`;
      expect((await seamlessCall(t, CODE, 'debit', { player, round_id: round, transaction_id: d, game_code: 'baccarat', amount: '1000' })).body.status).toBe(
        'OK',
      );
      const [credit, rollback] = await Promise.all([
        seamlessCall(t, CODE, 'credit', { player, round_id: round, transaction_id: `cr-c${i}`, debit_transaction_id: d, amount: '1500' }),
        seamlessCall(t, CODE, 'rollback', { player, round_id: round, transaction_id: `cr-rb${i}`, debit_transaction_id: d }),
      ]);
      if (credit.body.status === 'OK') {
        expect(rollback.body.status).toBe('ROLLBACK_AFTER_CREDIT');
        expected += 500n;
      } else {
        expect(credit.body.status).toBe('CREDIT_AFTER_ROLLBACK');
        expect(rollback.body.status).toBe('OK');
      }
      expect(await centralMinor(t, p.playerId)).toBe(expected);
    }
  });

  it('many debits of one player at once never take the balance below zero', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    const player = String(p.playerId);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        seamlessCall(t, CODE, 'debit', { player, round_id: `neg-r${i % 4}`, transaction_id: `neg-d${i}`, game_code: 'baccarat', amount: '700' }),
      ),
    );
    const ok = answers.filter((a) => a.body.status === 'OK').length;
    expect(ok).toBe(14);
    expect(answers.every((a) => BigInt(a.body.balance ?? '-1') >= 0n)).toBe(true);
    expect(await centralMinor(t, p.playerId)).toBe(10_000n - 700n * 14n);
  });
});

describe('calls batched together (seamless_debit_calls)', () => {
  it('debits and credits of many players at once go as batches: each moves money once, a replay in the batch answers the first, the one without the money is refused', async () => {
    const seamless = t.app.services.seamless;
    const players = await Promise.all(Array.from({ length: 24 }, () => seedPlayer(t, { centralMinor: 10_000n })));
    const poor = await seedPlayer(t, { centralMinor: 50n });
    // One call each first, so every player is known and the next calls reach the batchers in one turn.
    for (const p of [...players, poor]) {
      const player = String(p.playerId);
      expect((await seamless.debit(CODE, { player, round_id: `bw-${player}`, transaction_id: `bw-${player}-d`, game_code: 'slot', amount: '1' })).status).toBe(
        'OK',
      );
    }
    const before = seamless.batching[CODE];
    const debitOf = (p: { playerId: number }) => ({
      player: String(p.playerId),
      round_id: `b-${p.playerId}`,
      transaction_id: `b-${p.playerId}-d`,
      game_code: 'slot',
      amount: '1000',
    });
    const debits = await Promise.all([
      ...players.map((p) => seamless.debit(CODE, debitOf(p))),
      // The same debit twice in the same moment, and one over the balance.
      seamless.debit(CODE, debitOf(players[0]!)),
      seamless.debit(CODE, debitOf(poor)),
    ]);
    expect(debits.slice(0, 24).map((d) => d.status)).toEqual(Array(24).fill('OK'));
    expect(debits[24]).toMatchObject({ status: 'OK', balance: debits[0]?.balance });
    expect(debits[25]?.status).toBe('INSUFFICIENT_FUNDS');
    const credits = await Promise.all(
      players.map((p, i) =>
        seamless.credit(CODE, {
          player: String(p.playerId),
          round_id: `b-${p.playerId}`,
          transaction_id: `b-${p.playerId}-c`,
          debit_transaction_id: `b-${p.playerId}-d`,
          amount: i % 2 ? '3000' : '0',
          round_closed: true,
        }),
      ),
    );
    expect(credits.map((c) => c.status)).toEqual(Array(24).fill('OK'));
    const after = seamless.batching[CODE];
    expect(after!.debits.batches).toBeGreaterThan(before?.debits.batches ?? 0);
    expect(after!.credits.batches).toBeGreaterThan(before?.credits.batches ?? 0);
    // Each player: 100.00 less the warm-up 0.01 and the stake 10.00, plus 30.00 for every other one.
    for (const [i, p] of players.entries()) expect(await centralMinor(t, p.playerId)).toBe(10_000n - 1n - 1_000n + (i % 2 ? 3_000n : 0n));
    expect(await centralMinor(t, poor.playerId)).toBe(49n);
    const journals = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from journals where idempotency_key like ${`seamless:${CODE}:b-%`}`,
    );
    // 24 debits and the 12 winning credits: the replayed debit and the refused one wrote none.
    expect(journals.rows[0]?.n).toBe(36);
  });
});
