// Promotions in the browser: a player applies for a first-deposit promotion on its detail page, deposits through the
// stand-in gateway, sees the activity wallet with its bet-flow target under My promotions, plays to the target on the
// stand-in slots and unlocks the wallet. Plus a visit of the hall and a detail on desktop and mobile, zh-TW and /en,
// and the old root paths' permanent redirects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSim, type Sim } from '../../sim/server.ts';
import {
  PASSWORD,
  TEXT,
  clickDialogButton,
  freshAccount,
  signedInContext,
  freshPhone,
  hasChromium,
  hydrated,
  launchBrowser,
  localized,
  newContext,
  screenshotOnFailure,
  smsCode,
  startServer,
  type Locale,
  type Server,
} from './helpers.ts';
import type { PromotionAdmin, PromotionInput } from '../../src/shared/schemas/promotions.ts';

/** A first-deposit promotion: 10 % of the first deposit, turnover 1 x bonus, applied for, approved at once up to 500. */
const FIRST_DEPOSIT: PromotionInput = {
  mode: 2,
  front_id: null,
  title: '首存加碼 10%',
  title_en: 'First deposit 10% bonus',
  summary: '首次存款即送 10% 紅利',
  summary_en: 'Get 10% on your first deposit',
  content: '<p>首次存款後，紅利存入活動錢包，完成 1 倍流水即可解鎖。</p>',
  content_en: '<p>After your first deposit the bonus goes to an activity wallet; bet it once to unlock.</p>',
  banner_id: null,
  status: 'on',
  sort: 10,
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
  reward_kind: 'deposit_percent',
  fixed_amount: '0',
  percent: '10',
  tiers: [],
  min_amount: '100',
  max_grant: '1000',
  game_groups: [],
  use_vip_rate: false,
  referrer_amount: '0',
  friend_amount: '0',
  friend_min_deposit: '0',
  friend_min_valid_bet: '0',
  max_per_referrer: 0,
  budget: '100000',
  limit_period: 'ever',
  limit_count: 1,
  flow_multiple: 1,
  flow_base: 'bonus',
  is_sports: false,
  give_up_wallet_amount: '0',
  claim_mode: 'apply',
  auto_approve_max: '500',
  not_combinable: false,
  unique_by: [],
};

/** A limited-time general promotion whose claim window ends in two days, for the countdown. */
const limitedPromotion = (): PromotionInput => ({
  ...FIRST_DEPOSIT,
  mode: 1,
  title: '週末限時活動',
  title_en: 'Weekend special',
  summary: '限時兩天',
  summary_en: 'Two days only',
  limited_time: true,
  claim_start: new Date(Date.now() - 3_600_000).toISOString(),
  claim_end: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  reward_kind: 'fixed',
  fixed_amount: '8',
  percent: '0',
  min_amount: '0',
  claim_mode: 'apply',
  auto_approve_max: null,
});

