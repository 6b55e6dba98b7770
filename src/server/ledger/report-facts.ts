// What the reports domain may read of the ledger's daily money aggregates (ledger/daily.ts), over a Taipei date range
// ('YYYY-MM-DD', both ends included). Amounts are the net effect on players' money accounts: deposits and bonuses
// positive, paid withdrawals and given-up bonuses negative; but for the releases (RELEASE_KINDS: activity wallets'
// money moved to the central wallet, no net effect) the amount paid into the central wallet.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { RELEASE_KINDS, type ReportedKind } from './daily.ts';
import { BONUS_GRANT_KINDS } from '../../shared/journal-kinds.ts';

export { RELEASE_KINDS, REPORTED_KINDS, type ReportedKind } from './daily.ts';

export interface MoneyDayKind {
  day: string;
  kind: ReportedKind;
  players: number;
  journals: number;
  amountMinor: bigint;
}

/** Per day and kind: players, journals (a reversal counts -1) and the net amount. */
export async function moneyTotalsByDay(db: DbOrTx, from: string, to: string): Promise<MoneyDayKind[]> {
  const res = await db.execute<{ day: string; kind: ReportedKind; players: string; journals: string; amount: string }>(sql`
    select day::text as day, kind, sum(players)::text as players, sum(journals)::text as journals, sum(amount_minor)::text as amount
    from ledger_daily_totals where day between ${from}::date and ${to}::date group by day, kind`);
  return res.rows.map((r) => ({ day: r.day, kind: r.kind, players: Number(r.players), journals: Number(r.journals), amountMinor: BigInt(r.amount) }));
}

/** Per kind over the range: how many players had a journal of it, each counted once however many days. */
export async function playersByKind(db: DbOrTx, from: string, to: string, kinds: readonly ReportedKind[]): Promise<Map<ReportedKind, number>> {
  const res = await db.execute<{ kind: ReportedKind; n: number }>(sql`
    select kind, count(distinct player_id)::int as n from ledger_daily
    where day between ${from}::date and ${to}::date and kind = any(${`{${kinds.join(',')}}`}::text[]) group by kind`);
  return new Map(res.rows.map((r) => [r.kind, Number(r.n)]));
}

/** How many players have a journal of any of the kinds in the range, each counted once however many kinds they have. */
export async function playersOfKinds(db: DbOrTx, from: string, to: string, kinds: readonly ReportedKind[]): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`
    select count(distinct player_id)::int as n from ledger_daily
    where day between ${from}::date and ${to}::date and kind = any(${`{${kinds.join(',')}}`}::text[])`);
  return Number(res.rows[0]?.n ?? 0);
}

/** Per day: how many players made their first deposit, and what those first deposits came to. */
export async function firstDepositsByDay(db: DbOrTx, from: string, to: string): Promise<Map<string, { players: number; amountMinor: bigint }>> {
  const res = await db.execute<{ day: string; n: number; amount: string }>(sql`
    select day::text as day, sum(players)::int as n, sum(amount_minor)::text as amount
    from ledger_first_deposit_totals where day between ${from}::date and ${to}::date group by day having sum(players) <> 0`);
  return new Map(res.rows.map((r) => [r.day, { players: Number(r.n), amountMinor: BigInt(r.amount) }]));
}

export interface PlayerMoney {
  playerId: number;
  kind: ReportedKind;
  journals: number;
  amountMinor: bigint;
  firstDay: string;
  lastDay: string;
}

/**
 * Per player and kind over the range, for the given players (a page of the players report). Releases are left out:
 * they change none of a player's money figures, and a day on which a player only unlocked a wallet is no activity.
 */
