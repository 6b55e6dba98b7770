// The ledger's answers the engagement domains (VIP and the points mall, consultations, promotions, chat) need: a
// points balance, a locked balance, a points history, a central balance and activity-wallet balances. The
// ledger owns the accounts, postings and journals tables, so these reads live here and the domains call them
// instead of querying those tables themselves. Each is the statement its caller used to run, unchanged.
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import type { JournalKind } from './kinds.ts';

/** An account's balance read under FOR UPDATE: the caller's transaction holds the account until it ends. */
export async function lockedBalance(tx: DbOrTx, accountId: number): Promise<bigint> {
  const res = await tx.execute<{ b: string }>(sql`select balance_minor::text as b from accounts where id = ${accountId} for update`);
  return BigInt(res.rows[0]?.b ?? '0');
}

/** A player's points balance (points, not money: the account's asset is 'points'); zero before the first points. */
export async function pointsBalance(db: DbOrTx, playerId: number): Promise<bigint> {
  const res = await db.execute<{ b: string }>(sql`select balance_minor::text as b from accounts where player_id = ${playerId} and kind = 'points' and asset = 'points'`);
  return BigInt(res.rows[0]?.b ?? '0');
}

interface PointsMovement { id: number; kind: JournalKind; memo: string; points: number; balance: number; created_at: string }

/** The latest movements of a player's points, newest first. */
export async function pointsHistory(db: DbOrTx, playerId: number, limit: number): Promise<PointsMovement[]> {
  const res = await db.execute<{ id: string; kind: JournalKind; memo: string; amount: string; after: string; created_at: string | Date }>(sql`
    select p.id::text as id, j.kind, j.memo, p.amount_minor::text as amount, p.balance_after_minor::text as after, j.created_at
    from accounts a join postings p on p.account_id = a.id join journals j on j.id = p.journal_id
    where a.player_id = ${playerId} and a.kind = 'points' and a.asset = 'points'
    order by p.id desc limit ${limit}`);
  return res.rows.map((r) => ({ id: Number(r.id), kind: r.kind, memo: r.memo, points: Number(r.amount), balance: Number(r.after), created_at: new Date(r.created_at).toISOString() }));
}

/** A player's central (money) wallet balance; zero when the account is not open yet. */
export async function centralBalance(db: DbOrTx, playerId: number): Promise<bigint> {
  const [central] = await db.select({ balance: accounts.balanceMinor }).from(accounts)
    .where(and(eq(accounts.playerId, playerId), eq(accounts.kind, 'central'), eq(accounts.asset, 'money')));
  return central?.balance ?? 0n;
}

/** Balances of the players' activity-wallet (bonus) accounts, keyed `playerId:walletId`; a wallet without an account is absent. */
export async function bonusWalletBalances(db: DbOrTx, wallets: Array<{ playerId: number; walletId: number }>): Promise<Map<string, bigint>> {
  if (!wallets.length) return new Map();
  const rows = await db.select({ playerId: accounts.playerId, ref: accounts.ref, balance: accounts.balanceMinor }).from(accounts).where(and(
    eq(accounts.kind, 'bonus'), inArray(accounts.playerId, [...new Set(wallets.map((w) => w.playerId))]), inArray(accounts.ref, [...new Set(wallets.map((w) => String(w.walletId)))]),
  ));
  return new Map(rows.map((r) => [`${r.playerId}:${r.ref}`, r.balance]));
}

/** A player's accounts (kind, ref, asset) with their balances, oldest first, at most `limit`: the chat's player card. */
export async function playerAccountBalances(db: DbOrTx, playerId: number, limit: number) {
  return db.select({ kind: accounts.kind, ref: accounts.ref, balanceMinor: accounts.balanceMinor, asset: accounts.asset })
    .from(accounts).where(and(eq(accounts.playerId, playerId), isNotNull(accounts.playerId))).orderBy(asc(accounts.id)).limit(limit);
}
