// Identity verification's withdrawal check as the cashier sees it. Declared here, below the domains, so the cashier
// is given it at construction without importing the kyc domain, which in turn counts the cashier's withdrawals
// through the cashier's own read function (cashier/limits-usage.ts).
import type { DbOrTx } from '../db/client.ts';

export interface WithdrawalKycGate {
  /**
   * Refuses a withdrawal of `amountMinor` the player's verification level does not allow: a first withdrawal below
   * the level it needs (kyc_level_required), or one above the level's ceiling per day (kyc_day_ceiling) or in total
   * (kyc_total_ceiling). Asked inside the withdrawal's transaction after the player's row lock, so the sums it reads
   * cannot change before the withdrawal is written.
   */
  checkWithdrawal(tx: DbOrTx, playerId: number, amountMinor: bigint): Promise<void>;
}
