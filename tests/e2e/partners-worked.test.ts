// The portal's worked estimate in a browser: a sub-partner signs in and reads how its estimate is reached (NGR, tier,
// rate and what limited it, share, CPA, overrides), on a desktop in Chinese and on a phone in English. Screenshots go
// to test-results/.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { RESULTS_DIR, freshAccount, hasChromium, hydrated, launchBrowser, newContext, screenshotOnFailure, startServer, type Server } from './helpers.ts';
import { partnersZhTW } from '../../src/i18n/partners-zh-TW.ts';
import { partnersEn } from '../../src/i18n/partners-en.ts';

const PLAN = {
  name: 'Worked plan',
  period_kind: 'month',
  carry_over: true,
  payment_fee_bp: 0,
  is_default: false,
  platform_fees: [],
  tiers: [{ min_ngr: '0', min_active_players: 1, rate_bp: 3000 }],
  cpa: null,
};

describe.skipIf(!hasChromium)('the worked estimate in the portal', () => {
  let server: Server;
  let browser: Browser;
  const sub = { account: freshAccount('ws'), password: 'Sub12345x' };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('partners-worked'), launchBrowser()]);
    const staff = await server.operatorToken();
    const plan = await server.api<{ id: number }>('POST', '/backoffice/partners/plans', PLAN, staff);
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const top = await server.api<{ partner_id: number; initial_password: string }>(
      'POST',
      '/backoffice/partners/partners',
      { account: freshAccount('wt'), name: 'Top', plan_id: plan.body.data!.id },
      staff,
    );
    expect(top.status, JSON.stringify(top.body)).toBe(200);
    const made = await server.api(
      'POST',
      '/backoffice/partners/partners',
      { account: sub.account, name: 'Sub', plan_id: plan.body.data!.id, parent_id: top.body.data!.partner_id, rate_cap_bp: 1500 },
      staff,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    sub.password = (made.body.data as { initial_password: string }).initial_password;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signIn(page: Page, base: string): Promise<void> {
    await page.goto(`${base}/login`);
    await hydrated(page);
    const form = page.getByTestId('agent-login');
    await form.locator('input[name="account"]').fill(sub.account);
    await form.locator('input[name="password"]').fill(sub.password);
    await form.getByTestId('agent-login-submit').click();
    const first = page.getByTestId('password-first');
    await Promise.race([first.waitFor(), page.getByTestId('dash-figures').waitFor()]);
    if (await first.isVisible()) {
      const next = `Own${sub.password.replace(/[^A-Za-z0-9]/g, '').slice(0, 5)}9`;
      await first.locator('input[name="old_password"]').fill(sub.password);
      await first.locator('input[name="new_password"]').fill(next);
      await first.locator('input[name="confirm"]').fill(next);
      await first.locator('button[type="submit"]').click();
      sub.password = next;
    }
    await page.getByTestId('dash-worked').waitFor();
  }

  it('desktop, Chinese: every line in Chinese, the rate limited by the agreed 15 %', async () => {
    screenshotOnFailure('partners-worked-desktop');
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      await signIn(page, '/agent');
      const worked = page.getByTestId('dash-worked');
      expect(await worked.textContent()).toContain(partnersZhTW['agent.w.title']);
      expect((await page.getByTestId('w-rate').textContent())!).toContain('0');
      expect(await page.getByTestId('w-total').textContent()).toContain('0.00');
      expect(await worked.textContent()).not.toMatch(/[A-Za-z]{4,}/);
      await page.screenshot({ path: path.join(RESULTS_DIR, 'partners-worked-desktop-zh.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('phone, English: the lines fit the width', async () => {
    screenshotOnFailure('partners-worked-phone');
    const context = await newContext(browser, 'mobile', server);
    try {
      const page = await context.newPage();
      await signIn(page, '/en/mobile/agent');
      const worked = page.getByTestId('dash-worked');
      expect(await worked.textContent()).toContain(partnersEn['agent.w.title']);
      const box = (await worked.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(RESULTS_DIR, 'partners-worked-phone-en.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
