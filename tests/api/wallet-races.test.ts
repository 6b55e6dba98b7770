// Wallet commands racing each other (DESIGN.md section 4: row locks in one order). Parallel requests for
// one player must never overdraw, double-spend or deadlock. On PostgreSQL, two interleavings are also
// forced step by step by holding a row lock from a second connection and watching pg_stat_activity.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';

let t: TestApp;
const provider = new FakeProvider();
type Player = Awaited<ReturnType<typeof seedPlayer>>;

beforeAll(async () => {
  t = await createTestApp({}, { provider });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  provider.mode = 'normal';
  provider.unreachable = false;
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});

function call(method: 'GET' | 'POST', url: string, p: Player, payload?: unknown) {
  return t.app.inject({ method, url, headers: p.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}
async function me(p: Player) {
  return (await call('GET', '/api/auth/me', p)).json().data as {
    amount: string;
    total_money: string;
    player_bonus_wallet: Array<{ id: number; money: string }>;
  };
}
async function ledgerPlatform(p: Player, code: string): Promise<bigint> {
  const res = await t.database.db.execute<{ b: string }>(
    sql`select balance_minor::text as b from accounts where player_id = ${p.playerId} and kind = 'platform' and ref = ${code}`,
  );
  return BigInt(res.rows[0]?.b ?? '0');
}
const codes = (answers: Array<{ statusCode: number; json(): { code?: string; data?: { status?: string } } }>) =>
  answers.map((a) => (a.statusCode === 200 ? (a.json().data?.status ?? 'ok') : `${a.statusCode}:${a.json().code}`)).sort();

describe('parallel requests of one player', () => {
  it('parallel transfers in never spend more than the central wallet holds', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call('POST', `/api/players/deposit/${i % 2 ? 'SLX' : 'FSH'}`, p, { money: '20' })));
    expect(codes(answers)).toEqual([...Array(5).fill('422:insufficient_funds'), ...Array(5).fill('applied')].sort());
    expect(await me(p)).toMatchObject({ amount: '0.00', total_money: '100.00' });
  });

  it('parallel "take everything" from one platform takes it once', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    await call('POST', '/api/players/deposit/LVC', p, { money: '60' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', '/api/players/withdraw/LVC', p, { type: 2 })));
    const outcome = codes(answers);
    expect(outcome.filter((c) => c === 'applied')).toHaveLength(1);
    for (const c of outcome) expect(['applied', '422:insufficient_funds', '422:nothing_to_transfer']).toContain(c);
    expect(await me(p)).toMatchObject({ amount: '100.00', total_money: '100.00' });
    expect(provider.balances.get(`LVC:p${p.playerId}`)).toBe(0n);
    expect(await ledgerPlatform(p, 'LVC')).toBe(0n);
  });

  it('a mix of every wallet command in parallel keeps the money and the provider in agreement', async () => {
    const p = await seedPlayer(t, { centralMinor: 50_000n });
    const w = await t.app.services.wallet.grantBonus({
      playerId: p.playerId,
      name: 'mix',
      amountMinor: 20_000n,
      bonusBetMinor: 0n,
      idempotencyKey: `mix-${p.playerId}`,
    });
    const ops = [
      () => call('POST', '/api/players/deposit/SLX', p, { money: '30' }),
      () => call('POST', '/api/players/deposit/FSH', p, { money: '25.5' }),
      () => call('POST', '/api/players/deposit/LVC', p, { money: '10', player_bonus_wallet_id: w.id }),
      () => call('POST', '/api/players/withdraw/SLX', p, { money: '7' }),
      () => call('POST', '/api/players/withdraw/FSH', p, { type: 2 }),
      () => call('POST', '/api/players/withdraw/LVC', p, { type: 2 }),
      () => call('POST', '/api/players/withdrawAll', p),
      () => call('POST', '/api/players/depositBonus', p, { money: '3', player_bonus_wallet_id: w.id }),
      () => call('GET', '/api/auth/me', p),
      () => call('POST', '/api/games/wallet', p, { forceUpdate: true }),
    ];
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => ops[(i * 7 + round * 3) % ops.length]!()));
      for (const a of answers) expect(a.statusCode, `${a.body}\n${t.internalErrors.join('\n')}`).toBeLessThan(500);
    }
    expect(await me(p)).toMatchObject({ total_money: '700.00' });
    for (const code of ['SLX', 'FSH', 'LVC']) expect(await ledgerPlatform(p, code), code).toBe(provider.balances.get(`${code}:p${p.playerId}`) ?? 0n);
  });
});

