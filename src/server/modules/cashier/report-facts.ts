// What the reports domain may read of the cashier's deposit orders and withdrawals (the payments report):
// per method and status, and per withdrawal status, the orders created in a window, their amounts and the seconds it
// took to pay the paid ones. Sums are exact (integers); the reports domain divides.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { DepositStatus, WithdrawalStatus } from '../../../shared/statuses.ts';

export interface DepositMethodStatus {
  method: string;
  status: DepositStatus;
  orders: number;
  amountMinor: bigint;
  paySeconds: number;
}
export interface WithdrawalStatusFigures {
  status: WithdrawalStatus;
  requests: number;
  amountMinor: bigint;
  feeMinor: bigint;
  paySeconds: number;
}

/** Deposit orders created in [start, end), per method and status; paySeconds adds up (paid_at - created_at) of the paid ones. */
export async function depositsByMethodStatus(db: DbOrTx, start: Date, end: Date): Promise<DepositMethodStatus[]> {
  const res = await db.execute<{ method: string; status: DepositStatus; n: number; amount: string; secs: string | null }>(sql`
    select method, status, count(*)::int as n, sum(amount_minor)::text as amount,
      sum(extract(epoch from paid_at - created_at)) filter (where status = 'paid')::text as secs
    from deposit_orders where created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz
    group by method, status`);
  return res.rows.map((r) => ({ method: r.method, status: r.status, orders: Number(r.n), amountMinor: BigInt(r.amount), paySeconds: Number(r.secs ?? 0) }));
}

/** Withdrawals requested in [start, end), per status; paySeconds adds up (reviewed_at - created_at) of the paid ones. */
export async function withdrawalsByStatus(db: DbOrTx, start: Date, end: Date): Promise<WithdrawalStatusFigures[]> {
  const res = await db.execute<{ status: WithdrawalStatus; n: number; amount: string; fee: string; secs: string | null }>(sql`
    select status, count(*)::int as n, sum(amount_minor)::text as amount, sum(fee_minor)::text as fee,
      sum(extract(epoch from reviewed_at - created_at)) filter (where status = 'paid')::text as secs
    from withdrawals where created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz
    group by status`);
  return res.rows.map((r) => ({
    status: r.status,
    requests: Number(r.n),
    amountMinor: BigInt(r.amount),
    feeMinor: BigInt(r.fee),
    paySeconds: Number(r.secs ?? 0),
  }));
}
