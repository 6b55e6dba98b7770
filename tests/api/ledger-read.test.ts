// The ledger's read API (src/server/ledger/read.ts), which every domain uses instead of querying accounts,
// journals and postings itself, and openPlayerAccountInTx, the directory's way to open an account in the
// transaction that writes its owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { players } from '../../src/server/db/schema.ts';
import { AccountDirectory, openPlayerAccountInTx } from '../../src/server/ledger/accounts.ts';
import { postJournal, type JournalInput } from '../../src/server/ledger/ledger.ts';
import {
  accountsOf,
  activePlayersSince,
  balanceSumOf,
  bonusWalletBalances,
  centralBalanceOf,
  countPostings,
  journalByKey,
  latestPostings,
  lockedBalanceOf,
  pointsBalanceOf,
  pointsHistoryOf,
  postingsPage,
} from '../../src/server/ledger/read.ts';
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
    .values({ account: `ld${tag}`.slice(0, 12), passwordHash: 'not-used', recommendCode: `LD${tag}`.slice(0, 16) })
    .returning({ id: players.id });
  return row!.id;
}

const post = (input: JournalInput) => database.db.transaction((tx) => postJournal(tx, input));
const move = (
  kind: JournalInput['kind'],
  key: string,
  playerId: number,
  from: number,
  to: number,
  amount: bigint,
  staffId: number | null = null,
): JournalInput => ({
  kind,
  idempotencyKey: key,
  request: { amount: amount.toString() },
  playerId,
  ref: key,
  memo: `memo ${key}`,
  staffId,
  postings: [
    { accountId: from, amountMinor: -amount },
    { accountId: to, amountMinor: amount },
  ],
});

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReference(database.db);
  dir = new AccountDirectory(database.db);
});
afterAll(async () => {
  expect(await checkLedger(database.db)).toEqual([]);
  await database?.drop();
});

