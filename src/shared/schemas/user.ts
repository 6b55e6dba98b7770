// The user of GET /api/auth/me (SPEC.md section 3), as the server sends it and the browser keeps it.
import * as v from 'valibot';

/** An activity (bonus) wallet as GET /api/auth/me lists it; money fields are decimal strings. */
export const bonusWalletView = v.object({
  id: v.number(),
  name: v.string(),
  money: v.string(),
  is_unlock: v.boolean(),
  status: v.number(),
  is_sports: v.boolean(),
  /** Platform codes the wallet may fund; empty means all. */
  wallet: v.array(v.string()),
  bonus_bet: v.string(),
  bonus_now_bet: v.string(),
  give_up_wallet_amount: v.string(),
  can_give_up: v.boolean(),
});

export const userView = v.object({
  id: v.number(),
  account: v.string(),
  avatar: v.string(),
  phone: v.string(),
  join_day: v.number(),
  amount: v.string(),
  total_money: v.string(),
  auto_transfer: v.boolean(),
  recommend_code: v.string(),
  level: v.object({ id: v.number(), name_frontend: v.string(), if_show_frontend: v.boolean() }),
  player_bonus_wallet: v.array(bonusWalletView),
  player_bonus_wallet_sum: v.string(),
  player_blacklist: v.object({ type: v.array(v.string()), game_platform_code: v.array(v.string()) }),
  status_force_password: v.number(),
  /** Personal info (empty until the player fills it in). */
  real_name: v.string(),
  gender: v.string(),
  birthday: v.string(),
});

export type BonusWalletView = v.InferOutput<typeof bonusWalletView>;
export type UserView = v.InferOutput<typeof userView>;
