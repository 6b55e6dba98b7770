// Reversals (src/server/ledger/reversal.ts): a journal is corrected by posting its mirror image, linked to it by
// journals.reverses_journal_id, at most once however many commands race for it; a reversal that would overdraw a
// player is refused like any journal; and ledger:check's reversal invariants hold after every step (and catch a
// reversal that is not a mirror image).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { players } from '../../src/server/db/schema.ts';
import { AccountDirectory, balanceOf } from '../../src/server/ledger/accounts.ts';
import { LedgerError, postJournal, type JournalInput } from '../../src/server/ledger/ledger.ts';
import { postPointsJournal } from '../../src/server/ledger/points.ts';
import { reversalKey, reverseJournal } from '../../src/server/ledger/reversal.ts';
import { journalByKey, reversalOf } from '../../src/server/ledger/read.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { seedReference } from '../../src/server/seed.ts';

let database: TestDatabase;
let dir: AccountDirectory;
let seq = 0;

async function newPlayer(): Promise<{ playerId: number; central: number; house: number }> {
  seq++;
  const tag = `${Date.now().toString(36).slice(-5)}${seq}`;
  const [row] = await database.db
    .insert(players)
    .values({ account: `lr${tag}`.slice(0, 12), passwordHash: 'not-used', recommendCode: `LR${tag}`.slice(0, 16) })
    .returning({ id: players.id });
  const playerId = row!.id;
  return { playerId, central: await dir.playerAccount(playerId, 'central'), house: await dir.houseAccount('adjust', playerId) };
}

function credit(key: string, p: { playerId: number; central: number; house: number }, amountMinor: bigint): JournalInput {
  return {
    kind: 'adjustment',
    idempotencyKey: key,
    request: { amount: amountMinor.toString() },
    playerId: p.playerId,
    ref: key,
    memo: 'seed',
    postings: [
      { accountId: p.house, amountMinor: -amountMinor },
      { accountId: p.central, amountMinor },
    ],
  };
}

const post = (input: JournalInput) => database.db.transaction((tx) => postJournal(tx, input));
const reverse = (journalId: number, key: string, reason = 'posted in error') =>
  database.db.transaction((tx) => reverseJournal(tx, journalId, { key, reason, staffId: 7 }));

async function refusal(p: Promise<unknown>): Promise<LedgerError['code'] | 'none'> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (err === undefined) return 'none';
  if (!(err instanceof Error)) throw new Error(`refused with a non-error: ${String(err)}`);
  if (!(err instanceof LedgerError)) throw err;
  return err.code;
}

async function postingsOf(journalId: number): Promise<Array<{ account: number; amount: string }>> {
  const res = await database.db.execute<{ account: string | number; amount: string }>(sql`
    select account_id as account, amount_minor::text as amount from postings where journal_id = ${journalId} order by account_id`);
  return res.rows.map((r) => ({ account: Number(r.account), amount: r.amount }));
}

