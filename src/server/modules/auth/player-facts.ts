// What other domains may know about a player, asked through this file rather than by reading the players
// table: the facts the promotions engine checks (level, phone, address, referrer, sign-up time and status) and
// the lookup of players by account name for operators' pasted lists, the active players of a segment (messages),
// and what a desk shows beside a player's thread.
import { and, asc, eq, gte, ilike, inArray, lt, sql, getTableName, type Column, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { levels, players } from '../../db/schema.ts';
import { PLAYER_STATUS } from '../../../shared/statuses.ts';

/** A column as "table"."column", whatever the context drizzle renders it in. */
const qualified = (c: Column) => sql.raw(`"${getTableName(c.table)}"."${c.name}"`);

/** One player's facts, or undefined when there is no such player. */
export async function playerFacts(db: DbOrTx, playerId: number) {
  return (
    await db
      .select({
        id: players.id,
        account: players.account,
        levelId: players.levelId,
        phone: players.phone,
        registerIp: players.registerIp,
        referrerId: players.referrerId,
        createdAt: players.createdAt,
        status: players.status,
      })
      .from(players)
      .where(eq(players.id, playerId))
      .limit(1)
  )[0];
}
export type PlayerFacts = NonNullable<Awaited<ReturnType<typeof playerFacts>>>;

/** The players whose account names match the given ones, compared without case, with their status. */
export async function playersByAccounts(db: DbOrTx, accounts: string[]): Promise<Array<{ id: number; account: string; status: number }>> {
  if (!accounts.length) return [];
  return db
    .select({ id: players.id, account: players.account, status: players.status })
    .from(players)
    .where(
      inArray(
        sql`lower(${players.account})`,
        accounts.map((a) => a.toLowerCase()),
      ),
    );
}

/** Account names of the given players, by id; an unknown id is absent. */
export async function accountNames(db: DbOrTx, playerIds: number[]): Promise<Map<number, string>> {
  if (!playerIds.length) return new Map();
  const rows = await db
    .select({ id: players.id, account: players.account })
    .from(players)
    .where(inArray(players.id, [...new Set(playerIds)]));
  return new Map(rows.map((r) => [r.id, r.account]));
}

/** What a desk shows beside a player's thread or chat: account, status, level names (null without a level) and dates. */
export async function playerWithLevel(db: DbOrTx, playerId: number) {
  const [row] = await db
    .select({
      id: players.id,
      account: players.account,
      status: players.status,
      levelId: players.levelId,
      levelName: levels.nameFrontend,
      levelNameEn: levels.nameFrontendEn,
      createdAt: players.createdAt,
      lastLoginAt: players.lastLoginAt,
    })
    .from(players)
    .leftJoin(levels, eq(levels.id, players.levelId))
    .where(eq(players.id, playerId))
    .limit(1);
  return row;
}

/** A segment of active players: at given levels, or signed up in [from, to). */
export type PlayerSegment = { levels: number[] } | { signedUpFrom: Date; signedUpBefore: Date };

/** Ids of the segment's active players, lowest first, at most `limit` (a caller asks one more than allowed to know it was exceeded). */
export async function activePlayerIds(db: DbOrTx, segment: PlayerSegment, limit: number): Promise<number[]> {
  const where =
    'levels' in segment
      ? inArray(players.levelId, segment.levels)
      : and(gte(players.createdAt, segment.signedUpFrom), lt(players.createdAt, segment.signedUpBefore));
  const rows = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.status, PLAYER_STATUS.active), where))
    .orderBy(asc(players.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * A scalar sub-select of the account name of the player whose id the caller's column holds, so a list of another
 * domain shows the account in its own single statement without reading the players table itself. The column is
 * written qualified: inside a select list drizzle would render it bare, and a bare name may bind to the players row.
 */
export function accountNameOf(playerId: Column): SQL<string> {
  return sql<string>`(select p.account from players p where p.id = ${qualified(playerId)})`;
}

/** A scalar sub-select of one player's sign-up time, for a caller's statement (null for an unknown player). */
export function signedUpAtOf(playerId: number): SQL<Date | null> {
  return sql<Date | null>`(select p.created_at from players p where p.id = ${playerId})`;
}

/** A sub-select of the ids of players whose account starts with `prefix` (without case; LIKE's wildcards taken literally). */
export function playerIdsWithAccountPrefix(prefix: string): SQL {
  return sql`select ${players.id} from ${players} where ${ilike(players.account, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`;
}

/** Account, status, registration time and address of the given players, by id (the partners' lists and fraud signals). */
export async function playersBrief(
  db: DbOrTx,
  playerIds: readonly number[],
): Promise<Map<number, { account: string; status: number; createdAt: Date; registerIp: string }>> {
  if (!playerIds.length) return new Map();
  const rows = await db
    .select({ id: players.id, account: players.account, status: players.status, createdAt: players.createdAt, registerIp: players.registerIp })
    .from(players)
    .where(inArray(players.id, [...new Set(playerIds)]));
  return new Map(rows.map((r) => [r.id, { account: r.account, status: r.status, createdAt: r.createdAt, registerIp: r.registerIp ?? '' }]));
}

/** Whether a player's referral code already reads like this one (compared without case): a partner code may not take it. */
export async function isPlayerReferralCode(db: DbOrTx, code: string): Promise<boolean> {
  const rows = await db
    .select({ id: players.id })
    .from(players)
    .where(sql`lower(${players.recommendCode}) = lower(${code})`)
    .limit(1);
  return rows.length > 0;
}
