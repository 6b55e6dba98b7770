// The user of GET /api/auth/me (SPEC.md section 3), as the server sends it and the browser keeps it.
/** An activity (bonus) wallet as GET /api/auth/me lists it; money fields are decimal strings. */
export interface BonusWalletView {
  id: number;
  name: string;
  money: string;
  is_unlock: boolean;
  status: number;
  is_sports: boolean;
  /** Platform codes the wallet may fund; empty means all. */
  wallet: string[];
  bonus_bet: string;
  bonus_now_bet: string;
  give_up_wallet_amount: string;
  can_give_up: boolean;
}

export interface UserView {
  id: number;
  account: string;
  avatar: string;
  phone: string;
  join_day: number;
  amount: string;
  total_money: string;
  auto_transfer: boolean;
  recommend_code: string;
  level: { id: number; name_frontend: string; if_show_frontend: boolean };
  player_bonus_wallet: BonusWalletView[];
  player_bonus_wallet_sum: string;
  player_blacklist: { type: string[]; game_platform_code: string[] };
  status_force_password: number;
  /** Personal info (empty until the player fills it in). */
  real_name: string;
  gender: string;
  birthday: string;
}

