// The cashier in the browser against the stand-ins: a gateway deposit paid on PayBridge's hosted page that
// reaches the open pages through the realtime event, on desktop and on a phone; and a withdrawal that is
// requested, cancelled, requested again and approved by finance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSim, type Sim } from '../../sim/server.ts';
import {
  DEMO,
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
  screenshotOnFailure,
  smsCode,
  startServer,
  type Locale,
  type Server,
} from './helpers.ts';

/** Finance's back-office calls, as the finance desk makes them. */
const FINANCE = {
  auditCard: (id: number) => ({ method: 'POST', route: `/backoffice/finance/bank-cards/${id}/audit`, body: { approve: true, reason: '' } }),
  payWithdrawal: (id: string) => ({ method: 'POST', route: `/backoffice/finance/withdrawals/${id}/approve`, body: { reason: 'paid out' } }),
};

describe.skipIf(!hasChromium)('cashier', () => {
  let sim: Sim;
  let server: Server;
  let browser: Browser;
  /** The site as the browsers see it: SITE_URL defaults to localhost, where the gateway sends players back. */
  let site: Server;

  beforeAll(async () => {
    // One stand-in process hosts the game providers and the PayBridge gateway (<sim>/gateway); callbacks
    // that fail are retried quickly so a slow first attempt does not hold a test up.
    sim = await startSim({ port: 0, gatewayCallbackRetryMs: [200, 500, 1000, 2000] });
    process.env.GAME_PROVIDER_URL = sim.url;
    [server, browser] = await Promise.all([startServer('cashier'), launchBrowser()]);
    site = { ...server, url: server.url.replace('127.0.0.1', 'localhost') };
  });
  afterAll(async () => {
    delete process.env.GAME_PROVIDER_URL;
    await browser?.close();
    await server?.stop();
    await sim?.close();
  });

  async function apiLogin(account: string, password: string): Promise<string> {
    const res = await server.api<{ access_token: string }>('POST', '/auth/login', { account, password });
    if (res.status !== 200 || !res.body.data?.access_token) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.access_token;
  }

  /** A context signed in as the holder of the token, as a page that logged in earlier would be. */
  /** Opens a page and waits for its realtime socket's connect acknowledgement, so no event is missed. */
  async function openLive(page: Page, path: string): Promise<void> {
    const socketReady = page
      .waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/'), timeout: 30_000 })
      .then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).startsWith('40'), timeout: 30_000 }));
    await page.goto(path);
    await hydrated(page);
    await socketReady;
  }

  async function payOnGateway(page: Page): Promise<void> {
    await page.waitForURL((u) => u.pathname.includes('/gateway/pay/'));
    await page.locator('input[name="cardNumber"]').fill('4111 1111 1111 1111');
    await page.getByTestId('pay').click();
  }

  it('a player deposits through the third-party flow on desktop and on mobile and sees the balance change without reloading', async () => {
    screenshotOnFailure('cashier-deposit');
    // A new player: deposits create turnover, so the demo player stays free of them for the withdrawal test.
    const account = freshAccount('dp');
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

    // Desktop, in Chinese: the gateway's page opens in a new tab and the deposit page waits for it.
    const desktop = await signedInContext(browser, 'desktop', site, await apiLogin(account, PASSWORD));
    try {
      const page = await desktop.newPage();
      await openLive(page, localized('/member/deposit', 'zh-TW'));
      await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('0.00');
      await page.getByTestId('method-card').click();
      await page.locator('#deposit-amount').fill('1000');
      const [gateway] = await Promise.all([desktop.waitForEvent('page'), page.getByTestId('deposit-submit').click()]);
      const order = page.getByTestId('deposit-order');
      await order.waitFor();
      expect(await order.getAttribute('data-status')).toBe('pending');
      await payOnGateway(gateway);

      // The callback credits the order; the event reaches this page, which never reloads.
      await expect.poll(() => page.getByTestId('header-balance').textContent(), { timeout: 30_000 }).toBe('1,000.00');
      await page.getByTestId('deposit-success-notice').waitFor();
      await expect.poll(() => order.getAttribute('data-status')).toBe('paid');
      expect(await page.getByTestId('deposit-order-status').textContent()).toBe('成功');
      await gateway.close();
    } finally {
      await desktop.close();
    }

    // A phone, in English: the member page stays open while a second tab pays through the gateway in place.
    const mobile = await signedInContext(browser, 'mobile', site, await apiLogin(account, PASSWORD));
    try {
      const mine = await mobile.newPage();
      await openLive(mine, localized('/mobile/f-mine/mine', 'en'));
      await expect.poll(() => mine.getByTestId('mine-balance').textContent()).toBe('1,000.00');

      const pay = await mobile.newPage();
      await pay.goto(localized('/mobile/f-wallet/deposit', 'en'));
      await hydrated(pay);
      await pay.getByTestId('method-card').click();
      await pay.locator('#deposit-amount').fill('500');
      await pay.getByTestId('deposit-submit').click();
      await payOnGateway(pay);
      // The gateway sends the phone back to the deposit page, which shows the order's result.
      await pay.waitForURL((u) => u.pathname === '/en/mobile/f-wallet/deposit' && u.searchParams.get('type') === '1');
      await hydrated(pay);
      await expect.poll(() => pay.getByTestId('deposit-order').getAttribute('data-status'), { timeout: 30_000 }).toBe('paid');

      await expect.poll(() => mine.getByTestId('mine-balance').textContent(), { timeout: 30_000 }).toBe('1,500.00');

      // Both deposits are in the records with their status.
      await pay.goto(localized('/mobile/f-trans-record/trans-record', 'en') + '?type=recharge');
      await hydrated(pay);
      await expect.poll(() => pay.getByTestId('record-row').count()).toBe(2);
      expect(await pay.getByTestId('record-status').allTextContents()).toEqual(['Success', 'Success']);
    } finally {
      await mobile.close();
    }
  });

  it("finance confirms a bank-transfer deposit in the back office and the player's header updates live", async () => {
    screenshotOnFailure('cashier-bank-transfer');
    const staff = await server.operatorToken();
    // Bank transfer shows only once the operator has a receiving account on file.
    const configured = await server.api(
      'PUT',
      '/backoffice/settings',
      {
        receiving_bank: '004',
        receiving_bank_account_name: 'Lucky Harbour Ltd',
        receiving_bank_account: '004100200300',
      },
      staff,
    );
    expect(configured.status, JSON.stringify(configured.body)).toBe(200);

    const account = freshAccount('bt');
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

    const context = await signedInContext(browser, 'desktop', site, await apiLogin(account, PASSWORD));
    try {
      const page = await context.newPage();
      await openLive(page, localized('/member/deposit', 'zh-TW'));
      await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('0.00');
      await page.getByTestId('method-bank_transfer').click();
      // The operator's receiving account is shown to the player.
      await expect.poll(() => page.getByTestId('receiving-account').textContent()).toContain('004100200300');
      await page.locator('#deposit-amount').fill('800');
      await page.locator('#deposit-ref').fill('末五碼 12345，11/21 15:00');
      await page.getByTestId('deposit-submit').click();
      const order = page.getByTestId('deposit-order');
      await order.waitFor();
      expect(await order.getAttribute('data-status')).toBe('pending');

      // Finance finds it in the queue and confirms it; the page never reloads.
      const queue = await server.api<{ data: Array<{ id: string; account: string }> }>(
        'GET',
        `/backoffice/finance/deposits?status=pending&account=${account}`,
        undefined,
        staff,
      );
      expect(queue.status, JSON.stringify(queue.body)).toBe(200);
      const pending = queue.body.data!.data;
      expect(pending.length).toBe(1);
      const confirmed = await server.api('POST', `/backoffice/finance/deposits/${pending[0]!.id}/confirm`, {}, staff);
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      await expect.poll(() => page.getByTestId('header-balance').textContent(), { timeout: 30_000 }).toBe('800.00');
      await page.getByTestId('deposit-success-notice').waitFor();
    } finally {
      await context.close();
    }
  });

  it('a withdrawal is requested, cancelled, requested again and approved', async () => {
    screenshotOnFailure('cashier-withdrawal');
    const locale: Locale = 'en';
    const token = await apiLogin(DEMO.account, DEMO.password);
    const context = await signedInContext(browser, 'desktop', site, token);
    try {
      const page = await context.newPage();
      // The first withdrawal needs a real name: the withdrawal page says so and links to the personal info.
      await page.goto(localized('/member/withdrawals', locale) + '?type=1');
      await hydrated(page);
      await page.getByTestId('withdraw-need-name').waitFor();
      await page.getByTestId('withdraw-no-card').waitFor();

      await page.goto(localized('/member/user-info', locale));
      await hydrated(page);
      const info = page.getByTestId('info-form');
      await info.locator('input[name="real_name"]').fill('Wang Xiaoming');
      await info.locator('input[name="gender"][value="male"]').check();
      await info.locator('input[name="birthday"]').fill('1990-01-01');
      await page.getByTestId('info-submit').click();
      await page.getByTestId('info-saved').waitFor();
      await page.getByTestId('info-locked').waitFor();

      // A bank card in the player's name, submitted for audit.
      await page.getByTestId('card-add').click();
      const form = page.getByTestId('card-form');
      await form.locator('select[name="bank"]').selectOption('004');
      await form.locator('input[name="market"]').fill('Taipei main branch');
      await form.locator('input[name="account_name"]').fill('Wang Xiaoming');
      await form.locator('input[name="card_number"]').fill('12345678901234');
      await form.locator('input[name="card_number_confirm"]').fill('12345678901299');
      await page.getByTestId('card-submit').click();
      expect(await page.getByTestId('card-error-card_number_confirm').textContent()).toBe('The account numbers do not match');
      await form.locator('input[name="card_number_confirm"]').fill('12345678901234');
      await page.getByTestId('card-submit').click();
      await clickDialogButton(page, TEXT[locale].ok);
      const card = page.getByTestId('card-item');
      await card.waitFor();
      expect(await card.getByTestId('card-status').textContent()).toBe('Awaiting audit');
      expect(await card.getByTestId('card-number').textContent()).toBe('**********1234');

      // Finance audits the card in the back office; the card list follows through 'bankcard-audit'.
      const cards = await server.api<{ data: Array<{ id: number }> }>('GET', '/players/debit-card/list', undefined, token);
      const cardId = cards.body.data!.data[0]!.id;
      const staff = await server.operatorToken();
      const audit = FINANCE.auditCard(cardId);
      const audited = await server.api(audit.method, audit.route, audit.body, staff);
      expect(audited.status, JSON.stringify(audited.body)).toBe(200);
      await expect.poll(() => card.getByTestId('card-status').textContent(), { timeout: 15_000 }).toBe('Usable');

      // Request 600.
      await page.goto(localized('/member/withdrawals', locale) + '?type=1');
      await hydrated(page);
      await expect.poll(() => page.getByTestId('withdraw-balance').textContent()).toBe('10,000.00');
      await page.getByTestId('withdraw-card').waitFor();
      await page.locator('#withdraw-amount').fill('100');
      await page.getByTestId('withdraw-submit').click();
      expect(await page.getByTestId('withdraw-amount-error').textContent()).toBe('The minimum withdrawal is 500.00');
      await page.locator('#withdraw-amount').fill('600');
      await page.getByTestId('withdraw-submit').click();
      await clickDialogButton(page, TEXT[locale].ok);
      const first = page.getByTestId('withdraw-row').first();
      await expect.poll(() => first.getAttribute('data-status')).toBe('applying');
      await expect.poll(() => page.getByTestId('withdraw-balance').textContent()).toBe('9,400.00');
      expect(await page.getByTestId('header-balance').textContent()).toBe('9,400.00');

      // Cancel it: the money comes back.
      await first.getByTestId('withdraw-cancel').click();
      await clickDialogButton(page, TEXT[locale].ok);
      await clickDialogButton(page, TEXT[locale].ok);
      await expect.poll(() => page.getByTestId('withdraw-row').first().getAttribute('data-status')).toBe('cancelled');
      await expect.poll(() => page.getByTestId('withdraw-balance').textContent()).toBe('10,000.00');
      expect(await page.getByTestId('withdraw-row').first().getByTestId('withdraw-status').textContent()).toBe('Cancelled');

      // Request again (still the free one: a cancelled withdrawal does not count).
      await page.locator('#withdraw-amount').fill('700');
      await page.getByTestId('withdraw-submit').click();
      await clickDialogButton(page, TEXT[locale].ok);
      await expect.poll(() => page.getByTestId('withdraw-row').first().getAttribute('data-status')).toBe('applying');
      const id = await page.getByTestId('withdraw-row').first().getAttribute('data-id');

      // Finance pays it out; the 'withdrawal' event reloads the list on the open page.
      const pay = FINANCE.payWithdrawal(id!);
      const paid = await server.api(pay.method, pay.route, pay.body, staff);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      await expect.poll(() => page.getByTestId('withdraw-row').first().getAttribute('data-status'), { timeout: 15_000 }).toBe('paid');
      expect(await page.getByTestId('withdraw-row').first().getByTestId('withdraw-status').textContent()).toBe('Paid');
      await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('9,300.00');

      // The records show all three.
      await page.goto(localized('/member/trans-record', locale) + '?category=withdraw');
      await hydrated(page);
      await expect.poll(() => page.getByTestId('record-row').count()).toBe(2);
      expect(await page.getByTestId('record-status').allTextContents()).toEqual(['Paid', 'Cancelled']);
    } finally {
      await context.close();
    }
  });
});
