// The player-protection gate as the services that put money into play see it. Declared here, below the domains,
// so the wallet, the cashier and the games can be given the gate at construction without importing the protection
// domain, which in turn counts their deposits, bets and money in play through their own read functions.
import type { DbOrTx } from '../db/client.ts';

/**
 * What is asked for. deposit counts against deposit limits; transfer_in and auto_transfer bring `amountMinor`
 * into play and count against loss and wager limits; launch, promotion and red_packet are refused once a loss
 * or wager limit is used up; marketing is refused only under a time-out or self-exclusion. seamless_debit is a
 * seamless provider's bet of `amountMinor` taken straight from the central wallet, counted like a
 * transfer into play.
 */
export type GateAction = 'deposit' | 'transfer_in' | 'auto_transfer' | 'launch' | 'promotion' | 'red_packet' | 'marketing' | 'seamless_debit';

declare const cleared: unique symbol;

/**
 * The gate's yes to paying one player a bonus, given inside the paying transaction. Only the protection domain's
 * clearBonus makes one, and payBonusInTx takes nothing else, so a new way of giving money away cannot forget to ask.
 */
export interface BonusClearance {
  readonly playerId: number;
  readonly [cleared]: true;
}

/** What the wallet, cashier and games services hold; the protection service implements it. */
export interface ProtectionGate {
  check(playerId: number, action: GateAction, amountMinor?: bigint): Promise<void>;
  /**
   * The same check inside the caller's money transaction, after taking the player's protection lock, so two
   * requests at once cannot both fit into what is left of a limit: the second waits for the first to commit
   * and then counts it.
   */
  checkLocked(tx: DbOrTx, playerId: number, action: GateAction, amountMinor?: bigint): Promise<void>;
}

/**
 * Whether a player may be offered something now (a marketing message): no under a time-out or self-exclusion. The
 * protection domain's mayReceiveOffers, handed to the messages service at construction so messages, which the
 * protection domain sits above, need not import it.
 */
export type OfferCheck = (db: DbOrTx, playerId: number, now: Date) => Promise<boolean>;
