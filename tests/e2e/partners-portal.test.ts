// The partners programme in a browser: a partner makes a tracking link in the portal; a visitor opens it,
// registers and deposits; the partner's dashboard and link show the click, the registration and the first deposit;
// the month is settled (the settlement job's own function against the server's database, as the job runs it), an
// operator adjusts and approves the statement in the back office, the partner adds a card and requests a payout, and
// finance pays it at the finance desk. Then the portal on a phone in English, and the cooperative-alliance page's
// application reaching the back office. Last, a partner of its own turns on the authenticator after the first
// password and signs in with a code from it. Screenshots of the portal and back office go to test-results/.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { authenticator } from 'otplib';
import {
  RESULTS_DIR,
  freshAccount,
  freshPhone,
  hasChromium,
  hydrated,
  launchBrowser,
  newContext,
  registerThroughForm,
  screenshotOnFailure,
  startServer,
  type Server,
} from './helpers.ts';
import { en } from '../../src/i18n/en.ts';
import { zhTW } from '../../src/i18n/zh-TW.ts';
import { partnersServerZhTW } from '../../src/i18n/partners-server-zh-TW.ts';
import { boZhTW } from '../../src/i18n/backoffice-zh-TW.ts';
import { settlePeriod } from '../../src/server/modules/partners/settlement.ts';
import { periodAt } from '../../src/server/modules/partners/periods.ts';

const PLAN = {
  name: 'E2E plan',
  period_kind: 'month',
  carry_over: false,
  payment_fee_bp: 0,
  is_default: true,
  platform_fees: [],
  tiers: [{ min_ngr: '0', min_active_players: 0, rate_bp: 3000 }],
  cpa: { amount: '300.00', min_first_deposit: '500.00', min_valid_bet: '0', within_days: 30 },
};

