// Error codes of the API. Each maps 1:1 to an HTTP status and to an i18n key `error.<code>`.
export const ERROR_STATUS = {
  validation_failed: 422,
  bad_request: 400,
  bad_json: 400,
  unsupported_media_type: 415,
  /** An upload whose file is not a kind the route takes (the field says which kinds). */
  unsupported_file_type: 415,
  payload_too_large: 413,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  login_failed: 422,
  login_disabled: 403,
  login_locked: 429,
  account_disabled: 403,
  register_disabled: 403,
  ip_blocked: 403,
  sms_too_soon: 429,
  upstream_failed: 502,
  insufficient_funds: 422,
  idempotency_mismatch: 409,
  platform_maintenance: 409,
  platform_unavailable: 503,
  platform_blocked: 403,
  bonus_not_found: 404,
  bonus_flow_incomplete: 422,
  bonus_cannot_unlock: 422,
  bonus_cannot_give_up: 422,
  bonus_not_usable: 422,
  nothing_to_transfer: 422,
  upstream_unavailable: 503,
  /** The instance cannot serve right now (its database is unreachable, or it is shutting down); try again shortly. */
  service_unavailable: 503,
  withdraw_disabled: 403,
  withdraw_need_real_name: 422,
  withdraw_need_card: 422,
  withdraw_daily_count: 422,
  withdraw_daily_amount: 422,
  withdraw_turnover: 422,
  /** Identity verification: the level a first withdrawal needs, a level's ceiling per day or in total. */
  kyc_level_required: 403,
  kyc_day_ceiling: 422,
  kyc_total_ceiling: 422,
  // Account: password recovery, phone-code login, forced password change.
  confirm_user_not_found: 422,
  confirm_phone_error: 422,
  confirm_verification_code_error: 422,
  recovery_disabled: 403,
  recovery_ticket_invalid: 422,
  password_change_required: 403,
  password_wrong: 422,
  password_expired: 422,
  protection_limit: 403,
  protection_excluded: 403,
  protection_not_due: 422,
  protection_phone_excluded: 403,
  exchange_points_short: 422,
  exchange_sold_out: 409,
  exchange_limit: 422,
  exchange_unavailable: 404,
  vip_reward_not_claimable: 409,
  // Consultations: a reply to a thread customer service has ended.
  consultation_ended: 409,
  consultation_disabled: 403,
  // Promotions: qualification, refusals, budgets and limits.
  promotion_ended: 422,
  promotion_unavailable: 404,
  promotion_not_eligible: 422,
  promotion_applied: 409,
  promotion_limit: 422,
  promotion_budget: 409,
  promotion_not_combinable: 422,
  promotion_duplicate: 422,
  promotion_not_reviewable: 409,
  // The red-packet rain (promotion mode 11).
  red_packet_not_found: 404,
  red_packet_not_started: 422,
  red_packet_ended: 422,
  red_packet_claimed: 409,
  red_packet_empty: 409,
  red_packet_ineligible: 422,
  red_packet_not_pending: 409,
  red_packet_locked: 409,
  // Four eyes on large manual balance adjustments.
  adjustment_own: 403,
  adjustment_decided: 409,
  // The system desk: a redrive names a delivery that is not (or no longer) dead.
  delivery_not_dead: 409,
  // The export centre: a grid too long for one file, too many exports at once, one already finished, not ready or expired.
  export_too_many_rows: 422,
  export_limit: 429,
  export_finished: 409,
  export_not_ready: 409,
  export_expired: 410,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Per-field messages, already translated into the caller's language. */
type FieldErrors = Partial<Record<string, string[]>>;

/** The one error body every endpoint answers with. */
export interface ErrorBody {
  status: 'error';
  code: ErrorCode;
  message: string;
  error?: FieldErrors & { modal?: string[] };
  forget?: 0 | 1;
  phone?: string;
  /** Why the protection gate refused (which limit or exclusion, and until when). */
  protection?: ProtectionRefusal;
}

/** The protection gate's refusal, for screens that want more than the message. */
interface ProtectionRefusal {
  reason: 'limit' | 'timeout' | 'self_exclusion' | 'session';
  kind?: 'deposit' | 'loss' | 'wager' | 'session';
  period?: 'day' | 'week' | 'month' | 'session';
  /** ISO time when the refusal ends; null for a permanent exclusion. */
  until: string | null;
  /** What is left of the limit in its period, as a decimal string. */
  remaining?: string;
}

export interface SuccessBody<T> {
  status: 'success';
  code: 100;
  message: string;
  data: T;
}
