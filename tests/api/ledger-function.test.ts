// The one-round-trip ledger (src/server/ledger/sql/ledger_post_journal.sql, ledger_post_journals.sql): postJournal and the batch form
// postJournals call the PostgreSQL function ledger_post_journal. These cover what the function adds to
// the model test: a refusal leaves nothing behind in a transaction that carries on, the database refuses
// a bad journal even when the application's checks are bypassed, and a batch answers per journal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { players } from '../../src/server/db/schema.ts';
import { AccountDirectory, balanceOf } from '../../src/server/ledger/accounts.ts';
import { LedgerError, postJournal, postJournals, type JournalInput } from '../../src/server/ledger/ledger.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { seedReference } from '../../src/server/seed.ts';

let database: TestDatabase;
let dir: AccountDirectory;
let seq = 0;

async function playerAccount(): Promise<number> {
  seq++;
  const tag = `${Date.now().toString(36).slice(-5)}${seq}`;
  const [row] = await database.db
    .insert(players)
    .values({ account: `lf${tag}`.slice(0, 12), passwordHash: 'not-used', recommendCode: `LF${tag}`.slice(0, 16) })
    .returning({ id: players.id });
  return dir.playerAccount(row!.id, 'central');
}

const journalsWithKey = async (prefix: string) =>
  (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from journals where idempotency_key like ${`${prefix}%`}`)).rows[0]!.n;

function move(key: string, from: number, to: number, amountMinor: bigint): JournalInput {
  return {
    kind: 'adjustment',
    idempotencyKey: key,
    request: { from, to, amount: amountMinor.toString() },
    postings: [
      { accountId: from, amountMinor: -amountMinor },
      { accountId: to, amountMinor },
    ],
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReference(database.db);
  dir = new AccountDirectory(database.db);
});
afterAll(async () => {
  await database?.drop();
});

describe('ledger_post_journal behind postJournal', () => {
  it('refuses an overdraft without leaving a journal behind, so the caller transaction can carry on', async () => {
    const player = await playerAccount();
    const house = await dir.houseAccount('adjust', 0);
    await database.db.transaction(async (tx) => {
      const err = await postJournal(tx, move('lf-over-1', player, house, 500n)).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(LedgerError);
      expect((err as LedgerError).code).toBe('insufficient_funds');
      expect((err as LedgerError).accountId).toBe(player);
      // The same transaction goes on and commits other work.
      await postJournal(tx, move('lf-over-2', house, player, 300n));
    });
    expect(await journalsWithKey('lf-over-1')).toBe(0);
    expect(await balanceOf(database.db, player)).toBe(300n);
    // The refused key is free again: once funded, the same command goes through.
    await database.db.transaction((tx) => postJournal(tx, move('lf-over-3', house, player, 300n)));
    const posted = await database.db.transaction((tx) => postJournal(tx, move('lf-over-1', player, house, 500n)));
    expect(posted.replayed).toBe(false);
    expect(await balanceOf(database.db, player)).toBe(100n);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('reverses the legs already applied when a later leg would overdraw, and names that account', async () => {
    const rich = await playerAccount();
    const poor = await playerAccount();
    const house = await dir.houseAccount('adjust', 3);
    await database.db.transaction((tx) => postJournal(tx, move('lf-rev-seed', house, rich, 1_000n)));
    const houseBefore = await balanceOf(database.db, house);
    // rich was opened first, so its posting (ascending ids) is applied before poor's is refused.
    expect(rich).toBeLessThan(poor);
    const err = await database.db
      .transaction((tx) =>
        postJournal(tx, {
          kind: 'adjustment',
          idempotencyKey: 'lf-rev-1',
          request: { case: 'reverse' },
          postings: [
            { accountId: rich, amountMinor: -100n },
            { accountId: poor, amountMinor: -50n },
            { accountId: house, amountMinor: 150n },
          ],
        }),
      )
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(LedgerError);
    expect((err as LedgerError).accountId).toBe(poor);
    expect(await balanceOf(database.db, rich)).toBe(1_000n);
    expect(await balanceOf(database.db, poor)).toBe(0n);
    expect(await balanceOf(database.db, house)).toBe(houseBefore);
    expect(await journalsWithKey('lf-rev-1')).toBe(0);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('answers a replay with the first journal and refuses the key for other data', async () => {
    const player = await playerAccount();
    const house = await dir.houseAccount('adjust', 1);
    const first = await database.db.transaction((tx) => postJournal(tx, move('lf-replay', house, player, 700n)));
    const again = await database.db.transaction((tx) => postJournal(tx, move('lf-replay', house, player, 700n)));
    expect(again).toEqual({ journalId: first.journalId, replayed: true });
    await expect(database.db.transaction((tx) => postJournal(tx, move('lf-replay', house, player, 701n)))).rejects.toMatchObject({
      code: 'idempotency_mismatch',
    });
    expect(await balanceOf(database.db, player)).toBe(700n);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('refuses unbalanced postings and unknown accounts in the database too, when the application is bypassed', async () => {
    const player = await playerAccount();
    const house = await dir.houseAccount('adjust', 2);
    const call = (accounts: string, amounts: string) =>
      database.db
        .execute(
          sql`
      select * from ledger_post_journal('adjustment', ${`lf-db-${accounts}-${amounts}`}, '\\x00'::bytea, null, '', '', null, ${accounts}::bigint[], ${amounts}::bigint[])`,
        )
        .then(
          () => 'written',
          (e: unknown) => String((e as { cause?: { message?: string } }).cause?.message ?? e),
        );
    expect(await call(`{${house},${player}}`, '{-5,4}')).toMatch(/sum to zero/);
    expect(await call(`{${house}}`, '{0}')).toMatch(/two legs/);
    expect(await call(`{${house},99999999}`, '{-5,5}')).toMatch(/every account/);
    // Locks are taken leg by leg, so the accounts must come distinct and ascending (the deadlock rule).
    expect(await call(`{${Math.max(house, player)},${Math.min(house, player)}}`, '{-5,5}')).toMatch(/ascending/);
    expect(await call(`{${house},${house}}`, '{-5,5}')).toMatch(/ascending/);
    expect(await journalsWithKey('lf-db-')).toBe(0);
    expect(await checkLedger(database.db)).toEqual([]);
  });
});

describe('postJournals, the batch form', () => {
  it('writes journals in order and answers each one: posted, replayed, mismatched or refused', async () => {
    const a = await playerAccount();
    const b = await playerAccount();
    const house = await dir.houseAccount('game', 3);
    await database.db.transaction((tx) => postJournal(tx, move('lf-batch-seed', house, a, 1_000n)));
    const results = await database.db.transaction((tx) =>
      postJournals(tx, [
        move('lf-batch-1', a, b, 600n),
        // Only affordable because the journal before it in the same batch has been written.
        move('lf-batch-2', b, house, 500n),
        move('lf-batch-seed', house, a, 1_000n),
        move('lf-batch-seed', house, a, 999n),
        move('lf-batch-3', a, b, 401n),
        move('lf-batch-4', a, b, 400n),
      ]),
    );
    expect(results[0]).toMatchObject({ replayed: false });
    expect(results[1]).toMatchObject({ replayed: false });
    expect(results[2]).toMatchObject({ replayed: true });
    expect(results[3]).toBeInstanceOf(LedgerError);
    expect((results[3] as LedgerError).code).toBe('idempotency_mismatch');
    expect(results[4]).toBeInstanceOf(LedgerError);
    expect((results[4] as LedgerError).code).toBe('insufficient_funds');
    expect((results[4] as LedgerError).accountId).toBe(a);
    expect(results[5]).toMatchObject({ replayed: false });
    expect(await balanceOf(database.db, a)).toBe(0n);
    expect(await balanceOf(database.db, b)).toBe(500n);
    expect(await journalsWithKey('lf-batch-3')).toBe(0);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('treats a key repeated within a batch as a replay, and frees the key of a refused journal for a later one', async () => {
    const a = await playerAccount();
    const house = await dir.houseAccount('game', 5);
    const results = await database.db.transaction((tx) =>
      postJournals(tx, [
        move('lf-dup-1', house, a, 100n),
        move('lf-dup-1', house, a, 100n),
        move('lf-dup-2', a, house, 500n),
        move('lf-dup-2', a, house, 100n),
      ]),
    );
    const first = results[0] as { journalId: number; replayed: boolean };
    expect(first.replayed).toBe(false);
    expect(results[1]).toEqual({ journalId: first.journalId, replayed: true });
    expect((results[2] as LedgerError).code).toBe('insufficient_funds');
    expect(results[3]).toMatchObject({ replayed: false });
    expect(await balanceOf(database.db, a)).toBe(0n);
    await expect(database.db.transaction((tx) => postJournals(tx, [move('lf-dup-3', house, 99_999_999, 5n)]))).rejects.toThrow(/every account/);
    expect(await journalsWithKey('lf-dup-3')).toBe(0);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('writes nothing for an empty batch and checks every journal before touching the database', async () => {
    const a = await playerAccount();
    const house = await dir.houseAccount('game', 4);
    expect(await database.db.transaction((tx) => postJournals(tx, []))).toEqual([]);
    const bad = {
      ...move('lf-bad-2', house, a, 5n),
      postings: [
        { accountId: house, amountMinor: -5n },
        { accountId: a, amountMinor: 4n },
      ],
    };
    await expect(database.db.transaction((tx) => postJournals(tx, [move('lf-bad-1', house, a, 5n), bad]))).rejects.toThrow(/sum to zero/);
    expect(await journalsWithKey('lf-bad-')).toBe(0);
  });
});
