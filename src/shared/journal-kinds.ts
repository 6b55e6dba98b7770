// Every kind of journal the ledger writes (DESIGN.md section 4), in one list. The server types postJournal's
// input with it, and the back office and the player's records label each kind; the list lives in src/shared
// because both sides need it and the client may not import the server.

/** Journal kinds that move money (asset 'money'). */
export const MONEY_JOURNAL_KINDS = [
  // Cashier.
  'deposit',
  'withdraw_hold',
  'withdraw_paid',
  'withdraw_release',
  // Transfers between the central or an activity wallet and a game platform (DESIGN.md section 5).
  'transfer_start',
  'transfer_settle',
  'transfer_refund',
  // An operator's correction of a player's central wallet.
  'adjustment',
  // Activity (bonus) wallets: an operator's grant, its unlock, giving it up, paying it out, and its forfeit on self-exclusion.
  'bonus_grant',
  'bonus_unlock',
  'bonus_give_up',
  'bonus_to_central',
  'bonus_forfeit',
  // Bonuses paid by features through payBonusInTx.
  'promotion_grant',
  'vip_reward',
  'red_packet',
  'exchange_bonus',
  // A settled bet's net effect on the player's platform account.
  'game_result',
  // Seamless platforms: a bet taken from and a win paid to the central wallet, call by call; a rollback
  // is the debit's reversal (same kind, linked).
  'seamless_debit',
  'seamless_credit',
  // Partners: an approved statement paid from the house commission account into the partner's wallet, and
  // the partner's payout held, paid out or released like a withdrawal.
  'partner_commission',
  'partner_payout_hold',
  'partner_payout_paid',
  'partner_payout_release',
] as const;

/** Journal kinds that move VIP points (asset 'points'), posted through postPointsJournal. */
export const POINTS_JOURNAL_KINDS = ['points_earn', 'points_reverse', 'points_spend', 'points_refund', 'points_adjust'] as const;

export const JOURNAL_KINDS = [...MONEY_JOURNAL_KINDS, ...POINTS_JOURNAL_KINDS] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];
export type MoneyJournalKind = (typeof MONEY_JOURNAL_KINDS)[number];

/**
 * The kinds that pay a bonus: an operator's grant into an activity wallet and the bonuses features pay through
 * payBonusInTx. Reports, partner statements and risk all count bonuses by this one list.
 */
export const BONUS_GRANT_KINDS = [
  'bonus_grant',
  'promotion_grant',
  'vip_reward',
  'red_packet',
  'exchange_bonus',
] as const satisfies readonly MoneyJournalKind[];

/** The kinds that take an unreleased bonus back: given up by the player, or forfeited on self-exclusion. */
export const BONUS_RETURN_KINDS = ['bonus_give_up', 'bonus_forfeit'] as const satisfies readonly MoneyJournalKind[];

export function isJournalKind(value: string): value is JournalKind {
  return (JOURNAL_KINDS as readonly string[]).includes(value);
}
