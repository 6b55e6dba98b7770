// Finding or opening ledger accounts. Ids never change and accounts are never deleted, so a directory
// remembers the ids it has looked up. Each app (each database) has its own directory.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

export type PlayerAccountKind = 'central' | 'bonus' | 'platform' | 'transit' | 'withdraw_hold';

/** What an account holds: money in minor units, or VIP points (whole points). Journals never mix them. */
export type Asset = 'money' | 'points';

/** Hot house accounts are split so concurrent journals do not queue on one row lock. */
export const HOUSE_SHARDS = 16;
export type HousePurpose = 'cash' | 'bonus' | 'game' | 'adjust' | 'fee';

const CACHE_LIMIT = 100_000;

export class AccountDirectory {
  private readonly cache = new Map<string, number>();
  private readonly db: DbOrTx;

  /**
   * Accounts are opened on the directory's own connection, outside any money transaction: an empty
   * account is harmless, and an id is remembered only once its row is committed.
   */
  constructor(db: DbOrTx) {
    this.db = db;
  }

  playerAccount(playerId: number, kind: PlayerAccountKind, ref = ''): Promise<number> {
    return this.findOrOpen(this.db, playerId, kind, ref);
  }

  /** The house account of a purpose, on the shard picked by the player so one player's journals stay together. */
  houseAccount(purpose: HousePurpose, shardKey: number): Promise<number> {
    return this.findOrOpen(this.db, null, 'house', `${purpose}:${Math.abs(shardKey) % HOUSE_SHARDS}`);
  }

  /** A player's points account (asset points). */
  pointsAccount(playerId: number): Promise<number> {
    return this.findOrOpen(this.db, playerId, 'points', '', 'points');
  }

  /** The house's points account, which issues points and takes them back; sharded like the money ones. */
  housePointsAccount(shardKey: number): Promise<number> {
    return this.findOrOpen(this.db, null, 'house', `points:${Math.abs(shardKey) % HOUSE_SHARDS}`, 'points');
  }

  private async findOrOpen(tx: DbOrTx, playerId: number | null, kind: string, ref: string, asset: Asset = 'money'): Promise<number> {
    const cache = this.cache;
    const key = `${playerId ?? 'h'}|${kind}|${ref}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const conflict = playerId === null
      ? sql`on conflict (kind, ref) where player_id is null do nothing`
      : sql`on conflict (player_id, kind, ref) do nothing`;
    const inserted = await tx.execute<{ id: string | number }>(
      sql`insert into accounts (player_id, kind, ref, asset) values (${playerId}, ${kind}, ${ref}, ${asset}) ${conflict} returning id`);
    let id = inserted.rows[0]?.id;
    if (id === undefined) {
      const found = await tx.execute<{ id: string | number }>(playerId === null
        ? sql`select id from accounts where player_id is null and kind = ${kind} and ref = ${ref}`
        : sql`select id from accounts where player_id = ${playerId} and kind = ${kind} and ref = ${ref}`);
      id = found.rows[0]?.id;
    }
    if (id === undefined) throw new Error(`ledger: account ${key} could not be opened`);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, Number(id));
    return Number(id);
  }
}

export async function balanceOf(tx: DbOrTx, accountId: number): Promise<bigint> {
  const res = await tx.execute<{ b: string | bigint }>(sql`select balance_minor as b from accounts where id = ${accountId}`);
  return BigInt(res.rows[0]?.b ?? 0);
}
