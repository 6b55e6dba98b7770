// Monthly partitions of bet_records and postings (drizzle/0036_partitions.sql): the job makes the coming
// months' partitions, a row of a month without one lands in the default partition and is still found (and moves to
// its own partition once that is made), the provider's round key stays unique through bet_keys, and archiving old
// months keeps every balance and the ledger check from the closing balances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { betRecords, players } from '../../src/server/db/schema.ts';
import { isUniqueViolation } from '../../src/server/db/errors.ts';
import { ensureMonthPartitions } from '../../src/server/db/partitions.ts';
import { AccountDirectory, balanceOf } from '../../src/server/ledger/accounts.ts';
import { postJournal } from '../../src/server/ledger/ledger.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { archiveLedgerBefore } from '../../src/server/ledger/archive.ts';
import { betsOf, insertBets, replaceBets, betsForUpdate } from '../../src/server/modules/bets/repository.ts';
import { recordSeamlessRound, type SeamlessRoundRecord } from '../../src/server/modules/bets/seamless-records.ts';
import { seedReference } from '../../src/server/seed.ts';

let database: TestDatabase;
let dir: AccountDirectory;
let seq = 0;

async function newPlayer(): Promise<number> {
  seq++;
  const tag = `${Date.now().toString(36).slice(-5)}${seq}`;
  const [row] = await database.db
    .insert(players)
    .values({ account: `pt${tag}`.slice(0, 12), passwordHash: 'not-used', recommendCode: `PT${tag}`.slice(0, 16) })
    .returning({ id: players.id });
  return row!.id;
}

const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => (await database.db.execute<T>(q)).rows[0]!;

