// Every id in a request is bounded by the one shared id schema; oversized or malformed ids answer
// 422 validation_failed, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { idSchema, ID_MAX } from '../../src/shared/schemas/ids.ts';
import * as v from 'valibot';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// JSON text, not JS values: 1e20 and 9223372036854775808 must reach the server as the client wrote them.
const OVERSIZED = [
  '1e20',
  '"99999999999999999999"',
  '9223372036854775808',
  '"9223372036854775808"',
  '9007199254740993',
  '-1',
  '1.5',
  '"12abc"',
  '"1e3"',
  '" 7"',
];

describe('the shared id schema', () => {
  it('takes positive safe integers as numbers or digits and nothing else', () => {
    const s = idSchema();
    expect(v.parse(s, 12)).toBe(12);
    expect(v.parse(s, '12')).toBe(12);
    expect(v.parse(s, ID_MAX)).toBe(ID_MAX);
    for (const bad of [0, -1, 1.5, 1e20, ID_MAX + 2, '0', '99999999999999999999', '1e3', ' 7', '', null, true]) {
      expect(v.safeParse(s, bad).success, String(bad)).toBe(false);
    }
  });
});

describe('oversized ids in player requests', () => {
  it('POST /finance/withdraw/create and /players/debit-card/delete answer 422, not 500', async () => {
    const p = await seedPlayer(t);
    for (const raw of OVERSIZED) {
      const w = await t.app.inject({
        method: 'POST',
        url: '/api/finance/withdraw/create',
        headers: { ...p.headers, 'content-type': 'application/json' },
        payload: `{"money":"100","bank_card_id":${raw}}`,
      });
      expect(w.statusCode, `withdraw ${raw}: ${w.body}`).toBe(422);
      expect(w.json().code).toBe('validation_failed');
      const d = await t.app.inject({
        method: 'POST',
        url: '/api/players/debit-card/delete',
        headers: { ...p.headers, 'content-type': 'application/json' },
        payload: `{"id":${raw}}`,
      });
      expect(d.statusCode, `delete ${raw}: ${d.body}`).toBe(422);
    }
  });

  it('wallet ids are bounded too', async () => {
    const p = await seedPlayer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/players/bonusTransfer',
      headers: { ...p.headers, 'content-type': 'application/json' },
      payload: '{"player_bonus_wallet_id":9223372036854775808}',
    });
    expect(res.statusCode).toBe(422);
  });
});
