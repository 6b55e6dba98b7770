// What the reports domain may read of the bets domain's daily aggregates (bets/daily.ts): per day, per game and
// per player, over a Taipei date range ('YYYY-MM-DD', both ends included). The aggregates count settled bets by the
// Taipei day they settled on.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface BetDayTotals { day: string; rounds: number; bettors: number; stakeMinor: bigint; validMinor: bigint; payoutMinor: bigint }

type Sums = { rounds: string; stake: string; valid: string; payout: string };
const sums = (r: Sums) => ({ rounds: Number(r.rounds), stakeMinor: BigInt(r.stake), validMinor: BigInt(r.valid), payoutMinor: BigInt(r.payout) });

/** Every day of the range that had settled bets: rounds, stake, valid bet, payout and how many players bet. */
export async function betTotalsByDay(db: DbOrTx, from: string, to: string): Promise<BetDayTotals[]> {
  const res = await db.execute<Sums & { day: string; bettors: number | null }>(sql`
    select g.day::text as day, g.rounds::text as rounds, g.stake::text as stake, g.valid::text as valid, g.payout::text as payout, b.players as bettors
    from (select day, sum(rounds) as rounds, sum(stake_minor) as stake, sum(valid_bet_minor) as valid, sum(payout_minor) as payout
          from bet_daily_totals where day between ${from}::date and ${to}::date group by day
          having sum(rounds) <> 0 or sum(stake_minor) <> 0 or sum(payout_minor) <> 0) g
    left join bet_daily_bettors b on b.day = g.day`);
  return res.rows.map((r) => ({ day: r.day, bettors: Number(r.bettors ?? 0), ...sums(r) }));
}

export interface GameTotals { gameType: string; gpCode: string; game: string; playerDays: number; rounds: number; stakeMinor: bigint; validMinor: bigint; payoutMinor: bigint }

/**
 * Per game group, provider and game over the range. playerDays adds each day's distinct players: over one day it is
 * the number of players, over longer ranges a player who came back is counted once per day they played.
 */
export async function betTotalsByGame(db: DbOrTx, from: string, to: string): Promise<GameTotals[]> {
  const res = await db.execute<Sums & { game_type: string; gp_code: string; game: string; players: string }>(sql`
    select game_type, gp_code, game, sum(players)::text as players, sum(rounds)::text as rounds, sum(stake_minor)::text as stake,
      sum(valid_bet_minor)::text as valid, sum(payout_minor)::text as payout
    from bet_daily_games where day between ${from}::date and ${to}::date
    group by game_type, gp_code, game having sum(rounds) <> 0`);
  return res.rows.map((r) => ({ gameType: r.game_type, gpCode: r.gp_code, game: r.game, playerDays: Number(r.players), ...sums(r) }));
}

export interface PlayerBetTotals { playerId: number; rounds: number; stakeMinor: bigint; validMinor: bigint; payoutMinor: bigint; firstDay: string; lastDay: string }

/** Per player over the range, for the given players (a page of the players report). */
export async function betTotalsOfPlayers(db: DbOrTx, from: string, to: string, playerIds: readonly number[]): Promise<Map<number, PlayerBetTotals>> {
  if (!playerIds.length) return new Map();
  const res = await db.execute<Sums & { player_id: string; first_day: string; last_day: string }>(sql`
    select player_id::text as player_id, sum(rounds)::text as rounds, sum(stake_minor)::text as stake, sum(valid_bet_minor)::text as valid,
      sum(payout_minor)::text as payout, min(day)::text as first_day, max(day)::text as last_day
    from bet_daily where player_id = any(${`{${playerIds.join(',')}}`}::bigint[]) and day between ${from}::date and ${to}::date
    group by player_id`);
  return new Map(res.rows.map((r) => [Number(r.player_id), { playerId: Number(r.player_id), firstDay: r.first_day, lastDay: r.last_day, ...sums(r) }]));
}


/** Each player's GGR (stake - payout) over the range, as a sub-select (player_id, ggr) another domain's statement joins. */
export function playerGgrOver(from: string, to: string): SQL {
  return sql`(select player_id, sum(stake_minor - payout_minor) as ggr from bet_daily where day between ${from}::date and ${to}::date group by player_id)`;
}