export async function moneyOfPlayers(db: DbOrTx, from: string, to: string, playerIds: readonly number[]): Promise<PlayerMoney[]> {
  if (!playerIds.length) return [];
  const res = await db.execute<{ player_id: string; kind: ReportedKind; journals: string; amount: string; first_day: string; last_day: string }>(sql`
    select player_id::text as player_id, kind, sum(journals)::text as journals, sum(amount_minor)::text as amount,
      min(day)::text as first_day, max(day)::text as last_day
    from ledger_daily where player_id = any(${`{${playerIds.join(',')}}`}::bigint[]) and day between ${from}::date and ${to}::date
      and kind <> all(${`{${RELEASE_KINDS.join(',')}}`}::text[])
    group by player_id, kind`);
  return res.rows.map((r) => ({
    playerId: Number(r.player_id),
    kind: r.kind,
    journals: Number(r.journals),
    amountMinor: BigInt(r.amount),
    firstDay: r.first_day,
    lastDay: r.last_day,
  }));
}

/** Each player's first deposit that stands, as a sub-select (player_id, day) another domain's statement joins. */
export function firstDepositDays(): SQL {
  return sql`(select player_id, day from ledger_first_deposits)`;
}

/** Each player's deposits (net of reversals) over the range, as a sub-select (player_id, amount) another statement joins. */
export function playerDepositsOver(from: string, to: string): SQL {
  return sql`(select player_id, sum(amount_minor) as amount from ledger_daily where kind = 'deposit' and day between ${from}::date and ${to}::date group by player_id)`;
}

/**
 * A relation the caller builds over its own table (`player_id`, `grp`, `from_day`, `until_day`): the partners domain's
 * attribution spans; a player's day counts for the group whose span covers it (until_day excluded, null: still holds).
 */
export type PlayerGroups = SQL;

/**
 * Per group and kind over the range: the net amount (deposits +, paid withdrawals -, bonuses +). With `byDay` the same
 * per Taipei day (`day` set; a partner's 30-day chart), else over the whole range (`day` null).
 */
export async function moneyByGroup(
  db: DbOrTx,
  from: string,
  to: string,
  groups: PlayerGroups,
  opts: { byDay?: boolean } = {},
): Promise<Array<{ grp: number; day: string | null; kind: ReportedKind; amountMinor: bigint }>> {
  const day = opts.byDay ? sql`d.day::text` : sql`null::text`;
  const res = await db.execute<{ grp: string; day: string | null; kind: ReportedKind; amount: string }>(sql`
    select g.grp::text as grp, ${day} as day, d.kind, sum(d.amount_minor)::text as amount
    from ledger_daily d join ${groups} g on g.player_id = d.player_id and d.day >= g.from_day and (g.until_day is null or d.day < g.until_day)
    where d.day between ${from}::date and ${to}::date group by g.grp, 2, d.kind`);
  return res.rows.map((r) => ({ grp: Number(r.grp), day: r.day, kind: r.kind, amountMinor: BigInt(r.amount) }));
}

/** First deposits per group and Taipei day over the range. */
export async function firstDepositsByGroupAndDay(
  db: DbOrTx,
  from: string,
  to: string,
  groups: PlayerGroups,
): Promise<Array<{ grp: number; day: string; players: number; amountMinor: bigint }>> {
  const res = await db.execute<{ grp: string; day: string; n: string; amount: string }>(sql`
    select g.grp::text as grp, f.day::text as day, count(*)::text as n, sum(f.amount_minor)::text as amount
    from ledger_first_deposits f join ${groups} g on g.player_id = f.player_id and f.day >= g.from_day and (g.until_day is null or f.day < g.until_day)
    where f.day between ${from}::date and ${to}::date group by g.grp, f.day`);
  return res.rows.map((r) => ({ grp: Number(r.grp), day: r.day, players: Number(r.n), amountMinor: BigInt(r.amount) }));
}

