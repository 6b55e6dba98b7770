// What other domains may know about settled bets, asked through this file rather than by reading bet_records:
// a player's settled valid bet, and one Taipei day's valid bet per game group or net loss per player, a page
// of players at a time (the promotions' daily rebate and loss-rescue jobs).
import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { betRecords } from '../../db/schema.ts';

/** The player's settled valid bet over all time. */
export async function validBetTotal(db: DbOrTx, playerId: number): Promise<bigint> {
  const r = await db
    .select({ total: sql<string>`coalesce(sum(${betRecords.validBetMinor}), 0)` })
    .from(betRecords)
    .where(and(eq(betRecords.playerId, playerId), eq(betRecords.status, 'settled')));
  return BigInt(r[0]?.total ?? 0);
}

/** Settled valid bet in [from, to) per player and game group (all groups when none are given), players after `afterPlayer`. */
export async function validBetByGroup(db: DbOrTx, from: Date, to: Date, groups: string[], afterPlayer: number, limit: number) {
  const rows = await db
    .select({
      playerId: betRecords.playerId,
      group: betRecords.gameType,
      total: sql<string>`sum(${betRecords.validBetMinor})`,
    })
    .from(betRecords)
    .where(
      and(
        eq(betRecords.status, 'settled'),
        gte(betRecords.settledAt, from),
        lt(betRecords.settledAt, to),
        sql`${betRecords.playerId} > ${afterPlayer}`,
        groups.length ? inArray(betRecords.gameType, groups) : undefined,
      ),
    )
    .groupBy(betRecords.playerId, betRecords.gameType)
    .orderBy(asc(betRecords.playerId), asc(betRecords.gameType))
    .limit(limit);
  return rows.map((r) => ({ playerId: r.playerId, group: r.group, totalMinor: BigInt(r.total) }));
}

/** Net loss (stakes minus payouts of settled bets) in [from, to) per player, players after `afterPlayer`. */
export async function netLossByPlayer(db: DbOrTx, from: Date, to: Date, afterPlayer: number, limit: number) {
  const rows = await db
    .select({
      playerId: betRecords.playerId,
      loss: sql<string>`sum(${betRecords.stakeMinor} - ${betRecords.payoutMinor})`,
    })
    .from(betRecords)
    .where(and(eq(betRecords.status, 'settled'), gte(betRecords.settledAt, from), lt(betRecords.settledAt, to), sql`${betRecords.playerId} > ${afterPlayer}`))
    .groupBy(betRecords.playerId)
    .orderBy(asc(betRecords.playerId))
    .limit(limit);
  return rows.map((r) => ({ playerId: r.playerId, lossMinor: BigInt(r.loss) }));
}

/**
 * A scalar sub-select, as text: a player's settled valid bet since a moment (zero without any). For a caller
 * that puts it beside its own figures in one statement (the VIP evaluation's totals).
 */
export function settledValidBetSumSince(playerId: number | SQL, since: Date): SQL {
  return sql`(select coalesce(sum(valid_bet_minor), 0)::text from bet_records where player_id = ${playerId} and status = 'settled' and settled_at >= ${since.toISOString()})`;
}

/** A derived table (player_id, s): each player's settled valid bet since a moment, to join by player_id in one statement. */
export function settledValidBetSumsSince(since: Date): SQL {
  return sql`(select player_id, sum(valid_bet_minor) as s from bet_records where status = 'settled' and settled_at >= ${since.toISOString()} group by player_id)`;
}
