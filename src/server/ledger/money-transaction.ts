// One money transaction of a service (the wallet's transfers and grants, the cashier's deposits and withdrawals):
// the ledger's operating errors become API errors, so the player reads 'insufficient funds' or 'idempotency
// mismatch' instead of an internal error; anything else is thrown as it is.
import type { Db, DbOrTx } from '../db/client.ts';
import { LedgerError } from './ledger.ts';
import { ApiError } from '../lib/errors.ts';

export async function inMoneyTransaction(db: Db, fn: (tx: DbOrTx) => Promise<void>): Promise<void> {
  try {
    await db.transaction(async (tx) => fn(tx));
  } catch (err) {
    if (err instanceof LedgerError) throw new ApiError(err.code === 'insufficient_funds' ? 'insufficient_funds' : 'idempotency_mismatch');
    throw err;
  }
}
