// Model-based test of the ledger core (DESIGN.md section 4): random sequences of journals, replays and
// reads against a real database (PGlite locally, PostgreSQL in CI), compared after every step with a
// model made of plain Maps of bigint. Also the database's own guard: the CHECK that refuses a negative
// player balance even when the code is bypassed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { inArray, sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { accounts, players } from '../../src/server/db/schema.ts';
import { AccountDirectory, balanceOf } from '../../src/server/ledger/accounts.ts';
import { LedgerError, postJournal, type JournalInput, type Posting } from '../../src/server/ledger/ledger.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { seedReference } from '../../src/server/seed.ts';

let database: TestDatabase;
/** Every account the commands touch: player accounts (never negative) and house shards (may be). */
const book: Array<{ id: number; player: boolean; label: string }> = [];

async function insertPlayers(n: number): Promise<number[]> {
  const tag = Math.random().toString(36).slice(2, 8);
  const rows = await database.db
    .insert(players)
    .values(
      Array.from({ length: n }, (_, i) => ({
        account: `lm${tag}${i}`.slice(0, 12),
        passwordHash: 'not-used',
        recommendCode: `LM${tag}${i}`.slice(0, 16),
      })),
    )
    .returning({ id: players.id });
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReference(database.db);
  const dir = new AccountDirectory(database.db);
  for (const playerId of await insertPlayers(3)) {
    book.push({ id: await dir.playerAccount(playerId, 'central'), player: true, label: `central:${playerId}` });
    book.push({ id: await dir.playerAccount(playerId, 'bonus', '1'), player: true, label: `bonus:${playerId}` });
  }
  for (const shard of [0, 1, 2]) book.push({ id: await dir.houseAccount('cash', shard), player: false, label: `house:${shard}` });
});

afterAll(async () => {
  await database?.drop();
});

// ---- the model ------------------------------------------------------------------------------------

interface Posted {
  input: JournalInput;
  journalId: number;
}
interface Model {
  balances: Map<number, bigint>;
  /** Journals this run wrote, for replays. */
  posted: Posted[];
  /** Keys of journals this run had refused: a refusal leaves nothing behind, so the key is free again. */
  refused: JournalInput[];
}
interface Real {
  seq: { n: number };
  run: string;
}

/** What the runs exercised, so a generator that stopped producing a case fails the test. */
const seen = { posted: 0, refused: 0, replayed: 0, mismatched: 0, retried: 0 };

const post = (input: JournalInput) => database.db.transaction((tx) => postJournal(tx, input));

async function realBalances(): Promise<Map<number, bigint>> {
  const rows = await database.db
    .select({ id: accounts.id, b: accounts.balanceMinor })
    .from(accounts)
    .where(
      inArray(
        accounts.id,
        book.map((a) => a.id),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.b]));
}

async function expectBalances(model: Model): Promise<void> {
  const real = await realBalances();
  for (const a of book) expect(real.get(a.id), a.label).toBe(model.balances.get(a.id));
}

/** What the model says a journal does: the merged postings, or the player account it would overdraw. */
function modelApply(model: Model, postings: Posting[]): { overdrawn?: number; next: Map<number, bigint> } {
  const next = new Map(model.balances);
  const merged = new Map<number, bigint>();
  for (const p of postings) merged.set(p.accountId, (merged.get(p.accountId) ?? 0n) + p.amountMinor);
  for (const [id, amount] of [...merged].sort((x, y) => x[0] - y[0])) {
    const after = next.get(id)! + amount;
    if (after < 0n && book.find((a) => a.id === id)!.player) return { overdrawn: id, next: model.balances };
    next.set(id, after);
  }
  return { next };
}

async function expectLedgerError(p: Promise<unknown>, code: LedgerError['code'], accountId?: number): Promise<void> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, `expected LedgerError ${code}`).toBeInstanceOf(LedgerError);
  expect((err as LedgerError).code).toBe(code);
  if (accountId !== undefined) expect((err as LedgerError).accountId).toBe(accountId);
}

