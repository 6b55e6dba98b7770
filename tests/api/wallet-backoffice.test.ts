// The back office's money pages: a player's wallets and ledger, activity-wallet grants, the blacklist,
// reconciliation findings and rechecks, and the stand-in provider's fault switches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { auditLog, bonusWallets, platformTransfers, staff } from '../../src/server/db/schema.ts';
import { AuthService } from '../../src/server/modules/auth/service.ts';
import { startSim, type Sim } from '../../sim/server.ts';

const PASSWORD = 'staffpass123';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function addStaff(t: TestApp, username: string, role: string): Promise<string> {
  const passwordHash = await AuthService.hashPassword(PASSWORD);
  await t.database.db.insert(staff).values({ username, passwordHash, role });
  const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: { username, password: PASSWORD } });
  expect(res.statusCode).toBe(200);
  return res.json().data.access_token as string;
}

async function lastAudit(t: TestApp, action: string) {
  const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
  return rows[0];
}

/**
 * An app whose configured provider URL is `url`. The back office takes that URL from app.ts when app.ts
 * passes it, and otherwise reads the environment, so both are set while the app is built.
 */
async function appWithProviderUrl(url: string): Promise<TestApp> {
  const saved = process.env.GAME_PROVIDER_URL;
  process.env.GAME_PROVIDER_URL = url;
  try {
    return await createTestApp({ GAME_PROVIDER_URL: url }, { provider: new FakeProvider() });
  } finally {
    if (saved === undefined) delete process.env.GAME_PROVIDER_URL;
    else process.env.GAME_PROVIDER_URL = saved;
  }
}

let t: TestApp;
const provider = new FakeProvider();
let admin: string;
let finance: string;
let service: string;
let marketing: string;

beforeAll(async () => {
  t = await createTestApp({}, { provider });
  admin = await addStaff(t, 'boss', 'admin');
  finance = await addStaff(t, 'cashier', 'finance');
  service = await addStaff(t, 'helper', 'service');
  marketing = await addStaff(t, 'promo', 'marketing');
});
afterAll(async () => {
  await t?.close();
});

const grantBody = {
  name: '週末紅利',
  name_en: 'Weekend bonus',
  amount: '100.50',
  bonus_bet: '1000',
  give_up_wallet_amount: '5',
  platform_codes: ['SLX'],
};