/** The month (UTC) i months after the current one, as YYYY_MM. */
function monthTag(i: number): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1));
  return `${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

const partitionOf = async (table: 'bet_records' | 'postings', where: ReturnType<typeof sql>) =>
  (await one<{ part: string }>(sql`select tableoid::regclass::text as part from ${sql.raw(table)} where ${where}`)).part;

function bet(playerId: number, betId: string, placedAt: Date) {
  return {
    gpCode: 'PT',
    betId,
    playerId,
    game: 'g',
    gameType: 'slots',
    stakeMinor: 100n,
    payoutMinor: 0n,
    validBetMinor: 100n,
    status: 'settled' as const,
    version: 1,
    placedAt,
    settledAt: placedAt,
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

describe('monthly partitions', () => {
  it('the job makes the partitions of the months ahead, once', async () => {
    const made = await ensureMonthPartitions(database.db, 6);
    // The migration made the current month and three ahead: months 4, 5 and 6 are new, for both tables.
    expect(made).toBe(6);
    expect(await ensureMonthPartitions(database.db, 6)).toBe(0);
    for (let i = 0; i <= 6; i++) {
      for (const table of ['bet_records', 'postings']) {
        const name = `${table}_p${monthTag(i)}`;
        const row = await one<{ parent: string | null }>(sql`
          select (select p.relname from pg_inherits i join pg_class p on p.oid = i.inhparent where i.inhrelid = c.oid) as parent
          from pg_class c where c.relname = ${name}`);
        expect(row.parent).toBe(table);
      }
    }
  });

  it('a record far in the future lands in the default partition, is found there, and moves out when its month is made', async () => {
    const playerId = await newPlayer();
    const placedAt = new Date('2099-03-15T12:00:00Z');
    await insertBets(database.db, [bet(playerId, 'far-1', placedAt)]);
    expect(await partitionOf('bet_records', sql`bet_id = 'far-1'`)).toBe('bet_records_default');
    const query = { playerId, from: new Date('2099-03-01T00:00:00Z'), to: new Date('2099-03-31T00:00:00Z'), limit: 10, offset: 0 };
    const found = await betsOf(database.db, query);
    expect(JSON.stringify(found, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))).toContain('far-1');

    await database.db.execute(sql`select create_month_partition('bet_records', '2099-03-01')`);
    expect(await partitionOf('bet_records', sql`bet_id = 'far-1'`)).toBe('bet_records_p2099_03');
    expect(JSON.stringify(await betsOf(database.db, query), (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))).toContain('far-1');
    // The move kept its key: a second record with it is still refused.
    const err = await insertBets(database.db, [bet(playerId, 'far-1', new Date())]).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(err, 'bet_records_provider_bet_uq')).toBe(true);
  });

  it('refuses a second record of a provider key with 23505, whatever its month, and lets a correction move its record', async () => {
    const playerId = await newPlayer();
    await insertBets(database.db, [bet(playerId, 'dup-1', new Date())]);
    const err = await insertBets(database.db, [bet(playerId, 'dup-1', new Date('2020-01-05T00:00:00Z'))]).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(err, 'bet_records_provider_bet_uq')).toBe(true);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from bet_records where bet_id = 'dup-1'`)).n).toBe(1);

    // A correction that changes placed_at to another month moves the row; the key stays its own.
    const [old] = await betsForUpdate(database.db, 'PT', ['dup-1']);
    const movedTo = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 2));
    await replaceBets(database.db, [{ old: old!, next: { ...bet(playerId, 'dup-1', movedTo), version: 2, detail: {} } }]);
    expect(await partitionOf('bet_records', sql`bet_id = 'dup-1'`)).toBe(`bet_records_p${monthTag(1)}`);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from bet_keys where bet_id = 'dup-1' and bet_record_id = ${old!.id}`)).n).toBe(1);
    const again = await insertBets(database.db, [bet(playerId, 'dup-1', new Date())]).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(again, 'bet_records_provider_bet_uq')).toBe(true);
  });

  it('keys are written per statement: a key given twice in one page, or taken in any month, refuses the whole page; a delete frees its key', async () => {
    const playerId = await newPlayer();
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 10));
    await insertBets(database.db, [bet(playerId, 'page-a', new Date()), bet(playerId, 'page-b', lastMonth)]);
    expect(
      (
        await one<{ n: number }>(sql`select count(*)::int as n from bet_keys k join bet_records b on b.id = k.bet_record_id
      where k.bet_id in ('page-a', 'page-b') and b.bet_id = k.bet_id`)
      ).n,
    ).toBe(2);

    // The same new key twice within one statement, the two rows going to different partitions.
    const twice = await insertBets(database.db, [bet(playerId, 'page-c', new Date()), bet(playerId, 'page-c', lastMonth)]).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(twice, 'bet_records_provider_bet_uq')).toBe(true);
    // A page of new keys with one taken key among them (taken by a record of another month).
    const taken = await insertBets(database.db, [bet(playerId, 'page-d', new Date()), bet(playerId, 'page-b', new Date())]).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(taken, 'bet_records_provider_bet_uq')).toBe(true);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from bet_records where bet_id in ('page-c', 'page-d')`)).n).toBe(0);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from bet_keys where bet_id in ('page-c', 'page-d')`)).n).toBe(0);

    await database.db.execute(sql`delete from bet_records where bet_id in ('page-a', 'page-b')`);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from bet_keys where bet_id in ('page-a', 'page-b')`)).n).toBe(0);
    await insertBets(database.db, [bet(playerId, 'page-a', new Date())]);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from bet_records where bet_id = 'page-a'`)).n).toBe(1);
  });

  it('records a seamless round once: a replay changes nothing, a newer version replaces it in place, another opening time too', async () => {
    const playerId = await newPlayer();
    const placedAt = new Date();
    const round: SeamlessRoundRecord = {
      gpCode: 'PT',
      roundId: 'round-1',
      playerId,
      game: 'g',
      gameType: 'slots',
      stakeMinor: 100n,
      payoutMinor: 0n,
      status: 'open',
      version: 1,
      placedAt,
      settledAt: null,
    };
    await database.db.transaction((tx) => recordSeamlessRound(tx, round));
    await database.db.transaction((tx) => recordSeamlessRound(tx, round));
    const older = new Date('2021-06-01T00:00:00Z');
    await database.db.transaction((tx) =>
      recordSeamlessRound(tx, { ...round, version: 2, status: 'settled', payoutMinor: 250n, settledAt: new Date(), placedAt: older }),
    );
    const rows = await database.db
      .select()
      .from(betRecords)
      .where(sql`bet_id = 'round-1'`);
    expect(rows.length).toBe(1);
    expect(rows[0]!.version).toBe(2);
    expect(rows[0]!.payoutMinor).toBe(250n);
    expect(rows[0]!.placedAt.getTime()).toBe(placedAt.getTime());
    // An older version after the newer one changes nothing.
    await database.db.transaction((tx) => recordSeamlessRound(tx, { ...round, version: 1, stakeMinor: 999n }));
    expect(
      (
        await database.db
          .select()
          .from(betRecords)
          .where(sql`bet_id = 'round-1'`)
      )[0]!.stakeMinor,
    ).toBe(100n);
  });

  it('archiving old months keeps every balance, leaves closing balances, and the ledger check holds', async () => {
    const playerId = await newPlayer();
    const player = await dir.playerAccount(playerId, 'central');
    const house = await dir.houseAccount('adjust', 0);
    const move = (key: string, from: number, to: number, amountMinor: bigint) =>
      database.db.transaction((tx) =>
        postJournal(tx, {
          kind: 'adjustment',
          idempotencyKey: key,
          request: { from, to, amount: amountMinor.toString() },
          postings: [
            { accountId: from, amountMinor: -amountMinor },
            { accountId: to, amountMinor },
          ],
        }),
      );
    const old1 = await move('pt-arch-1', house, player, 1_000n);
    const old2 = await move('pt-arch-2', player, house, 300n);
    // Those two journals belong to a month three months back (their postings move to the default partition, which
    // has no partition for that month), the rest stays in this month.
    for (const [journalId, months] of [
      [old1.journalId, 3],
      [old2.journalId, 2],
    ] as const) {
      await database.db.execute(sql`update journals set created_at = created_at - make_interval(months => ${months}::int) where id = ${journalId}`);
      await database.db.execute(sql`update postings set created_at = created_at - make_interval(months => ${months}::int) where journal_id = ${journalId}`);
    }
    await move('pt-arch-3', house, player, 50n);
    const before = { player: await balanceOf(database.db, player), house: await balanceOf(database.db, house) };
    expect(before.player).toBe(750n);
    expect(await checkLedger(database.db)).toEqual([]);

    const current = monthTag(0).replace('_', '-');
    const archived = await archiveLedgerBefore(database.db, current);
    expect(archived).toEqual([monthTag(-3).replace('_', '-'), monthTag(-2).replace('_', '-')]);
    expect(await checkLedger(database.db)).toEqual([]);
    expect(await balanceOf(database.db, player)).toBe(before.player);
    expect(await balanceOf(database.db, house)).toBe(before.house);

    const closing = await database.db.execute<{ month: string; balance: string; n: number }>(sql`
      select to_char(month, 'YYYY-MM') as month, balance_minor::text as balance, postings_count as n
      from ledger_closing_balances where account_id = ${player} order by month`);
    expect(closing.rows).toEqual([
      { month: archived[0], balance: '1000', n: 1 },
      { month: archived[1], balance: '700', n: 1 },
    ]);
    // The archived postings left the live table and sit in the archive schema.
    expect((await one<{ n: number }>(sql`select count(*)::int as n from postings where journal_id in (${old1.journalId}, ${old2.journalId})`)).n).toBe(0);
    const inArchive = await one<{ n: number }>(sql.raw(`select count(*)::int as n from archive.postings_p${monthTag(-3)}`));
    expect(inArchive.n).toBeGreaterThanOrEqual(2);
    // Archiving again finds nothing more; the check still holds.
    expect(await archiveLedgerBefore(database.db, current)).toEqual([]);
    expect(await checkLedger(database.db)).toEqual([]);

    // A tampered closing balance is caught: the check is meaningful from the closing balances.
    await database.db.execute(
      sql`update ledger_closing_balances set balance_minor = balance_minor + 1 where account_id = ${player} and to_char(month, 'YYYY-MM') = ${archived[1]!}`,
    );
    const found = (await checkLedger(database.db)).map((v) => v.invariant);
    expect(found).toContain('account balance equals its last closing balance plus its postings since');
    expect(found).toContain('every archived month closes at zero, per asset');
    await database.db.execute(
      sql`update ledger_closing_balances set balance_minor = balance_minor - 1 where account_id = ${player} and to_char(month, 'YYYY-MM') = ${archived[1]!}`,
    );
  });

  it('refuses to archive the months ahead or a malformed month', async () => {
    await expect(archiveLedgerBefore(database.db, monthTag(1).replace('_', '-'))).rejects.toThrow();
    await expect(archiveLedgerBefore(database.db, '2026-13')).rejects.toThrow(/not a month/);
  });
});
