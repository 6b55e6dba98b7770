// VIP levels and the points mall end to end, against the stand-in provider of sim/: a player
// bets past a level's threshold and sees the new level without a reload; redeems a gift on desktop and on
// mobile and finds it in the exchange record; an operator ships it and the player sees the new status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  DEMO,
  TEXT,
  hasChromium,
  hydrated,
  launchBrowser,
  localized,
  newContext,
  screenshotOnFailure,
  startServer,
  type Locale,
  type Server,
} from './helpers.ts';
import { startSim, type Sim } from '../../sim/server.ts';

describe.skipIf(!hasChromium)('VIP levels and the points mall', () => {
  let sim: Sim;
  let server: Server;
  let browser: Browser;
  let op: string;
  let demoId: number;
  const saved = { provider: process.env.GAME_PROVIDER_URL, ingest: process.env.BET_INGEST_INTERVAL_MS };

  beforeAll(async () => {
    sim = await startSim({ port: 0 });
    process.env.GAME_PROVIDER_URL = sim.url;
    process.env.BET_INGEST_INTERVAL_MS = '1000';
    [server, browser] = await Promise.all([startServer('vip'), launchBrowser()]);
    op = await server.operatorToken();
    const found = await server.api<{ id: number }>('GET', `/backoffice/players/lookup?account=${DEMO.account}`, undefined, op);
    demoId = found.body.data!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sim?.close();
    if (saved.provider === undefined) delete process.env.GAME_PROVIDER_URL;
    else process.env.GAME_PROVIDER_URL = saved.provider;
    if (saved.ingest === undefined) delete process.env.BET_INGEST_INTERVAL_MS;
    else process.env.BET_INGEST_INTERVAL_MS = saved.ingest;
  });

  async function headerLogin(page: Page, locale: Locale) {
    await page.goto(localized('/', locale));
    await hydrated(page);
    const header = page.getByTestId('header-auth');
    await header.locator('input[name="account"]').fill(DEMO.account);
    await header.locator('input[name="password"]').fill(DEMO.password);
    await header.getByRole('button', { name: TEXT[locale].login, exact: true }).click();
    await expect.poll(() => page.getByTestId('header-account').textContent(), { timeout: 15_000 }).toBe(DEMO.account);
  }

  async function playerApi<T>(page: Page, method: string, route: string, body?: unknown): Promise<T> {
    return page.evaluate(
      async ([m, r, b]) => {
        const res = await fetch(`/api${r}`, {
          method: m,
          headers: { authorization: `Bearer ${localStorage.getItem('token')}`, ...(b === undefined ? {} : { 'content-type': 'application/json' }) },
          body: b === undefined ? undefined : JSON.stringify(b),
        });
        return (await res.json()).data;
      },
      [method, route, body] as const,
    ) as Promise<T>;
  }

  async function newGift(name: string, nameEn: string, kind: 'physical' | 'virtual') {
    const res = await server.api<{ id: number }>(
      'POST',
      '/backoffice/vip/gifts',
      {
        name,
        name_en: nameEn,
        description: '',
        description_en: '',
        image_id: null,
        points: 100,
        stock: 5,
        show_start: null,
        show_end: null,
        per_player_limit: 0,
        kind,
        bonus: kind === 'virtual' ? '10.00' : '0',
        bonus_flow_multiple: 1,
        status: 1,
        sort: 0,
      },
      op,
    );
    expect(res.status).toBe(200);
    return res.body.data!.id;
  }

  async function givePoints(n: number) {
    const res = await server.api('POST', `/backoffice/vip/players/${demoId}/points`, { points: n, reason: 'e2e' }, op);
    expect(res.status).toBe(200);
  }

  it("a player bets past the next level's threshold and sees the new level without a reload", async () => {
    screenshotOnFailure('vip-level-up');
    // The demo player is at level 1; level 2 is made reachable with 30.00 of valid bet.
    const levels = (await server.api<Array<Record<string, unknown>>>('GET', '/backoffice/vip/levels', undefined, op)).body.data!;
    const l2 = levels[2]!;
    const edit = await server.api(
      'PUT',
      '/backoffice/vip/levels/2',
      {
        name_frontend: l2.name_frontend,
        name_frontend_en: l2.name_frontend_en,
        if_show_frontend: true,
        deposit_req: '0.00',
        valid_bet_req: '30.00',
        keep_valid_bet: '0.00',
        upgrade_reward: '58.00',
        monthly_reward: '29.00',
        birthday_reward: '58.00',
        reward_target: 'bonus',
        reward_flow_multiple: 1,
        withdraw_max_per_day: 3,
        withdraw_free_per_day: 1,
        withdraw_fee: '100.00',
        rebate_rate_bp: 40,
        points_rates: { slots: 3 },
      },
      op,
    );
    expect(edit.status).toBe(200);

    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      await headerLogin(page, 'zh-TW');
      await page.goto('/member/vip-privilege');
      await hydrated(page);
      await expect.poll(() => page.getByTestId('vip-level').getAttribute('data-level')).toBe('1');
      expect(await page.getByTestId('vip-bet-needed').textContent()).toBe('30.00');

      // Money to the slots platform, then the provider's game in a second tab.
      const moved = await playerApi<{ status: string }>(page, 'POST', '/players/deposit/SLX', { money: '200' });
      expect(moved.status).toBe('applied');
      const link = await playerApi<{ url: string }>(page, 'GET', '/games/link/SLX?productId=lucky-7');
      const tab = await context.newPage();
      await tab.goto(link.url);
      await tab.getByTestId('balance').waitFor();
      await tab.getByTestId('stake').fill('20');
      for (let i = 1; i <= 4; i += 1) {
        await expect.poll(() => tab.getByTestId('spin').isEnabled(), { timeout: 20_000 }).toBe(true);
        await tab.getByTestId('spin').click();
        await expect.poll(() => tab.getByTestId('my-bet').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(i);
      }
      await tab.close();

      // Ingestion runs every second and evaluates the level; the open page follows without a reload.
      await page.bringToFront();
      await expect.poll(() => page.getByTestId('vip-level').getAttribute('data-level'), { timeout: 40_000, interval: 500 }).toBe('2');
      await expect.poll(() => page.getByTestId('level-name').getAttribute('data-level'), { timeout: 15_000 }).toBe('2');
      expect(await page.getByTestId('vip-icon').getAttribute('src')).toBe('/levels/level-2.svg');
      // The upgrade reward waits to be claimed.
      await expect.poll(() => page.getByTestId('vip-claim').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await page.getByTestId('vip-claim').first().click();
      await page.getByRole('dialog').getByText('領取成功').waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);

  it('redeems a gift on desktop, finds it in the exchange record, and sees it shipped', async () => {
    screenshotOnFailure('vip-redeem-desktop');
    const giftId = await newGift('保溫杯', 'Thermos', 'physical');
    await givePoints(150);
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      await headerLogin(page, 'en');
      await page.goto('/en/member/vip-privilege');
      await hydrated(page);
      const card = page.getByTestId('gift-card').filter({ hasText: 'Thermos' });
      await card.getByTestId('gift-redeem').click();
      const form = page.getByTestId('redeem-form');
      // Every address field is required for a physical gift.
      await form.getByTestId('redeem-confirm').click();
      await expect.poll(() => form.getByRole('alert').count()).toBe(4);
      await form.locator('input[name="consignee"]').fill('Wang');
      await form.locator('input[name="phone"]').fill('0912345678');
      await form.locator('input[name="area"]').fill('Taipei');
      await form.locator('input[name="address"]').fill('No. 1, Xinyi Rd');
      await form.getByTestId('redeem-confirm').click();
      await page.getByRole('dialog').getByText('Exchange successful').waitFor();

      await page.goto('/en/member/exchange-record');
      await hydrated(page);
      const row = page.getByTestId('exchange-row').filter({ hasText: 'Thermos' });
      await row.waitFor();
      expect(await row.getByTestId('exchange-status').textContent()).toBe('Not shipped');

      // The operator ships it from the back office's fulfilment queue.
      const orders = await server.api<{ data: Array<{ id: number; gift_id: number }> }>('GET', '/backoffice/vip/orders?status=not_shipped', undefined, op);
      expect(orders.body.data!.data.some((o) => o.gift_id === giftId)).toBe(true);
      const bo = await context.newPage();
      // Any page of the site's origin will do to hand the operator's token to the back office.
      await bo.goto('/api/health');
      await bo.evaluate((token) => localStorage.setItem('bo_token', token), op);
      await bo.goto('/backoffice/vip');
      await hydrated(bo);
      await bo.getByTestId('vip-tab-orders').click();
      const line = bo.getByTestId('bo-order').filter({ hasText: '保溫杯' });
      await line.getByTestId('bo-order-input').fill('TW778899');
      await line.getByTestId('bo-order-ship').click();
      await expect.poll(() => bo.getByTestId('bo-order').filter({ hasText: '保溫杯' }).count(), { timeout: 10_000 }).toBe(0);
      await bo.close();
      await page.bringToFront();
      // The open record page follows the operator's change without a reload or a new search.
      await expect.poll(() => row.getByTestId('exchange-status').textContent(), { timeout: 10_000 }).toBe('Shipped');
      expect(await row.getByTestId('exchange-tracking').textContent()).toBe('TW778899');
    } finally {
      await context.close();
    }
  }, 90_000);

  it('redeems a gift on mobile and finds it in the mobile exchange record', async () => {
    screenshotOnFailure('vip-redeem-mobile');
    await newGift('禮金券', 'Bonus voucher', 'virtual');
    await givePoints(100);
    const context = await newContext(browser, 'mobile', server);
    try {
      const page = await context.newPage();
      await page.goto('/mobile/f-wallet/wallet');
      await hydrated(page);
      await page.getByTestId('wallet-login-prompt').getByRole('button').click();
      const login = page.getByTestId('mobile-login');
      await login.locator('input[name="account"]').fill(DEMO.account);
      await login.locator('input[name="password"]').fill(DEMO.password);
      await login.getByRole('button', { name: TEXT['zh-TW'].login, exact: true }).click();
      await page.getByTestId('wallet-overview').waitFor();

      await page.goto('/mobile/f-vip/vip');
      await hydrated(page);
      await page.getByTestId('vip-level').waitFor();
      const card = page.getByTestId('gift-card').filter({ hasText: '禮金券' });
      await card.getByTestId('gift-redeem').click();
      await page.getByTestId('redeem-confirm').click();
      await page.getByRole('dialog').getByText('兌換成功').waitFor();

      await page.goto('/mobile/f-exchange-record/exchange-record');
      await hydrated(page);
      const row = page.getByTestId('exchange-row').filter({ hasText: '禮金券' });
      await row.waitFor();
      expect(await row.getByTestId('exchange-status').textContent()).toBe('已收貨');
    } finally {
      await context.close();
    }
  }, 90_000);
});
