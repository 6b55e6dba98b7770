// Finding or opening ledger accounts. Ids never change and accounts are never deleted, so a directory
// remembers the ids it has looked up. Each app (each database) has its own directory.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

export type PlayerAccountKind = 'central' | 'bonus' | 'platform' | 'transit' | 'withdraw_hold';

/** What an account holds: money in minor units, or VIP points (whole points). Journals never mix them. */
export type Asset = 'money' | 'points';

/** Hot house accounts are split so concurrent journals do not queue on one row lock. */
export const HOUSE_SHARDS = 16;
/** commission: the house side of partner commission, which pays approved statements into partner wallets. */
export type HousePurpose = 'cash' | 'bonus' | 'game' | 'adjust' | 'fee' | 'commission';

/**
 * A partner's own money: the wallet approved commission is paid into, and the hold a payout request moves
 * money to until finance pays or releases it. Partners are not players, so these accounts have no player_id and the
 * ledger function's overdraft guard does not cover them: the partners service debits them only under the partner's
 * row lock after reading the balance, and ledger:check holds them at or above zero.
 */
export type PartnerAccountKind = 'partner_wallet' | 'partner_hold';
export const PARTNER_ACCOUNT_KINDS: readonly PartnerAccountKind[] = ['partner_wallet', 'partner_hold'];

const CACHE_LIMIT = 100_000;

export class AccountDirectory {
  private readonly cache = new Map<string, number>();
  /** Look-ups on their way, so that requests asking for the same account at once share one (a rush asks for the same house shards). */
  private readonly pending = new Map<string, Promise<number>>();
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

  /**
   * The house account of one seamless provider, the other side of every bet and win it reports call by
   * call, sharded by player like the purpose accounts so one hot row does not serialise every player's bets. Named
   * per provider so the provider's takings and payouts can be read from the ledger alone.
   */
  seamlessHouseAccount(gpCode: string, shardKey: number): Promise<number> {
    return this.findOrOpen(this.db, null, 'house', `seamless:${gpCode}:${Math.abs(shardKey) % HOUSE_SHARDS}`);
  }

  /** A partner's wallet or payout hold (ref: the partner's id). */
  partnerAccount(partnerId: number, kind: PartnerAccountKind): Promise<number> {
    return this.findOrOpen(this.db, null, kind, String(partnerId));
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
    const waiting = this.pending.get(key);
    if (waiting) return waiting;
    const lookup = findOrOpen(tx, playerId, kind, ref, asset);
    this.pending.set(key, lookup);
    try {
      const id = await lookup;
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(key, id);
      return id;
    } finally {
      this.pending.delete(key);
    }
  }
}

/**
 * Opens (or finds) a player's money account inside the caller's transaction, for an owner written in that same
 * transaction: a new player's central account, a new activity wallet's bonus account. The row's foreign key needs
 * the owner, which only that transaction can see, so this cannot wait for the directory's own connection; and
 * nothing remembers the id, because the transaction may still roll back.
 */
export function openPlayerAccountInTx(tx: DbOrTx, playerId: number, kind: PlayerAccountKind, ref = ''): Promise<number> {
  return findOrOpen(tx, playerId, kind, ref, 'money');
}

async function findOrOpen(tx: DbOrTx, playerId: number | null, kind: string, ref: string, asset: Asset): Promise<number> {
  const conflict = playerId === null ? sql`on conflict (kind, ref) where player_id is null do nothing` : sql`on conflict (player_id, kind, ref) do nothing`;
  const inserted = await tx.execute<{ id: string | number }>(
    sql`insert into accounts (player_id, kind, ref, asset) values (${playerId}, ${kind}, ${ref}, ${asset}) ${conflict} returning id`,
  );
  let id = inserted.rows[0]?.id;
  if (id === undefined) {
    const found = await tx.execute<{ id: string | number }>(
      playerId === null
        ? sql`select id from accounts where player_id is null and kind = ${kind} and ref = ${ref}`
        : sql`select id from accounts where player_id = ${playerId} and kind = ${kind} and ref = ${ref}`,
    );
    id = found.rows[0]?.id;
  }
  if (id === undefined) throw new Error(`ledger: account ${playerId ?? 'h'}|${kind}|${ref} could not be opened`);
  return Number(id);
}

/** The assets of the given accounts, by id; an id that names no account is absent from the answer. */
export async function assetsOf(tx: DbOrTx, accountIds: number[]): Promise<Map<number, Asset>> {
  const ids = [...new Set(accountIds)];
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) throw new Error('ledger invariant: account id');
  if (!ids.length) return new Map();
  const res = await tx.execute<{ id: string | number; asset: string }>(sql`select id, asset from accounts where id in ${sql.raw(`(${ids.join(',')})`)}`);
  return new Map(res.rows.map((r) => [Number(r.id), r.asset as Asset]));
}

export async function balanceOf(tx: DbOrTx, accountId: number): Promise<bigint> {
  const res = await tx.execute<{ b: string | bigint }>(sql`select balance_minor as b from accounts where id = ${accountId}`);
  return BigInt(res.rows[0]?.b ?? 0);
}
