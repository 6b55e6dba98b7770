// Cashier commands racing each other (DESIGN.md section 4). Many withdrawals of one player at once must
// never hold more than the central wallet has nor pass the daily count; a withdrawal is closed once; an
// idempotency key replayed in parallel gives the first answer; a card is bound once. With DATABASE_URL two
// app instances share one PostgreSQL database and the same gateway callback reaches both at once: the
// order is still credited exactly once (without it that part is skipped with a message).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { FakeGateway } from '../helpers/fake-gateway.ts';
import { freshIp, freshPhone } from '../helpers/players.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Database, type Db } from '../../src/server/db/client.ts';
import { seedReference } from '../../src/server/seed.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { bankCards, depositOrders, players, sessions, withdrawals } from '../../src/server/db/schema.ts';
import { openCentralAccount } from '../../src/server/modules/auth/repository.ts';
import { newToken } from '../../src/server/modules/auth/tokens.ts';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) {
  console.warn(
    'tests/api/cashier-race.test.ts: the two-instance part is skipped: set DATABASE_URL to race gateway callbacks across two app instances on PostgreSQL.',
  );
}

let t: TestApp;
const gateway = new FakeGateway();
type Res = Awaited<ReturnType<FastifyInstance['inject']>>;
interface Player {
  playerId: number;
  headers: { authorization: string };
  cardId: number;
}

beforeAll(async () => {
  t = await createTestApp({}, { provider: new FakeProvider(), gateway });
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  vi.restoreAllMocks();
  expect(await checkLedger(t.database.db)).toEqual([]);
});

let seq = 0;
/** A player ready to withdraw: session, real name, an audited card, and money in the central wallet. */
async function newPlayer(app: FastifyInstance, db: Db, centralMinor: bigint): Promise<Player> {
  seq += 1;
  const account = `rc${Date.now().toString(36).slice(-5)}${seq}`.slice(0, 12);
  const [row] = await db
    .insert(players)
    .values({ account, passwordHash: 'x', phone: freshPhone(), recommendCode: `RC${account}`, realName: 'Race Tester' })
    .returning({ id: players.id });
  const playerId = row!.id;
  await openCentralAccount(db, playerId);
  if (centralMinor > 0n)
    await app.services.wallet.adjustCentral({ playerId, amountMinor: centralMinor, memo: 'test funds', idempotencyKey: `rc-seed-${playerId}` });
  const { token, hash } = newToken();
  await db.insert(sessions).values({ playerId, tokenHash: hash, expiresAt: new Date(Date.now() + 3_600_000) });
  const [card] = await db
    .insert(bankCards)
    .values({
      playerId,
      bank: '004',
      market: 'Taipei',
      accountName: 'Race Tester',
      cardNumber: `7${String(playerId).padStart(6, '0')}${String(Date.now()).slice(-6)}`,
      statusDebitCard: 1,
    })
    .returning({ id: bankCards.id });
  return { playerId, headers: { authorization: `Bearer ${token}` }, cardId: card!.id };
}

/** Each request from its own address: the per-address limit of 20 withdrawals a minute is not under test. */
function post(app: FastifyInstance, p: Player, url: string, payload: unknown, headers: Record<string, string> = {}): Promise<Res> {
  return app.inject({ method: 'POST', url, remoteAddress: freshIp(), headers: { ...p.headers, ...headers }, payload: payload as object });
}
const withdraw = (p: Player, money: string, app = t.app, headers: Record<string, string> = {}) =>
  post(app, p, '/api/finance/withdraw/create', { money, bank_card_id: p.cardId }, headers);

async function balances(db: Db, playerId: number): Promise<{ central: bigint; hold: bigint }> {
  const r = await db.execute<{ kind: string; b: string }>(
    sql`select kind, balance_minor::text as b from accounts where player_id = ${playerId} and kind in ('central', 'withdraw_hold')`,
  );
  const of = (k: string) => BigInt(r.rows.find((x) => x.kind === k)?.b ?? '0');
  return { central: of('central'), hold: of('withdraw_hold') };
}
const outcome = (r: Res) => (r.statusCode === 200 ? (r.json().data.status as string) : `${r.statusCode}:${r.json().code}`);
const tally = (answers: Res[]) => {
  const out: Record<string, number> = {};
  for (const a of answers) out[outcome(a)] = (out[outcome(a)] ?? 0) + 1;
  return out;
};

