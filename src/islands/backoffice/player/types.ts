// Shapes the player page reads from /api/backoffice/players/:id/*.
import type { Transfer } from '../money.tsx';

export interface PlayerSummary {
  id: number; account: string; level_id: number; status: number; online: boolean; auto_transfer: boolean;
  blacklist: { type: string[]; game_platform_code: string[] };
  created_at: string | null; last_login_at: string | null;
}

export interface PlatformInfo { code: string; group: string; name: string; name_en: string; status: number; maintain_status: number }

export type LiveBalance = { status: 'ok'; amount: string } | { status: 'maintenance' | 'unavailable' | 'no_account' };

export interface BonusWallet {
  id: number; name: string; name_en: string; status: number; money: string; bonus_bet: string; bonus_now_bet: string; progress: number;
  give_up_wallet_amount: string; is_sports: boolean; platform_codes: string[]; granted_by: number | null; granted_by_name: string | null;
  created_at: string | null;
}

export interface PlatformWallet {
  code: string; name: string; name_en: string; groups: string[]; status: number; maintain_status: number;
  ledger: string; transit: string; provider_player: string | null; bonus_wallet_id: number | null; live: LiveBalance | null;
}

export interface Wallets {
  player: { id: number; account: string };
  central: string; withdraw_held: string; total: string;
  bonus_wallets: BonusWallet[];
  platform_wallets: PlatformWallet[];
  pending_transfers: Transfer[];
}

export interface LedgerEntry {
  id: number; journal_id: number; kind: string; ref: string; memo: string; created_at: string;
  account_kind: string; account_ref: string; amount: string; balance_after: string; staff: string | null;
}
