// Back-office settings that were raw keys (receiving bank, account, name, USDT address, order expiry,
// bank-card count) are validated for what they mean, with messages in the operator's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { staff } from '../../src/server/db/schema.ts';
import { AuthService } from '../../src/server/modules/auth/service.ts';

let t: TestApp;
let token = '';
const PASSWORD = 'staffpass123';

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(staff).values({ username: 'uxadmin', passwordHash: await AuthService.hashPassword(PASSWORD), role: 'admin', totpSecret: null });
  const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: { username: 'uxadmin', password: PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  token = res.json().data.access_token;
});
afterAll(async () => {
  await t?.close();
});

const put = (payload: Record<string, unknown>, locale = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/backoffice/settings',
    headers: { authorization: `Bearer ${token}`, 'x-locale': locale },
    payload,
  });

describe('settings validated for what they mean', () => {
  it('refuses an unknown bank code, a non-numeric account, a malformed USDT address and out-of-range counts', async () => {
    const bad = await put({
      receiving_bank: '999',
      receiving_bank_account: '12-34',
      usdt_address: 'Txyz',
      deposit_order_expire_minutes: 1,
      bank_card_max: 0,
    });
    expect(bad.statusCode).toBe(422);
    const error = bad.json().error as Record<string, string[]>;
    expect(Object.keys(error).sort()).toEqual(['bank_card_max', 'deposit_order_expire_minutes', 'receiving_bank', 'receiving_bank_account', 'usdt_address']);
    expect(error.usdt_address).toEqual(['A TRC-20 address starts with T and has 34 characters']);
    const zh = await put({ receiving_bank_account: 'abc' }, 'zh-TW');
    expect(zh.json().error.receiving_bank_account).toEqual(['收款帳號須為 6 至 20 位數字']);
  });

  it('accepts real values, and empty text switches a method off', async () => {
    const good = await put({
      receiving_bank: '004',
      receiving_bank_account_name: 'Lucky Harbour Ltd',
      receiving_bank_account: '004100200300',
      usdt_address: `T${'A'.repeat(33)}`,
      deposit_order_expire_minutes: 45,
      bank_card_max: 5,
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data.values).toMatchObject({ receiving_bank: '004', bank_card_max: 5, deposit_order_expire_minutes: 45 });
    expect((await put({ usdt_address: '', receiving_bank_account: '' })).statusCode).toBe(200);
  });
});
