// The user of GET /api/auth/me (SPEC.md section 3), as the server sends it and the browser keeps it.
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
  /** Activity wallets; filled by the wallet issue. */
  player_bonus_wallet: unknown[];
  player_bonus_wallet_sum: string;
  player_blacklist: { type: string[]; game_platform_code: string[] };
  status_force_password: number;
}

