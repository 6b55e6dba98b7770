// What the reports domain may read of partners: which partner brought each player of a players-report page,
// and the players a partner brought, as a sub-select the report's one statement joins when the operator filters by one.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The partner (id and account) of each of the given players who came through one. */
export async function partnersOfPlayers(db: DbOrTx, playerIds: readonly number[]): Promise<Map<number, { partnerId: number; account: string }>> {
  if (!playerIds.length) return new Map();
  const res = await db.execute<{ player_id: string; partner_id: string; account: string }>(sql`
    select b.player_id::text as player_id, b.partner_id::text as partner_id, p.account
    from partner_bindings b join partners p on p.id = b.partner_id where b.player_id = any(${`{${playerIds.join(',')}}`}::bigint[])`);
  return new Map(res.rows.map((r) => [Number(r.player_id), { partnerId: Number(r.partner_id), account: r.account }]));
}

/** The players a partner brought, as a sub-select (player_id). */
export function playersOfPartner(partnerId: number): SQL {
  return sql`(select player_id from partner_bindings where partner_id = ${partnerId})`;
}
