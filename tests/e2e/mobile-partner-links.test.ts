// The phone's way into the partner programme and the partner portal: the member page links both, for a visitor
// and for a signed-in player, in both languages, and each link lands on its page; the portal's sign-in, once locked,
// says so in the portal's own words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  hasChromium,
  hydrated,
  launchBrowser,
  localized,
  newContext,
  registerPlayer,
  screenshotOnFailure,
  signedInContext,
  startServer,
  type Server,
} from './helpers.ts';

describe.skipIf(!hasChromium)('mobile partner links', () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('mobile-partner-links'), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a visitor (zh-TW) reaches the programme page from the member page', async () => {
    screenshotOnFailure('mobile-partner-programme');
    const context = await newContext(browser, 'mobile', server);
    try {
      const page = await context.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(localized('/mobile/f-mine/mine', 'zh-TW'));
      await hydrated(page);
      await page.getByTestId('mine-visitor').waitFor();
      const link = page.getByTestId('mine-partner-programme');
      expect(await link.textContent()).toContain('合營夥伴');
      await page.screenshot({ path: '/tmp/m11-mine-visitor-zh.png', fullPage: true });
      await link.click();
      await page.waitForURL((u) => u.pathname === '/cooperrative-alliance');
    } finally {
      await context.close();
    }
  });

  it('a signed-in player (en) reaches the portal sign-in from the member page', async () => {
    screenshotOnFailure('mobile-partner-portal');
    const player = await registerPlayer(server, 'mpl');
    const context = await signedInContext(browser, 'mobile', server, player.token);
    try {
      const page = await context.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(localized('/mobile/f-mine/mine', 'en'));
      await hydrated(page);
      await expect.poll(() => page.getByTestId('mine-account').textContent(), { timeout: 15_000 }).toBe(player.account);
      expect(await page.getByTestId('mine-partner-programme').textContent()).toContain('Affiliate partnership');
      const link = page.getByTestId('mine-partner-portal');
      expect(await link.textContent()).toContain('Partner portal sign-in');
      await page.screenshot({ path: '/tmp/m11-mine-player-en.png', fullPage: true });
      await link.click();
      await page.waitForURL((u) => u.pathname.startsWith('/en/mobile/agent'));
      await page.getByTestId('agent-login').waitFor({ timeout: 15_000 });
      await page.screenshot({ path: '/tmp/m11-portal-login-en.png', fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('the portal sign-in (zh-TW), locked after five wrong passwords, says 15 minutes and offers no phone sign-in', async () => {
    screenshotOnFailure('mobile-portal-locked');
    const context = await newContext(browser, 'mobile', server);
    try {
      const page = await context.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/mobile/agent/login');
      await hydrated(page);
      const form = page.getByTestId('agent-login');
      await form.locator('input[name="account"]').fill('nosuchagent1');
      await form.locator('input[name="password"]').fill('wrong9999');
      const alert = form.getByRole('alert');
      for (let i = 0; i < 6; i++) {
        const answered = page.waitForResponse((r) => r.url().endsWith('/api/agent/login'));
        await page.getByTestId('agent-login-submit').click();
        await answered;
      }
      await expect.poll(() => alert.textContent()).toContain('15 分鐘');
      expect(await alert.textContent()).not.toContain('手機');
      await page.screenshot({ path: '/tmp/m11-portal-locked-zh.png' });
    } finally {
      await context.close();
    }
  });
});
