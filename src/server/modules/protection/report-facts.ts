// What the reports domain may read of player protection (the compliance report): the protection events of
// a window per action and limit kind, the limits in force now, and the time-outs and self-exclusions in force now and
// begun in the window.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface ProtectionActionFigures {
  action: string;
  kind: string;
  events: number;
  players: number;
  byStaff: number;
}

/** Events in [start, end) per action and limit kind ('' for actions that are not about one kind). */
export async function protectionActions(db: DbOrTx, start: Date, end: Date): Promise<ProtectionActionFigures[]> {
  const res = await db.execute<{ action: string; kind: string; n: number; players: number; staff: number }>(sql`
    select action, coalesce(detail->>'kind', '') as kind, count(*)::int as n, count(distinct player_id)::int as players,
      count(*) filter (where staff_id is not null)::int as staff
    from protection_events where created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz
    group by 1, 2`);
  return res.rows.map((r) => ({ action: r.action, kind: r.kind, events: Number(r.n), players: Number(r.players), byStaff: Number(r.staff) }));
}

/** The players with any event in [start, end), each counted once. */
export async function protectionActionPlayers(db: DbOrTx, start: Date, end: Date): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`
    select count(distinct player_id)::int as n from protection_events
    where created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz`);
  return Number(res.rows[0]?.n ?? 0);
}

export interface LimitFigures {
  kind: string;
  period: string;
  players: number;
  pending: number;
}

/** Limits in force now (a value set) per kind and period, and how many changes are waiting (a pending time set). */
export async function limitsInForce(db: DbOrTx): Promise<{ rows: LimitFigures[]; playersWithLimits: number }> {
  const [rows, players] = await Promise.all([
    db.execute<{ kind: string; period: string; n: number; pending: number }>(sql`
      select kind, period, count(*) filter (where limit_value is not null)::int as n, count(*) filter (where pending_at is not null)::int as pending
      from protection_limits group by 1, 2 having count(*) filter (where limit_value is not null or pending_at is not null) > 0`),
    db.execute<{ n: number }>(sql`select count(distinct player_id)::int as n from protection_limits where limit_value is not null and kind <> 'reality'`),
  ]);
  return {
    rows: rows.rows.map((r) => ({ kind: r.kind, period: r.period, players: Number(r.n), pending: Number(r.pending) })),
    playersWithLimits: Number(players.rows[0]?.n ?? 0),
  };
}

export interface ExclusionFigures {
  kind: string;
  duration: string;
  active: number;
  started: number;
}

/** Exclusions per kind and duration: in force at `now` (players, each counted once per kind and duration), and begun in [start, end). */
export async function exclusionFigures(db: DbOrTx, start: Date, end: Date, now: Date): Promise<ExclusionFigures[]> {
  const res = await db.execute<{ kind: string; duration: string; active: number; started: number }>(sql`
    select kind, duration,
      count(distinct player_id) filter (where starts_at <= ${now.toISOString()}::timestamptz and (ends_at is null or ends_at > ${now.toISOString()}::timestamptz))::int as active,
      count(*) filter (where starts_at >= ${start.toISOString()}::timestamptz and starts_at < ${end.toISOString()}::timestamptz)::int as started
    from protection_exclusions group by 1, 2`);
  return res.rows
    .map((r) => ({ kind: r.kind, duration: r.duration, active: Number(r.active), started: Number(r.started) }))
    .filter((r) => r.active > 0 || r.started > 0);
}
