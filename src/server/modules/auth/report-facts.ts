// What the reports domain may read of the players: registrations per Taipei day, and the player list in batches for
// the streamed CSV export (keyset pages by id, so a million players are read a batch at a time, never all at once).
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** Registrations per Taipei day over the range ('YYYY-MM-DD', both ends included). */
export async function registrationsByDay(db: DbOrTx, from: string, to: string): Promise<Map<string, number>> {
  // From the per-day counts a trigger keeps with players (auth_registrations_daily): 16 rows a day.
  const res = await db.execute<{ day: string; n: number }>(sql`
    select day::text as day, sum(players)::int as n from auth_registrations_daily where day between ${from}::date and ${to}::date group by day`);
  return new Map(res.rows.map((r) => [r.day, Number(r.n)]));
}

/** One row of the player list export; the password hash never leaves auth. */
export interface PlayerListRow {
  id: number;
  account: string;
  phone: string;
  realName: string;
  levelId: number;
  status: number;
  registerIp: string;
  createdAt: Date;
  lastLoginAt: Date | null;
}

/** Players after the given id, in id order, at most `limit` of them; an optional account or phone prefix filter. */
export async function playerListBatch(db: DbOrTx, afterId: number, limit: number, q?: string): Promise<PlayerListRow[]> {
  const search = q ? `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const res = await db.execute<{
    id: string;
    account: string;
    phone: string | null;
    real_name: string;
    level_id: number;
    status: number;
    register_ip: string | null;
    created_at: string | Date;
    last_login_at: string | Date | null;
  }>(sql`
    select id, account, phone, real_name, level_id, status, register_ip, created_at, last_login_at from players
    where id > ${afterId} and (${search}::text is null or lower(account) like lower(${search}) or phone like ${search})
    order by id limit ${limit}`);
  return res.rows.map((r) => ({
    id: Number(r.id),
    account: r.account,
    phone: r.phone ?? '',
    realName: r.real_name,
    levelId: Number(r.level_id),
    status: Number(r.status),
    registerIp: r.register_ip ?? '',
    createdAt: new Date(r.created_at),
    lastLoginAt: r.last_login_at ? new Date(r.last_login_at) : null,
  }));
}

/** Accounts and levels of the given players, for the players report's page. */
export async function playerLabels(db: DbOrTx, playerIds: readonly number[]): Promise<Map<number, { account: string; levelId: number; createdAt: Date }>> {
  if (!playerIds.length) return new Map();
  const res = await db.execute<{ id: string; account: string; level_id: number; created_at: string | Date }>(sql`
    select id, account, level_id, created_at from players where id = any(${`{${playerIds.join(',')}}`}::bigint[])`);
  return new Map(res.rows.map((r) => [Number(r.id), { account: r.account, levelId: Number(r.level_id), createdAt: new Date(r.created_at) }]));
}

/**
 * The players registered on the Taipei days of [from, to] with the Monday of their registration week, as a sub-select
 * (player_id, week_start, registered_on) the retention report joins in its own statement; players_created_taipei_day_idx
 * answers the range.
 */
export function cohortPlayers(from: string, to: string): SQL {
  return sql`(select id as player_id, date_trunc('week', (created_at at time zone 'Asia/Taipei')::date)::date as week_start,
    (created_at at time zone 'Asia/Taipei')::date as registered_on
    from players where (created_at at time zone 'Asia/Taipei')::date between ${from}::date and ${to}::date)`;
}

/**
 * The players of a level and registered on the Taipei days of a range (each filter optional), as a sub-select
 * (player_id) the players report joins.
 */
export function playersMatching(f: { levelId?: number; registeredFrom?: string; registeredTo?: string }): SQL {
  const day = sql`(created_at at time zone 'Asia/Taipei')::date`;
  return sql`(select id as player_id from players where true
    ${f.levelId === undefined ? sql`` : sql`and level_id = ${f.levelId}`}
    ${f.registeredFrom ? sql`and ${day} >= ${f.registeredFrom}::date` : sql``}
    ${f.registeredTo ? sql`and ${day} <= ${f.registeredTo}::date` : sql``})`;
}
