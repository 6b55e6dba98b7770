// Duplicate accounts: signals recorded at registration, login and card binding link a second account
// opened from the same device, address and card with the expected weighted score; the pair forms a linked group;
// a promotion set to one grant per linked group refuses the second account; operators confirm or clear a link
// (audited with before and after) and staff without the permission are refused.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, signedInStaff, type TestApp } from '../helpers/app.ts';
import { bearer, freshPhone, login, registerPlayer } from '../helpers/players.ts';
import { auditLog, players, promotionGrants, promotions, riskSignals } from '../../src/server/db/schema.ts';
import { DEFAULT_SETTINGS } from '../../src/shared/settings.ts';
import { DEFAULT_RISK_SETTINGS } from '../../src/shared/schemas/risk/settings.ts';
import { DEVICE_HEADER } from '../../src/shared/schemas/risk/fingerprint.ts';
import type { PromotionInput } from '../../src/shared/schemas/promotions.ts';

let t: TestApp;
let admin: { id: number; token: string };
let finance: { id: number; token: string };
let marketing: { id: number; token: string };
let service: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'riskadmin', 'admin');
  finance = await signedInStaff(t, 'riskfin', 'finance');
  marketing = await signedInStaff(t, 'riskmkt', 'marketing');
  service = await signedInStaff(t, 'risksvc', 'service');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.database.db.execute(sql`delete from rate_counters`);
  await t.app.services.system.updateSettings({ ...DEFAULT_SETTINGS, allow_player_delete_bank_card: 1 });
});

const W = DEFAULT_RISK_SETTINGS.weights;
let deviceSeq = 0;
const device = () => `${'ab'.repeat(16)}${String(++deviceSeq).padStart(4, '0')}`;

/** Registers and signs in through the API from an address and a device. */
async function player(ip: string, fp: string, loginIp = ip) {
  const reg = await registerPlayer(t, { ip, headers: { [DEVICE_HEADER]: fp }, phone: freshPhone() });
  expect(reg.res.statusCode, reg.res.body).toBe(200);
  const res = await login(t, reg.account, reg.password, loginIp, { [DEVICE_HEADER]: fp });
  expect(res.statusCode, res.body).toBe(200);
  const row = (await t.database.db.select({ id: players.id }).from(players).where(eq(players.account, reg.account)))[0]!;
  return { playerId: row.id, account: reg.account, headers: bearer(res.json().data.access_token as string) };
}

async function bindCard(p: { headers: Record<string, string> }, number: string, name = 'Chen Ya-ting') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/players/debit-card/store',
    headers: p.headers,
    payload: { bank: '822', market: 'Xinyi branch', account_name: name, card_number: number, card_number_confirm: number },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function deleteCards(p: { headers: Record<string, string> }) {
  const list = await t.app.inject({ method: 'GET', url: '/api/players/debit-card/list', headers: p.headers });
  for (const c of list.json().data.data as Array<{ id: number }>) {
    const res = await t.app.inject({ method: 'POST', url: '/api/players/debit-card/delete', headers: p.headers, payload: { id: c.id } });
    expect(res.statusCode, res.body).toBe(200);
  }
}