/** Posts a journal and checks the outcome the model predicts, then every balance. */
async function postAndCompare(model: Model, input: JournalInput): Promise<void> {
  const expected = modelApply(model, input.postings);
  if (expected.overdrawn !== undefined) {
    await expectLedgerError(post(input), 'insufficient_funds', expected.overdrawn);
    model.refused.push(input);
    seen.refused++;
  } else {
    const res = await post(input);
    expect(res.replayed).toBe(false);
    model.balances = expected.next;
    model.posted.push({ input, journalId: res.journalId });
    seen.posted++;
  }
  await expectBalances(model);
}

type Cmd = fc.AsyncCommand<Model, Real>;
const pick = <T>(list: T[], i: number): T => list[i % list.length]!;
const amountArb = fc.bigInt({ min: 1n, max: 5_000n });
const indexArb = fc.nat({ max: 1_000 });

class Transfer implements Cmd {
  readonly from: number;
  readonly to: number;
  readonly amount: bigint;
  constructor(from: number, to: number, amount: bigint) {
    this.from = from;
    this.to = to;
    this.amount = amount;
  }
  check = () => true;
  async run(model: Model, real: Real) {
    const from = book[this.from]!.id;
    const to = book[this.to]!.id;
    await postAndCompare(model, {
      kind: 'adjustment',
      idempotencyKey: `${real.run}:${real.seq.n++}`,
      request: { from, to, amount: this.amount.toString() },
      postings: [
        { accountId: from, amountMinor: -this.amount },
        { accountId: to, amountMinor: this.amount },
      ],
    });
  }
  toString = () => `transfer(${book[this.from]!.label} -> ${book[this.to]!.label}, ${this.amount})`;
}

/** One account pays two others, with a pair of postings that cancel out on a third (merged away). */
class Split implements Cmd {
  readonly from: number;
  readonly a: number;
  readonly b: number;
  readonly amount: bigint;
  readonly part: bigint;
  constructor(from: number, a: number, b: number, amount: bigint, part: bigint) {
    this.from = from;
    this.a = a;
    this.b = b;
    this.amount = amount;
    this.part = part;
  }
  check = () => true;
  async run(model: Model, real: Real) {
    const [from, a, b] = [book[this.from]!.id, book[this.a]!.id, book[this.b]!.id];
    const part = this.part % this.amount;
    const postings: Posting[] = [
      { accountId: from, amountMinor: -this.amount },
      { accountId: a, amountMinor: part },
      { accountId: b, amountMinor: this.amount - part },
      { accountId: a, amountMinor: 7n },
      { accountId: a, amountMinor: -7n },
    ];
    await postAndCompare(model, { kind: 'adjustment', idempotencyKey: `${real.run}:${real.seq.n++}`, request: { split: true }, postings });
  }
  toString = () => `split(${book[this.from]!.label} -> ${book[this.a]!.label} + ${book[this.b]!.label}, ${this.amount}, part ${this.part})`;
}

/** The same key with the same data: the first journal comes back and nothing moves. */
class ReplaySame implements Cmd {
  readonly i: number;
  constructor(i: number) {
    this.i = i;
  }
  check = (m: Readonly<Model>) => m.posted.length > 0;
  async run(model: Model) {
    const first = pick(model.posted, this.i);
    const res = await post(first.input);
    expect(res).toEqual({ journalId: first.journalId, replayed: true });
    seen.replayed++;
    await expectBalances(model);
  }
  toString = () => `replaySame(#${this.i})`;
}

