import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { FakeGateway } from '../helpers/fake-gateway.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';

let t: TestApp;
const gateway = new FakeGateway();
beforeAll(async () => {
  t = await createTestApp({}, { provider: new FakeProvider(), gateway });
});
afterAll(async () => {
  await t?.close();
});

describe('cashier smoke', () => {
  it('credits a gateway deposit once however often the callback comes', async () => {
    const p = await seedPlayer(t);
    const created = await t.app.inject({ method: 'POST', url: '/api/finance/deposit/create', headers: p.headers, payload: { method: 'card', amount: '1000' } });
    expect(created.statusCode).toBe(200);
    const order = created.json().data;
    expect(order.pay_url).toMatch(/^http:\/\/gateway\.test\/pay\//);
    const cb = gateway.callback(order.id, 'paid');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.app.inject({ method: 'POST', url: '/api/payments/paybridge/callback', headers: cb.headers, payload: cb.body })),
    );
    expect(answers.every((a) => a.statusCode === 200 && a.body === 'OK')).toBe(true);
    const me = await t.app.inject({ url: '/api/auth/me', headers: p.headers });
    expect(me.json().data.amount).toBe('1000.00');
    const forged = gateway.callback(order.id, 'paid', { forge: true });
    const refused = await t.app.inject({ method: 'POST', url: '/api/payments/paybridge/callback', headers: forged.headers, payload: forged.body });
    expect(refused.statusCode).toBe(401);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('withdraws with the rules: card, real name, hold, cancel, pay', async () => {
    const p = await seedPlayer(t, { centralMinor: 200_000n });
    const noName = await t.app.inject({ method: 'POST', url: '/api/finance/withdraw/create', headers: p.headers, payload: { money: '600', bank_card_id: 1 } });
    expect(noName.json().code).toBe('withdraw_need_real_name');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/auth/info',
          headers: p.headers,
          payload: { real_name: '王小明', gender: 'male', birthday: '1990-01-01' },
        })
      ).statusCode,
    ).toBe(200);
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/players/debit-card/store',
      headers: p.headers,
      payload: {
        bank: '004',
        market: '台北分行',
        account_name: '王小明',
        card_number: `1234567${p.playerId}`.padEnd(12, '0'),
        card_number_confirm: `1234567${p.playerId}`.padEnd(12, '0'),
      },
    });
    expect(card.statusCode).toBe(200);
    const list = await t.app.inject({ url: '/api/players/debit-card/list', headers: p.headers });
    const cardId = list.json().data.data[0].id;
    await t.app.services.cashier.auditCard(1, cardId, true, '');
    const tooSmall = await t.app.inject({
      method: 'POST',
      url: '/api/finance/withdraw/create',
      headers: p.headers,
      payload: { money: '499', bank_card_id: cardId },
    });
    expect(tooSmall.json().error.money[0]).toBeTruthy();
    const w1 = await t.app.inject({ method: 'POST', url: '/api/finance/withdraw/create', headers: p.headers, payload: { money: '600', bank_card_id: cardId } });
    expect(w1.json().data).toMatchObject({ amount: '600.00', fee: '0.00', status: 'applying' });
    expect((await t.app.inject({ url: '/api/auth/me', headers: p.headers })).json().data.amount).toBe('1400.00');
    await t.app.inject({ method: 'POST', url: '/api/finance/withdraw/cancel', headers: p.headers, payload: { id: w1.json().data.id } });
    expect((await t.app.inject({ url: '/api/auth/me', headers: p.headers })).json().data.amount).toBe('2000.00');
    // A cancelled withdrawal does not use up the day's free one.
    const w2 = await t.app.inject({ method: 'POST', url: '/api/finance/withdraw/create', headers: p.headers, payload: { money: '700', bank_card_id: cardId } });
    expect(w2.json().data.fee).toBe('0.00');
    await t.app.services.cashier.closeWithdrawal(w2.json().data.id, 'pay', { staffId: 1 }, 'paid out');
    expect((await t.app.inject({ url: '/api/auth/me', headers: p.headers })).json().data.amount).toBe('1300.00');
    const w3 = await t.app.inject({ method: 'POST', url: '/api/finance/withdraw/create', headers: p.headers, payload: { money: '500', bank_card_id: cardId } });
    expect(w3.json().data.fee).toBe('100.00');
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