const bo = (who: { token: string }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/backoffice${url}`, headers: { authorization: `Bearer ${who.token}` }, payload: payload as object });

let cardSeq = 0;
const cardNumber = () => `62${String(Date.now()).slice(-8)}${String(++cardSeq).padStart(4, '0')}`;

describe('a second account from the same device, address and card', () => {
  it('is linked with the weighted score of the shared signals and forms a group; an unrelated account is not', async () => {
    const fp = device();
    const a = await player('198.51.100.7', fp);
    const card = cardNumber();
    await bindCard(a, card);
    // The first account lets the card go, so the second may bind it (a card is bound to one live account at a time).
    await deleteCards(a);
    const b = await player('198.51.100.7', fp);
    await bindCard(b, card);
    const stranger = await player('203.0.113.9', device());

    // Stored hashed: no signal row holds the address, the device or the card number in clear.
    const rows = await t.database.db.select().from(riskSignals).where(eq(riskSignals.playerId, b.playerId));
    expect(rows.map((r) => r.kind).sort()).toEqual(['card', 'device', 'ip', 'phone', 'subnet']);
    for (const r of rows) {
      expect(r.valueHash).toMatch(/^[0-9a-f]{64}$/);
      expect([card, fp, '198.51.100.7']).not.toContain(r.valueHash);
    }

    const view = await bo(finance, 'GET', `/risk/players/${b.playerId}/links`);
    expect(view.statusCode, view.body).toBe(200);
    const data = view.json().data;
    expect(data.links).toHaveLength(1);
    expect(data.links[0]).toMatchObject({
      player_id: a.playerId,
      account: a.account,
      status: 'auto',
      above_threshold: true,
      score: W.device + W.ip + W.subnet + W.card,
      signals: ['card', 'device', 'ip', 'subnet'],
    });
    expect(data.links[0].score).toBe(120);
    expect(data.group_id).toBe(Math.min(a.playerId, b.playerId));
    expect(data.group).toEqual([{ player_id: a.playerId, account: a.account }]);
    expect(await t.app.services.risk.linkedPlayers(a.playerId)).toEqual([
      { playerId: b.playerId, account: b.account, score: 120, signals: ['card', 'device', 'ip', 'subnet'] },
    ]);
    expect(await t.app.services.risk.linkedPlayers(stranger.playerId)).toEqual([]);

    const groups = await bo(service, 'GET', '/risk/groups');
    expect(groups.statusCode, groups.body).toBe(200);
    const g = (groups.json().data.data as Array<{ group_id: number; size: number; max_score: number; members: Array<{ account: string }> }>).find(
      (x) => x.group_id === data.group_id,
    )!;
    expect(g).toMatchObject({ size: 2, max_score: 120 });
    expect(g.members.map((m) => m.account).sort()).toEqual([a.account, b.account].sort());
  });

  it('records the address and its /24 a player deposits and binds a card from, linking accounts that deposit from one address', async () => {
    await t.app.services.system.updateSettings({
      ...DEFAULT_SETTINGS,
      receiving_bank: '822',
      receiving_bank_account_name: 'Site Ltd',
      receiving_bank_account: '123456789012',
    });
    const a = await player('198.19.2.50', device());
    const b = await player('198.19.1.60', device());
    const kindsOf = async (playerId: number, source: 'deposit' | 'card') =>
      (
        await t.database.db
          .select({ kind: riskSignals.kind })
          .from(riskSignals)
          .where(and(eq(riskSignals.playerId, playerId), eq(riskSignals.source, source)))
      )
        .map((r) => r.kind)
        .sort();
    const deposit = (p: { headers: Record<string, string> }, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/finance/deposit/create',
        headers: p.headers,
        remoteAddress: ip,
        payload: { method: 'bank_transfer', amount: '100', player_ref: 'ref 1' },
      });
    const first = await deposit(a, '198.18.7.21');
    expect(first.statusCode, first.body).toBe(200);
    expect(await kindsOf(a.playerId, 'deposit')).toEqual(['ip', 'subnet']);
    expect(await t.app.services.risk.linkedPlayers(b.playerId)).toEqual([]);
    // The second account deposits from the same address: the pair shares the address and its block.
    const second = await deposit(b, '198.18.7.21');
    expect(second.statusCode, second.body).toBe(200);
    const links = (await bo(admin, 'GET', `/risk/players/${b.playerId}/links`)).json().data.links;
    expect(links).toEqual([expect.objectContaining({ player_id: a.playerId, score: W.ip + W.subnet, signals: ['ip', 'subnet'] })]);
    // A card bound from a new address records that address too.
    const number = cardNumber();
    const bound = await t.app.inject({
      method: 'POST',
      url: '/api/players/debit-card/store',
      headers: b.headers,
      remoteAddress: '198.18.9.9',
      payload: { bank: '822', market: 'Xinyi branch', account_name: 'Chen Ya-ting', card_number: number, card_number_confirm: number },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(await kindsOf(b.playerId, 'card')).toEqual(['card', 'ip', 'subnet']);
  });

  it('an attempt to bind a card another account holds is refused and recorded as the card signal, linking the two accounts', async () => {
    const owner = await player('198.51.100.61', device());
    const card = cardNumber();
    await bindCard(owner, card);
    const other = await player('100.64.62.5', device());
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/players/debit-card/store',
      headers: { ...other.headers, 'x-locale': 'en' },
      payload: { bank: '822', market: 'Xinyi branch', account_name: 'Chen Ya-ting', card_number: card, card_number_confirm: card },
      remoteAddress: '100.64.62.5',
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.card_number).toHaveLength(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/players/debit-card/list', headers: other.headers });
    expect(list.json().data.data).toEqual([]);

    const signals = await t.database.db
      .select()
      .from(riskSignals)
      .where(and(eq(riskSignals.playerId, other.playerId), eq(riskSignals.kind, 'card')));
    expect(signals).toHaveLength(1);
    expect(signals[0]!.source).toBe('card_attempt');
    const ownerCard = await t.database.db
      .select()
      .from(riskSignals)
      .where(and(eq(riskSignals.playerId, owner.playerId), eq(riskSignals.kind, 'card')));
    expect(signals[0]!.valueHash).toBe(ownerCard[0]!.valueHash);
    const view = (await bo(finance, 'GET', `/risk/players/${other.playerId}/links`)).json().data;
    expect(view.links).toEqual([expect.objectContaining({ player_id: owner.playerId, signals: ['card'], score: W.card })]);

    // The owner binding their own card again is refused as before, and records nothing new.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/players/debit-card/store',
      headers: owner.headers,
      payload: { bank: '822', market: 'Xinyi branch', account_name: 'Chen Ya-ting', card_number: card, card_number_confirm: card },
    });
    expect(again.statusCode).toBe(422);
    const ownerSignals = await t.database.db
      .select()
      .from(riskSignals)
      .where(and(eq(riskSignals.playerId, owner.playerId), eq(riskSignals.kind, 'card')));
    expect(ownerSignals.map((r) => r.source)).toEqual(['card']);
  });

  it('a pair sharing only an address block stays below the threshold and forms no group', async () => {
    const a = await player('192.0.2.10', device());
    const b = await player('192.0.2.11', device());
    const view = (await bo(admin, 'GET', `/risk/players/${b.playerId}/links`)).json().data;
    expect(view.links).toEqual([expect.objectContaining({ player_id: a.playerId, score: W.subnet, signals: ['subnet'], above_threshold: false })]);
    expect(view.group_id).toBeNull();
    expect(await t.app.services.risk.linkedPlayers(b.playerId)).toEqual([]);
  });

  it('a real name and birthday typed into a second account links it through the identity signal', async () => {
    const a = await player('100.64.1.1', device());
    const b = await player('100.64.9.1', device());
    for (const p of [a, b]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/info',
        headers: p.headers,
        payload: { real_name: 'Wang  Xiao-ming', gender: 'male', birthday: '1990-05-06' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const view = (await bo(admin, 'GET', `/risk/players/${a.playerId}/links`)).json().data;
    expect(view.links).toEqual([expect.objectContaining({ player_id: b.playerId, score: W.identity, signals: ['identity'] })]);
  });
});

describe('promotions refuse a linked group that already received them', () => {
  function body(over: Partial<PromotionInput> = {}): PromotionInput {
    return {
      mode: 5,
      front_id: null,
      title: '註冊禮',
      title_en: 'Sign-up gift',
      summary: '摘要',
      summary_en: 'Summary',
      content: '<p>內容</p>',
      content_en: '<p>Content</p>',
      banner_id: null,
      status: 'on',
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
      fixed_amount: '18.00',
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
      unique_by: ['linked_group'],
      ...over,
    };
  }

  it('pays the first account, refuses its linked account and pays an unrelated one', async () => {
    // Registered from different addresses, so the registration gift's own once-per-address rule is not what refuses:
    // the two share the device, an address block and a card the first let go of before the second bound it.
    const fp = device();
    const a = await player('198.51.100.40', fp);
    const card = cardNumber();
    await bindCard(a, card);
    await deleteCards(a);
    const b = await player('198.51.100.41', fp);
    await bindCard(b, card);
    const c = await player('203.0.113.77', device());
    expect((await t.app.services.risk.linkedPlayers(b.playerId)).map((p) => p.playerId)).toEqual([a.playerId]);

    await t.database.db.update(promotions).set({ status: 'off' }).where(eq(promotions.mode, 5));
    const created = await bo(admin, 'POST', '/promotions', body());
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    for (const p of [a, b, c]) await t.app.services.promotions.onRegistered(p.playerId);
    const grants = await t.database.db.select().from(promotionGrants).where(eq(promotionGrants.promotionId, id)).orderBy(promotionGrants.id);
    expect(grants.map((g) => [g.playerId, g.status, g.reason])).toEqual([
      [a.playerId, 'success', ''],
      [b.playerId, 'fail', 'error.promotion_duplicate'],
      [c.playerId, 'success', ''],
    ]);

    // Without the rule, the same linked account is paid: the refusal came from the link, not from anything else.
    const edited = await bo(admin, 'PUT', `/promotions/${id}`, body({ unique_by: [] }));
    expect(edited.statusCode, edited.body).toBe(200);
    await t.database.db.delete(promotionGrants).where(and(eq(promotionGrants.promotionId, id), eq(promotionGrants.playerId, b.playerId)));
    await t.app.services.promotions.onRegistered(b.playerId);
    const again = await t.database.db
      .select()
      .from(promotionGrants)
      .where(and(eq(promotionGrants.promotionId, id), eq(promotionGrants.playerId, b.playerId)));
    expect(again.map((g) => [g.status, g.reason])).toEqual([['success', '']]);
  });
  it('two linked accounts claiming at the same moment are not both paid', async () => {
    // Several linked pairs, made before the promotion exists (registration would claim it at once otherwise).
    const pairs: Array<[{ playerId: number }, { playerId: number }]> = [];
    for (let round = 0; round < 4; round += 1) {
      const fp = device();
      const a = await player(`198.51.${110 + round}.1`, fp);
      const b = await player(`198.51.${110 + round}.2`, fp);
      const card = cardNumber();
      await bindCard(a, card);
      await deleteCards(a);
      await bindCard(b, card);
      expect((await t.app.services.risk.linkedPlayers(b.playerId)).map((p) => p.playerId)).toEqual([a.playerId]);
      pairs.push([a, b]);
    }
    await t.database.db.update(promotions).set({ status: 'off' }).where(eq(promotions.mode, 5));
    const created = await bo(admin, 'POST', '/promotions', body({ title_en: 'Race gift' }));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    // Each pair claims at once, so an unguarded read-then-write would let some pair through twice.
    for (const [round, pair] of pairs.entries()) {
      await Promise.all(pair.map((p) => t.app.services.promotions.onRegistered(p.playerId)));
      const grants = await t.database.db
        .select()
        .from(promotionGrants)
        .where(
          and(
            eq(promotionGrants.promotionId, id),
            inArray(
              promotionGrants.playerId,
              pair.map((p) => p.playerId),
            ),
          ),
        );
      expect(grants.map((g) => g.status).sort(), `round ${round}`).toEqual(['fail', 'success']);
      expect(grants.find((g) => g.status === 'fail')!.reason).toBe('error.promotion_duplicate');
    }
  });
});

describe('changing the weights or the threshold', () => {
  it('rescores existing pairs and regroups them', async () => {
    const fp = device();
    const a = await player('198.51.120.5', fp);
    const b = await player('198.51.120.5', fp);
    const scoreOf = async () => (await bo(admin, 'GET', `/risk/players/${b.playerId}/links`)).json().data.links[0];
    expect(await scoreOf()).toMatchObject({ player_id: a.playerId, score: W.device + W.ip + W.subnet, above_threshold: true });
    expect((await t.app.services.risk.linkedPlayers(b.playerId)).map((p) => p.playerId)).toEqual([a.playerId]);
    const save = (settings: typeof DEFAULT_RISK_SETTINGS) => bo(admin, 'PUT', '/risk/settings', { settings, reason: 'test' });
    // The device no longer counts: the pair scores the address and its block only, below the threshold.
    const lighter = await save({ ...DEFAULT_RISK_SETTINGS, weights: { ...W, device: 0 } });
    expect(lighter.statusCode, lighter.body).toBe(200);
    expect(await scoreOf()).toMatchObject({ score: W.ip + W.subnet, above_threshold: false });
    expect(await t.app.services.risk.linkedPlayers(b.playerId)).toEqual([]);
    // A lower threshold links the same pair again.
    expect((await save({ ...DEFAULT_RISK_SETTINGS, weights: { ...W, device: 0 }, link_threshold: W.ip + W.subnet })).statusCode).toBe(200);
    expect((await t.app.services.risk.linkedPlayers(b.playerId)).map((p) => p.playerId)).toEqual([a.playerId]);
    expect((await save(DEFAULT_RISK_SETTINGS)).statusCode).toBe(200);
    expect(await scoreOf()).toMatchObject({ score: W.device + W.ip + W.subnet, above_threshold: true });
  });
});

describe('operators confirm or clear a link', () => {
  it('confirming and clearing are audited with before and after; a cleared link leaves the group', async () => {
    const fp = device();
    const a = await player('198.51.100.90', fp);
    const b = await player('198.51.100.90', fp);

    const confirm = await bo(finance, 'POST', `/risk/players/${a.playerId}/links/${b.playerId}`, { status: 'confirmed', reason: 'same selfie on both' });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().data.links[0]).toMatchObject({ player_id: b.playerId, status: 'confirmed', review_reason: 'same selfie on both' });
    const audit1 = (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'risk.link.confirm')).orderBy(desc(auditLog.id)).limit(1))[0]!;
    expect(audit1).toMatchObject({ staffId: finance.id, target: `player:${a.playerId}`, playerId: a.playerId });
    expect(audit1.detail).toMatchObject({
      before: { status: 'auto' },
      after: { status: 'confirmed' },
      reason: 'same selfie on both',
      linked_account: b.account,
    });

    const clear = await bo(admin, 'POST', `/risk/players/${a.playerId}/links/${b.playerId}`, { status: 'cleared', reason: 'twins, checked by phone' });
    expect(clear.statusCode, clear.body).toBe(200);
    expect(clear.json().data).toMatchObject({ group_id: null, group: [] });
    const audit2 = (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'risk.link.clear')).orderBy(desc(auditLog.id)).limit(1))[0]!;
    expect(audit2.detail).toMatchObject({ before: { status: 'confirmed' }, after: { status: 'cleared' }, reason: 'twins, checked by phone' });
    expect(await t.app.services.risk.linkedPlayers(a.playerId)).toEqual([]);

    // The audit log reads the entry back in its own shape.
    const log = await bo(admin, 'GET', '/audit?action=risk.');
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().data.data.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['risk.link.confirm', 'risk.link.clear']));
  });

  it('refuses a review without a reason, an unknown pair, and staff without the permission', async () => {
    const fp = device();
    const a = await player('198.51.100.120', fp);
    const b = await player('198.51.100.120', fp);
    expect((await bo(admin, 'POST', `/risk/players/${a.playerId}/links/${b.playerId}`, { status: 'confirmed', reason: ' ' })).statusCode).toBe(422);
    expect((await bo(admin, 'POST', `/risk/players/${a.playerId}/links/99999999`, { status: 'confirmed', reason: 'x' })).statusCode).toBe(404);
    // Customer service reads links but may not judge them; marketing sees none of it.
    expect((await bo(service, 'GET', `/risk/players/${a.playerId}/links`)).statusCode).toBe(200);
    expect((await bo(service, 'POST', `/risk/players/${a.playerId}/links/${b.playerId}`, { status: 'confirmed', reason: 'x' })).statusCode).toBe(403);
    for (const url of [
      `/risk/players/${a.playerId}/links`,
      '/risk/groups',
      '/risk/settings',
      '/risk/rule-hits?from=2026-01-01&to=2026-01-02',
      '/risk/withdrawals/WD1',
    ]) {
      expect((await bo(marketing, 'GET', url)).statusCode, url).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/backoffice/risk/players/${a.playerId}/links` })).statusCode).toBe(401);
    // Nothing changed by the refused calls.
    expect((await bo(admin, 'GET', `/risk/players/${a.playerId}/links`)).json().data.links[0].status).toBe('auto');
  });
});