/** The same key with other data (amount, direction, kind or request): refused, nothing moves. */
class ReplayDifferent implements Cmd {
  readonly i: number;
  readonly how: 'amount' | 'reverse' | 'kind' | 'request';
  constructor(i: number, how: ReplayDifferent['how']) {
    this.i = i;
    this.how = how;
  }
  check = (m: Readonly<Model>) => m.posted.length > 0;
  async run(model: Model) {
    const { input } = pick(model.posted, this.i);
    let changed: JournalInput;
    if (this.how === 'amount') {
      changed = {
        ...input,
        postings: [
          { ...input.postings[0]!, amountMinor: input.postings[0]!.amountMinor - 1n },
          { ...input.postings[1]!, amountMinor: input.postings[1]!.amountMinor + 1n },
          ...input.postings.slice(2),
        ],
      };
    } else if (this.how === 'reverse') {
      changed = { ...input, postings: input.postings.map((p) => ({ ...p, amountMinor: -p.amountMinor })) };
    } else if (this.how === 'kind') {
      // Another real kind: the journals above are adjustments, so a deposit under the same key is other data.
      changed = { ...input, kind: input.kind === 'adjustment' ? 'deposit' : 'adjustment' };
    } else {
      changed = { ...input, request: { other: true } };
    }
    await expectLedgerError(post(changed), 'idempotency_mismatch');
    seen.mismatched++;
    await expectBalances(model);
  }
  toString = () => `replayDifferent(#${this.i}, ${this.how})`;
}

/** A key that was refused for want of funds may be used again: it is a fresh journal. */
class RetryRefused implements Cmd {
  readonly i: number;
  readonly divisor: bigint;
  constructor(i: number, divisor: bigint) {
    this.i = i;
    this.divisor = divisor;
  }
  check = (m: Readonly<Model>) => m.refused.length > 0;
  async run(model: Model) {
    const index = this.i % model.refused.length;
    const input = model.refused[index]!;
    model.refused.splice(index, 1);
    seen.retried++;
    const postings =
      input.postings.length === 2
        ? [
            { ...input.postings[0]!, amountMinor: input.postings[0]!.amountMinor / this.divisor || -1n },
            { ...input.postings[1]!, amountMinor: -(input.postings[0]!.amountMinor / this.divisor || -1n) },
          ]
        : input.postings;
    await postAndCompare(model, { ...input, postings });
  }
  toString = () => `retryRefused(#${this.i}, /${this.divisor})`;
}

class Read implements Cmd {
  readonly i: number;
  constructor(i: number) {
    this.i = i;
  }
  check = () => true;
  async run(model: Model) {
    const a = pick(book, this.i);
    expect(await balanceOf(database.db, a.id), a.label).toBe(model.balances.get(a.id));
    await expectBalances(model);
  }
  toString = () => `read(#${this.i})`;
}

function commandArbs(): Array<fc.Arbitrary<Cmd>> {
  const n = book.length;
  const two = fc.tuple(fc.nat({ max: n - 1 }), fc.integer({ min: 1, max: n - 1 })).map(([a, d]) => [a, (a + d) % n] as const);
  const three = fc.uniqueArray(fc.nat({ max: n - 1 }), { minLength: 3, maxLength: 3 });
  return [
    fc.tuple(two, amountArb).map(([[a, b], amount]) => new Transfer(a, b, amount)),
    fc.tuple(two, amountArb).map(([[a, b], amount]) => new Transfer(a, b, amount)),
    fc.tuple(three, amountArb, amountArb).map(([[a, b, c], amount, part]) => new Split(a!, b!, c!, amount, part)),
    indexArb.map((i) => new ReplaySame(i)),
    fc.tuple(indexArb, fc.constantFrom('amount', 'reverse', 'kind', 'request' as const)).map(([i, how]) => new ReplayDifferent(i, how)),
    fc.tuple(indexArb, fc.bigInt({ min: 1n, max: 4n })).map(([i, d]) => new RetryRefused(i, d)),
    indexArb.map((i) => new Read(i)),
  ];
}