// Forcing an interleaving needs a second connection, which PGlite (one connection in-process) does not have.
describe.skipIf(!process.env.DATABASE_URL)('forced interleavings (PostgreSQL)', () => {
  let side: pg.Client;
  beforeAll(async () => {
    side = new pg.Client({ connectionString: t.database.url });
    await side.connect();
  });
  afterAll(async () => {
    await side?.end();
  });

  /** Waits until `n` backends of this database wait for a lock (bounded). */
  async function waiters(n: number): Promise<void> {
    const until = Date.now() + 15_000;
    for (;;) {
      const res = await side.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (res.rows[0]!.n >= n) return;
      if (Date.now() > until) throw new Error(`expected ${n} lock waiters, saw ${res.rows[0]!.n}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('a transfer out settling while a transfer in from an activity wallet is being recorded neither deadlocks nor unbinds the wallet', async () => {
    const p = await seedPlayer(t);
    const w = await t.app.services.wallet.grantBonus({
      playerId: p.playerId,
      name: 'race',
      amountMinor: 5_000n,
      bonusBetMinor: 0n,
      idempotencyKey: `race1-${p.playerId}`,
    });
    expect((await call('POST', '/api/players/deposit/SLX', p, { money: '20', player_bonus_wallet_id: w.id })).json().data.status).toBe('applied');
    provider.mode = 'timeout-after-apply';
    const out = await call('POST', '/api/players/withdraw/SLX', p, { type: 2 });
    provider.mode = 'normal';
    expect(out.json().data.status).toBe('pending');

    // The transfer in takes the platform binding, then waits for the activity wallet we hold.
    await side.query('begin');
    await side.query('select id from bonus_wallets where id = $1 for update', [w.id]);
    const deposit = call('POST', '/api/players/deposit/SLX', p, { money: '10', player_bonus_wallet_id: w.id });
    await waiters(1);
    // Meanwhile reconciliation settles the transfer out, which empties the platform wallet.
    const settle = t.app.services.wallet.settle(out.json().data.id, 'applied', 'race').then(
      (r) => r.status,
      (e: unknown) => `error: ${(e as Error).message}`,
    );
    await waiters(2);
    await side.query('commit');
    const [dep, settled] = await Promise.all([deposit, settle]);
    expect(dep.statusCode, dep.body).toBe(200);
    expect(dep.json().data.status).toBe('applied');
    expect(settled).toBe('applied');

    // What is on the platform came from the activity wallet and goes back there.
    const list = (await call('POST', '/api/games/wallet', p, {})).json().data as Array<{ code: string; wallet: string; player_bonus_wallet_id: number | null }>;
    expect(list.find((x) => x.code === 'SLX')).toMatchObject({ wallet: '10.00', player_bonus_wallet_id: w.id });
    expect((await call('POST', '/api/players/withdraw/SLX', p, { type: 2 })).json().data.status).toBe('applied');
    const after = await me(p);
    expect(after.amount).toBe('0.00');
    expect(after.player_bonus_wallet.find((x) => x.id === w.id)!.money).toBe('50.00');
  });

  it('an unlock racing a transfer out into its wallet pays out everything, leaving nothing in the closed wallet', async () => {
    const p = await seedPlayer(t);
    const w = await t.app.services.wallet.grantBonus({
      playerId: p.playerId,
      name: 'race',
      amountMinor: 5_000n,
      bonusBetMinor: 1_000n,
      idempotencyKey: `race2-${p.playerId}`,
    });
    expect((await call('POST', '/api/players/deposit/SPB', p, { money: '20', player_bonus_wallet_id: w.id })).json().data.status).toBe('applied');
    provider.mode = 'timeout-after-apply';
    const out = await call('POST', '/api/players/withdraw/SPB', p, { type: 2 });
    provider.mode = 'normal';
    expect(out.json().data.status).toBe('pending');
    await t.database.db.execute(sql`update bonus_wallets set bonus_now_bet_minor = 1000 where id = ${w.id}`);
    const bonusAcc = await t.app.services.wallet.accounts.playerAccount(p.playerId, 'bonus', String(w.id));

    await side.query('begin');
    await side.query('select id from accounts where id = $1 for update', [bonusAcc]);
    const settle = t.app.services.wallet.settle(out.json().data.id, 'applied', 'race').then(
      (r) => r.status,
      (e: unknown) => `error: ${(e as Error).message}`,
    );
    await waiters(1);
    const unlock = call('POST', '/api/players/bonusTransfer', p, { player_bonus_wallet_id: w.id });
    await waiters(2);
    await side.query('commit');
    const [settled, unlocked] = await Promise.all([settle, unlock]);
    expect(settled).toBe('applied');
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json().data.money).toBe('50.00');
    expect(await me(p)).toMatchObject({ amount: '50.00', total_money: '50.00' });
    const left = await t.database.db.execute<{ b: string }>(sql`select balance_minor::text as b from accounts where id = ${bonusAcc}`);
    expect(left.rows[0]!.b).toBe('0');
  });
});

describe('transfers into play batched together (wallet_start_transfers_in)', () => {
  /** Players known at SLX (one transfer each already), so their next transfers reach the batcher in one turn. */
  async function warmPlayers(n: number, centralMinor = 10_000n): Promise<Player[]> {
    const players = await Promise.all(Array.from({ length: n }, () => seedPlayer(t, { centralMinor })));
    for (const p of players) await t.app.services.wallet.transferIn(p.playerId, 'SLX', 100n, { kind: 'central' });
    return players;
  }

  it('starts and settlements of many players at once go as batches: each applied once, the one without the money refused, money and provider in agreement', async () => {
    const players = await warmPlayers(12);
    const poor = await seedPlayer(t, { centralMinor: 500n });
    await t.app.services.wallet.transferIn(poor.playerId, 'SLX', 100n, { kind: 'central' });
    const before = t.app.services.wallet.batching;
    const answers = await Promise.allSettled([...players, poor].map((p) => t.app.services.wallet.transferIn(p.playerId, 'SLX', 1_000n, { kind: 'central' })));
    const after = t.app.services.wallet.batching;
    expect(after.starts.batches).toBeGreaterThan(before.starts.batches);
    expect(after.settlements.batches).toBeGreaterThan(before.settlements.batches);
    expect(after.starts.failedBatches).toBe(before.starts.failedBatches);
    expect(answers.slice(0, -1).map((a) => (a.status === 'fulfilled' ? a.value.status : String(a.reason)))).toEqual(Array(12).fill('applied'));
    expect(answers.at(-1)).toMatchObject({ status: 'rejected', reason: { code: 'insufficient_funds' } });
    for (const p of players) {
      expect(await ledgerPlatform(p, 'SLX')).toBe(1_100n);
      expect(provider.balances.get(`SLX:p${p.playerId}`)).toBe(1_100n);
      expect(await me(p)).toMatchObject({ amount: '89.00' });
    }
    expect(await ledgerPlatform(poor, 'SLX')).toBe(100n);
    expect(await me(poor)).toMatchObject({ amount: '4.00' });
  });

  it('a client key used twice at the same moment moves the money once: both uses answer the one transfer, the others apply', async () => {
    const players = await warmPlayers(6);
    const [first] = players as [Player, ...Player[]];
    const answers = await Promise.all([
      ...players.map((p) => t.app.services.wallet.transferIn(p.playerId, 'SLX', 1_000n, { kind: 'central' }, `same-${first.playerId}-${p.playerId}`)),
      t.app.services.wallet.transferIn(first.playerId, 'SLX', 1_000n, { kind: 'central' }, `same-${first.playerId}-${first.playerId}`),
    ]);
    expect(answers.slice(1, 6).map((a) => a.status)).toEqual(Array(5).fill('applied'));
    // The two uses of the key are one transfer: whichever reached the database first moved the money and answers
    // 'applied'; the other answers that transfer as it stood when asked (still on its way, or applied).
    const [one, other] = [answers[0]!, answers[6]!];
    expect(other.id).toBe(one.id);
    expect([one.status, other.status]).toContain('applied');
    for (const a of [one, other]) expect(['pending', 'applied']).toContain(a.status);
    for (const p of players) expect(await ledgerPlatform(p, 'SLX')).toBe(1_100n);
    expect(provider.balances.get(`SLX:p${first.playerId}`)).toBe(1_100n);
  });

  it('a batch statement that one start cannot write (a client key used twice in it) raises and writes none of its starts', async () => {
    const [a, b] = (await warmPlayers(2)) as [Player, Player];
    const { journalArguments } = await import('../../src/server/ledger/ledger.ts');
    const { startTransfersIn } = await import('../../src/server/modules/wallet/repository.ts');
    const accounts = t.app.services.wallet.accounts;
    const item = async (p: Player, id: string, clientKey: string) => {
      const [central, transit] = await Promise.all([accounts.playerAccount(p.playerId, 'central'), accounts.playerAccount(p.playerId, 'transit', 'SLX')]);
      return {
        id,
        playerId: p.playerId,
        gpCode: 'SLX',
        amountMinor: 500n,
        clientKey,
        reason: 'sending to provider',
        nextCheckAt: new Date(Date.now() + 60_000),
        checkGate: true,
        journal: journalArguments({
          kind: 'transfer_start',
          idempotencyKey: `xfer:${id}:start`,
          request: { id, code: 'SLX', direction: 'in' },
          playerId: p.playerId,
          ref: id,
          postings: [
            { accountId: central, amountMinor: -500n },
            { accountId: transit, amountMinor: 500n },
          ],
        }),
      };
    };
    const tag = `B${Date.now().toString(36)}`;
    const items = [await item(a, `${tag}a`, `k-${tag}`), await item(b, `${tag}b`, `k-${tag}b`), await item(a, `${tag}c`, `k-${tag}`)];
    await expect(startTransfersIn(t.database.db, items)).rejects.toThrow();
    const written = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from platform_transfers where id like ${`${tag}%`}`);
    expect(written.rows[0]?.n).toBe(0);
    // Read from the ledger: the statement tells no page of the player, so a cached GET /auth/me would not know.
    const central = async (p: Player) =>
      (await t.database.db.execute<{ b: string }>(sql`select balance_minor::text as b from accounts where player_id = ${p.playerId} and kind = 'central'`))
        .rows[0]?.b;
    expect([await central(a), await central(b)]).toEqual(['9900', '9900']);
    // Without the second use of the key the same starts are written, each answered in its place.
    expect(await startTransfersIn(t.database.db, items.slice(0, 2))).toEqual([{ outcome: 'posted' }, { outcome: 'posted' }]);
    expect([await central(a), await central(b)]).toEqual(['9400', '9400']);
  });
});
