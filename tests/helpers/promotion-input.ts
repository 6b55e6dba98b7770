// The promotion editor's full input with every field at a neutral value: a fixed 100.00 grant, on, automatic, once per
// player. Tests name only the fields their case is about.
import type { PromotionInput } from '../../src/shared/schemas/promotions.ts';

export function promotionInput(over: Partial<PromotionInput> = {}): PromotionInput {
  return {
    mode: 1, front_id: null, title: '測試活動', title_en: 'Test promotion', summary: '摘要', summary_en: 'Summary', content: '<p>內容</p>', content_en: '<p>Content</p>',
    banner_id: null, status: 'on', sort: 0, limited_time: false, show_start: null, show_end: null, claim_start: null, claim_end: null,
    levels: [], min_register_days: 0, max_register_days: 0, deposit_window_days: 0, min_deposit_count: 0, min_deposit_total: '0',
    reward_kind: 'fixed', fixed_amount: '100.00', percent: '0', tiers: [], min_amount: '0', max_grant: '0', game_groups: [], use_vip_rate: false,
    referrer_amount: '0', friend_amount: '0', friend_min_deposit: '0', friend_min_valid_bet: '0', max_per_referrer: 0,
    budget: null, limit_period: 'ever', limit_count: 1, flow_multiple: 1, flow_base: 'bonus', is_sports: false, give_up_wallet_amount: '0',
    claim_mode: 'automatic', auto_approve_max: null, not_combinable: false, unique_by: [], ...over,
  };
}
