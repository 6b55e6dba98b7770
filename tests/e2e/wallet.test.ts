// The wallet screens in a browser against the real server and the stand-in game provider (sim/): both transfer
// dialogs on desktop and on mobile (central wallet to a platform and back, the amount errors of SPEC.md
// section 5, the game-entry dialog's '自動轉帳成功!'), the header's balance dropdown with 'recover all',
// transfer records, activity wallets (give up) and the mobile login prompt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startSim, type Sim } from '../../sim/server.ts';
import {
  DEMO,
  TEXT,
  clickDialogButton,
  hasChromium,
  launchBrowser,
  localized,
  newContext,
  screenshotOnFailure,
  startServer,
  type Locale,
  type Server,
} from './helpers.ts';

/** The strings the flows read, as src/i18n says them. */
const W = {
  'zh-TW': {
    enterAmount: '請輸入金額',
    invalidAmount: '請輸入有效的金額',
    choosePlatform: '請選擇遊戲平台',
    chooseWallet: '請選擇錢包',
    transferred: '轉帳成功',
    overBalance: '請輸入有效的金額：超過錢包餘額',
    recovered: '至中心錢包',
    completed: '已完成',
    maintain: '維護中',
    loginPrompt: '請先登入以查看您的錢包。',
  },
  en: {
    enterAmount: 'Please enter an amount',
    invalidAmount: 'Please enter a valid amount',
    choosePlatform: 'Please choose a game platform',
    chooseWallet: 'Please choose a wallet',
    transferred: 'Transfer completed',
    overBalance: 'Please enter a valid amount: it is more than the wallet balance',
    recovered: 'to the central wallet',
    completed: 'Completed',
    maintain: 'Under maintenance',
    loginPrompt: 'Please log in to see your wallets.',
  },
} as const;

/** Transfers go through the provider and the balances refresh after them: give the screen time to follow. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 100 });

/** '10,000.00' -> 1000000 (cents), so the checks never compare floats. */
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/,/g, '').trim()) * 100);

