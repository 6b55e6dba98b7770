// The partner programme's month-end screens in a browser: a signed-in player who follows a partner's link goes home,
// not to registration; the portal's links show each campaign's funnel and money, with every tab in reach at 390 px;
// the back office's settle field proposes the default plan's period kind; the compliance role is on the staff screen
// and a customer-service agent sees a player's phone masked. Desktop and 390 px, both languages; screenshots in
// test-results/ (looked at when the test was written).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DESKTOP,
  IPHONE_UA,
  RESULTS_DIR,
  freshAccount,
  hasChromium,
  hydrated,
  launchBrowser,
  newContext,
  registerPlayer,
  screenshotOnFailure,
  signedInContext,
  startServer,
  type Server,
} from './helpers.ts';
import { randomBytes } from 'node:crypto';
import { lastClosedPeriodKey } from '../../src/shared/partner-periods.ts';
import { totpAt } from '../../src/server/modules/staff/totp.ts';
import { boEn } from '../../src/i18n/backoffice-en.ts';
import { boZhTW } from '../../src/i18n/backoffice-zh-TW.ts';

const PHONE_390 = { viewport: { width: 390, height: 844 }, userAgent: IPHONE_UA, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
const WEEKLY_PLAN = {
  name: 'Weekly',
  period_kind: 'week',
  carry_over: false,
  payment_fee_bp: 0,
  is_default: true,
  tiers: [{ min_ngr: '0', min_active_players: 1, rate_bp: 2000 }],
  cpa: { amount: '0', min_first_deposit: '0', min_valid_bet: '0', within_days: 30 },
  platform_fees: [],
};

describe.skipIf(!hasChromium)('partner campaigns, links and the month-end desk', () => {
  let server: Server;
  let browser: Browser;
  let staff: string;
  let partner: { account: string; password: string; code: string };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('partners-campaigns'), launchBrowser()]);
    staff = await server.operatorToken();
    const plan = await server.api<{ id: number }>('POST', '/backoffice/partners/plans', WEEKLY_PLAN, staff);
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const account = freshAccount('pc');
    const made = await server.api<{ partner_id: number; initial_password: string }>(
      'POST',
      '/backoffice/partners/partners',
      { account, name: 'Campaign Fans', plan_id: plan.body.data!.id },
      staff,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const detail = await server.api<{ partner: { code: string } }>('GET', `/backoffice/partners/partners/${made.body.data!.partner_id}`, undefined, staff);
    partner = { account, password: made.body.data!.initial_password, code: detail.body.data!.partner.code };
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function shot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: path.join(RESULTS_DIR, `campaigns-${name}.png`), fullPage: true });
  }

  async function phoneContext(): Promise<BrowserContext> {
    const context = await browser.newContext({ ...PHONE_390, baseURL: server.url });
    context.setDefaultTimeout(20_000);
    return context;
  }

  async function portalSignIn(page: Page, base: string): Promise<void> {
    await page.goto(`${base}/login`);
    await hydrated(page);
    const form = page.getByTestId('agent-login');
    await form.locator('input[name="account"]').fill(partner.account);
    await form.locator('input[name="password"]').fill(partner.password);
    await form.getByTestId('agent-login-submit').click();
    const first = page.getByTestId('password-first');
    await Promise.race([first.waitFor(), page.getByTestId('dash-figures').waitFor()]);
    if (await first.isVisible()) {
      const next = 'Campaign99x';
      await first.locator('input[name="old_password"]').fill(partner.password);
      await first.locator('input[name="new_password"]').fill(next);
      await first.locator('input[name="confirm"]').fill(next);
      await first.locator('button[type="submit"]').click();
      partner.password = next;
    }
    await page.getByTestId('dash-figures').waitFor();
  }

  it('sends a signed-in player who follows a partner link home, and a visitor to registration', async () => {
    screenshotOnFailure('campaigns-signed-in-link');
    const { token } = await registerPlayer(server, 'sl');
    for (const kind of ['desktop', 'mobile'] as const) {
      const signedIn = await signedInContext(browser, kind, server, token);
      const visitor = await newContext(browser, kind, server);
      try {
        const page = await signedIn.newPage();
        await page.goto(`/r/${partner.code}?sub=spring`);
        await page.waitForURL((u) => u.pathname === (kind === 'desktop' ? '/' : '/mobile/'), { timeout: 15_000 });
        const fresh = await visitor.newPage();
        await fresh.goto(`/r/${partner.code}?sub=spring`);
        await hydrated(fresh);
        // A visitor stays on registration (given time to be sent away, as the signed-in player was).
        await fresh.waitForTimeout(1_500);
        expect(new URL(fresh.url()).pathname).toMatch(/register$/);
      } finally {
        await signedIn.close();
        await visitor.close();
      }
    }
  });

  it("shows each link's funnel and money in the portal, and every tab in reach at 390 px, in both languages", async () => {
    screenshotOnFailure('campaigns-portal-links');
    const desk = await newContext(browser, 'desktop', server);
    const phone = await phoneContext();
    try {
      const page = await desk.newPage();
      await portalSignIn(page, '/agent');
      await page.goto('/agent/links');
      await hydrated(page);
      await page.getByTestId('link-form').locator('input[name="campaign"]').fill('spring');
      await page.getByTestId('link-create').click();
      const row = page.getByTestId('link-row').filter({ has: page.locator('[data-campaign="spring"]') });
      await row.waitFor();
      // The four clicks of the first test (a player and a visitor, on a desktop and a phone) are the spring link's.
      expect(await row.getByTestId('link-clicks').textContent()).toBe('4');
      expect(await row.getByTestId('link-registrations-share').textContent()).toContain('0%');
      expect(await row.getByTestId('link-deposits').textContent()).toBe('0.00');
      await page.getByTestId('links-money-note').waitFor();
      await shot(page, 'links-desktop-zh');
      await page.goto('/en/agent/links');
      await page.getByTestId('link-row').first().waitFor();
      expect(await page.getByTestId('link-row').first().textContent()).toContain('of the step before');
      await shot(page, 'links-desktop-en');

      const mobile = await phone.newPage();
      for (const [prefix, lang] of [
        ['', 'zh'],
        ['/en', 'en'],
      ] as const) {
        if (lang === 'zh') await portalSignIn(mobile, '/mobile/agent');
        await mobile.goto(`${prefix}/mobile/agent/links`);
        await mobile.getByTestId('link-row').first().waitFor();
        // Every tab of the menu is on the screen, none scrolled out of reach, and the page does not scroll sideways.
        const boxes = await mobile
          .getByTestId('agent-nav')
          .locator('a')
          .evaluateAll((as) => as.map((a) => a.getBoundingClientRect().right));
        expect(boxes.length).toBeGreaterThan(5);
        for (const right of boxes) expect(right).toBeLessThanOrEqual(390);
        expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await shot(mobile, `links-390-${lang}`);
        await mobile.goto(`${prefix}/mobile/agent`);
        await mobile.getByTestId('dash-figures').waitFor();
        await shot(mobile, `dashboard-390-${lang}`);
      }
    } finally {
      await desk.close();
      await phone.close();
    }
  });

  it('keeps the chat button off the text of the programme page at 390 px and on a desktop, in both languages', async () => {
    screenshotOnFailure('campaigns-chat-button');
    for (const kind of ['phone', 'desktop'] as const) {
      const context = kind === 'phone' ? await phoneContext() : await browser.newContext({ ...DESKTOP, baseURL: server.url });
      try {
        const page = await context.newPage();
        for (const prefix of ['', '/en']) {
          await page.goto(`${prefix}/cooperrative-alliance`);
          await hydrated(page);
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          // Every piece of text in sight, measured line by line, against the button's box.
          const covered = await page.evaluate(() => {
            const button = document.querySelector('button[data-chat-open]');
            if (!button) return ['no chat button'];
            const b = button.getBoundingClientRect();
            const hits: string[] = [];
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (!node.textContent?.trim() || button.contains(node)) continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const r of range.getClientRects()) {
                if (r.width && r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom) hits.push(node.textContent.trim().slice(0, 40));
              }
            }
            return hits;
          });
          expect(covered, `${kind} ${prefix || 'zh'}`).toEqual([]);
          await shot(page, `alliance-${kind}-${prefix ? 'en' : 'zh'}`);
        }
      } finally {
        await context.close();
      }
    }
  });

  it('proposes the default plan’s last closed week in the settle field, and lists the compliance role', async () => {
    screenshotOnFailure('campaigns-settle-field');
    const week = lastClosedPeriodKey('week', new Date());
    for (const [ctxKind, lang] of [
      ['desktop', 'zh'],
      ['desktop', 'en'],
      ['phone', 'zh'],
      ['phone', 'en'],
    ] as const) {
      const context = ctxKind === 'desktop' ? await browser.newContext({ ...DESKTOP, baseURL: server.url }) : await phoneContext();
      await context.addInitScript((tok) => {
        if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', tok);
      }, staff);
      try {
        const page = await context.newPage();
        const prefix = lang === 'en' ? '/en' : '';
        await page.goto(`${prefix}/backoffice/partners/statements`);
        const field = page.getByTestId('settle-form').locator('input[name="run_period"]');
        await expect.poll(() => field.inputValue(), { timeout: 15_000 }).toBe(week);
        const words = lang === 'en' ? boEn : boZhTW;
        expect(await page.getByTestId('settle-run-hint').textContent()).toContain(words['bo.code.period_kind.week']);
        await shot(page, `settle-${ctxKind}-${lang}`);
        await page.goto(`${prefix}/backoffice/staff`);
        const role = page.locator('select[name="role"]');
        await role.waitFor();
        expect(await role.locator('option').allTextContents()).toContain(words['bo.role.compliance']);
        await shot(page, `staff-${ctxKind}-${lang}`);
      } finally {
        await context.close();
      }
    }
  });

  /** A new staff member of the role, signed in through the API as the back office's own sign-in would. */
  async function staffToken(username: string, role: string): Promise<string> {
    const password = `pw-${randomBytes(6).toString('hex')}`;
    const made = await server.api('POST', '/backoffice/staff', { username, password, role }, staff);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    type Answer = { access_token?: string; setup_required?: 'password' | 'totp'; totp_secret?: string };
    let res = await server.api<Answer>('POST', '/backoffice/auth/login', { username, password });
    let current = password;
    if (res.body.data?.setup_required === 'password') {
      current = `${password}-new`;
      res = await server.api<Answer>('POST', '/backoffice/auth/login', { username, password, new_password: current });
    }
    if (res.body.data?.setup_required === 'totp' && res.body.data.totp_secret) {
      res = await server.api<Answer>('POST', '/backoffice/auth/login', {
        username,
        password: current,
        totp_setup_code: totpAt(res.body.data.totp_secret, Date.now()),
      });
    }
    expect(res.body.data?.access_token, JSON.stringify(res.body)).toBeTruthy();
    return res.body.data!.access_token!;
  }

  it("shows customer service a player's phone masked, and the edit form leaves it out until a new one is typed", async () => {
    screenshotOnFailure('campaigns-masked-profile');
    const service = await staffToken(freshAccount('cs'), 'service');
    const list = await server.api<{ data: Array<{ id: number; phone: string }> }>('GET', '/backoffice/players?q=demo1234', undefined, service);
    const demo = list.body.data!.data[0]!;
    expect(demo.phone).toMatch(/^\d{4}\*{3}\d{3}$/);
    for (const lang of ['zh', 'en'] as const) {
      const context = await browser.newContext({ ...DESKTOP, baseURL: server.url });
      await context.addInitScript((tok) => {
        if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', tok);
      }, service);
      try {
        const page = await context.newPage();
        await page.goto(`${lang === 'en' ? '/en' : ''}/backoffice/player?id=${demo.id}`);
        const phone = page.getByTestId('bo-profile-phone');
        await phone.waitFor();
        expect(await phone.textContent()).toBe(demo.phone);
        await page.getByTestId('bo-profile-edit').click();
        const input = page.getByTestId('bo-profile-form').locator('input[name="phone"]');
        expect(await input.inputValue()).toBe('');
        expect(await input.getAttribute('placeholder')).toBe(demo.phone);
        await shot(page, `profile-service-${lang}`);
      } finally {
        await context.close();
      }
    }
  });
});
