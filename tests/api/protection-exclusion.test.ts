// Time-outs and self-exclusion: at once, platform wallets recovered, other sessions revoked with a
// kick, play refused on every path, withdrawals still open, activity wallets handled by the operator's rule,
// an excluded phone refused at registration; the back office lowers limits and adds exclusions, never the
// reverse, with every action audited, and keeps a searchable register of active exclusions.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { FakeGateway } from '../helpers/fake-gateway.ts';
import { freshIp, sendCode } from '../helpers/players.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { auditLog, bonusWallets, staff } from '../../src/server/db/schema.ts';
import { AuthService } from '../../src/server/modules/auth/service.ts';
import { insertSession } from '../../src/server/modules/auth/repository.ts';
import { newToken } from '../../src/server/modules/auth/tokens.ts';
import { checkGate, mayReceiveOffers } from '../../src/server/modules/protection/gate.ts';

let t: TestApp;
const provider = new FakeProvider();
type Player = Awaited<ReturnType<typeof seedPlayer>>;

beforeAll(async () => {
  t = await createTestApp({}, { provider, gateway: new FakeGateway() });
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  t.app.services.protection.clock = () => new Date();
  await t.app.services.system.updateSettings({ protection_activity_wallet_rule: 'freeze' });
  expect(await checkLedger(t.database.db)).toEqual([]);
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) {
  return t.app.inject({ method, url, headers: { ...headers, 'x-locale': 'en' }, ...(payload === undefined ? {} : { payload: payload as object }) });
}
const me = (h: Record<string, string>) => t.app.inject({ url: '/api/auth/me', headers: h });

/** A second live session of the same player, as a second device would hold. */
async function secondDevice(p: Player): Promise<Record<string, string>> {
  const { token, hash } = newToken();
  await insertSession(t.database.db, { playerId: p.playerId, tokenHash: hash, expiresAt: new Date(Date.now() + 3600_000) });
  return { authorization: `Bearer ${token}` };
}

async function readyToWithdraw(p: Player): Promise<number> {
  await call('PUT', '/api/auth/info', p.headers, { real_name: '王小明', gender: 'male', birthday: '1990-01-01' });
  const number = `88${p.playerId}`.padEnd(14, '7');
  await call('POST', '/api/players/debit-card/store', p.headers, {
    bank: '004',
    market: '台北分行',
    account_name: '王小明',
    card_number: number,
    card_number_confirm: number,
  });
  const cardId = (await call('GET', '/api/players/debit-card/list', p.headers)).json().data.data[0].id as number;
  await t.app.services.cashier.auditCard(1, cardId, true, '');
  return cardId;
}

async function addStaff(username: string, role: string): Promise<Record<string, string>> {
  await t.database.db.insert(staff).values({ username, passwordHash: await AuthService.hashPassword('staffpass123'), role });
  const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: { username, password: 'staffpass123' } });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().data.access_token as string}` };
}

describe('time-out', () => {
  it('recovers platform wallets, revokes other sessions, refuses play and keeps withdrawals open', async () => {
    const p = await seedPlayer(t, { centralMinor: 300_000n });
    const cardId = await readyToWithdraw(p);
    expect((await call('POST', '/api/players/deposit/SLX', p.headers, { money: '500' })).json().data.status).toBe('applied');
    expect((await call('POST', '/api/players/deposit/FSH', p.headers, { money: '250' })).json().data.status).toBe('applied');
    const other = await secondDevice(p);
    expect((await me(other)).statusCode).toBe(200);

    const res = await call('POST', '/api/protection/timeout', p.headers, { duration: '7d' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'timeout', duration: '7d' });
    const endsAt = new Date(res.json().data.ends_at).getTime();
    expect(endsAt - Date.now()).toBeGreaterThan(7 * 86400_000 - 60_000);

    // The money came home and the other device is out; this one stays signed in.
    const wallets = (await call('POST', '/api/games/wallet', p.headers, {})).json().data as Array<{ code: string; wallet: string }>;
    expect(wallets.filter((w) => w.code === 'SLX' || w.code === 'FSH').map((w) => w.wallet)).toEqual(['0.00', '0.00']);
    expect((await me(p.headers)).json().data.amount).toBe('3000.00');
    expect((await me(other)).statusCode).toBe(401);
    const revoked = await t.database.db.execute<{ revoked_reason: string }>(
      sql`select revoked_reason from sessions where player_id = ${p.playerId} and revoked_at is not null`,
    );
    expect(revoked.rows.map((r) => r.revoked_reason)).toEqual(['kick']);

    // Every path into play is refused with the time-out and its end.
    const transfer = await call('POST', '/api/players/deposit/SLX', p.headers, { money: '10' });
    expect(transfer.statusCode).toBe(403);
    expect(transfer.json()).toMatchObject({ code: 'protection_excluded', protection: { reason: 'timeout' } });
    expect(transfer.json().message).toMatch(/time-out, which lasts until \d{4}-\d\d-\d\d \d\d:\d\d \(GMT\+8\)/);
    expect((await call('GET', '/api/games/link/SLX', p.headers)).json().code).toBe('protection_excluded');
    expect((await call('POST', '/api/finance/deposit/create', p.headers, { method: 'card', amount: '100' })).json().code).toBe('protection_excluded');
    await expect(checkGate(t.database.db, p.playerId, 'promotion')).rejects.toMatchObject({ code: 'protection_excluded' });
    await expect(checkGate(t.database.db, p.playerId, 'marketing')).rejects.toMatchObject({ code: 'protection_excluded' });
    expect(await mayReceiveOffers(t.database.db, p.playerId)).toBe(false);

    // The restricted view: signing in, balance, records and withdrawals still work.
    const status = (await call('GET', '/api/protection/status', p.headers)).json().data;
    expect(status).toMatchObject({ restricted: true, exclusion: { kind: 'timeout' } });
    const w = await call('POST', '/api/finance/withdraw/create', p.headers, { money: '600', bank_card_id: cardId });
    expect(w.statusCode).toBe(200);
    expect(w.json().data.status).toBe('applying');
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: p.account, password: 'abc12345' } });
    expect(again.statusCode).toBe(200);

    // It cannot be ended early; once it ends, play is open again.
    t.app.services.protection.clock = () => new Date(endsAt + 1000);
    await expect(checkGate(t.database.db, p.playerId, 'launch', 0n, new Date(endsAt + 1000))).resolves.toBeUndefined();
  });
});

describe('self-exclusion', () => {
  it('needs a deliberate confirmation and cannot be shortened', async () => {
    const p = await seedPlayer(t);
    const wrong = await call('POST', '/api/protection/self-exclusion', p.headers, { duration: '6m', confirm_account: 'someoneelse' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.confirm_account).toBeTruthy();
    expect(
      (await call('POST', '/api/protection/self-exclusion', p.headers, { duration: 'permanent', confirm_account: p.account.toUpperCase() })).statusCode,
    ).toBe(200);
    // A shorter time-out afterwards does not shorten it: the permanent exclusion still answers.
    await call('POST', '/api/protection/timeout', p.headers, { duration: '24h' });
    const status = (await call('GET', '/api/protection/status', p.headers)).json().data;
    expect(status.exclusion).toMatchObject({ kind: 'self_exclusion', ends_at: null });
    const refused = (await call('GET', '/api/games/link/SLX', p.headers)).json();
    expect(refused.message).toMatch(/self-exclusion, which lasts until permanently/);
  });

  it('an excluded phone cannot register again', async () => {
    const p = await seedPlayer(t);
    await call('POST', '/api/protection/self-exclusion', p.headers, { duration: '3m', confirm_account: p.account });
    const code = await sendCode(t, p.phone, freshIp(), { 'x-locale': 'en' });
    expect(code.statusCode).toBe(403);
    expect(code.json().code).toBe('protection_phone_excluded');
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: freshIp(),
      headers: { 'x-locale': 'en' },
      payload: {
        account: `newacc${p.playerId}`.slice(0, 12),
        password: 'abc12345',
        password_confirm: 'abc12345',
        phone: p.phone,
        code: '123456',
        agreement: true,
      },
    });
    expect(reg.statusCode).toBe(403);
    expect(reg.json()).toMatchObject({
      code: 'protection_phone_excluded',
      error: { phone: ['This phone number is under a self-exclusion and cannot register'] },
    });
  });

  it('activity wallets follow the operator rule: frozen, or forfeited with a journal', async () => {
    const frozen = await seedPlayer(t);
    const w1 = await t.app.services.wallet.grantBonus({
      playerId: frozen.playerId,
      name: 'b',
      amountMinor: 10_000n,
      bonusBetMinor: 50_000n,
      idempotencyKey: `ex-f-${frozen.playerId}`,
    });
    await call('POST', '/api/protection/timeout', frozen.headers, { duration: '24h' });
    expect((await t.database.db.select().from(bonusWallets).where(eq(bonusWallets.id, w1.id)))[0]!.status).toBe(1);
    expect((await call('POST', '/api/players/deposit/SLX', frozen.headers, { money: '10', player_bonus_wallet_id: w1.id })).json().code).toBe(
      'protection_excluded',
    );
    expect((await call('GET', '/api/protection/status', frozen.headers)).json().data.activity_wallet_rule).toBe('freeze');

    await t.app.services.system.updateSettings({ protection_activity_wallet_rule: 'forfeit' });
    const forfeited = await seedPlayer(t);
    const w2 = await t.app.services.wallet.grantBonus({
      playerId: forfeited.playerId,
      name: 'b',
      amountMinor: 10_000n,
      bonusBetMinor: 50_000n,
      idempotencyKey: `ex-x-${forfeited.playerId}`,
    });
    await call('POST', '/api/protection/self-exclusion', forfeited.headers, { duration: '1y', confirm_account: forfeited.account });
    expect((await t.database.db.select().from(bonusWallets).where(eq(bonusWallets.id, w2.id)))[0]!.status).toBe(3);
    const journals = await t.database.db.execute<{ kind: string }>(
      sql`select kind from journals where player_id = ${forfeited.playerId} and kind = 'bonus_forfeit'`,
    );
    expect(journals.rows).toHaveLength(1);
    expect((await me(forfeited.headers)).json().data.player_bonus_wallet_sum).toBe('0.00');
  });
});

describe('back office', () => {
  it('lowers a limit and adds an exclusion with a reason, never raises, audits all, and lists the register', async () => {
    const admin = await addStaff('protadmin', 'admin');
    const marketing = await addStaff('protmkt', 'marketing');
    const p = await seedPlayer(t);
    await call('PUT', '/api/protection/limits', p.headers, { kind: 'deposit', period: 'day', value: '1000' });

    expect((await call('GET', `/api/backoffice/players/${p.playerId}/protection`, marketing)).statusCode).toBe(403);
    const noReason = await call('POST', `/api/backoffice/players/${p.playerId}/protection/limits`, admin, {
      kind: 'deposit',
      period: 'day',
      value: '500',
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(422);
    const lowered = await call('POST', `/api/backoffice/players/${p.playerId}/protection/limits`, admin, {
      kind: 'deposit',
      period: 'day',
      value: '500',
      reason: 'player asked by phone',
    });
    expect(lowered.json().data.outcome).toBe('applied');
    const raised = await call('POST', `/api/backoffice/players/${p.playerId}/protection/limits`, admin, {
      kind: 'deposit',
      period: 'day',
      value: '5000',
      reason: 'vip',
    });
    expect(raised.statusCode).toBe(422);
    // The refusal states the rule (only the player raises a limit), not a missing permission.
    expect(raised.json().error.value).toHaveLength(1);

    const page = (await call('GET', `/api/backoffice/players/${p.playerId}/protection`, admin)).json().data;
    expect(page.status.limits[0]).toMatchObject({ value: '500.00' });
    expect(page.history.events.map((e: { action: string }) => e.action)).toEqual(['limit_decreased', 'limit_decreased']);
    expect(page.history.events[0]).toMatchObject({ detail: { reason: 'player asked by phone' } });
    expect(page.history.events[0].staff_id).not.toBeNull();

    const other = await secondDevice(p);
    const ex = await call('POST', `/api/backoffice/players/${p.playerId}/protection/exclusions`, admin, {
      duration: '6m',
      reason: 'problem gambling reported',
    });
    expect(ex.json().data).toMatchObject({ kind: 'self_exclusion', by_staff: true });
    // Staff act without one of the player's sessions: every device is signed out.
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(p.headers)).statusCode).toBe(401);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `player:${p.playerId}`)))
      .orderBy(desc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual(['protection.exclusion_added', 'protection.limit_lowered']);

    const byAccount = (await call('GET', `/api/backoffice/protection/exclusions?search=${p.account}`, admin)).json().data;
    expect(byAccount.data).toEqual([expect.objectContaining({ account: p.account, kind: 'self_exclusion', by_staff: true })]);
    const byPhone = (await call('GET', `/api/backoffice/protection/exclusions?search=${p.phone}`, admin)).json().data;
    expect(byPhone.total).toBe(1);
    expect((await call('GET', '/api/backoffice/protection/exclusions?search=zz9zz9zz', admin)).json().data.total).toBe(0);
  });
});