/** Each posting's balance_after equals the running sum of that account's postings (statements rely on it). */
async function runningBalancesHold(): Promise<number> {
  const res = await database.db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select balance_after_minor, sum(amount_minor) over (partition by account_id order by id) as running from postings
    ) x where balance_after_minor <> running`);
  return Number(res.rows[0]!.n);
}

describe('ledger against an in-memory model', () => {
  it('agrees with the model after every command, and every invariant holds', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commandArbs(), { maxCommands: 40, size: 'medium' }), async (cmds) => {
        runs++;
        const real: Real = { seq: { n: 0 }, run: `r${runs}-${Math.random().toString(36).slice(2, 8)}` };
        // Each run starts from whatever earlier runs left; the model starts from the same figures.
        const setup = async () => ({ model: { balances: await realBalances(), posted: [], refused: [] } as Model, real });
        await fc.asyncModelRun(setup, cmds);
        expect(await checkLedger(database.db)).toEqual([]);
      }),
      { numRuns: Number(process.env.LEDGER_MODEL_RUNS ?? 40), interruptAfterTimeLimit: 40_000 },
    );
    expect(await checkLedger(database.db)).toEqual([]);
    expect(await runningBalancesHold()).toBe(0);
    console.log(`ledger model: ${runs} runs`, seen);
    for (const [what, n] of Object.entries(seen)) expect(n, `${what} commands ran`).toBeGreaterThan(0);
    if (runs >= 20) expect(seen.posted).toBeGreaterThan(100);
  }, 90_000);
});

describe('the ledger refuses bad journals before touching the database', () => {
  const before = async () => (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from journals`)).rows[0]!.n;

  it('refuses unbalanced, one-legged, float and unknown-account journals, writing nothing', async () => {
    const [a, b] = [book[0]!.id, book[book.length - 1]!.id];
    const n = await before();
    const base = { kind: 'adjustment', request: {} } as const;
    await expect(
      post({
        ...base,
        idempotencyKey: 'bad-1',
        postings: [
          { accountId: a, amountMinor: 5n },
          { accountId: b, amountMinor: -4n },
        ],
      }),
    ).rejects.toThrow(/postings sum to zero/);
    await expect(
      post({
        ...base,
        idempotencyKey: 'bad-2',
        postings: [
          { accountId: a, amountMinor: 5n },
          { accountId: a, amountMinor: -5n },
        ],
      }),
    ).rejects.toThrow(/postings/);
    await expect(
      post({
        ...base,
        idempotencyKey: 'bad-3',
        postings: [
          { accountId: a, amountMinor: 5 as unknown as bigint },
          { accountId: b, amountMinor: -5n },
        ],
      }),
    ).rejects.toThrow(/bigint/);
    await expect(
      post({
        ...base,
        idempotencyKey: 'bad-4',
        postings: [
          { accountId: 99_999_999, amountMinor: -5n },
          { accountId: b, amountMinor: 5n },
        ],
      }),
    ).rejects.toThrow(/every account/);
    await expect(
      post({
        ...base,
        idempotencyKey: '',
        postings: [
          { accountId: b, amountMinor: -5n },
          { accountId: a, amountMinor: 5n },
        ],
      }),
    ).rejects.toThrow(/key/);
    expect(await before()).toBe(n);
    expect(await checkLedger(database.db)).toEqual([]);
  });
});

describe('the database guards player balances on its own', () => {
  it('refuses a negative player balance even when the code is bypassed', async () => {
    const player = book.find((a) => a.player)!;
    const err = await database.db.execute(sql`update accounts set balance_minor = -1 where id = ${player.id}`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeDefined();
    // node-postgres and PGlite both carry the constraint name on the error (or its cause).
    const e = err as { constraint?: string; cause?: { constraint?: string; message?: string }; message: string };
    expect(`${e.constraint ?? ''} ${e.cause?.constraint ?? ''} ${e.message} ${e.cause?.message ?? ''}`).toMatch(/accounts_player_not_negative/);
    const inserted = await database.db
      .execute(sql`insert into accounts (player_id, kind, ref, balance_minor) values (${(await insertPlayers(1))[0]!}, 'central', '', -100)`)
      .then(
        () => undefined,
        (e2: unknown) => e2,
      );
    expect(inserted).toBeDefined();
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('lets a house account go below zero (it is where money comes from)', async () => {
    const house = book.find((a) => !a.player)!;
    const player = book.find((a) => a.player)!;
    const res = await post({
      kind: 'deposit',
      idempotencyKey: `fund-${Date.now()}`,
      request: {},
      postings: [
        { accountId: house.id, amountMinor: -1_000_000n },
        { accountId: player.id, amountMinor: 1_000_000n },
      ],
    });
    expect(res.replayed).toBe(false);
    expect(await balanceOf(database.db, house.id)).toBeLessThan(0n);
    expect(await checkLedger(database.db)).toEqual([]);
  });
});