/** The first deposit (Taipei day and amount) of each of the given players who made one. */
export async function firstDepositsOf(db: DbOrTx, playerIds: readonly number[]): Promise<Map<number, { day: string; amountMinor: bigint }>> {
  if (!playerIds.length) return new Map();
  const res = await db.execute<{ player_id: string; day: string; amount: string }>(sql`
    select player_id::text as player_id, day::text as day, amount_minor::text as amount from ledger_first_deposits
    where player_id = any(${`{${playerIds.join(',')}}`}::bigint[])`);
  return new Map(res.rows.map((r) => [Number(r.player_id), { day: r.day, amountMinor: BigInt(r.amount) }]));
}

/** The journal kinds that pay a bonus, one of which funds each activity wallet (wallet/grants.ts, wallet's grantBonus). */
export const GRANT_KINDS = BONUS_GRANT_KINDS satisfies readonly ReportedKind[];

/**
 * The releases (RELEASE_KINDS) written in [start, end), per activity wallet, as a sub-select (wallet_id, funding_kind,
 * journals, amount_minor) another domain's statement joins: journals counts a reversal -1, amount_minor is what they
 * paid into the central wallet (as ledger_report_journal counts them, so the rows add up to the daily aggregates' released
 * money), and funding_kind is the kind of the journal that funded the wallet, null when none is found.
 *
 * A release's ref is its wallet's id (wallet/service.ts unlockBonus and bonusToCentral; a reversal keeps it). The
 * funding journal is written in the transaction that creates the wallet, so it carries the wallet's created_at and
 * its id as ref; matching the time as well as the ref tells it apart from a bonus paid straight to the central wallet
 * whose ref happens to read the same (a VIP reward's id), and lets journals_player_created_idx find it. `wallets` is
 * the wallet domain's sub-select (wallet_id, player_id, created_at).
 */
export function releasesByWallet(start: Date, end: Date, wallets: SQL): SQL {
  return sql`(select r.wallet_id, f.kind as funding_kind, r.journals, r.amount_minor
    from (select case when j.ref ~ '^[0-9]{1,18}$' then j.ref::bigint end as wallet_id, j.player_id,
            sum(case when j.idempotency_key like 'reversal:%' then -1 else 1 end)::int as journals,
            coalesce(sum((select sum(p.amount_minor) from postings p join accounts a on a.id = p.account_id
              where p.journal_id = j.id and a.player_id is not null and a.asset = 'money' and a.kind = 'central')), 0)::bigint as amount_minor
          from journals j
          -- The kinds written out, as journals_release_created_idx's predicate is: a parameter would not match it.
          where j.kind in ('bonus_unlock', 'bonus_to_central') and j.player_id is not null
            and j.created_at >= ${start.toISOString()}::timestamptz and j.created_at < ${end.toISOString()}::timestamptz
          group by 1, 2) r
    left join ${wallets} w on w.wallet_id = r.wallet_id and w.player_id = r.player_id
    left join lateral (select g.kind from journals g
      where g.player_id = w.player_id and g.created_at = w.created_at and g.ref = r.wallet_id::text
        and g.kind = any(${`{${GRANT_KINDS.join(',')}}`}::text[]) and g.reverses_journal_id is null
      order by g.id limit 1) f on true)`;
}

// ---- liability (the reconciliation report) -------------------------------------------------------------------------

/**
 * The accounts whose sum is the money the house owes others, the liability the reconciliation report balances: every
 * money account of a player (central wallet, activity wallets' bonus accounts, platform accounts, transfers in transit,
 * withdrawals on hold: all of it is the player's on the ledger, and the moves between them have no house side) and a
 * partner's wallet and payout hold (approved commission the house owes the partner). House accounts are the other side.
 */
const LIABILITY_ACCOUNT = sql`(a.asset = 'money' and (a.player_id is not null or a.kind in ('partner_wallet', 'partner_hold')))`;

/** Where the live ledger starts: the end of the last archived month, as check.ts reads it (null: nothing archived). */
export async function archiveHorizon(db: DbOrTx): Promise<Date | null> {
  const res = await db.execute<{ horizon: string | null }>(
    sql`select (extract(epoch from (max(month) + interval '1 month') at time zone 'UTC') * 1000)::bigint::text as horizon from ledger_closing_balances`,
  );
  const horizon = res.rows[0]?.horizon;
  return horizon ? new Date(Number(horizon)) : null;
}

