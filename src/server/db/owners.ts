// Which server domain owns each table: only files of that domain (src/server/modules/<domain>, or src/server/ledger
// for the ledger's tables) read or write it, and every other domain asks the owner's service or its read API
// (a *-facts.ts file). scripts/check-structure.mjs reads this list and names every module file that imports
// another domain's table from the schema or names it in SQL, and every table of the schema that has no owner.
// It is the one list of ownership: a new table is added here, to the domain whose repository writes it.
export const TABLE_OWNERS = {
  ledger: ['accounts', 'journals', 'postings', 'ledger_closing_balances', 'ledger_daily', 'ledger_daily_totals', 'ledger_first_deposits', 'ledger_first_deposit_totals'],
  auth: ['login_events', 'recovery_tickets', 'levels', 'players', 'sessions', 'verification_codes', 'player_tags', 'player_tag_links', 'player_notes', 'auth_registrations_daily'],
  chat: ['chat_conversations', 'chat_transfers', 'chat_messages', 'chat_canned_replies'],
  consultations: ['consultations', 'consultation_messages', 'consultation_images'],
  system: ['settings', 'system_messages', 'ip_blacklist', 'sms_outbox', 'rate_counters'],
  staff: ['staff', 'staff_sessions', 'audit_log'],
  games: ['game_platforms', 'games'],
  wallet: ['bonus_wallets', 'player_platforms', 'platform_transfers', 'reconciliation_findings', 'balance_adjustments'],
  bets: ['bet_records', 'bet_keys', 'bet_record_history', 'ingestion_cursors', 'bet_daily', 'bet_daily_games', 'bet_player_days', 'bet_daily_bettors', 'bet_daily_totals'],
  cashier: ['bank_cards', 'deposit_orders', 'gateway_callbacks', 'gateway_callback_refusals', 'withdrawals'],
  messages: ['messages', 'message_recipients', 'message_reads', 'popups'],
  promotions: [
    'promotion_categories', 'promotion_mode_entries', 'promotions', 'promotion_grants', 'promotion_limit_counts',
    'promotion_unique_keys', 'promotion_job_runs', 'promotion_deposit_checks',
  ],
  protection: ['protection_limits', 'protection_exclusions', 'protection_events'],
  redpacket: ['red_packet_rounds', 'red_packets'],
  uploads: ['uploads'],
  risk: ['risk_signals', 'risk_links', 'risk_group_members', 'risk_decisions', 'risk_settings'],
  seamless: ['seamless_platforms', 'seamless_sessions', 'seamless_transactions', 'seamless_rounds', 'seamless_findings'],
  reports: ['report_active_days', 'report_active_daily'],
  kyc: ['kyc_documents', 'kyc_document_events', 'kyc_level_rules', 'kyc_settings'],
  partners: [
    'partner_plans', 'partners', 'partner_sessions', 'partner_links', 'partner_clicks', 'partner_domains', 'partner_bindings',
    'partner_applications', 'partner_statements', 'partner_cpa', 'partner_payouts', 'partner_materials',
  ],
  vip: ['vip_level_rules', 'vip_status', 'vip_level_history', 'vip_rewards', 'gift_images', 'gifts', 'exchange_orders'],
} as const satisfies Record<string, readonly string[]>;

export type OwningDomain = keyof typeof TABLE_OWNERS;