describe('granting an activity wallet', () => {
  it('grants a wallet the player then sees, once per idempotency key, and the ledger holds', async () => {
    const p = await seedPlayer(t, { centralMinor: 50_000n });
    const url = `/api/backoffice/players/${p.playerId}/bonus-wallets`;
    const headers = { ...bearer(marketing), 'idempotency-key': 'grant-0001-abcdef' };
    const res = await t.app.inject({ method: 'POST', url, headers, payload: grantBody });
    expect(res.statusCode, res.body).toBe(200);
    const granted = res.json().data as { wallet_id: number; journal_id: number; amount: string; replayed: boolean };
    expect(granted).toMatchObject({ amount: '100.50', replayed: false });
    expect(granted.journal_id).toBeGreaterThan(0);

    const me = await t.app.inject({ url: '/api/auth/me', headers: p.headers });
    const wallet = me.json().data.player_bonus_wallet.find((w: { id: number }) => w.id === granted.wallet_id);
    expect(wallet).toMatchObject({
      name: '週末紅利',
      money: '100.50',
      status: 1,
      bonus_bet: '1000.00',
      bonus_now_bet: '0.00',
      give_up_wallet_amount: '5.00',
      wallet: ['SLX'],
    });
    expect(me.json().data.amount).toBe('500.00');

    // The same request again (a double click, a retry): the first grant is returned, nothing new is made.
    const again = await t.app.inject({ method: 'POST', url, headers, payload: grantBody });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ wallet_id: granted.wallet_id, journal_id: granted.journal_id, replayed: true });
    const rows = await t.database.db.select().from(bonusWallets).where(eq(bonusWallets.playerId, p.playerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ bonusBetMinor: 100_000n, giveUpWalletAmountMinor: 500n });
    // The same key with other details is refused.
    const other = await t.app.inject({ method: 'POST', url, headers, payload: { ...grantBody, amount: '200' } });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_mismatch');

    const audit = await lastAudit(t, 'bonus.grant');
    expect(audit).toMatchObject({ target: `player:${p.playerId}` });
    expect(audit?.detail).toMatchObject({
      journal_id: granted.journal_id,
      before: null,
      after: { wallet_id: granted.wallet_id, amount: '100.50', bonus_bet: '1000.00' },
    });
    expect(await checkLedger(t.database.db)).toEqual([]);

    // Without a key each request is a new grant.
    const plain = await t.app.inject({ method: 'POST', url, headers: bearer(finance), payload: { name: '補償', amount: '0.01', bonus_bet: '0' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data.wallet_id).not.toBe(granted.wallet_id);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('grants once when the same request arrives twice at the same moment', async () => {
    const p = await seedPlayer(t);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/backoffice/players/${p.playerId}/bonus-wallets`,
        headers: { ...bearer(admin), 'idempotency-key': 'double-click-0001' },
        payload: grantBody,
      });
    const answers = await Promise.all([send(), send(), send()]);
    const granted = answers.filter((a) => a.statusCode === 200);
    expect(granted.length).toBeGreaterThan(0);
    // Any request that is not answered with the grant is told it is still in progress.
    for (const a of answers) if (a.statusCode !== 200) expect([a.statusCode, a.json().code]).toEqual([429, 'rate_limited']);
    expect(new Set(granted.map((a) => a.json().data.wallet_id)).size).toBe(1);
    expect(await t.database.db.select().from(bonusWallets).where(eq(bonusWallets.playerId, p.playerId))).toHaveLength(1);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('refuses other roles with 403', async () => {
    const p = await seedPlayer(t);
    const checks: Array<[string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      [service, 'POST', `/api/backoffice/players/${p.playerId}/bonus-wallets`, grantBody],
      [marketing, 'GET', `/api/backoffice/players/${p.playerId}/wallets`],
      [marketing, 'GET', `/api/backoffice/players/${p.playerId}/ledger`],
      [marketing, 'GET', `/api/backoffice/players/${p.playerId}/transfers`],
      [marketing, 'PUT', `/api/backoffice/players/${p.playerId}/blacklist`, { type: [], game_platform_code: [] }],
      [finance, 'PUT', `/api/backoffice/players/${p.playerId}/blacklist`, { type: [], game_platform_code: [] }],
      [service, 'GET', '/api/backoffice/reconciliation/findings'],
      [marketing, 'POST', '/api/backoffice/reconciliation/run'],
      [service, 'POST', '/api/backoffice/reconciliation/transfers/TRabcdefgh123/recheck'],
      [finance, 'GET', '/api/backoffice/provider-faults'],
      [service, 'PUT', '/api/backoffice/provider-faults/SLX', { maintenance: true }],
      [finance, 'DELETE', '/api/backoffice/provider-faults'],
    ];
    for (const [token, method, url, payload] of checks) {
      const res = await t.app.inject({ method, url, headers: bearer(token), payload: payload as Record<string, unknown> | undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    const anonymous = await t.app.inject({ url: `/api/backoffice/players/${p.playerId}/wallets` });
    expect(anonymous.statusCode).toBe(401);
    // The player page itself is open to every role that works on a player's money.
    for (const token of [admin, finance, service, marketing]) {
      expect((await t.app.inject({ url: `/api/backoffice/players/${p.playerId}`, headers: bearer(token) })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ url: `/api/backoffice/players/${p.playerId}/wallets`, headers: bearer(finance) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/backoffice/players/${p.playerId}/wallets`, headers: bearer(service) })).statusCode).toBe(200);
  });

  it('refuses amounts that are not decimal strings with at most two decimals', async () => {
    const p = await seedPlayer(t);
    const url = `/api/backoffice/players/${p.playerId}/bonus-wallets`;
    for (const amount of ['1.234', '-5', 'abc', 1.5, 100, '', '0', '0.00', '1e3', ' ', '99999999.99', null]) {
      const res = await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: { ...grantBody, amount } });
      expect(res.statusCode, JSON.stringify(amount)).toBe(422);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().error.amount, JSON.stringify(amount)).toHaveLength(1);
    }
    for (const bonus_bet of ['1.234', '-1', 2, 'ten']) {
      const res = await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: { ...grantBody, bonus_bet } });
      expect(res.statusCode, JSON.stringify(bonus_bet)).toBe(422);
      expect(res.json().error.bonus_bet).toBeDefined();
    }
    const badCode = await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: { ...grantBody, platform_codes: ['NOPE'] } });
    expect(badCode.statusCode).toBe(422);
    expect(badCode.json().error.platform_codes).toBeDefined();
    const noName = await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: { ...grantBody, name: '   ' } });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().error.name).toBeDefined();
    const extra = await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: { ...grantBody, status: 2 } });
    expect(extra.statusCode).toBe(422);
    const badKey = await t.app.inject({ method: 'POST', url, headers: { ...bearer(admin), 'idempotency-key': 'x' }, payload: grantBody });
    expect(badKey.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/backoffice/players/99999999/bonus-wallets', headers: bearer(admin), payload: grantBody });
    expect(missing.statusCode).toBe(404);
    // Nothing was granted by any of them.
    expect(await t.database.db.select().from(bonusWallets).where(eq(bonusWallets.playerId, p.playerId))).toHaveLength(0);
  });
});

