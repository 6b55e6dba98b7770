// The partner page of the back office in a browser: a player who registered from the partner's own sign-in address is
// listed as a possible own player and approved with a reason; the player's partner history opens from the bindings.
// Chinese on a desktop; screenshots go to test-results/.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  PASSWORD,
  RESULTS_DIR,
  freshAccount,
  freshPhone,
  hasChromium,
  hydrated,
  launchBrowser,
  newContext,
  screenshotOnFailure,
  smsCode,
  startServer,
  type Server,
} from './helpers.ts';
import { partnersBoZhTW } from '../../src/i18n/backoffice-partners-zh-TW.ts';

describe.skipIf(!hasChromium)('possible own players in the back office', () => {
  let server: Server;
  let browser: Browser;
  let staff = '';
  let partnerId = 0;
  const player = freshAccount('op');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('partners-own'), launchBrowser()]);
    staff = await server.operatorToken();
    const plan = await server.api<{ id: number }>(
      'POST',
      '/backoffice/partners/plans',
      {
        name: 'Own plan',
        period_kind: 'month',
        carry_over: false,
        payment_fee_bp: 0,
        is_default: false,
        platform_fees: [],
        tiers: [{ min_ngr: '0', min_active_players: 1, rate_bp: 3000 }],
        cpa: { amount: '100.00', min_first_deposit: '100.00', min_valid_bet: '0', within_days: 30 },
      },
      staff,
    );
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const account = freshAccount('po');
    const made = await server.api<{ partner_id: number; initial_password: string }>(
      'POST',
      '/backoffice/partners/partners',
      { account, name: 'Own', plan_id: plan.body.data!.id },
      staff,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    partnerId = made.body.data!.partner_id;
    const detail = await server.api<{ partner: { code: string } }>('GET', `/backoffice/partners/partners/${partnerId}`, undefined, staff);
    // The partner signs in and a player registers with its code from the same address (this machine's).
    const signIn = await server.api('POST', '/agent/login', { account, password: made.body.data!.initial_password });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    const phone = freshPhone();
    expect((await server.api('PUT', '/send/phone', { phone })).status).toBe(200);
    const reg = await server.api('POST', '/auth/register', {
      account: player,
      password: PASSWORD,
      password_confirm: PASSWORD,
      phone,
      code: await smsCode(server, phone),
      agreement: true,
      recommended_code: detail.body.data!.partner.code,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('is listed, approved with a reason, and the history dialog shows the partner since registration', async () => {
    screenshotOnFailure('partners-own-players');
    const context = await newContext(browser, 'desktop', server);
    await context.addInitScript((tok) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', tok);
    }, staff);
    try {
      const page = await context.newPage();
      await page.goto(`/backoffice/partners?id=${partnerId}`);
      await hydrated(page);
      const section = page.getByTestId('partner-own-players');
      const row = section.getByTestId('own-row').filter({ hasText: player });
      await row.waitFor();
      expect(await row.getByTestId('own-status').textContent()).toBe(partnersBoZhTW['bo.pt.own.status_pending']);
      await page.screenshot({ path: path.join(RESULTS_DIR, 'partners-own-players-zh.png'), fullPage: true });
      await row.getByTestId('own-approve').click();
      const dialog = page.getByTestId('reason-dialog');
      await dialog.getByTestId('reason-text').fill('表親，已核對身分證件');
      await dialog.getByTestId('reason-ok').click();
      await expect.poll(async () => row.getByTestId('own-status').textContent()).toBe(partnersBoZhTW['bo.pt.own.status_approved']);
      await page.getByTestId('binding-row').filter({ hasText: player }).getByTestId('binding-history').click();
      const history = page.getByTestId('binding-history-row');
      await history.first().waitFor();
      expect(await history.first().textContent()).toContain(partnersBoZhTW['bo.pt.p.history_since_registration']);
      await page.screenshot({ path: path.join(RESULTS_DIR, 'partners-history-zh.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
