// System settings of SPEC.md section 9 with their defaults. Operators change them in the back office.
export const DEFAULT_SETTINGS = {
  allow_player_delete_bank_card: 0,
  allow_player_edit_information: 0,
  allow_player_login: 1,
  allow_player_register: 1,
  allow_player_withdraw: 1,
  auto_redirect_agent_site_mb: 0,
  auto_redirect_agent_site_pc: 0,
  auto_redirect_first_visit: 0,
  banner_show_mb: 1,
  enable_mobile_verification_retrieve_password: 1,
  player_account_max: 8,
  register_need_check_age: 1,
  register_need_mobile_sms: 1,
  /** Shows the recommended-code field on the registration form. */
  register_recommend_code: 1,
  tripartite_deposit: 1,
  web_bank_deposit: 1,
  deposit_sort: [] as string[],
  single_deposit_min: 0,
  single_deposit_max: 0,
  tripartite_daily_deposit_max: 0,
  single_withdraw_min: 0,
  single_withdraw_max: 0,
  daily_withdraw_success_count: 0,
  daily_withdraw_max: 0,
  /** 1 sends the player to the member page after logging in. */
  location_after_login: 0,
  enable_player_consultation: 1,
  enable_adjustment_limit_record: 1,
  enable_platform_maintenance_display: 1,
  enable_login_verification: 1,
  /** Where the withdrawal entry points when the operator uses an outside withdrawal store; empty for none. */
  withdraw_store_url: '',
  /** The operator's receiving bank account for bank-transfer deposits; the method shows only when it is set. */
  receiving_bank: '',
  receiving_bank_account_name: '',
  receiving_bank_account: '',
  /** The operator's USDT (TRC-20) receiving address; the method shows only when it is set. */
  usdt_address: '',
  /** Unpaid gateway orders expire after this many minutes. */
  deposit_order_expire_minutes: 30,
  /** How many bank cards a player may bind. */
  bank_card_max: 3,
  /** What happens to activity wallets under a time-out or self-exclusion: 'freeze' keeps them, 'forfeit' returns them to the house with a journal. */
  protection_activity_wallet_rule: 'freeze',
  /**
   * Manual balance adjustments above this whole amount (either way) wait for a second staff member's approval;
   * 0 sends every adjustment to a second staff member.
   */
  adjustment_approval_threshold_amount: 10000,
};

export type SystemSettings = typeof DEFAULT_SETTINGS;
export type SettingKey = keyof SystemSettings;

/** Website status lives beside the settings but is served by its own call. */
export const WEBSITE_STATUS_KEY = 'website_status';
export interface WebsiteStatus {
  status: boolean;
  msg: string;
  msg_en: string;
}
export const DEFAULT_WEBSITE_STATUS: WebsiteStatus = { status: true, msg: '', msg_en: '' };