describe.skipIf(!hasChromium)('the partners programme in a browser', () => {
  let server: Server;
  let browser: Browser;
  let staff: string;
  let partner: { account: string; password: string; code: string };
  let planId = 0;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('partners-portal'), launchBrowser()]);
    staff = await server.operatorToken();
    const plan = await server.api<{ id: number }>('POST', '/backoffice/partners/plans', PLAN, staff);
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    planId = plan.body.data!.id;
    const account = freshAccount('pa');
    const made = await server.api<{ partner_id: number; initial_password: string }>(
      'POST',
      '/backoffice/partners/partners',
      { account, name: 'Harbour Fans', plan_id: plan.body.data!.id },
      staff,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const detail = await server.api<{ partner: { code: string } }>('GET', `/backoffice/partners/partners/${made.body.data!.partner_id}`, undefined, staff);
    partner = { account, password: made.body.data!.initial_password, code: detail.body.data!.partner.code };
    // Bank transfer shows only once the operator has a receiving account on file.
    const configured = await server.api(
      'PUT',
      '/backoffice/settings',
      { receiving_bank: '004', receiving_bank_account_name: 'Lucky Harbour Ltd', receiving_bank_account: '004100200300' },
      staff,
    );
    expect(configured.status, JSON.stringify(configured.body)).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function shot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: path.join(RESULTS_DIR, `partners-${name}.png`), fullPage: true });
  }

  async function portalSignIn(page: Page, base: string, who: { account: string; password: string } = partner): Promise<void> {
    await page.goto(`${base}/login`);
    await hydrated(page);
    const form = page.getByTestId('agent-login');
    await form.locator('input[name="account"]').fill(who.account);
    await form.locator('input[name="password"]').fill(who.password);
    await form.getByTestId('agent-login-submit').click();
    // The first sign-in uses the password an operator handed over: the portal shows only the change card until it is replaced.
    const first = page.getByTestId('password-first');
    await Promise.race([first.waitFor(), page.getByTestId('dash-figures').waitFor()]);
    if (await first.isVisible()) {
      expect(await page.getByTestId('dash-figures').count()).toBe(0);
      const next = `Own${who.password.replace(/[^A-Za-z0-9]/g, '').slice(0, 5)}9`;
      await first.locator('input[name="old_password"]').fill(who.password);
      await first.locator('input[name="new_password"]').fill(next);
      await first.locator('input[name="confirm"]').fill(next);
      await first.locator('button[type="submit"]').click();
      who.password = next;
    }
    await page.getByTestId('dash-figures').waitFor();
  }

  async function staffContext(): Promise<BrowserContext> {
    const context = await newContext(browser, 'desktop', server);
    await context.addInitScript((tok) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', tok);
    }, staff);
    return context;
  }

  const figure = async (page: Page, id: string) => (await page.getByTestId(id).textContent())!.trim();

  it('a tracking link brings a player who deposits; the month is settled, approved, and paid out to the partner', async () => {
    screenshotOnFailure('partners-flow');
    const agent = await newContext(browser, 'desktop', server);
    const visitor = await newContext(browser, 'desktop', server);
    const desk = await staffContext();
    try {
      // The partner signs in and makes a link for a campaign.
      const portal = await agent.newPage();
      await portalSignIn(portal, '/agent');
      expect(await figure(portal, 'dash-clicks')).toBe('0');
      await portal.goto('/agent/links');
      await hydrated(portal);
      await portal.getByTestId('link-form').locator('input[name="campaign"]').fill('spring');
      await portal.getByTestId('link-create').click();
      const row = portal.getByTestId('link-row').filter({ has: portal.locator('[data-campaign="spring"]') });
      await row.waitFor();
      const url = new URL((await row.getByTestId('link-url').textContent())!.replace(/(Copy|複製|Copied|已複製)$/, '').trim());
      expect(url.pathname).toBe(`/r/${partner.code}`);
      expect(url.searchParams.get('sub')).toBe('spring');

      // A visitor follows it, lands on registration with the code, registers and deposits by bank transfer.
      const page = await visitor.newPage();
      await page.goto(`${url.pathname}${url.search}`);
      await page.waitForURL((u) => u.pathname === '/register');
      const who = { account: freshAccount('pv'), phone: freshPhone() };
      await registerThroughForm(page, server, 'zh-TW', who);
      await page.goto('/member/deposit');
      await hydrated(page);
      await page.getByTestId('method-bank_transfer').click();
      await page.locator('#deposit-amount').fill('800');
      await page.locator('#deposit-ref').fill('末五碼 12345');
      await page.getByTestId('deposit-submit').click();
      await page.getByTestId('deposit-order').waitFor();
      const queue = await server.api<{ data: Array<{ id: string }> }>(
        'GET',
        `/backoffice/finance/deposits?status=pending&account=${who.account}`,
        undefined,
        staff,
      );
      const confirmed = await server.api('POST', `/backoffice/finance/deposits/${queue.body.data!.data[0]!.id}/confirm`, {}, staff);
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

      // The partner sees the click, the registration and the first deposit, on the dashboard and on the link.
      await portal.goto('/agent');
      await portal.getByTestId('dash-figures').waitFor();
      expect(await figure(portal, 'dash-clicks')).toBe('1');
      expect(await figure(portal, 'dash-registrations')).toBe('1');
      expect(await figure(portal, 'dash-first-depositors')).toBe('1');
      await portal.locator('[data-testid="dash-chart"] canvas').waitFor();
      await shot(portal, 'dashboard-desktop-zh');
      // The first password was replaced at sign-in (portalSignIn): the dashboard no longer asks for it.
      expect(await portal.getByTestId('password-must').count()).toBe(0);
      await portal.goto('/agent/links');
      const link = portal.getByTestId('link-row').filter({ has: portal.locator('[data-campaign="spring"]') });
      await link.waitFor();
      expect(await link.getByTestId('link-clicks').textContent()).toBe('1');
      // The registration came through the link (its code filled in by the landing page), so the link counts it and its first deposit.
      expect(await link.getByTestId('link-registrations').textContent()).toBe('1');
      expect(await link.getByTestId('link-first-deposits').textContent()).toBe('1');
      // The player's account is masked but for its first and last characters.
      await portal.goto('/agent/players');
      const masked = (await portal.getByTestId('player-row').first().getByTestId('player-account').textContent())!;
      expect(masked[0]).toBe(who.account[0]);
      expect(masked.at(-1)).toBe(who.account.at(-1));
      expect(masked).not.toContain(who.account.slice(1, -1));

      // The partner signed in from this machine, so the player its link brought is held as a possible own player and
      // no CPA would be paid for it; an operator looks and approves it with a reason, which releases the CPA.
      const held = await server.api<{ data: Array<{ player_id: number; player_account: string; partner_account: string; kinds: string[] }> }>(
        'GET',
        '/backoffice/partners/own-players?status=pending',
        undefined,
        staff,
      );
      expect(held.body.data?.data.map((r) => [r.player_account, r.partner_account])).toEqual([[who.account, partner.account]]);
      const approved = await server.api(
        'POST',
        `/backoffice/partners/own-players/${held.body.data!.data[0]!.player_id}/approve`,
        { reason: 'a real player of the partner' },
        staff,
      );
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);

      // The month is settled by the settlement job's own function (the job runs it after the month ends).
      const period = periodAt('month', new Date()).key;
      const built = await server.withDatabase((database) => settlePeriod(database.db, period));
      expect(built.built).toBe(1);

      // An operator reviews it in the back office: the CPA player earned 300.00; approving pays it into the wallet.
      const bo = await desk.newPage();
      await bo.goto(`/backoffice/partners/statements`);
      const statement = bo.getByTestId('statement-row').filter({ hasText: partner.account });
      await statement.waitFor();
      expect(await statement.getByTestId('statement-commission').textContent()).toBe('300.00');
      await statement.getByTestId('statement-open').click();
      const detail = bo.getByTestId('statement-detail');
      expect(await detail.getByTestId('line-cpa').textContent()).toBe('300.00');
      expect(await detail.getByTestId('line-deposits').textContent()).toBe('800.00');
      expect(await detail.getByTestId('line-first_depositors').textContent()).toBe('1');
      await shot(bo, 'statements-backoffice-zh');
      await detail.getByTestId('statement-approve').click();
      await bo.getByRole('dialog').getByTestId('confirm-ok').click();
      // The outcome is told above the queue, and the approved statement leaves the queue of those to review.
      await bo.getByTestId('statements-notice').filter({ hasText: partner.account }).waitFor();
      await statement.waitFor({ state: 'detached' });
      await bo.locator('select[name="status"]').selectOption('approved');
      await bo.getByTestId('statements-apply').click();
      await expect
        .poll(() => bo.getByTestId('statement-row').filter({ hasText: partner.account }).getByTestId('statement-status').getAttribute('data-status'), {
          timeout: 10_000,
        })
        .toBe('approved');

      // The partner adds a bank card and asks for 150.00.
      await portal.goto('/agent/wallet');
      await portal.getByTestId('wallet-balance').waitFor();
      expect(await figure(portal, 'wallet-balance')).toBe('300.00');
      await portal.getByTestId('card-edit').click();
      const cardForm = portal.getByTestId('card-form');
      await cardForm.locator('input[name="bank"]').fill('台灣銀行');
      await cardForm.locator('input[name="holder"]').fill('王小明');
      await cardForm.locator('input[name="card_number"]').fill('1234567890123');
      await cardForm.locator('input[name="password"]').fill(partner.password);
      await cardForm.getByTestId('card-save').click();
      await portal.getByTestId('payout-form').waitFor();
      // Below the smallest payout is refused on the page, in the page's language.
      await portal.getByTestId('payout-form').locator('input[name="amount"]').fill('50');
      await portal.getByTestId('payout-submit').click();
      expect(await portal.getByTestId('payout-amount-error').textContent()).toContain('100.00');
      await portal.getByTestId('payout-form').locator('input[name="amount"]').fill('150');
      await portal.getByTestId('payout-submit').click();
      await portal.getByTestId('payout-notice').waitFor();
      await expect.poll(() => figure(portal, 'wallet-balance'), { timeout: 10_000 }).toBe('150.00');
      expect(await figure(portal, 'wallet-pending')).toBe('150.00');
      expect(await portal.getByTestId('payout-row').first().getByTestId('payout-status').locator('[data-status]').getAttribute('data-status')).toBe('applying');
      await shot(portal, 'wallet-desktop-zh');

      // Finance pays it at the finance desk.
      await bo.goto('/backoffice/finance?tab=partner-payouts');
      const payout = bo.getByTestId('partner-payout-row').filter({ hasText: partner.account });
      await payout.waitFor();
      expect(await payout.getByTestId('payout-amount').textContent()).toBe('150.00');
      await shot(bo, 'payouts-backoffice-zh');
      await payout.getByTestId('payout-pay').click();
      // The note finance types is marked as one the partner reads.
      const payDialog = bo.getByRole('dialog');
      expect(await payDialog.getByTestId('reason-partner-sees').textContent()).toContain(boZhTW['bo.pt.partner_sees']);
      await payDialog.getByTestId('reason-text').fill('TXN 20261130-01');
      await shot(bo, 'payout-note-zh');
      await payDialog.getByTestId('reason-ok').click();
      await bo.getByTestId('payouts-notice').waitFor();

      // The partner sees it paid.
      await portal.reload();
      await expect
        .poll(() => portal.getByTestId('payout-row').first().getByTestId('payout-status').locator('[data-status]').getAttribute('data-status'), {
          timeout: 10_000,
        })
        .toBe('paid');
      expect(await figure(portal, 'wallet-pending')).toBe('0.00');
      expect(await figure(portal, 'wallet-balance')).toBe('150.00');
      // No code or English word on the zh-TW portal's status.
      expect(await portal.getByTestId('payout-row').first().getByTestId('payout-status').textContent()).toBe(zhTW['agent.payout.paid']);
      expect(await portal.getByTestId('payout-row').first().textContent()).toContain('TXN 20261130-01');
    } finally {
      await agent.close();
      await visitor.close();
      await desk.close();
    }
  }, 240_000);

  it('the portal on a phone, in English', async () => {
    screenshotOnFailure('partners-phone');
    const phone = await newContext(browser, 'mobile', server);
    try {
      const page = await phone.newPage();
      // A phone asking for the desktop portal is sent to the phone layout.
      await page.goto('/en/agent/login');
      expect(new URL(page.url()).pathname).toBe('/en/mobile/agent/login');
      await portalSignIn(page, '/en/mobile/agent');
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      expect(await page.getByTestId('agent-nav').locator('[aria-current="page"]').textContent()).toBe(en['agent.nav.dashboard']);
      expect(await page.getByText(en['agent.dash.first_depositors'], { exact: true }).count()).toBeGreaterThan(0);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(page, 'dashboard-phone-en');
      await page.getByTestId('agent-nav').locator('[data-nav="statements"]').click();
      await page.getByTestId('statement-row').first().waitFor();
      expect(await page.getByTestId('statement-row').first().getByTestId('statement-status').textContent()).toBe(en['agent.st.status.approved']);
      await page.getByTestId('statement-open').first().click();
      await page.getByTestId('statement-lines').waitFor();
      expect(await page.getByTestId('line-commission').textContent()).toBe('300.00');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(page, 'statements-phone-en');
      await page.getByTestId('agent-nav').locator('[data-nav="wallet"]').click();
      await page.getByTestId('payout-row').first().waitFor();
      expect(await page.getByTestId('payout-row').first().getByTestId('payout-status').textContent()).toBe(en['agent.payout.paid']);
      await shot(page, 'wallet-phone-en');
    } finally {
      await phone.close();
    }
  }, 120_000);

  it("the cooperative-alliance page explains the live plan, checks the form in the page's language and the application reaches the back office", async () => {
    screenshotOnFailure('partners-apply');
    const visitor = await newContext(browser, 'mobile', server);
    const desk = await staffContext();
    try {
      const page = await visitor.newPage();
      await page.goto('/cooperrative-alliance');
      await page.getByTestId('alliance-tier').first().waitFor();
      // The rate is the plan's, not the page's.
      expect(await page.getByTestId('alliance-tier-rate').first().textContent()).toBe('30.00%');
      expect(await page.getByTestId('alliance-cpa').textContent()).toContain('300.00');
      await page.getByTestId('apply-submit').click();
      expect(await page.getByTestId('apply-error-name').textContent()).toBe(zhTW['partners.v.name']);
      expect(await page.getByTestId('apply-error-channel').textContent()).toBe(zhTW['partners.v.channel']);
      const form = page.getByTestId('apply-form');
      const name = `申請人${Date.now() % 10_000}`;
      await form.locator('input[name="name"]').fill(name);
      await form.locator('input[name="contact"]').fill('0912345678');
      await form.locator('select[name="channel"]').selectOption('social');
      await form.locator('input[name="expected_players"]').fill('40');
      await shot(page, 'alliance-phone-zh');
      await page.getByTestId('apply-submit').click();
      await page.getByTestId('apply-done').waitFor();

      const bo = await desk.newPage();
      await bo.goto('/backoffice/partners/applications');
      const row = bo.getByTestId('application-row').filter({ hasText: name });
      await row.waitFor();
      expect(await row.textContent()).toContain(boZhTW['bo.code.channel.social']);
      await row.getByTestId('app-approve').click();
      const approve = bo.getByTestId('approve-form');
      await approve.locator('input[name="account"]').fill(freshAccount('ap'));
      await approve.locator('select[name="plan_id"]').selectOption({ label: PLAN.name });
      await approve.getByTestId('approve-submit').click();
      const password = (await bo.getByTestId('issued-password').textContent())!;
      expect(password.length).toBeGreaterThanOrEqual(6);
      await shot(bo, 'applications-backoffice-zh');
      await bo.keyboard.press('Escape');
      await bo.getByTestId('app-issued').waitFor({ state: 'detached' });
      await bo.goto('/backoffice/partners');
      await bo.getByTestId('tree-node').first().waitFor();
      expect(await bo.getByTestId('tree-node').count()).toBe(2);
      await bo.getByTestId('tree-node').filter({ hasText: partner.account }).click();
      await bo.getByTestId('partner-page').getByTestId('binding-row').first().waitFor();
      await shot(bo, 'partner-backoffice-zh');
    } finally {
      await visitor.close();
      await desk.close();
    }
  }, 120_000);

  it('after the first password, a partner turns on the authenticator; sign-in then takes a current code and refuses a wrong one in words', async () => {
    screenshotOnFailure('partners-totp');
    // A partner of their own, so this test needs nothing from the others: made by an operator, first password handed over.
    const account = freshAccount('pt');
    const made = await server.api<{ partner_id: number; initial_password: string }>(
      'POST',
      '/backoffice/partners/partners',
      { account, name: 'Harbour Keys', plan_id: planId },
      staff,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const who = { account, password: made.body.data!.initial_password };
    const agent = await newContext(browser, 'desktop', server);
    try {
      const page = await agent.newPage();
      await portalSignIn(page, '/agent', who);
      expect(who.password).not.toBe(made.body.data!.initial_password);

      // The dashboard's authenticator card: set up shows the server-drawn QR and the secret once.
      const card = page.getByTestId('totp-card');
      expect(await card.getByTestId('totp-state').textContent()).toBe(zhTW['agent.totp.off']);
      await card.getByTestId('totp-setup').click();
      await card.getByTestId('totp-secret').waitFor();
      expect(await card.getByTestId('totp-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      const secret = (await card.getByTestId('totp-secret').textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      // What an authenticator app shows for that secret (otplib, RFC 6238: 30-second steps, six digits). Enabling
      // takes the previous step's code (still inside the accepted window), so the sign-in below can use the current
      // one: a code is good once, and the server refuses any step not later than the last one used.
      const codeAt = (ms: number) => authenticator.clone({ step: 30, digits: 6, epoch: ms }).generate(secret);
      await card.locator('input[name="totp_code"]').fill(codeAt(Date.now() - 30_000));
      await card.getByTestId('totp-enable').click();
      expect(await card.getByTestId('totp-notice').textContent()).toBe(zhTW['agent.totp.enabled']);
      await expect.poll(() => card.getByTestId('totp-state').textContent(), { timeout: 10_000 }).toBe(zhTW['agent.totp.on']);
      // The secret is shown once: after enabling it is gone from the page.
      expect(await page.getByTestId('totp-secret').count()).toBe(0);
      await shot(page, 'totp-enabled-desktop-zh');

      // Signing out and in again: account and password alone now ask for the code.
      await page.getByTestId('agent-logout').click();
      await page.waitForURL((u) => u.pathname === '/agent/login');
      await hydrated(page);
      const form = page.getByTestId('agent-login');
      await form.locator('input[name="account"]').fill(who.account);
      await form.locator('input[name="password"]').fill(who.password);
      await form.getByTestId('agent-login-submit').click();
      const codeInput = form.locator('input[name="totp"]');
      await codeInput.waitFor();
      expect(await page.getByTestId('dash-figures').count()).toBe(0);

      // A wrong code is refused, told on the code's field in the page's language, and no session is made.
      const current = codeAt(Date.now());
      await codeInput.fill(String((Number(current) + 500_000) % 1_000_000).padStart(6, '0'));
      await form.getByTestId('agent-login-submit').click();
      await form.getByText(partnersServerZhTW['partners.totp_wrong'], { exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/agent/login');
      expect((await agent.cookies()).find((c) => c.name === 'lh_agent')).toBeUndefined();
      await shot(page, 'totp-wrong-desktop-zh');

      // The current code lets the partner in.
      await codeInput.fill(codeAt(Date.now()));
      await form.getByTestId('agent-login-submit').click();
      await page.waitForURL((u) => u.pathname === '/agent');
      await page.getByTestId('dash-figures').waitFor();
      expect(await page.getByTestId('totp-card').getByTestId('totp-state').textContent()).toBe(zhTW['agent.totp.on']);
    } finally {
      await agent.close();
    }
  }, 120_000);
});
