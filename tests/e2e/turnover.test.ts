// The turnover record in the browser. The demo player bets on the stand-in slots platform; the ingested bets
// show as valid bet per day and game group on desktop /member/actions-record (zh-TW) and on the mobile page reached
// from the mine tab (en), beside the activity wallet's bet-flow target and the withdrawal turnover requirement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startSim, type Sim } from '../../sim/server.ts';
import { DEMO, hydrated, launchBrowser, localized, newContext, screenshotOnFailure, startServer, type Server } from './helpers.ts';

describe('the turnover record', () => {
  let sim: Sim;
  let server: Server;
  let browser: Browser;
  const saved = { provider: process.env.GAME_PROVIDER_URL, ingest: process.env.BET_INGEST_INTERVAL_MS };

  /** The player's API with a bearer token. */
  async function playerCall<T>(token: string, method: string, route: string, body?: unknown): Promise<{ status: number; data: T }> {
    const res = await fetch(`${server.url}/api${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data: T };
    return { status: res.status, data: json.data };
  }

  async function login(): Promise<string> {
    const res = await server.api<{ access_token: string }>('POST', '/auth/login', { account: DEMO.account, password: DEMO.password, rememberAccount: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data!.access_token;
  }

  beforeAll(async () => {
    sim = await startSim({ port: 0 });
    process.env.GAME_PROVIDER_URL = sim.url;
    process.env.BET_INGEST_INTERVAL_MS = '1000';
    [server, browser] = await Promise.all([startServer('turnover'), launchBrowser()]);
    // An activity wallet with a bet-flow target of 500.00 for the demo player.
    const operator = await server.operatorToken();
    const who = await server.api<{ id: number }>('GET', `/backoffice/players/lookup?account=${DEMO.account}`, undefined, operator);
    expect(who.status).toBe(200);
    const grant = await server.api(
      'POST',
      `/backoffice/players/${who.body.data!.id}/bonus-wallets`,
      {
        name: '流水測試紅利',
        name_en: 'Turnover test bonus',
        amount: '100.00',
        bonus_bet: '500.00',
      },
      operator,
    );
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);

    // A bank-transfer deposit of 100.00 confirmed by finance: a withdrawal turnover requirement of 100.00.
    const configured = await server.api(
      'PUT',
      '/backoffice/settings',
      {
        receiving_bank: '004',
        receiving_bank_account_name: 'Lucky Harbour Ltd',
        receiving_bank_account: '004100200300',
      },
      operator,
    );
    expect(configured.status, JSON.stringify(configured.body)).toBe(200);
    const token = await login();
    const order = await playerCall<{ id: string }>(token, 'POST', '/finance/deposit/create', { method: 'bank_transfer', amount: '100', player_ref: '12345' });
    expect(order.status, JSON.stringify(order.data)).toBe(200);
    const confirmed = await server.api('POST', `/backoffice/finance/deposits/${order.data.id}/confirm`, {}, operator);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    // Then five spins of 2.00 on the slots platform, with money moved there from the central wallet.
    expect((await playerCall(token, 'POST', '/players/deposit/SLX', { money: '50' })).status).toBe(200);
    const link = await playerCall<{ url: string }>(token, 'GET', '/games/link/SLX');
    expect(link.status).toBe(200);
    const url = new URL(link.data.url);
    const session = url.searchParams.get('session')!;
    const game = url.pathname.split('/')[3]!;
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${sim.url}/play-api/SLX/${game}/bets`, {
        method: 'POST',
        headers: { 'x-session': session, 'content-type': 'application/json' },
        body: JSON.stringify({ stakeMinor: '200', option: 'spin' }),
      });
      expect(res.status).toBe(200);
    }
    // The app pulls the provider's bet log every second.
    // (expect.poll works only inside a test, so the hook waits by hand.)
    let seen = '';
    for (let tries = 0; tries < 60 && seen !== '10.00'; tries++) {
      seen = (await playerCall<{ total_valid_bet: string }>(token, 'GET', '/players/turnover')).data.total_valid_bet;
      if (seen !== '10.00') await new Promise((r) => setTimeout(r, 500));
    }
    expect(seen).toBe('10.00');
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

  async function playerContext(kind: 'desktop' | 'mobile'): Promise<BrowserContext> {
    const token = await login();
    const context = await newContext(browser, kind, server);
    await context.addInitScript((t) => {
      try {
        localStorage.setItem('token', t);
      } catch {
        // about:blank has no storage; the site's pages do.
      }
    }, token);
    return context;
  }

  async function expectRecord(page: Page, group: string, walletName: string) {
    await page.getByTestId('turnover').waitFor();
    const rows = page.getByTestId('record-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    const text = (await rows.first().textContent()) ?? '';
    expect(text).toContain(group);
    expect(text).toContain('10.00');
    // The activity wallet's target and progress, and the withdrawal requirement section. The demo site's own
    // promotions (a daily first deposit bonus) may add a wallet of their own beside the one granted here.
    const wallet = page.getByTestId('turnover-wallet').filter({ hasText: walletName });
    expect(await wallet.count()).toBe(1);
    expect(await wallet.getByTestId('progress-target').textContent()).toBe('500.00');
    expect(await wallet.getByRole('progressbar').getAttribute('aria-valuenow')).not.toBeNull();
    // The deposit's requirement of 100.00, of which the 10.00 bet after it counts.
    const withdraw = page.getByTestId('turnover-withdraw');
    expect(await withdraw.getByTestId('progress-target').textContent()).toBe('100.00');
    expect(await withdraw.getByTestId('progress-achieved').textContent()).toBe('10.00');
    expect(await withdraw.getByTestId('progress-remaining').textContent()).toBe('90.00');
    expect(await withdraw.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('10');
  }

  it('desktop zh-TW shows the valid bet per day and group and the progress', async () => {
    screenshotOnFailure('turnover-desktop');
    const context = await playerContext('desktop');
    try {
      const page = await context.newPage();
      await page.goto(localized('/member/actions-record', 'zh-TW'));
      await hydrated(page);
      await expectRecord(page, '老虎機', '流水測試紅利');
      expect(await page.getByTestId('turnover-total').textContent()).toContain('10.00');
      // The empty state for a day without bets.
      await page.getByTestId('range-yesterday').click();
      await page.getByTestId('records-empty').waitFor();
      expect(await page.getByTestId('records-empty').textContent()).toBe('此期間沒有已結算的注單');
    } finally {
      await context.close();
    }
  });

  it('mobile en: the mine tab links to the turnover record, which shows the rows and the progress', async () => {
    screenshotOnFailure('turnover-mobile');
    const context = await playerContext('mobile');
    try {
      const page = await context.newPage();
      // A phone asking for the desktop page lands on the mobile one.
      await page.goto(localized('/member/actions-record', 'en'));
      await page.waitForURL((u) => u.pathname === '/en/mobile/f-trans-record/actions-record');
      await page.goto(localized('/mobile/f-mine/mine', 'en'));
      await hydrated(page);
      await page.getByTestId('mine-player').getByRole('link', { name: 'Turnover record' }).click();
      await page.waitForURL((u) => u.pathname === '/en/mobile/f-trans-record/actions-record');
      await hydrated(page);
      await expectRecord(page, 'Slots', 'Turnover test bonus');
    } finally {
      await context.close();
    }
  });
});