describe('wallets and ledger history', () => {
  it('shows every wallet and lists the grant journal in the ledger, newest first', async () => {
    const p = await seedPlayer(t, { centralMinor: 30_000n });
    const grant = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/players/${p.playerId}/bonus-wallets`,
      headers: bearer(marketing),
      payload: { ...grantBody, amount: '88.80' },
    });
    expect(grant.statusCode).toBe(200);
    const { wallet_id: walletId, journal_id: journalId } = grant.json().data as { wallet_id: number; journal_id: number };
    const dep = await t.app.inject({ method: 'POST', url: '/api/players/deposit/LVC', headers: p.headers, payload: { money: '25' } });
    expect(dep.json().data.status).toBe('applied');

    const view = await t.app.inject({ url: `/api/backoffice/players/${p.playerId}/wallets`, headers: bearer(finance) });
    expect(view.statusCode).toBe(200);
    const w = view.json().data;
    expect(w).toMatchObject({ player: { id: p.playerId, account: p.account }, central: '275.00', total: '388.80', pending_transfers: [] });
    expect(w.bonus_wallets).toEqual([
      expect.objectContaining({
        id: walletId,
        name: '週末紅利',
        status: 1,
        money: '88.80',
        bonus_bet: '1000.00',
        progress: 0,
        platform_codes: ['SLX'],
        granted_by_name: 'promo',
      }),
    ]);
    const lvc = w.platform_wallets.find((x: { code: string }) => x.code === 'LVC');
    expect(lvc).toMatchObject({ ledger: '25.00', transit: '0.00', live: null, provider_player: `p${p.playerId}` });
    const fsh = w.platform_wallets.filter((x: { code: string }) => x.code === 'FSH');
    expect(fsh).toHaveLength(1);
    expect(fsh[0].groups.sort()).toEqual(['fish', 'slots']);

    const live = await t.app.inject({ url: `/api/backoffice/players/${p.playerId}/wallets?live=1`, headers: bearer(service) });
    const liveOf = (code: string) => live.json().data.platform_wallets.find((x: { code: string }) => x.code === code).live;
    expect(liveOf('LVC')).toEqual({ status: 'ok', amount: '25.00' });
    expect(liveOf('SLX')).toEqual({ status: 'no_account' });

    const ledger = await t.app.inject({ url: `/api/backoffice/players/${p.playerId}/ledger?pageSize=3`, headers: bearer(service) });
    expect(ledger.statusCode).toBe(200);
    const page = ledger.json().data;
    expect(page).toMatchObject({ page: 1, pageSize: 3 });
    // seed adjustment (1) + grant (1) + transfer start and settle (2 each on player accounts: central, transit, transit, platform).
    expect(page.total).toBe(6);
    expect(page.data).toHaveLength(3);
    expect(page.data[0].id).toBeGreaterThan(page.data[1].id);
    const all = await t.app.inject({ url: `/api/backoffice/players/${p.playerId}/ledger?pageSize=100`, headers: bearer(service) });
    const grantRow = all.json().data.data.find((r: { kind: string }) => r.kind === 'bonus_grant');
    expect(grantRow).toMatchObject({
      journal_id: journalId,
      kind: 'bonus_grant',
      ref: String(walletId),
      memo: '週末紅利',
      account_kind: 'bonus',
      account_ref: String(walletId),
      amount: '88.80',
      balance_after: '88.80',
      staff: 'promo',
    });
    expect(all.json().data.data.find((r: { kind: string }) => r.kind === 'adjustment')).toMatchObject({
      account_kind: 'central',
      amount: '300.00',
      staff: null,
    });
    expect((await t.app.inject({ url: `/api/backoffice/players/${p.playerId}/ledger?pageSize=101`, headers: bearer(service) })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/backoffice/players/99999999/ledger', headers: bearer(service) })).statusCode).toBe(404);

    const transfers = await t.app.inject({ url: `/api/backoffice/players/${p.playerId}/transfers`, headers: bearer(finance) });
    expect(transfers.json().data.total).toBe(1);
    expect(transfers.json().data.data[0]).toMatchObject({ gp_code: 'LVC', direction: 'in', amount: '25.00', status: 'applied', wallet: 'central' });
    const pendingOnly = await t.app.inject({ url: `/api/backoffice/players/${p.playerId}/transfers?status=pending`, headers: bearer(finance) });
    expect(pendingOnly.json().data.total).toBe(0);
    expect((await t.app.inject({ url: `/api/backoffice/players/${p.playerId}/transfers?status=lost`, headers: bearer(finance) })).statusCode).toBe(422);
  });

  it('finds a player by account for roles without the player list', async () => {
    const p = await seedPlayer(t);
    const res = await t.app.inject({ url: `/api/backoffice/players/lookup?account=${p.account.toUpperCase()}`, headers: bearer(marketing) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: p.playerId, account: p.account, blacklist: { type: [], game_platform_code: [] } });
    expect(JSON.stringify(res.json())).not.toMatch(/password|phone/i);
    expect((await t.app.inject({ url: '/api/backoffice/players/lookup?account=nobody0000', headers: bearer(marketing) })).statusCode).toBe(404);
    const platforms = await t.app.inject({ url: '/api/backoffice/platforms', headers: bearer(marketing) });
    expect(platforms.json().data.map((x: { code: string }) => x.code)).toContain('SLX');
  });
});

describe('blacklist', () => {
  it('blocks the listed game types, which the game link then refuses', async () => {
    const p = await seedPlayer(t);
    const url = `/api/backoffice/players/${p.playerId}/blacklist`;
    expect((await t.app.inject({ url: '/api/games/link/SLX', headers: p.headers })).statusCode).toBe(200);

    const set = await t.app.inject({ method: 'PUT', url, headers: bearer(service), payload: { type: ['slots', 'slots'], game_platform_code: [] } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ type: ['slots'], game_platform_code: [] });
    const blocked = await t.app.inject({ url: '/api/games/link/SLX', headers: p.headers });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('platform_blocked');
    expect((await t.app.inject({ url: '/api/games/link/LVC', headers: p.headers })).statusCode).toBe(200);
    const summary = await t.app.inject({ url: `/api/backoffice/players/${p.playerId}`, headers: bearer(marketing) });
    expect(summary.json().data.blacklist).toEqual({ type: ['slots'], game_platform_code: [] });
    const audit = await lastAudit(t, 'player.blacklist');
    expect(audit).toMatchObject({ target: `player:${p.playerId}`, detail: { before: { type: [] }, after: { type: ['slots'] } } });

    // Only on some platforms: slots elsewhere stay open.
    await t.app.inject({ method: 'PUT', url, headers: bearer(admin), payload: { type: ['slots'], game_platform_code: ['FSH'] } });
    expect((await t.app.inject({ url: '/api/games/link/SLX', headers: p.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/games/link/FSH', headers: p.headers })).json().code).toBe('platform_blocked');

    for (const payload of [
      { type: ['poker'], game_platform_code: [] },
      { type: [], game_platform_code: ['NOPE'] },
      { type: 'slots', game_platform_code: [] },
      { type: [] },
      { type: [], game_platform_code: ['bad code!'] },
    ]) {
      const res = await t.app.inject({ method: 'PUT', url, headers: bearer(admin), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const cleared = await t.app.inject({ method: 'PUT', url, headers: bearer(admin), payload: { type: [], game_platform_code: [] } });
    expect(cleared.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/games/link/FSH', headers: p.headers })).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/backoffice/players/99999999/blacklist',
          headers: bearer(admin),
          payload: { type: [], game_platform_code: [] },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('reconciliation', () => {
  it('lists a finding for a transfer left pending, and a recheck settles it', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    provider.mode = 'timeout-after-apply';
    const dep = await t.app.inject({ method: 'POST', url: '/api/players/deposit/SLX', headers: p.headers, payload: { money: '20' } });
    provider.mode = 'normal';
    expect(dep.json().data.status).toBe('pending');
    const transferId = dep.json().data.id as string;

    const view = await t.app.inject({ url: `/api/backoffice/players/${p.playerId}/wallets`, headers: bearer(finance) });
    expect(view.json().data.pending_transfers).toEqual([expect.objectContaining({ id: transferId, gp_code: 'SLX', amount: '20.00', status: 'pending' })]);
    expect(view.json().data.platform_wallets.find((x: { code: string }) => x.code === 'SLX')).toMatchObject({ transit: '20.00', ledger: '0.00' });
    const pending = await t.app.inject({ url: '/api/backoffice/reconciliation/pending', headers: bearer(finance) });
    expect(pending.json().data.data.map((x: { id: string }) => x.id)).toContain(transferId);

    // The provider stays unreachable through many checks: reconciliation lists the transfer for operators.
    provider.unreachable = true;
    await t.database.db
      .update(platformTransfers)
      .set({ attempts: 7, nextCheckAt: sql`now()` })
      .where(eq(platformTransfers.id, transferId));
    const run = await t.app.inject({ method: 'POST', url: '/api/backoffice/reconciliation/run', headers: bearer(finance) });
    expect(run.statusCode).toBe(200);
    expect(run.json().data).toEqual({ checked: 1, settled: 0 });
    expect(await lastAudit(t, 'reconciliation.run')).toMatchObject({ detail: { before: null, after: { checked: 1, settled: 0 } } });

    const open = await t.app.inject({ url: '/api/backoffice/reconciliation/findings?status=open', headers: bearer(finance) });
    expect(open.statusCode).toBe(200);
    const finding = open.json().data.data.find((f: { transfer_id: string }) => f.transfer_id === transferId);
    expect(finding).toMatchObject({
      kind: 'unresolved_transfer',
      status: 'open',
      account: p.account,
      gp_code: 'SLX',
      transfer: { id: transferId, status: 'pending', amount: '20.00', direction: 'in', attempts: 8 },
    });

    provider.unreachable = false;
    const recheck = await t.app.inject({ method: 'POST', url: `/api/backoffice/reconciliation/transfers/${transferId}/recheck`, headers: bearer(admin) });
    expect(recheck.statusCode, recheck.body).toBe(200);
    expect(recheck.json().data).toMatchObject({ settled: 1, transfer: { id: transferId, status: 'applied', account: p.account } });
    const audit = await lastAudit(t, 'reconciliation.recheck');
    expect(audit).toMatchObject({ target: `transfer:${transferId}`, detail: { before: { status: 'pending' }, after: { status: 'applied' } } });

    const resolved = await t.app.inject({ url: '/api/backoffice/reconciliation/findings?status=resolved', headers: bearer(finance) });
    expect(resolved.json().data.data.find((f: { transfer_id: string }) => f.transfer_id === transferId)).toMatchObject({ status: 'resolved' });
    const stillOpen = await t.app.inject({ url: '/api/backoffice/reconciliation/findings', headers: bearer(finance) });
    expect(stillOpen.json().data.data.find((f: { transfer_id: string }) => f.transfer_id === transferId)).toBeUndefined();

    // A settled transfer is reported as it is, without asking the provider again.
    const twice = await t.app.inject({ method: 'POST', url: `/api/backoffice/reconciliation/transfers/${transferId}/recheck`, headers: bearer(admin) });
    expect(twice.json().data).toMatchObject({ checked: 0, settled: 0, transfer: { status: 'applied' } });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/backoffice/reconciliation/transfers/TRnotatransfer1/recheck', headers: bearer(admin) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/backoffice/reconciliation/transfers/x/recheck', headers: bearer(admin) })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/backoffice/reconciliation/findings?status=lost', headers: bearer(admin) })).statusCode).toBe(422);

    const me = await t.app.inject({ url: '/api/auth/me', headers: p.headers });
    expect(me.json().data).toMatchObject({ amount: '80.00', total_money: '100.00' });
    expect(await checkLedger(t.database.db)).toEqual([]);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reconciliation.recheck')));
    expect(rows.length).toBe(2);
  });
});

describe('provider fault switches', () => {
  it('answers 404 when the provider is not on this machine', async () => {
    const remote = await appWithProviderUrl('https://games.provider.example');
    try {
      const passwordHash = await AuthService.hashPassword(PASSWORD);
      await remote.database.db.insert(staff).values({ username: 'boss', passwordHash, role: 'admin' });
      const login = await remote.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: { username: 'boss', password: PASSWORD } });
      const token = login.json().data.access_token as string;
      for (const [method, url, payload] of [
        ['GET', '/api/backoffice/provider-faults', undefined],
        ['GET', '/api/backoffice/provider-faults/SLX', undefined],
        ['PUT', '/api/backoffice/provider-faults/SLX', { maintenance: true }],
        ['DELETE', '/api/backoffice/provider-faults', undefined],
      ] as const) {
        const res = await remote.app.inject({ method, url, headers: { ...bearer(token), 'x-locale': 'en' }, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toMatchObject({ status: 'error', code: 'not_found' });
        expect(res.json().error.modal[0]).toMatch(/not the local stand-in/);
      }
    } finally {
      await remote.close();
    }
  });

  it("reads, sets and resets the stand-in's switches when it runs locally", async () => {
    let sim: Sim | undefined;
    let local: TestApp | undefined;
    try {
      sim = await startSim({ port: 0 });
      local = await appWithProviderUrl(sim.url);
      const passwordHash = await AuthService.hashPassword(PASSWORD);
      await local.database.db.insert(staff).values({ username: 'boss', passwordHash, role: 'admin' });
      const login = await local.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: { username: 'boss', password: PASSWORD } });
      const headers = bearer(login.json().data.access_token as string);

      const list = await local.app.inject({ url: '/api/backoffice/provider-faults', headers });
      expect(list.statusCode, list.body).toBe(200);
      const slx = list.json().data.platforms.find((x: { code: string }) => x.code === 'SLX');
      expect(slx).toMatchObject({ faults: { maintenance: false, errorRate: 0, latencyMs: 0 }, provider_total: '0.00' });

      const put = await local.app.inject({
        method: 'PUT',
        url: '/api/backoffice/provider-faults/SLX',
        headers,
        payload: { maintenance: true, errorRate: 0.25 },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().data.faults).toMatchObject({ maintenance: true, errorRate: 0.25 });
      const one = await local.app.inject({ url: '/api/backoffice/provider-faults/SLX', headers });
      expect(one.json().data.faults).toMatchObject({ maintenance: true, errorRate: 0.25 });
      const audit = await lastAudit(local, 'provider.faults.update');
      expect(audit).toMatchObject({ target: 'provider:SLX', detail: { before: { maintenance: false }, after: { maintenance: true } } });

      for (const payload of [{ errorRate: 2 }, { latencyMs: 1.5 }, { maintenance: 'yes' }, { seed: 1 }, {}]) {
        const res = await local.app.inject({ method: 'PUT', url: '/api/backoffice/provider-faults/SLX', headers, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      }
      expect((await local.app.inject({ method: 'PUT', url: '/api/backoffice/provider-faults/ZZZ', headers, payload: { maintenance: true } })).statusCode).toBe(
        404,
      );

      const reset = await local.app.inject({ method: 'DELETE', url: '/api/backoffice/provider-faults', headers });
      expect(reset.statusCode).toBe(200);
      expect(reset.json().data.platforms.find((x: { code: string }) => x.code === 'SLX').faults.maintenance).toBe(false);
      expect(await lastAudit(local, 'provider.faults.reset')).toBeTruthy();

      // A stand-in that stopped is reported as not answering.
      await sim.close();
      sim = undefined;
      const down = await local.app.inject({ url: '/api/backoffice/provider-faults', headers });
      expect(down.statusCode).toBe(502);
      expect(down.json().code).toBe('upstream_failed');
    } finally {
      await local?.close();
      await sim?.close();
    }
  });
});
