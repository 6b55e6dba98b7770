// Withdrawal risk as the cashier sees it. Declared here, below the domains, so the cashier is given it at
// construction without importing the risk domain, which in turn reads the cashier's deposit figures through the
// cashier's own read functions (cashier/deposit-facts.ts).
import type { RiskDecision } from '../../shared/schemas/risk/settings.ts';

export interface WithdrawalRiskGate {
  /**
   * The risk decision of a requested withdrawal: scored by the named rules the first time and stored with its inputs;
   * every later call answers the stored decision, so the event handler and the finance desk may both ask.
   */
  assessWithdrawal(w: { withdrawalId: string; playerId: number; amountMinor: bigint; cardNumber: string }): Promise<{ score: number; decision: RiskDecision }>;
}
