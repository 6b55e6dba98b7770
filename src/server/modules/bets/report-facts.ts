// What the reports domain may read of the bets domain's daily aggregates (bets/daily.ts): per day, per game and
// per player, over a Taipei date range ('YYYY-MM-DD', both ends included). The aggregates count settled bets by the
// Taipei day they settled on.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface BetDayTotals {
  day: string;
  rounds: number;
  bettors: number;
  stakeMinor: bigint;
  validMinor: bigint;
  payoutMinor: bigint;
}

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

/** How many players had a settled bet on any day of the range, each counted once. */
export async function bettorsInRange(db: DbOrTx, from: string, to: string): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`
    select count(distinct player_id)::int as n from bet_player_days where day between ${from}::date and ${to}::date`);
  return Number(res.rows[0]?.n ?? 0);
}

export interface GameTotals {
  gameType: string;
  gpCode: string;
  game: string;
  playerDays: number;
  rounds: number;
  stakeMinor: bigint;
  validMinor: bigint;
  payoutMinor: bigint;
}

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

export interface PlayerBetTotals {
  playerId: number;
  rounds: number;
  stakeMinor: bigint;
  validMinor: bigint;
  payoutMinor: bigint;
  firstDay: string;
  lastDay: string;
}

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

/**
 * A relation the caller builds over its own table (`player_id`, `grp`, `from_day`, `until_day`): the partners domain
 * passes its attribution spans, so settled bets are summed per partner without this domain knowing partners, or that
 * domain naming bet tables. A player's day counts for the group whose span covers it (from_day included, until_day
 * excluded, until_day null for a span that still holds), so a player who moved is counted once a day.
 */
export type PlayerGroups = SQL;

export interface GroupBetTotals {
  grp: number;
  day: string | null;
  gameType: string | null;
  players: number;
  rounds: number;
  stakeMinor: bigint;
  validMinor: bigint;
  payoutMinor: bigint;
}

/**
 * Settled bets over the range per group and game group (`gameType`), plus one row per group with gameType null whose
 * `players` counts the distinct players who bet at all (the group's active players). With
 * `byDay` the same per Taipei day (`day` set; a partner's 30-day chart), else over the whole range (`day` null).
 */
export async function betTotalsByGroup(db: DbOrTx, from: string, to: string, groups: PlayerGroups, opts: { byDay?: boolean } = {}): Promise<GroupBetTotals[]> {
  const day = opts.byDay ? sql`d.day` : sql`null::date`;
  // One pass over the range's rows joined to the groups; the active players are counted per group (and day) alone.
  // Summing per player first and counting those rows measured slower at the benchmark's size (3.3 million rows).
  const res = await db.execute<Sums & { grp: string; day: string | null; game_type: string | null; players: string }>(sql`
    select g.grp::text as grp, ${day}::text as day, d.game_type, count(distinct d.player_id)::text as players, sum(d.rounds)::text as rounds,
      sum(d.stake_minor)::text as stake, sum(d.valid_bet_minor)::text as valid, sum(d.payout_minor)::text as payout
    from bet_daily d join ${groups} g on g.player_id = d.player_id and d.day >= g.from_day and (g.until_day is null or d.day < g.until_day)
    where d.day between ${from}::date and ${to}::date and d.rounds <> 0
    group by grouping sets ((g.grp, ${day}, d.game_type), (g.grp, ${day}))`);
  return res.rows.map((r) => ({ grp: Number(r.grp), day: r.day, gameType: r.game_type, players: Number(r.players), ...sums(r) }));
}

/** Each player's valid bet over their own range of Taipei days (CPA: within N days of registering), at most 100,000 players a call. */
export async function validBetInWindows(db: DbOrTx, windows: ReadonlyArray<{ playerId: number; from: string; to: string }>): Promise<Map<number, bigint>> {
  if (!windows.length) return new Map();
  if (windows.length > 100_000) throw new Error('validBetInWindows: at most 100,000 players a call');
  const ids = `{${windows.map((w) => w.playerId).join(',')}}`;
  const froms = `{${windows.map((w) => w.from).join(',')}}`;
  const tos = `{${windows.map((w) => w.to).join(',')}}`;
  const res = await db.execute<{ player_id: string; valid: string }>(sql`
    select w.player_id::text as player_id, sum(d.valid_bet_minor)::text as valid
    from unnest(${ids}::bigint[], ${froms}::date[], ${tos}::date[]) as w(player_id, from_day, to_day)
    join bet_daily d on d.player_id = w.player_id and d.day between w.from_day and w.to_day
    -- The whole span as well, so the planner reads the range once and hashes the windows instead of probing per player.
    where d.day between ${windows.reduce((m, w) => (w.from < m ? w.from : m), windows[0]!.from)}::date and ${windows.reduce((m, w) => (w.to > m ? w.to : m), windows[0]!.to)}::date
    group by w.player_id`);
  return new Map(res.rows.map((r) => [Number(r.player_id), BigInt(r.valid)]));
}

/** The last Taipei day each of the given players had a settled bet, or absent (fraud signals: CPA players who stopped). */
export async function lastBetDays(db: DbOrTx, playerIds: readonly number[]): Promise<Map<number, string>> {
  if (!playerIds.length) return new Map();
  const res = await db.execute<{ player_id: string; last_day: string }>(sql`
    select player_id::text as player_id, max(day)::text as last_day from bet_daily
    where player_id = any(${`{${playerIds.join(',')}}`}::bigint[]) group by player_id`);
  return new Map(res.rows.map((r) => [Number(r.player_id), r.last_day]));
}
