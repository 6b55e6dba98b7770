// Money flows in a browser against the real server and the stand-in provider: the game-entry dialog lets a
// player play with what is on the platform, the mobile wallet has the automatic-transfer switch, amount fields
// refuse what is not an amount and say when it is over the balance, a manual transfer says what moved and the
// withdrawal page shows money sitting on game platforms with a button to recover it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { startSim, type Sim } from '../../sim/server.ts';
import { DEMO, hasChromium, hydrated, launchBrowser, localized, newContext, screenshotOnFailure, startServer, type Server } from './helpers.ts';

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 100 });

describe.skipIf(!hasChromium)('money flows', () => {
  let sim: Sim;
  let server: Server;
  let browser: Browser;
  const saved = process.env.GAME_PROVIDER_URL;

  beforeAll(async () => {
    sim = await startSim({ port: 0 });
    process.env.GAME_PROVIDER_URL = sim.url;
    [server, browser] = await Promise.all([startServer('site-money'), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sim?.close();
    if (saved === undefined) delete process.env.GAME_PROVIDER_URL;
    else process.env.GAME_PROVIDER_URL = saved;
  });

  async function playerContext(kind: 'desktop' | 'mobile'): Promise<{ context: BrowserContext; token: string }> {
    const res = await server.api<{ access_token: string }>('POST', '/auth/login', { account: DEMO.account, password: DEMO.password, rememberAccount: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const token = res.body.data!.access_token;
    const context = await newContext(browser, kind, server);
    await context.addInitScript((tk) => {
      try {
        localStorage.setItem('token', tk);
      } catch {
        // about:blank has no storage.
      }
    }, token);
    return { context, token };
  }

  async function centralAmount(token: string): Promise<string> {
    const me = await server.api<{ amount: string }>('GET', '/auth/me', undefined, token);
    return me.body.data!.amount;
  }

  it('desktop (zh-TW): the entry dialog opens the game with what is on the platform, no transfer needed', async () => {
    screenshotOnFailure('ux-entry-play');
    const { context, token } = await playerContext('desktop');
    try {
      const before = await centralAmount(token);
      const page = await context.newPage();
      await page.goto(localized('/egame/game?group=slots', 'zh-TW'));
      await hydrated(page);
      await page.locator('[data-testid="game-tile"][data-game="lucky-7"]').click();
      const entry = page.getByTestId('entry-dialog');
      await entry.waitFor();
      // An empty amount is no obstacle: 'play now' opens the game.
      const [tab] = await Promise.all([context.waitForEvent('page'), entry.getByTestId('entry-play').click()]);
      await tab.waitForURL((u) => u.pathname.startsWith('/play/'), { timeout: 30_000 });
      await entry.waitFor({ state: 'detached' });
      // Nothing moved.
      expect(await centralAmount(token)).toBe(before);
    } finally {
      await context.close();
    }
  });

  it('desktop (en): a tile clicked before the platform list arrived waits for it instead of saying "Stay tuned"', async () => {
    screenshotOnFailure('ux-tile-early');
    const { context } = await playerContext('desktop');
    try {
      const page = await context.newPage();
      // A slow platform list, as at 400 ms latency.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/games/platform/all', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(localized('/egame/game?group=slots', 'en'));
      await hydrated(page);
      await page.locator('[data-testid="game-tile"][data-game="lucky-7"]').click();
      expect(await page.locator('[data-testid="game-tile"][data-game="lucky-7"]').getAttribute('aria-busy')).toBe('true');
      release();
      await page.getByTestId('entry-dialog').waitFor();
      expect(await page.getByRole('dialog').getByRole('alert').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('desktop (en): amount fields refuse what is not an amount and say when it is over the balance; a transfer says what moved', async () => {
    screenshotOnFailure('ux-amounts');
    const { context } = await playerContext('desktop');
    try {
      const page = await context.newPage();
      await page.goto(localized('/member/transfer', 'en'));
      await hydrated(page);
      await page.getByTestId('open-transfer').click();
      const dialog = page.getByTestId('transfer-dialog-in');
      await dialog.locator('#transfer-platform').selectOption('SLX');
      const input = dialog.locator('input[name="money"]');
      for (const bad of ['5.5.5', '-5', '1e3', '5.555', 'abc']) {
        await input.fill(bad);
        expect(await input.inputValue(), bad).toBe('');
      }
      // Typed key by key, a second point and a third decimal are refused.
      await input.pressSequentially('5.5.5');
      expect(await input.inputValue()).toBe('5.55');
      await input.fill('');
      await input.pressSequentially('99999999999999');
      expect(await input.inputValue()).toBe('999999999999');
      await poll(() => dialog.getByTestId('amount-error').textContent()).toBe('Please enter a valid amount: it is more than the wallet balance');

      await input.fill('12.34');
      await dialog.getByTestId('transfer-submit').click();
      const success = page.getByTestId('transfer-success');
      await poll(() => success.getByRole('status').textContent()).toContain('12.34');
      expect(await success.getByRole('status').textContent()).not.toContain('Automatic');
      await success.getByTestId('transfer-success-ok').click();
      await success.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('desktop (zh-TW): the withdrawal page shows money on game platforms and recovers it', async () => {
    screenshotOnFailure('ux-withdraw-platforms');
    const { context, token } = await playerContext('desktop');
    try {
      const moved = await server.api('POST', '/players/deposit/FSH', { money: '25' }, token);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const page = await context.newPage();
      await page.goto(localized('/member/withdrawals', 'zh-TW'));
      await hydrated(page);
      const hint = page.getByTestId('withdraw-on-platforms');
      await poll(() => hint.textContent()).toContain('遊戲平台上還有');
      const onPlatforms = await hint.getAttribute('data-amount');
      expect(Number(onPlatforms)).toBeGreaterThanOrEqual(25);
      await hint.getByTestId('withdraw-recover').click();
      await poll(() => page.getByRole('dialog').getByRole('alert').textContent()).toContain('已回收');
      await poll(() => hint.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('desktop and mobile: the account movements tab lists an adjustment with its reason', async () => {
    screenshotOnFailure('ux-ledger-records');
    const operator = await server.operatorToken();
    const who = await server.api<{ id: number }>('GET', `/backoffice/players/lookup?account=${DEMO.account}`, undefined, operator);
    const reason = `Goodwill ${Date.now()}`;
    const adjusted = await server.api('POST', '/backoffice/finance/adjustments', { player_id: who.body.data!.id, amount: '12.00', reason }, operator);
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    for (const kind of ['desktop', 'mobile'] as const) {
      const { context } = await playerContext(kind);
      try {
        const page = await context.newPage();
        await page.goto(kind === 'desktop' ? '/en/member/trans-record?category=ledger' : '/mobile/f-trans-record/trans-record?type=ledger');
        await hydrated(page);
        const rows = page.getByTestId('ledger-row');
        await poll(() => rows.count()).toBeGreaterThan(0);
        // Transfers made earlier in this file are movements too, named in the page's language.
        await poll(() => page.locator('[data-testid="ledger-row"][data-kind="transfer_start"]').first().textContent()).toContain(
          kind === 'desktop' ? 'Transfer to or from a game' : '遊戲平台轉帳',
        );
        await poll(() => page.locator('[data-testid="ledger-row"][data-kind="adjustment"]').first().textContent()).toContain(reason);
      } finally {
        await context.close();
      }
    }
  });

  it('mobile (en): the wallet page has the automatic-transfer switch', async () => {
    screenshotOnFailure('ux-mobile-auto');
    const { context, token } = await playerContext('mobile');
    try {
      const page = await context.newPage();
      await page.goto(localized('/mobile/f-wallet/wallet', 'en'));
      await hydrated(page);
      const sw = page.getByTestId('auto-transfer-switch');
      await sw.waitFor();
      const was = await sw.getAttribute('aria-checked');
      await sw.click();
      await poll(() => sw.getAttribute('aria-checked')).toBe(was === 'true' ? 'false' : 'true');
      const me = await server.api<{ auto_transfer: boolean }>('GET', '/auth/me', undefined, token);
      expect(me.body.data!.auto_transfer).toBe(was !== 'true');
      // Put it back for the other tests.
      await sw.click();
      await poll(() => sw.getAttribute('aria-checked')).toBe(was);
    } finally {
      await context.close();
    }
  });
});
