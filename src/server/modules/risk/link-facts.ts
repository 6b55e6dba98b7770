// What other domains may know of linked accounts, asked through this file rather than by reading risk's tables: the
// players in the same linked group as a player. Promotions ask it inside their own transaction (so it takes the
// caller's connection, and lockLinkedGroup makes two members of a group claiming at once take turns); partners' CPA asks risk's service (linkedPlayers), which answers the same players.
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { riskGroupMembers } from '../../db/schema.ts';

/** The members of a linked group, as a sub-select (player_id), for a list that filters by the group in its own statement. */
export function playersOfGroup(groupId: number): SQL {
  return sql`(select ${riskGroupMembers.playerId} from ${riskGroupMembers} where ${riskGroupMembers.groupId} = ${groupId})`;
}

/** Members of one group a caller reads at most. */
const LINKED_MAX = 500;

/** The other members of the player's linked group, lowest id first; empty when the player is linked to nobody. */
export async function linkedPlayerIds(db: DbOrTx, playerId: number): Promise<number[]> {
  const rows = await db
    .select({ p: riskGroupMembers.playerId })
    .from(riskGroupMembers)
    .where(
      and(eq(riskGroupMembers.groupId, sql`(select group_id from risk_group_members where player_id = ${playerId})`), ne(riskGroupMembers.playerId, playerId)),
    )
    .orderBy(asc(riskGroupMembers.playerId))
    .limit(LINKED_MAX);
  return rows.map((r) => r.p);
}

/** Players asked at most per read of playersInLinkedGroups; more are read in slices of this many. */
const AMONG_SLICE = 10_000;

/**
 * Which of the given players are in a linked group with at least one other player (linkedPlayerIds would answer
 * someone): one read per 10,000 players instead of one per player, for callers that ask about many (partners' CPA).
 */
export async function playersInLinkedGroups(db: DbOrTx, playerIds: readonly number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (let i = 0; i < playerIds.length; i += AMONG_SLICE) {
    const ids = `{${playerIds.slice(i, i + AMONG_SLICE).join(',')}}`;
    const res = await db.execute<{ player_id: string }>(sql`
      select m.player_id::text as player_id from risk_group_members m
      where m.player_id = any(${ids}::bigint[])
        and exists (select 1 from risk_group_members o where o.group_id = m.group_id and o.player_id <> m.player_id)`);
    for (const r of res.rows) out.add(Number(r.player_id));
  }
  return out;
}

/**
 * The namespace (first key) of the two-key transaction locks callers take on a linked group, from the range the
 * risk work was given; the two-key form never meets the jobs' one-key locks.
 */
const GROUP_LOCK_NAMESPACE = 7_240_180;

/**
 * Locks the player's linked group for one purpose (`scope`, e.g. a promotion) until the caller's transaction ends,
 * and answers the other members read after the lock: two accounts of one group acting at once take turns, so the
 * second sees what the first committed. A player in no group locks nothing and answers no one.
 */
export async function lockLinkedGroup(tx: DbOrTx, playerId: number, scope: string): Promise<number[]> {
  const [row] = await tx.select({ g: riskGroupMembers.groupId }).from(riskGroupMembers).where(eq(riskGroupMembers.playerId, playerId));
  if (!row) return [];
  await tx.execute(sql`select pg_advisory_xact_lock(${GROUP_LOCK_NAMESPACE}, hashtext(${`${scope}:${row.g}`}))`);
  return linkedPlayerIds(tx, playerId);
}