describe.skipIf(!hasChromium)('promotions', () => {
  let sim: Sim;
  let server: Server;
  let site: Server;
  let browser: Browser;
  let promo: PromotionAdmin;
  let limited: PromotionAdmin;
  const saved = { provider: process.env.GAME_PROVIDER_URL, ingest: process.env.BET_INGEST_INTERVAL_MS };

  beforeAll(async () => {
    sim = await startSim({ port: 0, gatewayCallbackRetryMs: [200, 500, 1000, 2000] });
    process.env.GAME_PROVIDER_URL = sim.url;
    process.env.BET_INGEST_INTERVAL_MS = '1000';
    [server, browser] = await Promise.all([startServer('promotions'), launchBrowser()]);
    // The gateway sends players back to SITE_URL, which defaults to localhost.
    site = { ...server, url: server.url.replace('127.0.0.1', 'localhost') };
    const operator = await server.operatorToken();
    for (const mode of [1, 2]) {
      const on = await server.api('PUT', `/backoffice/promotion-modes/${mode}`, { status: 'on' }, operator);
      expect(on.status, JSON.stringify(on.body)).toBe(200);
    }
    const created = await server.api<PromotionAdmin>('POST', '/backoffice/promotions', FIRST_DEPOSIT, operator);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    promo = created.body.data!;
    const second = await server.api<PromotionAdmin>('POST', '/backoffice/promotions', limitedPromotion(), operator);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    limited = second.body.data!;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sim?.close();
    for (const [key, value] of [
      ['GAME_PROVIDER_URL', saved.provider],
      ['BET_INGEST_INTERVAL_MS', saved.ingest],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  async function register(): Promise<{ account: string; token: string }> {
    const account = freshAccount('pr');
    const phone = freshPhone();
    expect((await server.api('PUT', '/send/phone', { phone })).status).toBe(200);
    const registered = await server.api('POST', '/auth/register', {
      account,
      password: PASSWORD,
      password_confirm: PASSWORD,
      phone,
      code: await smsCode(server, phone),
      agreement: true,
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const login = await server.api<{ access_token: string }>('POST', '/auth/login', { account, password: PASSWORD });
    expect(login.status).toBe(200);
    return { account, token: login.body.data!.access_token };
  }

  async function playerCall<T>(token: string, method: string, route: string, body?: unknown): Promise<{ status: number; data: T }> {
    const res = await fetch(`${server.url}/api${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data: T };
    return { status: res.status, data: json.data };
  }

  it('a player applies for a first-deposit promotion, deposits, sees the activity wallet and its target, plays to it and unlocks it', async () => {
    screenshotOnFailure('promotions-first-deposit');
    const { token } = await register();
    const context = await signedInContext(browser, 'desktop', site, token);
    try {
      const page = await context.newPage();
      // The hall lists the promotion; its card leads to the detail page.
      await page.goto(localized(`/preferential-activity/all-preferential?mode=2&front=0`, 'zh-TW'));
      const card = page.getByTestId('promo-card').filter({ hasText: FIRST_DEPOSIT.title });
      await card.waitFor();
      await card.getByRole('link').click();
      await page.waitForURL((u) => u.pathname === '/preferential-activity/activity-detail' && u.searchParams.get('id') === String(promo.id));
      await hydrated(page);
      expect(await page.getByTestId('promo-content').textContent()).toContain('完成 1 倍流水即可解鎖');

      // Apply: the server's message shows, and the panel then shows the status with SPEC.md's label.
      await page.getByTestId('promo-apply').click();
      await page.getByRole('dialog').waitFor();
      await clickDialogButton(page, TEXT['zh-TW'].ok);
      await expect.poll(() => page.getByTestId('promo-claim-status').textContent()).toBe('申請中');
      // Applying twice is refused by the button's absence, not by a second request.
      expect(await page.getByTestId('promo-apply').count()).toBe(0);

      // Deposit 1,000.00 through the stand-in gateway.
      await page.goto(localized('/member/deposit', 'zh-TW'));
      await hydrated(page);
      await page.getByTestId('method-card').click();
      await page.locator('#deposit-amount').fill('1000');
      const [gateway] = await Promise.all([context.waitForEvent('page'), page.getByTestId('deposit-submit').click()]);
      await gateway.waitForURL((u) => u.pathname.includes('/gateway/pay/'));
      await gateway.locator('input[name="cardNumber"]').fill('4111 1111 1111 1111');
      await gateway.getByTestId('pay').click();
      await expect.poll(() => page.getByTestId('header-balance').textContent(), { timeout: 30_000 }).toBe('1,000.00');
      await gateway.close();

      // My promotions: the application succeeded, 100.00 in an activity wallet with a target of 100.00.
      await page.goto(localized('/member/promotions', 'zh-TW'));
      await hydrated(page);
      const row = page.getByTestId('my-promotion').filter({ hasText: FIRST_DEPOSIT.title });
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 20_000 }).toBe('success');
      expect(await row.getByTestId('my-promotion-status').textContent()).toBe('成功');
      expect(await row.textContent()).toContain('100.00');
      expect(await row.getByTestId('promo-progress').textContent()).toContain('0.00 / 100.00');
      expect(await row.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');

      // Play to the target: move the activity wallet to the stand-in slots and bet 5 x 20.00 there.
      const me = await playerCall<{ player_bonus_wallet: Array<{ id: number; bonus_bet: string }> }>(token, 'GET', '/auth/me');
      const wallet = me.data.player_bonus_wallet.find((w) => w.bonus_bet === '100.00');
      expect(wallet, JSON.stringify(me.data.player_bonus_wallet)).toBeTruthy();
      const moved = await playerCall(token, 'POST', '/players/deposit/SLX', { money: '100', player_bonus_wallet_id: wallet!.id });
      expect(moved.status, JSON.stringify(moved.data)).toBe(200);
      const link = await playerCall<{ url: string }>(token, 'GET', '/games/link/SLX');
      expect(link.status).toBe(200);
      const url = new URL(link.data.url);
      const session = url.searchParams.get('session')!;
      const game = url.pathname.split('/')[3]!;
      for (let i = 0; i < 5; i++) {
        const bet = await fetch(`${sim.url}/play-api/SLX/${game}/bets`, {
          method: 'POST',
          headers: { 'x-session': session, 'content-type': 'application/json' },
          body: JSON.stringify({ stakeMinor: '2000', option: 'spin' }),
        });
        expect(bet.status).toBe(200);
      }

      // The bets are ingested every second; the progress bar fills and says the target is reached.
      await expect
        .poll(
          async () => {
            await page.reload();
            await hydrated(page);
            return row.getByRole('progressbar').getAttribute('aria-valuenow');
          },
          { timeout: 40_000, interval: 2_000 },
        )
        .toBe('100');

      // Unlock it on the wallet page.
      await page.goto(localized('/member/wallet', 'zh-TW'));
      await hydrated(page);
      const activity = page.getByTestId('activity-wallet').filter({ hasText: FIRST_DEPOSIT.title });
      await activity.getByTestId('unlock').click();
      await expect
        .poll(
          async () =>
            (await playerCall<{ player_bonus_wallet: Array<{ id: number; status: number }> }>(token, 'GET', '/auth/me')).data.player_bonus_wallet.find(
              (w) => w.id === wallet!.id,
            )?.status ?? 2,
          { timeout: 20_000 },
        )
        .toBe(2);
      await page.goto(localized('/member/promotions', 'zh-TW'));
      await hydrated(page);
      await expect.poll(() => row.getByTestId('promo-progress-label').textContent()).toBe('已解鎖');
    } finally {
      await context.close();
    }
  });

  it('an operator rejects an application with a reason in the back office, and the player reads it under My promotions', async () => {
    screenshotOnFailure('promotions-review');
    const { account, token } = await register();
    const applied = await playerCall<{ id: number; status: string }>(token, 'POST', '/activity/apply', { id: limited.id });
    expect(applied.status, JSON.stringify(applied.data)).toBe(200);
    expect(applied.data.status).toBe('applying');

    const operator = await newContext(browser, 'desktop', server);
    const opToken = await server.operatorToken();
    await operator.addInitScript((t) => {
      try {
        localStorage.setItem('bo_token', t);
      } catch {
        /* about:blank */
      }
    }, opToken);
    try {
      const page = await operator.newPage();
      await page.goto('/backoffice/promotions-queue');
      const row = page.getByTestId('bo-promo-application').filter({ hasText: account });
      await row.waitFor();
      // Rejecting needs a reason: the button stays disabled until one is typed.
      expect(await row.getByTestId('bo-promo-reject').isDisabled()).toBe(true);
      await page.getByTestId('bo-promo-reason').fill('資料不符，請聯繫客服');
      await row.getByTestId('bo-promo-reject').click();
      await expect.poll(() => page.getByTestId('bo-promo-review-result').textContent()).toContain('拒絕 1 筆');
    } finally {
      await operator.close();
    }

    const context = await signedInContext(browser, 'desktop', site, token);
    try {
      const page = await context.newPage();
      await page.goto(localized('/member/promotions', 'zh-TW'));
      await hydrated(page);
      const row = page.getByTestId('my-promotion').filter({ hasText: limited.title });
      await expect.poll(() => row.getAttribute('data-status')).toBe('fail');
      expect(await row.getByTestId('my-promotion-status').textContent()).toBe('失敗');
      expect(await row.getByTestId('my-promotion-reason').textContent()).toContain('資料不符，請聯繫客服');
    } finally {
      await context.close();
    }
  });

  async function visit(page: Page, kind: 'desktop' | 'mobile', locale: Locale): Promise<void> {
    const mobile = kind === 'mobile';
    // Phones asking for the desktop hall land on the mobile list, with the filter kept.
    await page.goto(localized('/preferential-activity/all-preferential?mode=0&front=0', locale));
    if (mobile) await page.waitForURL((u) => u.pathname === localized('/mobile/f-activity/activity-list', locale));
    await page.getByTestId('promo-list').waitFor();
    // The menu holds all offers and the mode entries that are on.
    await page.getByTestId('promo-menu-all').waitFor();
    await page.getByTestId('promo-menu-mode-2').click();
    await page.waitForURL((u) => u.searchParams.get('mode') === '2');
    const title = locale === 'en' ? FIRST_DEPOSIT.title_en : FIRST_DEPOSIT.title;
    const card = page.getByTestId('promo-card').filter({ hasText: title });
    await card.waitFor();
    expect(
      await page
        .getByTestId('promo-card')
        .filter({ hasText: locale === 'en' ? 'Weekend special' : '週末限時活動' })
        .count(),
    ).toBe(0);
    await card.getByRole('link').click();
    await page.waitForURL((u) => u.pathname === localized(mobile ? '/mobile/f-activity/activity-detail' : '/preferential-activity/activity-detail', locale));
    await hydrated(page);
    expect(await page.getByTestId('promo-detail-title').textContent()).toBe(title);
    // A visitor is asked to log in instead of applying. The panel hydrates when it comes near the screen (below the
    // rules on a phone), so it is scrolled to as a player would.
    await page.getByTestId('promo-detail').locator('aside').scrollIntoViewIfNeeded();
    await page.getByTestId('promo-claim-login').waitFor();
    expect(await page.getByTestId('promo-apply').count()).toBe(0);
  }

  for (const [kind, locale] of [
    ['desktop', 'zh-TW'],
    ['desktop', 'en'],
    ['mobile', 'zh-TW'],
    ['mobile', 'en'],
  ] as const) {
    it(`a visitor sees the hall and a detail (${kind}, ${locale})`, async () => {
      screenshotOnFailure(`promotions-visit-${kind}-${locale}`);
      const context = await newContext(browser, kind, server);
      try {
        const page = await context.newPage();
        await visit(page, kind, locale);
        if (kind === 'desktop') {
          // Time-limited activities: the limited promotion with a live countdown.
          await page.goto(localized('/preferential-activity/time-limited-activities', locale));
          const card = page.getByTestId('promo-card').filter({ hasText: locale === 'en' ? limited.title_en : limited.title });
          await card.waitFor();
          const timer = card.getByTestId('promo-countdown');
          await timer.scrollIntoViewIfNeeded();
          const first = await timer.textContent();
          await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(first);
        }
      } finally {
        await context.close();
      }
    });
  }

  it('the old root paths redirect permanently, keeping the query and the language', async () => {
    for (const [from, to] of [
      ['/all-preferential?mode=2&front=0', '/preferential-activity/all-preferential?mode=2&front=0'],
      ['/en/time-limited-activities', '/en/preferential-activity/time-limited-activities'],
      [`/limited-activity-detail?id=${limited.id}`, `/preferential-activity/limited-activity-detail?id=${limited.id}`],
    ] as const) {
      const res = await fetch(`${server.url}${from}`, { redirect: 'manual' });
      expect(res.status, from).toBe(301);
      expect(new URL(res.headers.get('location')!, server.url).pathname + new URL(res.headers.get('location')!, server.url).search).toBe(to);
    }
  });
});
