// The cashier's counts for the back office's dashboard and for /metrics, over its own tables (deposit orders,
// withdrawals, bank cards). Every count is over an indexed status or time column.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { BANK_CARD_STATUS } from '../../../shared/statuses.ts';

export interface StatusCount {
  status: string;
  n: number;
}

/** Work waiting for finance and the money paid in and out since dayStart, in one round trip. */
export async function deskCounts(db: DbOrTx, dayStart: Date) {
  const since = dayStart.toISOString();
  const { rows } = await db.execute<{
    deposits: number;
    withdrawals: number;
    cards: number;
    deposits_minor: string;
    withdrawals_minor: string;
  }>(sql`select
      (select count(*)::int from deposit_orders where status = 'pending' and method in ('bank_transfer', 'usdt')) as deposits,
      (select count(*)::int from withdrawals where status = 'applying') as withdrawals,
      (select count(*)::int from bank_cards where status_debit_card = ${BANK_CARD_STATUS.pending}) as cards,
      (select coalesce(sum(amount_minor), 0)::text from deposit_orders where status = 'paid' and paid_at >= ${since}) as deposits_minor,
      (select coalesce(sum(amount_minor), 0)::text from withdrawals where status = 'paid' and reviewed_at >= ${since}) as withdrawals_minor`);
  return rows[0]!;
}

export async function depositsLastDay(db: DbOrTx): Promise<StatusCount[]> {
  const { rows } = await db.execute<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from deposit_orders where created_at > now() - interval '24 hours' group by status`,
  );
  return rows;
}

export async function withdrawalsLastDay(db: DbOrTx): Promise<StatusCount[]> {
  const { rows } = await db.execute<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from withdrawals where created_at > now() - interval '24 hours' group by status`,
  );
  return rows;
}