describe.skipIf(!hasChromium)('wallet screens', () => {
  let sim: Sim;
  let server: Server;
  let browser: Browser;
  let bonusName = '';

  beforeAll(async () => {
    // The app reaches the stand-in provider like a real one, through GAME_PROVIDER_URL (startServer passes
    // the environment on).
    sim = await startSim({ port: 0 });
    process.env.GAME_PROVIDER_URL = sim.url;
    [server, browser] = await Promise.all([startServer('wallet'), launchBrowser()]);
    // An activity wallet for the demo player, usable everywhere, that may be given up (balance below the mark).
    const operator = await server.operatorToken();
    const who = await server.api<{ id: number }>('GET', `/backoffice/players/lookup?account=${DEMO.account}`, undefined, operator);
    expect(who.status).toBe(200);
    bonusName = 'E2E bonus';
    const grant = await server.api(
      'POST',
      `/backoffice/players/${who.body.data!.id}/bonus-wallets`,
      {
        name: bonusName,
        name_en: bonusName,
        amount: '300.00',
        bonus_bet: '1000.00',
        give_up_wallet_amount: '500.00',
      },
      operator,
    );
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sim?.close();
    delete process.env.GAME_PROVIDER_URL;
  });

  /** A context signed in as the demo player (a fresh login: the previous test's session ends with its context). */
  async function playerContext(kind: 'desktop' | 'mobile'): Promise<BrowserContext> {
    const res = await server.api<{ access_token: string }>('POST', '/auth/login', { account: DEMO.account, password: DEMO.password, rememberAccount: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const context = await newContext(browser, kind, server);
    await context.addInitScript((token) => {
      try {
        localStorage.setItem('token', token);
      } catch {
        // about:blank has no storage; the site's pages do.
      }
    }, res.body.data!.access_token);
    return context;
  }

  /** Waits until the named island has hydrated (other islands, like hover panels, may hydrate only when seen). */
  async function ready(page: Page, island: string): Promise<void> {
    await page.waitForFunction(
      (name) => [...document.querySelectorAll('astro-island')].some((e) => (e.getAttribute('component-url') ?? '').includes(name) && !e.hasAttribute('ssr')),
      island,
    );
  }

  const row = (page: Page, code: string) => page.locator(`[data-testid="platform-row"][data-code="${code}"]`);
  const platformCents = async (page: Page, code: string) => cents(await row(page, code).getByTestId('platform-balance').textContent());
  const centralCents = async (page: Page) => cents(await page.getByTestId('central-balance').textContent());

  async function waitForPlatforms(page: Page, locale: Locale) {
    await row(page, 'SLX').getByTestId('platform-balance').waitFor();
    // The live balances come from the provider: none may show as under maintenance while the sim answers.
    await poll(() => page.getByTestId('platform-list').textContent()).not.toContain(W[locale].maintain);
  }

  /** Closes the shared alert after checking its text. */
  /** A manual transfer confirms in its dialog with the amount that moved, until OK closes it. */
  async function expectTransferred(page: Page, amount: string) {
    const success = page.getByTestId('transfer-success');
    await poll(() => success.getByRole('status').textContent()).toContain(amount);
    await success.getByTestId('transfer-success-ok').click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }

  async function expectAlert(page: Page, locale: Locale, text: string) {
    const alert = page.getByRole('dialog').getByRole('alert');
    await poll(() => alert.textContent()).toContain(text);
    await clickDialogButton(page, TEXT[locale].ok);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }

  for (const locale of ['zh-TW', 'en'] as Locale[]) {
    it(`desktop (${locale}): transfer dialog moves money to a platform and back, with the amount errors`, async () => {
      screenshotOnFailure(`desktop-transfer-${locale}`);
      const w = W[locale];
      const context = await playerContext('desktop');
      try {
        const page = await context.newPage();
        await page.goto(localized('/member/transfer', locale));
        await ready(page, 'TransferCenter');
        await waitForPlatforms(page, locale);
        const central0 = await centralCents(page);
        const slx0 = await platformCents(page, 'SLX');
        expect(central0).toBeGreaterThan(10_000);

        await page.getByTestId('open-transfer').click();
        const dialog = page.getByTestId('transfer-dialog-in');
        await dialog.waitFor();
        // Nothing chosen and no amount.
        await dialog.getByTestId('transfer-submit').click();
        expect(await dialog.getByRole('alert').allTextContents()).toEqual(expect.arrayContaining([w.choosePlatform, w.enterAmount]));

        // Activity wallet: switching clears the amount; without a wallet chosen the amount asks for one.
        // What is not an amount is refused as a whole, not reshaped into one.
        await dialog.locator('input[name="money"]').fill('12abc.345');
        expect(await dialog.locator('input[name="money"]').inputValue()).toBe('');
        await dialog.locator('input[name="money"]').fill('12.34');
        expect(await dialog.locator('input[name="money"]').inputValue()).toBe('12.34');
        await dialog.locator('input[name="wallet_type"][value="2"]').check();
        expect(await dialog.locator('input[name="money"]').inputValue()).toBe('');
        const bonusSelect = dialog.locator('select[name="player_bonus_wallet_id"]');
        // The only activity wallet comes preselected; with none chosen the amount asks for a wallet.
        expect(await bonusSelect.inputValue()).not.toBe('');
        await bonusSelect.selectOption({ index: 0 });
        await dialog.locator('input[name="money"]').fill('5');
        await poll(() => dialog.getByTestId('amount-error').textContent()).toBe(w.chooseWallet);
        await bonusSelect.selectOption({ index: 1 });
        await dialog.getByTestId('fill-all').click();
        expect(await dialog.locator('input[name="money"]').inputValue()).toBe('300.00');
        await dialog.locator('input[name="wallet_type"][value="1"]').check();
        expect(await dialog.locator('input[name="money"]').inputValue()).toBe('');
        expect(await dialog.getByTestId('amount-error').count()).toBe(0);

        // Central wallet: fill-all gives the whole balance with two decimals; above the balance is refused.
        await dialog.locator('#transfer-platform').selectOption('SLX');
        await dialog.getByTestId('fill-all').click();
        expect(cents(await dialog.locator('input[name="money"]').inputValue())).toBe(central0);
        expect(await dialog.locator('input[name="money"]').inputValue()).toMatch(/^\d+\.\d{2}$/);
        await dialog.locator('input[name="money"]').fill(((central0 + 100) / 100).toFixed(2));
        await poll(() => dialog.getByTestId('amount-error').textContent()).toBe(w.overBalance);
        await dialog.locator('input[name="money"]').fill('0');
        await poll(() => dialog.getByTestId('amount-error').textContent()).toBe(w.enterAmount);

        await dialog.locator('input[name="money"]').fill('100');
        await dialog.getByTestId('transfer-submit').click();
        await expectTransferred(page, '100.00');
        await poll(() => centralCents(page)).toBe(central0 - 10_000);
        await poll(() => platformCents(page, 'SLX')).toBe(slx0 + 10_000);

        // Part of it back from the platform.
        await row(page, 'SLX').getByTestId('row-transfer-out').click();
        const out = page.getByTestId('transfer-dialog-out');
        await out.locator('input[name="money"]').fill(((slx0 + 10_100) / 100).toFixed(2));
        await poll(() => out.getByTestId('amount-error').textContent()).toBe(w.overBalance);
        await out.locator('input[name="money"]').fill('40');
        await out.getByTestId('transfer-submit').click();
        await expectTransferred(page, '40.00');
        await poll(() => platformCents(page, 'SLX')).toBe(slx0 + 6_000);
        await poll(() => centralCents(page)).toBe(central0 - 6_000);
      } finally {
        await context.close();
      }
    });
  }

  it('desktop (en): the game-entry dialog transfers points, says so and closes itself after 3 s; the header dropdown recovers all', async () => {
    screenshotOnFailure('desktop-entry-en');
    const w = W.en;
    const context = await playerContext('desktop');
    try {
      const page = await context.newPage();
      await page.goto(localized('/member/transfer', 'en'));
      await ready(page, 'TransferCenter');
      await waitForPlatforms(page, 'en');
      const central0 = await centralCents(page);
      const lvc0 = await platformCents(page, 'LVC');

      await row(page, 'LVC').getByTestId('row-transfer-in').click();
      const dialog = page.getByTestId('entry-dialog');
      await dialog.waitFor();
      await poll(async () => cents(await dialog.getByTestId('entry-platform-balance').textContent())).toBe(lvc0);
      await dialog.getByTestId('entry-transfer').click();
      await poll(() => dialog.getByTestId('amount-error').textContent()).toBe(w.enterAmount);
      await dialog.locator('input[name="money"]').fill(((central0 + 500) / 100).toFixed(2));
      await poll(() => dialog.getByTestId('amount-error').textContent()).toBe(w.overBalance);
      await dialog.locator('input[name="money"]').fill('50');
      await dialog.getByTestId('entry-transfer').click();
      const success = page.getByTestId('entry-success');
      await success.waitFor();
      const shownAt = Date.now();
      expect(await success.getByRole('status').textContent()).toContain('50.00');
      await success.waitFor({ state: 'detached', timeout: 10_000 });
      const openMs = Date.now() - shownAt;
      expect(openMs).toBeGreaterThan(2_000);
      expect(openMs).toBeLessThan(6_000);
      await poll(() => platformCents(page, 'LVC')).toBe(lvc0 + 5_000);
      await poll(() => centralCents(page)).toBe(central0 - 5_000);

      // 'Enter game next time' just closes.
      await row(page, 'LVC').getByTestId('row-transfer-in').click();
      await page.getByTestId('entry-later').click();
      await page.getByTestId('entry-dialog').waitFor({ state: 'detached' });

      // The header's balance dropdown: opening refreshes and lists every platform; 'recover all' empties them.
      await ready(page, 'HeaderAuth');
      await page.getByTestId('balance-toggle').click();
      const dropdown = page.getByTestId('balance-dropdown');
      await poll(() => dropdown.locator('[data-code="LVC"]').textContent()).toContain('50.00');
      expect(await dropdown.locator('[data-code]').count()).toBe(await page.getByTestId('platform-row').count());
      // Everything the player holds ends up in the central wallet.
      const others = await Promise.all(['SLX', 'FSH', 'SPB', 'LTO', 'CRD', 'ESP'].map((c) => platformCents(page, c)));
      const total = central0 + lvc0 + others.reduce((a, b) => a + b, 0);
      await dropdown.getByTestId('dropdown-recover-all').click();
      await expectAlert(page, 'en', w.recovered);
      await poll(() => platformCents(page, 'LVC')).toBe(0);
      await poll(() => platformCents(page, 'SLX')).toBe(0);
      await poll(() => centralCents(page)).toBe(total);
      expect(cents(await page.getByTestId('header-balance').textContent())).toBe(total);
    } finally {
      await context.close();
    }
  });

  it('desktop (zh-TW): transfer records list the transfers with their status; the wallet page gives an activity wallet up', async () => {
    screenshotOnFailure('desktop-records');
    const context = await playerContext('desktop');
    try {
      const page = await context.newPage();
      await page.goto('/member/trans-record?category=transfer');
      await ready(page, 'TransferRecords');
      await page.getByTestId('range-last30').click();
      await poll(() => page.getByTestId('record-row').count()).toBeGreaterThanOrEqual(2);
      expect(await page.getByTestId('record-row').count()).toBeLessThanOrEqual(10);
      expect(await page.getByTestId('record-status').first().textContent()).toBe(W['zh-TW'].completed);
      expect(await page.getByTestId('records-page').textContent()).toMatch(/^第 1 \/ \d+ 頁$/);

      await page.goto('/member/wallet');
      await ready(page, 'WalletOverview');
      const card = page.getByTestId('activity-wallet').filter({ hasText: bonusName });
      await card.getByTestId('give-up').click();
      await poll(() => page.getByRole('dialog').getByRole('alert').textContent()).toContain(bonusName);
      await clickDialogButton(page, TEXT['zh-TW'].ok);
      await expectAlert(page, 'zh-TW', '已放棄');
      await poll(() => card.getByTestId('give-up').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('mobile (zh-TW and en): before any island loads, a player sees the wallet, deposit and member page frames without a figure; a visitor sees the loader', async () => {
    screenshotOnFailure('mobile-wallet-frames');
    const F = {
      'zh-TW': {
        central: '中心錢包',
        note: '您隨時可以在轉帳頁使用「一鍵回收」將金額轉回中心錢包。',
        submit: '立即存款',
        loading: '載入中',
        withdraw: '提款',
        betRecord: '投注紀錄',
        signOut: '登出',
      },
      en: {
        central: 'Central wallet',
        note: 'You can always bring the money back with "Recover all" on the transfer page.',
        submit: 'Deposit now',
        loading: 'Loading',
        withdraw: 'Withdrawal',
        betRecord: 'Betting record',
        signOut: 'Sign out',
      },
    } as const;
    for (const signedIn of [true, false]) {
      const context = signedIn ? await playerContext('mobile') : await newContext(browser, 'mobile', server);
      try {
        const page = await context.newPage();
        // No island script loads: the page is what the server sent and the layout's inline scripts made of it.
        await page.route('**/_astro/*.js', (route) => route.abort());
        for (const locale of ['zh-TW', 'en'] as Locale[]) {
          const f = F[locale];
          await page.goto(localized('/mobile/f-wallet/wallet', locale));
          const main = page.locator('main');
          expect(await main.getByText(f.central, { exact: true }).first().isVisible()).toBe(signedIn);
          expect(await main.getByText(f.note, { exact: true }).isVisible()).toBe(signedIn);
          expect(await main.getByText(f.loading).first().isVisible()).toBe(!signedIn);
          // No figure before the session call has answered: no digit anywhere in what shows.
          expect(await main.innerText()).not.toMatch(/\d/);
          expect(await page.getByTestId('central-balance').count()).toBe(0);
          // The frame's recover-all button cannot be pressed before the island runs; its links already work.
          if (signedIn) expect(await main.getByRole('button', { name: locale === 'en' ? 'Recover all' : '一鍵回收' }).isDisabled()).toBe(true);

          await page.goto(localized('/mobile/f-wallet/deposit', locale));
          expect(await main.getByText(f.central, { exact: true }).first().isVisible()).toBe(signedIn);
          expect(await main.getByText(f.loading).first().isVisible()).toBe(!signedIn);
          expect(await page.getByTestId('deposit-balance').count()).toBe(0);
          if (signedIn) {
            expect(await main.getByRole('button', { name: f.submit }).isDisabled()).toBe(true);
            expect(await main.locator('#deposit-amount').isDisabled()).toBe(true);
          }

          // The member page: its words and links are there, no figure and no account; sign out waits for the island.
          await page.goto(localized('/mobile/f-mine/mine', locale));
          expect(await main.getByText(f.central, { exact: true }).isVisible()).toBe(signedIn);
          expect(await main.getByRole('link', { name: f.withdraw, exact: true }).isVisible()).toBe(signedIn);
          expect(await main.getByRole('link', { name: f.betRecord }).isVisible()).toBe(signedIn);
          expect(await main.getByText(f.loading).isVisible()).toBe(!signedIn);
          expect(await main.innerText()).not.toMatch(/\d/);
          // No English word on the Chinese page ('VIP' is the programme's name in both languages).
          if (locale === 'zh-TW') expect((await main.innerText()).replaceAll('VIP', '')).not.toMatch(/[A-Za-z]/);
          expect(await page.getByTestId('mine-balance').count()).toBe(0);
          expect(await page.getByTestId('mine-account').count()).toBe(0);
          if (signedIn) {
            expect(await main.getByRole('button', { name: f.signOut }).isDisabled()).toBe(true);
            // The links already lead on, before any island has run.
            expect(await main.getByRole('link', { name: f.betRecord }).getAttribute('href')).toBe(localized('/mobile/f-bet-record/bet-record', locale));
          }
        }
      } finally {
        await context.close();
      }
    }
  });

  for (const locale of ['zh-TW', 'en'] as Locale[]) {
    it(`mobile (${locale}): login prompt, both dialogs at deposit-transfer, recover all, records`, async () => {
      screenshotOnFailure(`mobile-wallet-${locale}`);
      const w = W[locale];
      const context = await newContext(browser, 'mobile', server);
      try {
        const page = await context.newPage();
        // A visitor gets the login prompt; its button opens the login dialog.
        await page.goto(localized('/mobile/f-wallet/wallet', locale));
        await ready(page, 'WalletOverview');
        await ready(page, 'MobileFooter');
        const prompt = page.getByTestId('wallet-login-prompt');
        expect(await prompt.textContent()).toContain(w.loginPrompt);
        await prompt.getByRole('button').click();
        const login = page.getByTestId('mobile-login');
        await login.locator('input[name="account"]').fill(DEMO.account);
        await login.locator('input[name="password"]').fill(DEMO.password);
        await login.getByRole('button', { name: TEXT[locale].login, exact: true }).click();
        await page.getByTestId('wallet-overview').waitFor();

        await page.goto(localized('/mobile/f-wallet/deposit-transfer', locale));
        await ready(page, 'TransferCenter');
        await waitForPlatforms(page, locale);
        const central0 = await centralCents(page);
        const fsh0 = await platformCents(page, 'FSH');
        const esp0 = await platformCents(page, 'ESP');

        // The transfer dialog: errors, then central -> FSH.
        await page.getByTestId('open-transfer').click();
        const dialog = page.getByTestId('transfer-dialog-in');
        await dialog.locator('#transfer-platform').selectOption('FSH');
        await dialog.getByTestId('transfer-submit').click();
        await poll(() => dialog.getByTestId('amount-error').textContent()).toBe(w.enterAmount);
        await dialog.locator('input[name="money"]').fill(((central0 + 1) / 100).toFixed(2));
        await poll(() => dialog.getByTestId('amount-error').textContent()).toBe(w.overBalance);
        await dialog.locator('input[name="money"]').fill('20.5');
        await dialog.getByTestId('transfer-submit').click();
        await expectTransferred(page, '20.50');
        await poll(() => platformCents(page, 'FSH')).toBe(fsh0 + 2_050);
        await poll(() => centralCents(page)).toBe(central0 - 2_050);

        // The game-entry dialog: central -> ESP with its success message.
        await row(page, 'ESP').getByTestId('row-transfer-in').click();
        const entry = page.getByTestId('entry-dialog');
        await entry.locator('input[name="money"]').fill('30');
        await entry.getByTestId('entry-transfer').click();
        const success = page.getByTestId('entry-success');
        await success.waitFor();
        expect(await success.getByRole('status').textContent()).toContain('30.00');
        await success.waitFor({ state: 'detached', timeout: 10_000 });
        await poll(() => platformCents(page, 'ESP')).toBe(esp0 + 3_000);

        // Recover all brings both back.
        await page.getByTestId('recover-all').click();
        await expectAlert(page, locale, w.recovered);
        await poll(() => platformCents(page, 'FSH')).toBe(0);
        await poll(() => platformCents(page, 'ESP')).toBe(0);
        await poll(() => centralCents(page)).toBe(central0 + fsh0 + esp0);

        // The records show those transfers.
        await page.goto(localized('/mobile/f-trans-record/trans-record', locale) + '?type=transfer');
        await ready(page, 'TransferRecords');
        await poll(() => page.getByTestId('record-row').count()).toBeGreaterThan(1);
        expect(await page.getByTestId('record-status').first().textContent()).toBe(w.completed);
      } finally {
        await context.close();
      }
    });
  }
});
