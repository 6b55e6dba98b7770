// The players report's population: the players active in the period (a settled bet, a deposit, or either,
// from the reports' own report_active_days) who match the operator's filters (level and registration days through
// auth's read API; at least an amount deposited or of GGR through the ledger's and the bets' read APIs), largest GGR
// first. One statement: the owners hand out sub-selects, so no id list crosses the wire between the filters.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { decimalToMinor } from '../../../shared/money.ts';
import type { PlayersReportQuery } from '../../../shared/schemas/backoffice/reports.ts';
import * as authFacts from '../auth/report-facts.ts';
import * as betFacts from '../bets/report-facts.ts';
import * as ledgerFacts from '../../ledger/report-facts.ts';
import * as partnerFacts from '../partners/report-facts.ts';
import { ACTIVE_SOURCE } from './activity.ts';

export type PlayerFilters = Pick<PlayersReportQuery, 'from' | 'to' | 'level' | 'reg_from' | 'reg_to' | 'activity' | 'min_deposit' | 'min_ggr' | 'partner'>;

const SOURCES = { any: ACTIVE_SOURCE.bet | ACTIVE_SOURCE.deposit, bet: ACTIVE_SOURCE.bet, deposit: ACTIVE_SOURCE.deposit } as const;

/** A page of the matching players' ids in the report's order, and how many match. */
export async function matchingPlayers(db: DbOrTx, f: PlayerFilters, limit: number, offset: number): Promise<{ ids: number[]; total: number }> {
  const minDeposit = f.min_deposit ? (decimalToMinor(f.min_deposit) ?? 0n) : undefined;
  const minGgr = f.min_ggr ? (decimalToMinor(f.min_ggr) ?? 0n) : undefined;
  const res = await db.execute<{ player_id: string; total: number }>(sql`
    select a.player_id::text as player_id, count(*) over ()::int as total
    from (select player_id from report_active_days where day between ${f.from}::date and ${f.to}::date
          and sources & ${SOURCES[f.activity]}::smallint <> 0 group by player_id) a
    join ${authFacts.playersMatching({ levelId: f.level, registeredFrom: f.reg_from, registeredTo: f.reg_to })} p on p.player_id = a.player_id
    ${f.partner === undefined ? sql`` : sql`join ${partnerFacts.playersOfPartner(f.partner)} pb on pb.player_id = a.player_id`}
    left join ${betFacts.playerGgrOver(f.from, f.to)} b on b.player_id = a.player_id
    left join ${ledgerFacts.playerDepositsOver(f.from, f.to)} d on d.player_id = a.player_id
    where true
      ${minDeposit === undefined ? sql`` : sql`and coalesce(d.amount, 0) >= ${minDeposit.toString()}::bigint`}
      ${minGgr === undefined ? sql`` : sql`and coalesce(b.ggr, 0) >= ${minGgr.toString()}::bigint`}
    order by coalesce(b.ggr, 0) desc, a.player_id limit ${limit} offset ${offset}`);
  return { ids: res.rows.map((r) => Number(r.player_id)), total: Number(res.rows[0]?.total ?? 0) };
}