/**
 * What the liability accounts held at `at` (not before the archive horizon): each account's last closing balance plus
 * its live postings before then, per player (null: the partners' accounts), for the given players or all of them.
 */
export async function liabilityAt(db: DbOrTx, at: Date, playerIds?: readonly number[]): Promise<Map<number | null, bigint>> {
  const only = playerIds ? sql`and a.player_id = any(${`{${playerIds.join(',')}}`}::bigint[])` : sql``;
  const res = await db.execute<{ player_id: string | null; amount: string }>(sql`
    select s.player_id::text as player_id, sum(s.amount)::text as amount from (
      select a.player_id, c.balance_minor as amount
      from (select distinct on (account_id) account_id, balance_minor from ledger_closing_balances order by account_id, month desc) c
      join accounts a on a.id = c.account_id where ${LIABILITY_ACCOUNT} ${only}
      union all
      select a.player_id, p.amount_minor from postings p join accounts a on a.id = p.account_id
      where ${LIABILITY_ACCOUNT} ${only} and p.created_at < ${at.toISOString()}::timestamptz
        and p.created_at >= coalesce((select max(month) + interval '1 month' from ledger_closing_balances), '-infinity'::timestamp) at time zone 'UTC'
    ) s group by s.player_id`);
  return new Map(res.rows.map((r) => [r.player_id === null ? null : Number(r.player_id), BigInt(r.amount)]));
}

export interface LiabilityMovement {
  day: string;
  kind: string;
  playerId: number | null;
  amountMinor: bigint;
}

/**
 * The net of the postings on the liability accounts in [start, end), per Taipei day, journal kind and player (null:
 * partners). This reads the postings themselves: it is the ledger's side of the reconciliation, and the source of the
 * kinds the daily aggregates leave out (bets, transfers, partners' money).
 */
export async function liabilityMovements(db: DbOrTx, start: Date, end: Date, playerIds?: readonly number[]): Promise<LiabilityMovement[]> {
  const only = playerIds ? sql`and a.player_id = any(${`{${playerIds.join(',')}}`}::bigint[])` : sql``;
  const res = await db.execute<{ day: string; kind: string; player_id: string | null; amount: string }>(sql`
    select (p.created_at at time zone 'Asia/Taipei')::date::text as day, j.kind, a.player_id::text as player_id, sum(p.amount_minor)::text as amount
    from postings p join accounts a on a.id = p.account_id join journals j on j.id = p.journal_id
    where ${LIABILITY_ACCOUNT} ${only} and p.created_at >= ${start.toISOString()}::timestamptz and p.created_at < ${end.toISOString()}::timestamptz
    group by 1, 2, 3`);
  return res.rows.map((r) => ({ day: r.day, kind: r.kind, playerId: r.player_id === null ? null : Number(r.player_id), amountMinor: BigInt(r.amount) }));
}

/** The players with a posting on their money accounts in [start, end), by id, a page of them and how many in all. */
export async function playersWithMovements(db: DbOrTx, start: Date, end: Date, limit: number, offset: number): Promise<{ ids: number[]; total: number }> {
  const res = await db.execute<{ player_id: string; total: string }>(sql`
    select a.player_id::text as player_id, count(*) over ()::text as total
    from postings p join accounts a on a.id = p.account_id
    where a.asset = 'money' and a.player_id is not null
      and p.created_at >= ${start.toISOString()}::timestamptz and p.created_at < ${end.toISOString()}::timestamptz
    group by a.player_id order by a.player_id limit ${limit} offset ${offset}`);
  return { ids: res.rows.map((r) => Number(r.player_id)), total: Number(res.rows[0]?.total ?? 0) };
}