const reversalsOf = async (journalId: number) =>
  (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from journals where reverses_journal_id = ${journalId}`)).rows[0]!.n;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReference(database.db);
  dir = new AccountDirectory(database.db);
});
afterAll(async () => {
  await database?.drop();
});
afterEach(async () => {
  expect(await checkLedger(database.db)).toEqual([]);
});

describe('reverseJournal', () => {
  it('posts the mirror image of a journal, linked to it, and gives the balances back', async () => {
    const p = await newPlayer();
    const original = await post(credit('lr-mirror', p, 1_250n));
    expect(await balanceOf(database.db, p.central)).toBe(1_250n);

    const reversal = await reverse(original.journalId, 'cmd-mirror-1', 'deposit credited twice');
    expect(reversal.replayed).toBe(false);
    expect(await balanceOf(database.db, p.central)).toBe(0n);
    expect(await postingsOf(reversal.journalId)).toEqual((await postingsOf(original.journalId)).map((x) => ({ ...x, amount: String(-BigInt(x.amount)) })));

    const row = await journalByKey(database.db, reversalKey(original.journalId));
    expect(row).toMatchObject({
      id: reversal.journalId,
      kind: 'adjustment',
      playerId: p.playerId,
      ref: 'lr-mirror',
      memo: 'deposit credited twice',
      staffId: 7,
      reversesJournalId: original.journalId,
      creditedMinor: 0n,
    });
    expect(await reversalOf(database.db, original.journalId)).toBe(reversal.journalId);
    expect(await reversalOf(database.db, reversal.journalId)).toBeUndefined();
  });

  it('replays the same command and refuses a second reversal by name', async () => {
    const p = await newPlayer();
    const original = await post(credit('lr-twice', p, 400n));
    const first = await reverse(original.journalId, 'cmd-twice-1');
    expect(await reverse(original.journalId, 'cmd-twice-1')).toEqual({ journalId: first.journalId, replayed: true });
    expect(await refusal(reverse(original.journalId, 'cmd-twice-2'))).toBe('already_reversed');
    // The same command key with another reason is another command too.
    expect(await refusal(reverse(original.journalId, 'cmd-twice-1', 'another reason'))).toBe('already_reversed');
    expect(await reversalsOf(original.journalId)).toBe(1);
    expect(await balanceOf(database.db, p.central)).toBe(0n);
  });

  it('refuses to reverse a reversal or a journal that does not exist', async () => {
    const p = await newPlayer();
    const original = await post(credit('lr-chain', p, 300n));
    const reversal = await reverse(original.journalId, 'cmd-chain-1');
    expect(await refusal(reverse(reversal.journalId, 'cmd-chain-2'))).toBe('reversal_not_reversible');
    expect(await refusal(reverse(99_999_999, 'cmd-chain-3'))).toBe('journal_not_found');
    expect(await balanceOf(database.db, p.central)).toBe(0n);
    await expect(reverse(original.journalId, 'cmd-chain-4', '   ')).rejects.toThrow(/ledger invariant/);
  });

  it('refuses a reversal that would overdraw a player, leaves nothing behind, and lets it through once the money is back', async () => {
    const p = await newPlayer();
    const original = await post(credit('lr-over', p, 500n));
    // The player moved 300 on since: taking the 500 back would leave the central wallet at -300.
    await post({
      ...credit('lr-over-spend', p, 300n),
      postings: [
        { accountId: p.central, amountMinor: -300n },
        { accountId: p.house, amountMinor: 300n },
      ],
    });
    expect(await refusal(reverse(original.journalId, 'cmd-over-1'))).toBe('insufficient_funds');
    expect(await journalByKey(database.db, reversalKey(original.journalId))).toBeUndefined();
    expect(await reversalsOf(original.journalId)).toBe(0);
    expect(await balanceOf(database.db, p.central)).toBe(200n);
    expect(await checkLedger(database.db)).toEqual([]);

    await post(credit('lr-over-topup', p, 300n));
    const reversal = await reverse(original.journalId, 'cmd-over-2');
    expect(reversal.replayed).toBe(false);
    expect(await balanceOf(database.db, p.central)).toBe(0n);
  });

  it('reverses a points journal within the points asset', async () => {
    const p = await newPlayer();
    const [mine, house] = await Promise.all([dir.pointsAccount(p.playerId), dir.housePointsAccount(p.playerId)]);
    const original = await database.db.transaction((tx) =>
      postPointsJournal(tx, {
        kind: 'points_adjust',
        idempotencyKey: 'lr-points',
        request: {},
        playerId: p.playerId,
        postings: [
          { accountId: mine, amountMinor: 40n },
          { accountId: house, amountMinor: -40n },
        ],
      }),
    );
    await reverse(original.journalId, 'cmd-points-1');
    expect(await balanceOf(database.db, mine)).toBe(0n);
  });
});

describe('reversals racing', () => {
  it('lets exactly one of many concurrent reversals of a journal win', async () => {
    const p = await newPlayer();
    const original = await post(credit('lr-race', p, 900n));
    const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => refusal(reverse(original.journalId, `cmd-race-${i}`))));
    expect(outcomes.filter((o) => o === 'none')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already_reversed')).toHaveLength(5);
    expect(await reversalsOf(original.journalId)).toBe(1);
    expect(await balanceOf(database.db, p.central)).toBe(0n);
  });

  it('makes a reversal wait for one in flight: written when that one rolls back, refused when it commits', async () => {
    const p = await newPlayer();
    const held = (journalId: number, key: string, outcome: 'commit' | 'rollback') => {
      let written!: () => void;
      const wasWritten = new Promise<void>((resolve) => {
        written = resolve;
      });
      const done = database.db.transaction(async (tx) => {
        await reverseJournal(tx, journalId, { key, reason: 'held' });
        written();
        // Hold the transaction open while the other command tries.
        await new Promise((resolve) => setTimeout(resolve, 150));
        if (outcome === 'rollback') tx.rollback();
      });
      return { wasWritten, done };
    };

    const first = await post(credit('lr-wait-a', p, 600n));
    const rolledBack = held(first.journalId, 'cmd-wait-1', 'rollback');
    await rolledBack.wasWritten;
    const afterRollback = refusal(reverse(first.journalId, 'cmd-wait-2'));
    await expect(rolledBack.done).rejects.toThrow();
    expect(await afterRollback).toBe('none');
    expect(await reversalsOf(first.journalId)).toBe(1);

    const second = await post(credit('lr-wait-b', p, 100n));
    const committed = held(second.journalId, 'cmd-wait-3', 'commit');
    await committed.wasWritten;
    const afterCommit = refusal(reverse(second.journalId, 'cmd-wait-4'));
    await committed.done;
    expect(await afterCommit).toBe('already_reversed');
    expect(await reversalsOf(second.journalId)).toBe(1);
    expect(await balanceOf(database.db, p.central)).toBe(0n);
  });
});

describe('ledger:check on reversals', () => {
  it('finds a reversal that is not the mirror image of its original', async () => {
    const p = await newPlayer();
    const original = await post(credit('lr-bad', p, 700n));
    let found: Awaited<ReturnType<typeof checkLedger>> = [];
    await expect(
      database.db.transaction(async (tx) => {
        // Written around reverseJournal and rolled back: a journal that gives back only part of the original, linked
        // to it as its reversal.
        const partial = await postJournal(tx, {
          ...credit('lr-bad-partial', p, 100n),
          postings: [
            { accountId: p.central, amountMinor: -100n },
            { accountId: p.house, amountMinor: 100n },
          ],
        });
        await tx.execute(sql`update journals set reverses_journal_id = ${original.journalId} where id = ${partial.journalId}`);
        found = await checkLedger(tx);
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(found.map((v) => v.invariant)).toEqual(['a reversal sums to the exact negation of its original']);
    expect(Number(found[0]!.detail.original_id)).toBe(original.journalId);
    expect(await reversalsOf(original.journalId)).toBe(0);
  });
});
