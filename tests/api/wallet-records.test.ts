// Money records: every ledger movement of a player's wallets shows in the player's records with its
// reason (a finance adjustment's reason included), system notes are translated, and the gateway's page opens
// in the player's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { FakeGateway } from '../helpers/fake-gateway.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { noteText } from '../../src/shared/ledger-notes.ts';
import { en } from '../../src/i18n/en.ts';
import { zhTW } from '../../src/i18n/zh-TW.ts';
import { boZhTW } from '../../src/i18n/backoffice-zh-TW.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { provider: new FakeProvider(), gateway: new FakeGateway() });
});
afterAll(async () => {
  await t?.close();
});

interface Move {
  kind: string;
  memo: string;
  amount: string;
  balance_after: string;
  wallet: string;
}

describe('ledger movements in the player records', () => {
  it('lists an adjustment with the reason finance typed, and the transfers, newest first', async () => {
    const p = await seedPlayer(t, { centralMinor: 100_000n });
    await t.app.services.wallet.adjustCentral({
      playerId: p.playerId,
      amountMinor: 5_000n,
      memo: 'Goodwill for the outage',
      idempotencyKey: `ux-adj-${p.playerId}`,
    });
    const moved = await t.app.inject({ method: 'POST', url: '/api/players/deposit/SLX', headers: p.headers, payload: { money: '20' } });
    expect(moved.json().data.status).toBe('applied');

    const res = await t.app.inject({ url: '/api/players/money/all', headers: p.headers });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.data as Move[];
    expect(res.json().data.total).toBe(rows.length);
    expect(rows[0]).toMatchObject({ kind: 'transfer_start', amount: '-20.00', balance_after: '1030.00', wallet: 'central' });
    expect(rows).toContainEqual(expect.objectContaining({ kind: 'adjustment', memo: 'Goodwill for the outage', amount: '50.00', balance_after: '1050.00' }));
    // Anonymous callers get 401 before anything else.
    expect((await t.app.inject({ url: '/api/players/money/all' })).statusCode).toBe(401);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("system notes read in the player's language; operator notes stay as written", () => {
    expect(noteText('transfer_settle', 'applied at provider', zhTW as Record<string, string>)).toBe('遊戲平台已入帳');
    expect(noteText('transfer_refund', 'rejected by provider: LIMIT (reconciled)', en)).toBe('Refused by the game platform (LIMIT, confirmed later); refunded');
    expect(noteText('withdraw_release', 'player cancels', zhTW as Record<string, string>)).toBe('玩家取消');
    expect(noteText('deposit', 'PAYMENT_FAILED', en)).toBe('The payment failed');
    expect(noteText('deposit', 'WEIRD_CODE', zhTW as Record<string, string>)).toBe('付款未完成（代碼 WEIRD_CODE）');
    expect(noteText('adjustment', 'player cancels', en)).toBe('player cancels');
    // The zh-TW back office reads the same notes in Chinese.
    expect(noteText('transfer_settle', 'applied at provider', boZhTW as Record<string, string>)).toBe('遊戲平台已入帳');
    expect(noteText('withdraw_release', 'player cancels', boZhTW as Record<string, string>)).toBe('玩家取消');
  });
});

describe('the gateway page in the player language', () => {
  it("an English player's card deposit opens the gateway page in English", async () => {
    const p = await seedPlayer(t);
    const enOrder = await t.app.inject({
      method: 'POST',
      url: '/api/finance/deposit/create',
      headers: { ...p.headers, 'x-locale': 'en' },
      payload: { method: 'card', amount: '300' },
    });
    expect(enOrder.statusCode, enOrder.body).toBe(200);
    expect(new URL(enOrder.json().data.pay_url).searchParams.get('lang')).toBe('en');
    const zhOrder = await t.app.inject({
      method: 'POST',
      url: '/api/finance/deposit/create',
      headers: { ...p.headers, 'x-locale': 'zh-TW' },
      payload: { method: 'card', amount: '300' },
    });
    expect(new URL(zhOrder.json().data.pay_url).searchParams.get('lang')).toBeNull();
  });
});