describe('concurrent withdrawals of one player', () => {
  it('20 at once of 60% of the balance: exactly one is applying, the rest are refused, nothing goes negative', async () => {
    for (let round = 0; round < 4; round++) {
      const p = await newPlayer(t.app, t.database.db, 1_000_000n);
      const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(p, '6000')));
      const counts = tally(answers);
      expect(counts.applying, JSON.stringify(counts)).toBe(1);
      for (const key of Object.keys(counts)) expect(['applying', '422:insufficient_funds', '422:withdraw_daily_count']).toContain(key);
      for (const a of answers) expect(a.statusCode, a.body).toBeLessThan(500);
      expect(await balances(t.database.db, p.playerId)).toEqual({ central: 400_000n, hold: 600_000n });
      const rows = await t.database.db.select().from(withdrawals).where(eq(withdrawals.playerId, p.playerId));
      expect(rows.map((w) => [w.status, w.amountMinor, w.feeMinor])).toEqual([['applying', 600_000n, 0n]]);
    }
  });

  it('small ones at once stop at the daily count: three applying, one free and two with the fee', async () => {
    const p = await newPlayer(t.app, t.database.db, 1_000_000n);
    const answers = await Promise.all(Array.from({ length: 12 }, () => withdraw(p, '600')));
    expect(tally(answers)).toEqual({ applying: 3, '422:withdraw_daily_count': 9 });
    const fees = answers
      .filter((a) => a.statusCode === 200)
      .map((a) => a.json().data.fee)
      .sort();
    expect(fees).toEqual(['0.00', '100.00', '100.00']);
    expect(await balances(t.database.db, p.playerId)).toEqual({ central: 1_000_000n - 180_000n, hold: 180_000n });
  });

  it('mixed amounts at once never hold more than the wallet had (many rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const startMinor = 150_000n + BigInt(round) * 37_000n;
      const p = await newPlayer(t.app, t.database.db, startMinor);
      const amounts = Array.from({ length: 16 }, (_, i) => 500 + ((i * 373 + round * 911) % 1200));
      const answers = await Promise.all(amounts.map((a) => withdraw(p, String(a))));
      for (const a of answers) expect(['applying', '422:insufficient_funds', '422:withdraw_daily_count'], a.body).toContain(outcome(a));
      const applied = answers.filter((a) => a.statusCode === 200).map((a) => a.json().data as { amount: string; fee: string });
      expect(applied.length).toBeGreaterThanOrEqual(1);
      expect(applied.length).toBeLessThanOrEqual(3);
      expect(applied.filter((w) => w.fee === '0.00')).toHaveLength(1);
      const heldMinor = applied.reduce((s, w) => s + BigInt(Math.round(Number(w.amount) * 100)), 0n);
      const b = await balances(t.database.db, p.playerId);
      expect(b).toEqual({ central: startMinor - heldMinor, hold: heldMinor });
      expect(b.central >= 0n).toBe(true);
    }
  });

  it('withdrawals racing a transfer to a game platform never overdraw the central wallet', async () => {
    const p = await newPlayer(t.app, t.database.db, 100_000n);
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => withdraw(p, '700')),
      ...Array.from({ length: 6 }, () => post(t.app, p, '/api/players/deposit/SLX', { money: '700' })),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBeLessThan(500);
    const withdrawn = BigInt(answers.slice(0, 6).filter((a) => a.statusCode === 200).length);
    const transferred = BigInt(answers.slice(6).filter((a) => a.statusCode === 200).length);
    expect(withdrawn + transferred).toBe(1n);
    expect(await balances(t.database.db, p.playerId)).toEqual({ central: 30_000n, hold: withdrawn * 70_000n });
  });

  it('a withdrawal is closed once: parallel cancels, and cancel racing finance', async () => {
    const p = await newPlayer(t.app, t.database.db, 500_000n);
    const w = (await withdraw(p, '1000')).json().data;
    const cancels = await Promise.all(Array.from({ length: 10 }, () => post(t.app, p, '/api/finance/withdraw/cancel', { id: w.id })));
    expect(cancels.filter((c) => c.statusCode === 200)).toHaveLength(1);
    expect(cancels.filter((c) => c.statusCode === 422)).toHaveLength(9);
    expect(await balances(t.database.db, p.playerId)).toEqual({ central: 500_000n, hold: 0n });

    for (let round = 0; round < 3; round++) {
      const x = (await withdraw(p, '1000')).json().data;
      const results = await Promise.allSettled([
        post(t.app, p, '/api/finance/withdraw/cancel', { id: x.id }).then((r) => {
          if (r.statusCode !== 200) throw new Error(r.json().code);
        }),
        t.app.services.cashier.closeWithdrawal(x.id, 'pay', { staffId: 1 }, 'paid'),
        t.app.services.cashier.closeWithdrawal(x.id, 'reject', { staffId: 1 }, 'rejected'),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const row = (await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, x.id)))[0]!;
      const ends = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from journals where idempotency_key = ${`withdraw:${x.id}:end`}`);
      expect(ends.rows[0]!.n).toBe(1);
      expect(['cancelled', 'paid', 'rejected']).toContain(row.status);
      expect((await balances(t.database.db, p.playerId)).hold).toBe(0n);
    }
  });

  it("settings read afresh in the middle of a withdrawal do not wait on the withdrawal's own transaction", async () => {
    // The settings cache lives a second; under load a queued withdrawal finds it stale. With PGlite's one
    // connection, reading settings outside the open transaction would wait for that transaction forever.
    const system = t.app.services.system;
    const read = system.settings.bind(system);
    vi.spyOn(system, 'settings').mockImplementation(async () => {
      system.invalidate();
      return read();
    });
    const p = await newPlayer(t.app, t.database.db, 100_000n);
    const answer = await Promise.race([withdraw(p, '600'), new Promise<'stuck'>((r) => setTimeout(() => r('stuck'), 15_000))]);
    expect(answer === 'stuck' ? 'stuck' : outcome(answer)).toBe('applying');
    const terms = await t.app.inject({ url: '/api/finance/withdraw/terms', headers: p.headers, remoteAddress: freshIp() });
    expect(terms.json().data).toMatchObject({ fee: '100.00', used_today: 1 });
  });

  it('one Idempotency-Key sent many times at once: one withdrawal, one hold, no error', async () => {
    const p = await newPlayer(t.app, t.database.db, 100_000n);
    const key = { 'idempotency-key': `race-wd-${p.playerId}-000` };
    const answers = await Promise.all(Array.from({ length: 8 }, () => withdraw(p, '600', t.app, key)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    expect(await balances(t.database.db, p.playerId)).toEqual({ central: 40_000n, hold: 60_000n });
  });
});

describe('concurrent deposits and cards', () => {
  it('one Idempotency-Key sent many times at once: one deposit order, no error', async () => {
    const p = await newPlayer(t.app, t.database.db, 0n);
    const key = { 'idempotency-key': `race-dp-${p.playerId}-000` };
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(t.app, p, '/api/finance/deposit/create', { method: 'card', amount: '300' }, key)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    expect(await t.database.db.select().from(depositOrders).where(eq(depositOrders.playerId, p.playerId))).toHaveLength(1);
  });

  it('the same paid callback 50 times at once, interleaved with failures, credits once', async () => {
    const p = await newPlayer(t.app, t.database.db, 0n);
    const d = (await post(t.app, p, '/api/finance/deposit/create', { method: 'card', amount: '450' })).json().data;
    const paid = gateway.callback(d.id, 'paid');
    const failed = gateway.callback(d.id, 'failed');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const cb = i % 5 === 0 ? failed : paid;
        return t.app.inject({ method: 'POST', url: '/api/payments/paybridge/callback', headers: cb.headers, payload: cb.body });
      }),
    );
    for (const a of answers) expect([a.statusCode, a.body]).toEqual([200, 'OK']);
    expect((await balances(t.database.db, p.playerId)).central).toBe(45_000n);
    const credited = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from gateway_callbacks where order_id = ${d.id} and outcome = 'credited'`,
    );
    expect(credited.rows[0]!.n).toBe(1);
  });

  it('two players binding one account at the same moment: one gets it, the other is told it is bound', async () => {
    const a = await newPlayer(t.app, t.database.db, 0n);
    const b = await newPlayer(t.app, t.database.db, 0n);
    for (let round = 0; round < 3; round++) {
      const n = `55${String(Date.now()).slice(-9)}${round}`;
      const form = { bank: '004', market: 'Taipei', account_name: 'Race Tester', card_number: n, card_number_confirm: n };
      const answers = await Promise.all([a, b, a, b].map((p) => post(t.app, p, '/api/players/debit-card/store', form)));
      expect(answers.filter((x) => x.statusCode === 200)).toHaveLength(1);
      for (const x of answers.filter((y) => y.statusCode !== 200)) {
        expect(x.statusCode, x.body).toBe(422);
        expect(Object.keys(x.json().error)).toEqual(['card_number']);
      }
      expect(
        await t.database.db
          .select()
          .from(bankCards)
          .where(and(eq(bankCards.cardNumber, n))),
      ).toHaveLength(1);
    }
  });

  it('one player binding many cards at once stops at the maximum', async () => {
    const p = await newPlayer(t.app, t.database.db, 0n); // holds one card already
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => {
        const n = `66${String(p.playerId).padStart(5, '0')}${String(Date.now()).slice(-5)}${i}`;
        return post(t.app, p, '/api/players/debit-card/store', {
          bank: '004',
          market: 'Taipei',
          account_name: 'Race Tester',
          card_number: n,
          card_number_confirm: n,
        });
      }),
    );
    expect(answers.filter((x) => x.statusCode === 200)).toHaveLength(2);
    expect(await t.database.db.select().from(bankCards).where(eq(bankCards.playerId, p.playerId))).toHaveLength(3);
  });
});

