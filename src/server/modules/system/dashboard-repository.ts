// The dashboard's counts (issue 10 item 22): work waiting for staff, and today's money in Asia/Taipei days.
// One round trip; every count is over an indexed status or time column.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { BANK_CARD_STATUS } from '../../../shared/statuses.ts';

export interface PendingWork { deposits: number; withdrawals: number; cards: number; findings: number }
export interface TodayMoney { depositsMinor: bigint; withdrawalsMinor: bigint; activePlayers: number }

export async function dashboardCounts(db: DbOrTx, dayStart: Date): Promise<{ pending: PendingWork; today: TodayMoney }> {
  const since = dayStart.toISOString();
  const { rows } = await db.execute<{
    deposits: number; withdrawals: number; cards: number; findings: number; deposits_minor: string; withdrawals_minor: string; active: number;
  }>(sql`select
      (select count(*)::int from deposit_orders where status = 'pending' and method in ('bank_transfer', 'usdt')) as deposits,
      (select count(*)::int from withdrawals where status = 'applying') as withdrawals,
      (select count(*)::int from bank_cards where status_debit_card = ${BANK_CARD_STATUS.pending}) as cards,
      (select count(*)::int from reconciliation_findings where status = 'open') as findings,
      (select coalesce(sum(amount_minor), 0)::text from deposit_orders where status = 'paid' and paid_at >= ${since}) as deposits_minor,
      (select coalesce(sum(amount_minor), 0)::text from withdrawals where status = 'paid' and reviewed_at >= ${since}) as withdrawals_minor,
      (select count(distinct player_id)::int from journals where player_id is not null and created_at >= ${since}) as active`);
  const r = rows[0]!;
  return {
    pending: { deposits: r.deposits, withdrawals: r.withdrawals, cards: r.cards, findings: r.findings },
    today: { depositsMinor: BigInt(r.deposits_minor), withdrawalsMinor: BigInt(r.withdrawals_minor), activePlayers: r.active },
  };
}
