// Answers of the back office's player calls: the list and the player page (summary, wallets, ledger, transfers,
// activity wallets, blacklist), account security and sessions, and the personal profile.
import * as v from 'valibot';
import { staffPageOf } from '../envelope.ts';
import { TRANSFER_DIRECTIONS, TRANSFER_OUTCOMES } from '../wallet.ts';

export const revokedView = v.object({ revoked: v.number() });

export const blacklistView = v.object({ type: v.array(v.string()), game_platform_code: v.array(v.string()) });
export const playerSummaryView = v.object({
  id: v.number(),
  account: v.string(),
  level_id: v.number(),
  status: v.number(),
  online: v.boolean(),
  auto_transfer: v.boolean(),
  blacklist: blacklistView,
  created_at: v.nullable(v.string()),
  last_login_at: v.nullable(v.string()),
});

/** A platform transfer as operators see it; `account` is there in lists that span players. */
export const staffTransferView = v.object({
  id: v.string(),
  player_id: v.number(),
  account: v.optional(v.string()),
  gp_code: v.string(),
  direction: v.picklist(TRANSFER_DIRECTIONS),
  amount: v.string(),
  wallet: v.string(),
  status: v.picklist(TRANSFER_OUTCOMES),
  reason: v.string(),
  attempts: v.number(),
  created_at: v.nullable(v.string()),
  next_check_at: v.nullable(v.string()),
  settled_at: v.nullable(v.string()),
});
export const staffTransfersView = staffPageOf(staffTransferView);

const LIVE_BALANCE_FAILURES = ['maintenance', 'unavailable', 'no_account'] as const;
export const playerWalletsView = v.object({
  player: v.object({ id: v.number(), account: v.string() }),
  central: v.string(),
  withdraw_held: v.string(),
  total: v.string(),
  bonus_wallets: v.array(
    v.object({
      id: v.number(),
      name: v.string(),
      name_en: v.string(),
      status: v.number(),
      money: v.string(),
      bonus_bet: v.string(),
      bonus_now_bet: v.string(),
      progress: v.number(),
      give_up_wallet_amount: v.string(),
      is_sports: v.boolean(),
      platform_codes: v.array(v.string()),
      granted_by: v.nullable(v.number()),
      granted_by_name: v.nullable(v.string()),
      created_at: v.nullable(v.string()),
    }),
  ),
  platform_wallets: v.array(
    v.object({
      code: v.string(),
      name: v.string(),
      name_en: v.string(),
      groups: v.array(v.string()),
      status: v.number(),
      maintain_status: v.number(),
      ledger: v.string(),
      transit: v.string(),
      provider_player: v.nullable(v.string()),
      bonus_wallet_id: v.nullable(v.number()),
      /** The provider's own balance, read live, or why it could not be. */
      live: v.nullable(v.union([v.object({ status: v.literal('ok'), amount: v.string() }), v.object({ status: v.picklist(LIVE_BALANCE_FAILURES) })])),
    }),
  ),
  pending_transfers: v.array(staffTransferView),
});

const ledgerLineView = v.object({
  id: v.number(),
  journal_id: v.number(),
  kind: v.string(),
  ref: v.string(),
  memo: v.string(),
  created_at: v.nullable(v.string()),
  account_kind: v.string(),
  account_ref: v.string(),
  amount: v.string(),
  balance_after: v.string(),
  staff: v.nullable(v.string()),
});
export const ledgerPageView = staffPageOf(ledgerLineView);
export const bonusGrantedView = v.object({ wallet_id: v.number(), journal_id: v.nullable(v.number()), amount: v.string(), replayed: v.boolean() });

// Account security: temporary passwords, the forced change, lockouts, login history and sessions.
export const securityView = v.object({
  status_force_password: v.number(),
  password_expires_at: v.nullable(v.string()),
  login_failures: v.number(),
  locked: v.boolean(),
});
const loginRecordView = v.object({
  id: v.number(),
  method: v.picklist(['password', 'phone_code']),
  success: v.boolean(),
  reason: v.string(),
  ip: v.string(),
  user_agent: v.string(),
  created_at: v.string(),
});
export const loginRecordsView = staffPageOf(loginRecordView);
export const sessionView = v.object({
  id: v.number(),
  ip: v.string(),
  user_agent: v.string(),
  created_at: v.string(),
  last_seen_at: v.string(),
  expires_at: v.string(),
  revoked_at: v.nullable(v.string()),
  revoked_reason: v.nullable(v.string()),
  live: v.boolean(),
});
export const sessionRevokedView = v.object({ revoked: v.literal(true) });
export const temporaryPasswordView = v.object({ temporary_password: v.string(), expires_at: v.string() });
export const forcePasswordView = v.object({ status_force_password: v.number() });
export const unlockedLoginView = v.object({ unlocked: v.literal(true) });

// The personal profile: who the player is, as the player page shows and edits it.
export const playerProfileView = v.object({
  id: v.number(),
  account: v.string(),
  status: v.number(),
  real_name: v.string(),
  gender: v.string(),
  birthday: v.string(),
  /** Whole for a reader with 'personal.unmasked', otherwise masked (and then `phone_whole` is false). */
  phone: v.string(),
  /** Whether `phone` is the number itself: the edit form offers it for editing only then. */
  phone_whole: v.boolean(),
  created_at: v.string(),
  last_login_at: v.nullable(v.string()),
  register_ip: v.string(),
  live_sessions: v.number(),
  bank_cards: v.array(
    v.object({
      id: v.number(),
      bank: v.string(),
      market: v.string(),
      account_name: v.string(),
      /** Whole for a reader with 'personal.unmasked', otherwise its last four digits. */
      card_number: v.string(),
      status_debit_card: v.number(),
      created_at: v.string(),
    }),
  ),
});
export const playerStatusView = v.object({ status: v.number(), revoked: v.number() });

export type RevokedView = v.InferOutput<typeof revokedView>;
export type BonusGrantedView = v.InferOutput<typeof bonusGrantedView>;
export type PlayerStatusView = v.InferOutput<typeof playerStatusView>;
export type PlayerSummaryView = v.InferOutput<typeof playerSummaryView>;
export type StaffTransferView = v.InferOutput<typeof staffTransferView>;
export type PlayerWalletsView = v.InferOutput<typeof playerWalletsView>;
export type LedgerLineView = v.InferOutput<typeof ledgerLineView>;
export type SecurityView = v.InferOutput<typeof securityView>;
export type LoginRecordView = v.InferOutput<typeof loginRecordView>;
export type LoginRecordsView = v.InferOutput<typeof loginRecordsView>;
export type TemporaryPasswordView = v.InferOutput<typeof temporaryPasswordView>;
export type SessionView = v.InferOutput<typeof sessionView>;
export type PlayerProfileView = v.InferOutput<typeof playerProfileView>;
