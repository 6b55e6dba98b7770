// Money and points never meet in one journal: postJournal refuses a journal whose accounts do not all hold the
// asset its kind moves (src/server/ledger/sql/ledger_post_asset_journal.sql), and postJournals does the
// same for a batch, before anything is written. Without that check the database function would write these
// journals: it knows nothing of assets.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { players } from '../../src/server/db/schema.ts';
import { AccountDirectory, balanceOf } from '../../src/server/ledger/accounts.ts';
import { postJournal, postJournals, type JournalInput } from '../../src/server/ledger/ledger.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { seedReference } from '../../src/server/seed.ts';

let database: TestDatabase;
let dir: AccountDirectory;
let seq = 0;

async function newPlayer(): Promise<number> {
  seq++;
  const tag = `${Date.now().toString(36).slice(-5)}${seq}`;
  const [row] = await database.db
    .insert(players)
    .values({ account: `la${tag}`.slice(0, 12), passwordHash: 'not-used', recommendCode: `LA${tag}`.slice(0, 16) })
    .returning({ id: players.id });
  return row!.id;
}

const journalsWithKey = async (prefix: string) =>
  (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from journals where idempotency_key like ${`${prefix}%`}`)).rows[0]!.n;

function move(kind: JournalInput['kind'], key: string, from: number, to: number, amount: bigint): JournalInput {
  return {
    kind,
    idempotencyKey: key,
    request: { from, to, amount: amount.toString() },
    postings: [
      { accountId: from, amountMinor: -amount },
      { accountId: to, amountMinor: amount },
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
afterEach(async () => {
  expect(await checkLedger(database.db)).toEqual([]);
});

describe('a journal touches only accounts of its asset', () => {
  it('refuses a money journal that names a points account, writing nothing', async () => {
    const playerId = await newPlayer();
    const [points, house] = await Promise.all([dir.pointsAccount(playerId), dir.houseAccount('adjust', playerId)]);
    await expect(database.db.transaction((tx) => postJournal(tx, move('adjustment', 'la-money-1', house, points, 50n)))).rejects.toThrow(
      /ledger invariant: a money journal touches account \d+ of asset points/,
    );
    expect(await journalsWithKey('la-money-')).toBe(0);
    expect(await balanceOf(database.db, points)).toBe(0n);
    expect(await balanceOf(database.db, house)).toBe(0n);
  });

  it('refuses a points journal that names a money account, even outside postPointsJournal', async () => {
    const playerId = await newPlayer();
    const [central, housePoints] = await Promise.all([dir.playerAccount(playerId, 'central'), dir.housePointsAccount(playerId)]);
    await expect(database.db.transaction((tx) => postJournal(tx, move('points_adjust', 'la-points-1', housePoints, central, 5n)))).rejects.toThrow(
      /ledger invariant: a points journal touches account \d+ of asset money/,
    );
    expect(await journalsWithKey('la-points-')).toBe(0);
    expect(await balanceOf(database.db, central)).toBe(0n);
  });

  it('still posts journals that keep to their asset', async () => {
    const playerId = await newPlayer();
    const [central, house, points, housePoints] = await Promise.all([
      dir.playerAccount(playerId, 'central'),
      dir.houseAccount('adjust', playerId),
      dir.pointsAccount(playerId),
      dir.housePointsAccount(playerId),
    ]);
    await database.db.transaction(async (tx) => {
      await postJournal(tx, move('adjustment', 'la-ok-1', house, central, 70n));
      await postJournal(tx, move('points_adjust', 'la-ok-2', housePoints, points, 3n));
    });
    expect(await balanceOf(database.db, central)).toBe(70n);
    expect(await balanceOf(database.db, points)).toBe(3n);
  });

  it('refuses a batch with one journal of mixed assets before writing any of it', async () => {
    const playerId = await newPlayer();
    const [platform, game, points] = await Promise.all([
      dir.playerAccount(playerId, 'platform', 'LA'),
      dir.houseAccount('game', playerId),
      dir.pointsAccount(playerId),
    ]);
    await expect(
      database.db.transaction((tx) =>
        postJournals(tx, [move('game_result', 'la-batch-1', game, platform, 20n), move('game_result', 'la-batch-2', game, points, 20n)]),
      ),
    ).rejects.toThrow(/ledger invariant: a money journal touches account \d+ of asset points/);
    expect(await journalsWithKey('la-batch-')).toBe(0);
    expect(await balanceOf(database.db, platform)).toBe(0n);
  });
});
