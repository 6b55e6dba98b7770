// What the cashier tells other domains about its queues and today's money: the dashboard's pending work and
// takings, and the deposit and withdrawal counts /metrics exports. Read through the cashier's own repository.
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './counts-repository.ts';

export interface CashierDeskCounts {
  /** Manual deposits (bank transfer, USDT) and withdrawals waiting for review, and bank cards waiting for an audit. */
  pending: { deposits: number; withdrawals: number; cards: number };
  /** Paid deposits and paid withdrawals since the day's start. */
  today: { depositsMinor: bigint; withdrawalsMinor: bigint };
}

export async function cashierDeskCounts(db: DbOrTx, dayStart: Date): Promise<CashierDeskCounts> {
  const r = await repo.deskCounts(db, dayStart);
  return {
    pending: { deposits: r.deposits, withdrawals: r.withdrawals, cards: r.cards },
    today: { depositsMinor: BigInt(r.deposits_minor), withdrawalsMinor: BigInt(r.withdrawals_minor) },
  };
}

/** Deposit orders created in the last 24 hours, by status. */
export const depositsLastDay = (db: DbOrTx) => repo.depositsLastDay(db);
/** Withdrawals requested in the last 24 hours, by status. */
export const withdrawalsLastDay = (db: DbOrTx) => repo.withdrawalsLastDay(db);
