// The audit log: every audited change carries the state before AND after it (a sample across domains: a VIP level
// edit, a setting, a player's status, a promotion edit, a protection limit), and the log is read with server-side
// filters (staff member, Taipei days, action or action group, player account) and paging, each entry naming the
// player's account. The protection change log formats money limits and names who caused each event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { auditLog } from '../../src/server/db/schema.ts';
import type { PromotionInput } from '../../src/shared/schemas/promotions.ts';
import { taipeiDate } from '../../src/shared/time.ts';

let t: TestApp;
let admin: { id: number; token: string };
let marketing: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'auditadmin', 'admin');
  marketing = await signedInStaff(t, 'auditmkt', 'marketing');
});
afterAll(async () => {
  await t?.close();
});

const as = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });
const bo = (method: 'GET' | 'POST' | 'PUT', url: string, who: { token: string }, payload?: unknown) =>
  t.app.inject({ method, url: `/api/backoffice${url}`, headers: as(who), ...(payload === undefined ? {} : { payload: payload as object }) });

async function lastAudit(action: string) {
  const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
  return rows[0];
}

type Stored = { before: Record<string, unknown> | null; after: Record<string, unknown> | null };

function promotionBody(over: Partial<PromotionInput> = {}): PromotionInput {
  return {
    mode: 1,
    front_id: null,
    title: '稽核活動',
    title_en: 'Audit promotion',
    summary: '摘要',
    summary_en: 'Summary',
    content: '<p>內容</p>',
    content_en: '<p>Content</p>',
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
    reward_kind: 'fixed',
    fixed_amount: '100.00',
    percent: '0',
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

describe('audited changes carry before and after', () => {
  it('a VIP level edit stores the old and new values of what changed, not just the form it was sent', async () => {
    const levels = (await bo('GET', '/vip/levels', admin)).json().data;
    const l2 = levels[2];
    const edit = {
      name_frontend: l2.name_frontend,
      name_frontend_en: l2.name_frontend_en,
      if_show_frontend: true,
      deposit_req: '0.00',
      valid_bet_req: '0.00',
      keep_valid_bet: '0.00',
      upgrade_reward: '18.00',
      monthly_reward: '9.00',
      birthday_reward: '18.00',
      reward_target: 'bonus',
      reward_flow_multiple: 1,
      withdraw_max_per_day: 3,
      withdraw_free_per_day: 1,
      withdraw_fee: '100.00',
      rebate_rate_bp: 30,
      points_rates: { slots: 2 },
    };
    expect((await bo('PUT', '/vip/levels/2', admin, edit)).statusCode).toBe(200);
    const saved = await bo('PUT', '/vip/levels/2', admin, { ...edit, deposit_req: '5000.00' });
    expect(saved.statusCode, saved.body).toBe(200);
    const audit = (await lastAudit('vip.level.update'))!;
    const d = audit.detail as Stored;
    expect(d.before).toEqual({ deposit_req: '0.00' });
    expect(d.after).toEqual({ deposit_req: '5000.00' });
  });

  it('a setting change stores each changed setting as it was and as it became', async () => {
    const res = await bo('PUT', '/settings', admin, { player_account_max: 5 });
    expect(res.statusCode, res.body).toBe(200);
    const d = (await lastAudit('settings.update'))!.detail as Stored;
    expect(d.before).toHaveProperty('player_account_max');
    expect(d.after).toEqual({ player_account_max: 5 });
  });

  it("a player's status change stores the status before and after", async () => {
    const p = await seedPlayer(t);
    const res = await bo('POST', `/players/${p.playerId}/status`, admin, { enabled: false, reason: 'audit sample' });
    expect(res.statusCode, res.body).toBe(200);
    const audit = (await lastAudit('player.disable'))!;
    expect(audit.playerId).toBe(p.playerId);
    expect(audit.detail).toMatchObject({ before: { status: 1 }, after: { status: 0 }, reason: 'audit sample' });
  });

  it('a promotion edit stores the changed fields before and after; its creation has no before', async () => {
    const created = await bo('POST', '/promotions', admin, promotionBody());
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    expect(((await lastAudit('promotion.create'))!.detail as Stored).before).toBeNull();
    const updated = await bo('PUT', `/promotions/${id}`, admin, promotionBody({ title: '稽核活動二', fixed_amount: '250.00' }));
    expect(updated.statusCode, updated.body).toBe(200);
    const d = (await lastAudit('promotion.update'))!.detail as Stored;
    expect(d.before).toMatchObject({ title: '稽核活動', fixed_amount: '100.00' });
    expect(d.after).toMatchObject({ title: '稽核活動二', fixed_amount: '250.00' });
    expect(Object.keys(d.before!)).not.toContain('content');
  });

  it('a lowered protection limit stores the old and new limit as decimals', async () => {
    const p = await seedPlayer(t);
    const set = await bo('POST', `/players/${p.playerId}/protection/limits`, admin, {
      kind: 'deposit',
      period: 'day',
      value: '5000.00',
      reason: 'asked by phone',
    });
    expect(set.statusCode, set.body).toBe(200);
    const lower = await bo('POST', `/players/${p.playerId}/protection/limits`, admin, {
      kind: 'deposit',
      period: 'day',
      value: '3000.00',
      reason: 'asked again',
    });
    expect(lower.statusCode, lower.body).toBe(200);
    expect((await lastAudit('protection.limit_lowered'))!.detail).toMatchObject({ before: { value: '5000.00' }, after: { value: '3000.00' } });
  });

  it('no audit row of this file lacks before or after', async () => {
    const rows = await t.database.db.select({ action: auditLog.action, detail: auditLog.detail }).from(auditLog);
    for (const r of rows) {
      expect(r.detail, r.action).toHaveProperty('before');
      expect(r.detail, r.action).toHaveProperty('after');
    }
  });
});

describe('the protection change log', () => {
  it('formats money limits, names the staff member, and refuses a raise with the rule rather than "no permission"', async () => {
    const p = await seedPlayer(t);
    await bo('POST', `/players/${p.playerId}/protection/limits`, admin, { kind: 'deposit', period: 'day', value: '5000.00', reason: 'asked by phone' });
    const raise = await bo('POST', `/players/${p.playerId}/protection/limits`, admin, {
      kind: 'deposit',
      period: 'day',
      value: '9000.00',
      reason: 'wants more',
    });
    expect(raise.statusCode).toBe(422);
    expect(raise.json().error.value).toEqual(['只有玩家本人可在冷靜期後調高限額；客服人員只能調降']);
    const page = (await bo('GET', `/players/${p.playerId}/protection`, admin)).json().data;
    const event = page.history.events.find((e: { action: string }) => e.action === 'limit_decreased');
    expect(event).toMatchObject({ actor: 'staff', staff_name: 'auditadmin', detail: { to: '5000.00' } });
  });
});

describe('reading the log', () => {
  it('filters by staff member, action, action group, player and day, on the server, with paging', async () => {
    const a = await seedPlayer(t);
    const b = await seedPlayer(t);
    for (const p of [a, b]) {
      expect((await bo('POST', `/players/${p.playerId}/status`, admin, { enabled: false, reason: 'filter sample' })).statusCode).toBe(200);
    }
    const byPlayer = (await bo('GET', `/audit?player=${a.account}`, admin)).json().data;
    expect(byPlayer.total).toBeGreaterThan(0);
    expect(byPlayer.data.every((r: { player_id: number; account: string }) => r.player_id === a.playerId && r.account === a.account)).toBe(true);
    expect((await bo('GET', '/audit?player=nosuchplayer', admin)).json().data.total).toBe(0);

    const mine = (await bo('GET', `/audit?staff_id=${admin.id}&action=player.disable&pageSize=1`, admin)).json().data;
    expect(mine.data).toHaveLength(1);
    expect(mine.total).toBeGreaterThanOrEqual(2);
    expect(mine.data[0]).toMatchObject({ username: 'auditadmin', action: 'player.disable', before: { status: 1 }, after: { status: 0 } });
    expect(mine.data[0].detail).not.toHaveProperty('before');

    const group = (await bo('GET', '/audit?action=player.&pageSize=100', admin)).json().data;
    expect(group.data.every((r: { action: string }) => r.action.startsWith('player.'))).toBe(true);
    const marketingOnly = (await bo('GET', `/audit?staff_id=${marketing.id}`, admin)).json().data;
    expect(marketingOnly.data.every((r: { staff_id: number }) => r.staff_id === marketing.id)).toBe(true);

    const today = taipeiDate(new Date());
    expect((await bo('GET', `/audit?from=${today}&to=${today}&action=player.disable`, admin)).json().data.total).toBe(mine.total);
    expect((await bo('GET', '/audit?from=2001-01-01&to=2001-01-02', admin)).json().data.total).toBe(0);
    const backwards = await bo('GET', '/audit?from=2001-01-02&to=2001-01-01', admin);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().error.to).toBeTruthy();

    const names = (await bo('GET', '/audit/staff', admin)).json().data.map((s: { username: string }) => s.username);
    expect(names).toEqual(expect.arrayContaining(['auditadmin', 'auditmkt']));
  });
});