describe('balances', () => {
  it("reads a player's accounts, central and points balances and sums by kind", async () => {
    const playerId = await newPlayer();
    expect(await centralBalanceOf(database.db, playerId)).toBe(0n);
    expect(await pointsBalanceOf(database.db, playerId)).toBe(0n);
    // Opened one after another, so their ids come in this order.
    const central = await dir.playerAccount(playerId, 'central');
    const hold = await dir.playerAccount(playerId, 'withdraw_hold');
    const points = await dir.pointsAccount(playerId);
    const [house, housePoints] = await Promise.all([dir.houseAccount('adjust', playerId), dir.housePointsAccount(playerId)]);
    await post(move('adjustment', `ld-bal-1-${playerId}`, playerId, house, central, 1_000n));
    await post(move('withdraw_hold', `ld-bal-2-${playerId}`, playerId, central, hold, 300n));
    await post(move('points_adjust', `ld-bal-3-${playerId}`, playerId, housePoints, points, 12n));

    expect(await centralBalanceOf(database.db, playerId)).toBe(700n);
    expect(await balanceSumOf(database.db, playerId, ['withdraw_hold'])).toBe(300n);
    expect(await balanceSumOf(database.db, playerId, ['central', 'withdraw_hold'])).toBe(1_000n);
    expect(await balanceSumOf(database.db, playerId, [])).toBe(0n);
    expect(await pointsBalanceOf(database.db, playerId)).toBe(12n);
    expect(await accountsOf(database.db, playerId)).toEqual([
      { id: central, kind: 'central', ref: '', asset: 'money', balanceMinor: 700n },
      { id: hold, kind: 'withdraw_hold', ref: '', asset: 'money', balanceMinor: 300n },
      { id: points, kind: 'points', ref: '', asset: 'points', balanceMinor: 12n },
    ]);
    expect(await accountsOf(database.db, playerId, 1)).toHaveLength(1);
    expect(await database.db.transaction((tx) => lockedBalanceOf(tx, central))).toBe(700n);
  });

  it('opens an account in the transaction of its owner, and not at all when that transaction rolls back', async () => {
    let opened = 0;
    await expect(
      database.db.transaction(async (tx) => {
        const [row] = await tx.insert(players).values({ account: 'ldrollback', passwordHash: 'x', recommendCode: 'LDROLLBACK' }).returning({ id: players.id });
        opened = await openPlayerAccountInTx(tx, row!.id, 'central');
        expect(await openPlayerAccountInTx(tx, row!.id, 'central')).toBe(opened);
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(opened).toBeGreaterThan(0);
    const playerId = await newPlayer();
    const id = await database.db.transaction((tx) => openPlayerAccountInTx(tx, playerId, 'bonus', '42'));
    expect(await dir.playerAccount(playerId, 'bonus', '42')).toBe(id);
    await post(move('bonus_grant', `ld-open-${playerId}`, playerId, await dir.houseAccount('bonus', playerId), id, 25n));
    expect(await bonusWalletBalances(database.db, [42, 43])).toEqual(new Map([[42, 25n]]));
    expect(await bonusWalletBalances(database.db, [])).toEqual(new Map());
  });
});

describe('journals and postings', () => {
  it('finds a journal by its key with what it credited to players', async () => {
    const playerId = await newPlayer();
    const [central, house] = await Promise.all([dir.playerAccount(playerId, 'central'), dir.houseAccount('cash', playerId)]);
    const posted = await post(move('deposit', `ld-key-${playerId}`, playerId, house, central, 2_500n, 3));
    expect(await journalByKey(database.db, `ld-key-${playerId}`)).toMatchObject({
      id: posted.journalId,
      kind: 'deposit',
      playerId,
      ref: `ld-key-${playerId}`,
      memo: `memo ld-key-${playerId}`,
      staffId: 3,
      reversesJournalId: null,
      creditedMinor: 2_500n,
    });
    expect(await journalByKey(database.db, 'ld-no-such-key')).toBeUndefined();
    expect(await activePlayersSince(database.db, new Date(Date.now() - 60_000))).toBeGreaterThanOrEqual(1);
    expect(await activePlayersSince(database.db, new Date(Date.now() + 60_000))).toBe(0);
  });

  it("pages a player's postings newest first, filtered by account kind, journal kind, asset and time", async () => {
    const playerId = await newPlayer();
    // Opened one after another: a journal's postings are written in account id order, central's before platform's.
    const central = await dir.playerAccount(playerId, 'central');
    const bonus = await dir.playerAccount(playerId, 'bonus', '9');
    const platform = await dir.playerAccount(playerId, 'platform', 'LD');
    const [house, points, housePoints] = await Promise.all([
      dir.houseAccount('adjust', playerId),
      dir.pointsAccount(playerId),
      dir.housePointsAccount(playerId),
    ]);
    const before = new Date(Date.now() - 1_000);
    await post(move('adjustment', `ld-p1-${playerId}`, playerId, house, central, 100n, 5));
    await post(move('bonus_grant', `ld-p2-${playerId}`, playerId, house, bonus, 40n));
    await post(move('transfer_start', `ld-p3-${playerId}`, playerId, central, platform, 30n));
    await post(move('points_earn', `ld-p4-${playerId}`, playerId, housePoints, points, 7n));

    const all = await postingsPage(database.db, playerId, {}, { limit: 10, offset: 0 });
    expect(all.total).toBe(5);
    expect(all.rows.map((r) => r.postingId)).toEqual([...all.rows.map((r) => r.postingId)].sort((a, b) => b - a));

    const money = await postingsPage(database.db, playerId, { asset: 'money' }, { limit: 2, offset: 0 });
    expect(money.total).toBe(4);
    expect(money.rows.map((r) => [r.kind, r.accountKind, r.amountMinor])).toEqual([
      ['transfer_start', 'platform', 30n],
      ['transfer_start', 'central', -30n],
    ]);
    const second = await postingsPage(database.db, playerId, { asset: 'money' }, { limit: 2, offset: 2 });
    expect(second.rows.map((r) => [r.kind, r.accountKind, r.accountRef, r.balanceAfterMinor])).toEqual([
      ['bonus_grant', 'bonus', '9', 40n],
      ['adjustment', 'central', '', 100n],
    ]);
    expect(second.rows[1]).toMatchObject({ staffId: 5, ref: `ld-p1-${playerId}`, memo: `memo ld-p1-${playerId}` });

    const records = await postingsPage(
      database.db,
      playerId,
      { accountKinds: ['central', 'bonus'], journalKinds: ['adjustment', 'bonus_grant'], from: before, to: new Date() },
      { limit: 10, offset: 0 },
    );
    expect(records.rows.map((r) => r.kind)).toEqual(['bonus_grant', 'adjustment']);
    expect(records.total).toBe(2);
    expect(await countPostings(database.db, playerId, { journalKinds: [] })).toBe(0);
    expect(await countPostings(database.db, playerId, { to: before })).toBe(0);
    expect(await latestPostings(database.db, playerId, { from: new Date(Date.now() + 60_000) }, 10)).toEqual([]);

    const history = await pointsHistoryOf(database.db, playerId, 10);
    expect(history.map((r) => [r.kind, r.amountMinor, r.balanceAfterMinor])).toEqual([['points_earn', 7n, 7n]]);
    await expect(latestPostings(database.db, playerId, {}, 0)).rejects.toThrow(/ledger invariant/);
  });
});