describe.skipIf(!DATABASE_URL)('two app instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  let second: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const gatewayA = new FakeGateway();
  const gatewayB = new FakeGateway();

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReference(database.db);
    second = await openDatabase({ url: database.url });
    const config = { ...loadConfig({ ...process.env, REDIS_URL: '' }), databaseUrl: database.url };
    a = await buildApp({ config, database, logger: false, provider: new FakeProvider(), gateway: gatewayA });
    b = await buildApp({ config, database: second, logger: false, provider: new FakeProvider(), gateway: gatewayB });
    await a.ready();
    await b.ready();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await database?.drop();
  });
  afterEach(async () => {
    expect(await checkLedger(database.db)).toEqual([]);
  });

  const callbackTo = (app: FastifyInstance, cb: { headers: Record<string, string>; body: string }) =>
    app.inject({ method: 'POST', url: '/api/payments/paybridge/callback', headers: cb.headers, payload: cb.body });

  it('the same paid callback at both instances at once is credited once', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await newPlayer(a, database.db, 0n);
      const d = (await post(a, p, '/api/finance/deposit/create', { method: 'card', amount: '999.99' })).json().data;
      const cb = gatewayA.callback(d.id, 'paid');
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => callbackTo(i % 2 ? a : b, cb)));
      for (const x of answers) expect([x.statusCode, x.body]).toEqual([200, 'OK']);
      expect(await balances(database.db, p.playerId)).toEqual({ central: 99_999n, hold: 0n });
      const out = await database.db.execute<{ outcome: string; n: number }>(
        sql`select outcome, count(*)::int as n from gateway_callbacks where order_id = ${d.id} group by outcome order by outcome`,
      );
      expect(out.rows).toEqual([
        { outcome: 'credited', n: 1 },
        { outcome: 'duplicate', n: 39 },
      ]);
      const journals = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from journals where idempotency_key = ${`deposit:${d.id}`}`);
      expect(journals.rows[0]!.n).toBe(1);
    }
  });

  it('paid, failed and the expiry job at both instances at once: paid wins, credited once', async () => {
    const p = await newPlayer(a, database.db, 0n);
    const d = (await post(b, p, '/api/finance/deposit/create', { method: 'cvs', amount: '120' })).json().data;
    const failed = gatewayB.callback(d.id, 'failed');
    const paid = gatewayB.callback(d.id, 'paid');
    // The order is due for the expiry job, and both gateways say paid when asked.
    gatewayA.orders.set(d.id, { amountMinor: 12_000n, state: 'paid', method: 'cvs' });
    await database.db
      .update(depositOrders)
      .set({ expiresAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(depositOrders.id, d.id));
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => callbackTo(i % 2 ? a : b, failed)),
      ...Array.from({ length: 10 }, (_, i) => callbackTo(i % 2 ? b : a, paid)),
      a.services.cashier.expireOrders(),
      b.services.cashier.expireOrders(),
    ]);
    expect((await database.db.select().from(depositOrders).where(eq(depositOrders.id, d.id)))[0]!.status).toBe('paid');
    expect(await balances(database.db, p.playerId)).toEqual({ central: 12_000n, hold: 0n });
    const journals = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from journals where idempotency_key = ${`deposit:${d.id}`}`);
    expect(journals.rows[0]!.n).toBe(1);
  });

  it('withdrawals at both instances at once: one applying, nothing negative', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await newPlayer(a, database.db, 1_000_000n);
      const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => withdraw(p, '6000', i % 2 ? a : b)));
      const counts = tally(answers);
      expect(counts.applying, JSON.stringify(counts)).toBe(1);
      for (const key of Object.keys(counts)) expect(['applying', '422:insufficient_funds', '422:withdraw_daily_count']).toContain(key);
      expect(await balances(database.db, p.playerId)).toEqual({ central: 400_000n, hold: 600_000n });
    }
  });

  it('a card bound from both instances at once is bound once', async () => {
    const p = await newPlayer(a, database.db, 0n);
    const q = await newPlayer(a, database.db, 0n);
    const n = `77${String(Date.now()).slice(-10)}`;
    const form = { bank: '004', market: 'Taipei', account_name: 'Race Tester', card_number: n, card_number_confirm: n };
    const answers = await Promise.all([
      post(a, p, '/api/players/debit-card/store', form),
      post(b, q, '/api/players/debit-card/store', form),
      post(b, p, '/api/players/debit-card/store', form),
      post(a, q, '/api/players/debit-card/store', form),
    ]);
    expect(answers.filter((x) => x.statusCode === 200)).toHaveLength(1);
    for (const x of answers.filter((y) => y.statusCode !== 200)) expect(x.statusCode, x.body).toBe(422);
  });
});
