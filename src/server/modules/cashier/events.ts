// What the cashier announces, after the transaction that did it has committed.
export type CashierEvents = {
  /** A deposit's money reached the player's central wallet (gateway callback, finance's confirmation or the expiry job). */
  'deposit.credited': { playerId: number; depositId: string; payerAccount?: string };
  /** A player asked for a deposit, from this address (risk's address signals). */
  'deposit.requested': { playerId: number; depositId: string; ip: string };
  /** A player bound a bank card (waiting for finance's audit), from this address when the request told it. */
  'card.bound': { playerId: number; cardNumber: string; ip?: string };
  /** A player tried to bind a card another player holds (refused): the two accounts share a card (risk's card signal). */
  'card.bind_refused': { playerId: number; cardNumber: string; ip?: string; holderPlayerId: number };
  /** A player saved their real name and birthday. */
  'personal.saved': { playerId: number; realName: string; birthday: string };
  /** A player asked for a withdrawal; the amount is held and finance reviews it (risk scores it first). */
  'withdrawal.requested': { withdrawalId: string; playerId: number; amountMinor: bigint; cardNumber: string };
};
