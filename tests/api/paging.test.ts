// One paging contract for every list (src/shared/schemas/paging.ts): a page or page size that is not a whole number
// in range is refused with the site's own words in the caller's language, never the validator's internals, on the
// player's record lists and the back office's lists alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { freshIp } from '../helpers/players.ts';
import { staff } from '../../src/server/db/schema.ts';
import { AuthService } from '../../src/server/modules/auth/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A customer-service member (no authenticator required) signed in to the back office. */
async function staffToken(): Promise<string> {
  const password = 'paging-pass-1';
  await t.database.db.insert(staff).values({ username: 'pager', passwordHash: await AuthService.hashPassword(password), role: 'service' });
  const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', remoteAddress: freshIp(), payload: { username: 'pager', password } });
  expect(res.statusCode).toBe(200);
  return res.json().data.access_token as string;
}

describe('paging of every list', () => {
  it('refuses a bad page on a player record list in zh-TW and English, naming the field', async () => {
    const p = await seedPlayer(t);
    for (const [locale, integer, range] of [
      ['zh-TW', '必須是整數', '超出範圍'],
      ['en', 'Must be a whole number', 'Out of range'],
    ] as const) {
      const words = await t.app.inject({ url: '/api/players/money/all?page=abc', headers: { ...p.headers, 'x-locale': locale } });
      expect(words.statusCode).toBe(422);
      expect(words.json().error.page).toEqual([integer]);
      const big = await t.app.inject({ url: '/api/players/money/all?pageSize=1000', headers: { ...p.headers, 'x-locale': locale } });
      expect(big.statusCode).toBe(422);
      expect(big.json().error.pageSize).toEqual([range]);
      expect(JSON.stringify(big.json())).not.toMatch(/Expected|Invalid/);
    }
  });

  it('refuses a bad page on a back-office list with the same words', async () => {
    const token = await staffToken();
    const res = await t.app.inject({ url: '/api/backoffice/players?page=0', headers: { authorization: `Bearer ${token}`, 'x-locale': 'zh-TW' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.page).toEqual(['超出範圍']);
  });
});
