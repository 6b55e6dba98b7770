// What the cashier announces, after the transaction that did it has committed.
export type CashierEvents = {
  /** A deposit's money reached the player's central wallet (gateway callback, finance's confirmation or the expiry job). */
  'deposit.credited': { playerId: number; depositId: string };
};
