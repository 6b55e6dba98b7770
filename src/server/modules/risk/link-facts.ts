// What other domains may know of linked accounts, asked through this file rather than by reading risk's tables: the
// players in the same linked group as a player. Promotions ask it inside their own transaction (so it takes the
// caller's connection); partners' CPA asks risk's service (linkedPlayers), which answers the same players.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { riskGroupMembers } from '../../db/schema.ts';

/** Members of one group a caller reads at most. */
const LINKED_MAX = 500;

/** The other members of the player's linked group, lowest id first; empty when the player is linked to nobody. */
export async function linkedPlayerIds(db: DbOrTx, playerId: number): Promise<number[]> {
  const rows = await db.select({ p: riskGroupMembers.playerId }).from(riskGroupMembers).where(and(
    eq(riskGroupMembers.groupId, sql`(select group_id from risk_group_members where player_id = ${playerId})`),
    ne(riskGroupMembers.playerId, playerId),
  )).orderBy(asc(riskGroupMembers.playerId)).limit(LINKED_MAX);
  return rows.map((r) => r.p);
}
