// The promotion editor's rules: every error of a body is reported at once (an end before its start together with an
// empty title, not after it is fixed), minimum registration days above the maximum are refused, and the messages of
// amounts and percentages state their limits. A 500 % reward is accepted by the server (the editor asks the operator
// to confirm it in the site's dialog); above 1,000 % it is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInStaff, type TestApp } from '../helpers/app.ts';
import type { PromotionInput } from '../../src/shared/schemas/promotions.ts';

let t: TestApp;
let admin: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'promorules', 'admin');
});
afterAll(async () => {
  await t?.close();
});

function body(over: Partial<PromotionInput> = {}): PromotionInput {
  return {
    mode: 2,
    front_id: null,
    title: '規則活動',
    title_en: 'Rules promotion',
    summary: '',
    summary_en: '',
    content: '',
    content_en: '',
    banner_id: null,
    status: 'off',
    sort: 0,
    limited_time: false,
    show_start: null,
    show_end: null,
    claim_start: null,
    claim_end: null,
    levels: [],
    min_register_days: 0,
    max_register_days: 0,
    deposit_window_days: 0,
    min_deposit_count: 0,
    min_deposit_total: '0',
    reward_kind: 'deposit_percent',
    fixed_amount: '0',
    percent: '10',
    tiers: [],
    min_amount: '0',
    max_grant: '0',
    game_groups: [],
    use_vip_rate: false,
    referrer_amount: '0',
    friend_amount: '0',
    friend_min_deposit: '0',
    friend_min_valid_bet: '0',
    max_per_referrer: 0,
    budget: null,
    limit_period: 'ever',
    limit_count: 1,
    flow_multiple: 1,
    flow_base: 'bonus',
    is_sports: false,
    give_up_wallet_amount: '0',
    claim_mode: 'automatic',
    auto_approve_max: null,
    not_combinable: false,
    unique_by: [],
    ...over,
  };
}

const create = (b: unknown, lang: 'zh-TW' | 'en' = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/backoffice/promotions',
    payload: b as object,
    headers: { authorization: `Bearer ${admin.token}`, cookie: `clang=${lang}` },
  });

describe('the promotion editor reports every error at once', () => {
  it('an end before its start comes with the other errors, and min registration days above max are refused', async () => {
    const res = await create(
      body({
        title: '',
        show_start: '2026-12-10T00:00:00.000Z',
        show_end: '2026-12-01T00:00:00.000Z',
        claim_start: '2026-12-10T00:00:00.000Z',
        claim_end: '2026-12-09T00:00:00.000Z',
        min_register_days: 30,
        max_register_days: 7,
      }),
    );
    expect(res.statusCode, res.body).toBe(422);
    const error = res.json().error as Record<string, string[]>;
    expect(Object.keys(error)).toEqual(expect.arrayContaining(['title', 'show_end', 'claim_end', 'max_register_days']));
    expect(error.max_register_days).toEqual(['The maximum registration days are below the minimum']);
  });

  it('the same rules hold when nothing else is wrong', async () => {
    const res = await create(body({ min_register_days: 30, max_register_days: 7 }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error)).toEqual(['max_register_days']);
    expect((await create(body({ min_register_days: 7, max_register_days: 30 }))).statusCode).toBe(200);
    expect((await create(body({ min_register_days: 30, max_register_days: 0 }))).statusCode).toBe(200);
  });

  it('amounts and percentages say their limits, in both languages', async () => {
    const res = await create(body({ budget: '100000000.01', percent: '1000.01' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.budget).toEqual(['Enter an amount from 0.00 to 100,000,000.00, with at most two decimals']);
    expect(res.json().error.percent).toEqual(['Enter a percentage from 0 to 1,000, with at most two decimals']);
    const zh = await create(body({ fixed_amount: 'abc' }), 'zh-TW');
    expect(zh.json().error.fixed_amount).toEqual(['請輸入 0.00 至 100,000,000.00 的金額，最多兩位小數']);
  });

  it('a 500 % reward is for the operator to confirm in the editor; the server takes it', async () => {
    expect((await create(body({ percent: '500' }))).statusCode).toBe(200);
  });
});
