// Player protection in the browser: a daily deposit limit set on desktop and on a phone, the
// refused deposit above it with the message and the remaining amount; the reality check after its interval
// (the page's clock is moved forward); a self-exclusion that leaves the restricted view, and an exclusion
// that signs the player's open device out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSim, type Sim } from '../../sim/server.ts';
import {
  registerPlayer,
  signedInContext,
  hasChromium,
  hydrated,
  launchBrowser,
  localized,
  screenshotOnFailure,
  startServer,
  type Locale,
  type Server,
} from './helpers.ts';

describe.skipIf(!hasChromium)('player protection', () => {
  let sim: Sim;
  let server: Server;
  let browser: Browser;

  beforeAll(async () => {
    sim = await startSim({ port: 0 });
    process.env.GAME_PROVIDER_URL = sim.url;
    [server, browser] = await Promise.all([startServer('protection'), launchBrowser()]);
  });
  afterAll(async () => {
    delete process.env.GAME_PROVIDER_URL;
    await browser?.close();
    await server?.stop();
    await sim?.close();
  });

  async function setDailyDepositLimit(page: Page, path: string, amount: string): Promise<void> {
    await page.goto(path);
    await hydrated(page);
    await page.getByTestId('limit-kind').selectOption('deposit');
    await page.getByTestId('limit-period').selectOption('day');
    await page.getByTestId('limit-amount').fill(amount);
    await page.getByTestId('limit-save').click();
    await page.getByTestId('protection-message').waitFor();
  }

  for (const [kind, locale, protectionPath, depositPath, limitName] of [
    ['desktop', 'zh-TW', '/member/protection', '/member/deposit', '每日存款限額'],
    ['mobile', 'en', '/mobile/f-mine/protection', '/mobile/f-wallet/deposit', 'daily deposit limit'],
  ] as Array<['desktop' | 'mobile', Locale, string, string, string]>) {
    it(`a player sets a daily deposit limit on ${kind}, sees what is left and is refused a deposit above it`, async () => {
      screenshotOnFailure(`protection-deposit-limit-${kind}`);
      const p = await registerPlayer(server, 'pr');
      const context = await signedInContext(browser, kind, server, p.token);
      try {
        const page = await context.newPage();
        await setDailyDepositLimit(page, localized(protectionPath, locale), '1000');
        const row = page.getByTestId('limit-deposit-day');
        await expect.poll(() => row.getByTestId('limit-remaining').textContent()).toBe('1,000.00');

        await page.goto(localized(depositPath, locale));
        await hydrated(page);
        await page.getByTestId('method-card').click();
        await page.locator('#deposit-amount').fill('1500');
        await page.getByTestId('deposit-submit').click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain(limitName);
        expect(await dialog.textContent()).toContain('1000.00');
      } finally {
        await context.close();
      }
    });
  }

  it('a reality check appears after its interval with the time played and continue or log out', async () => {
    screenshotOnFailure('protection-reality-check');
    const p = await registerPlayer(server, 'pr');
    expect((await server.api('PUT', '/protection/reality-check', { minutes: 15 }, p.token)).status).toBe(200);
    const context = await signedInContext(browser, 'desktop', server, p.token);
    try {
      const page = await context.newPage();
      await page.clock.install();
      await page.goto(localized('/member/wallet', 'en'));
      await hydrated(page);
      await page.getByTestId('session-time').waitFor();
      expect(await page.getByTestId('reality-check').count()).toBe(0);
      await page.clock.fastForward('16:00');
      const check = page.getByTestId('reality-check');
      await check.waitFor();
      await expect.poll(() => check.textContent()).toMatch(/You have played for 1[56] minutes\. Net result of this session: 0\.00/);
      await page.getByTestId('reality-continue').click();
      await check.waitFor({ state: 'detached' });
      expect(await page.getByTestId('session-time').textContent()).toMatch(/Session 00:1[56]:\d\d/);
      // At the next interval the dialog comes back, and logging out from it ends the session on the server.
      await page.clock.fastForward('15:00');
      await check.waitFor();
      await page.getByTestId('reality-logout').click();
      // The island goes home once the server has answered the logout, so the session is over by then.
      await page.waitForURL((url) => /^\/(en\/?)?$/.test(url.pathname));
      await expect.poll(async () => (await server.api('GET', '/auth/me', undefined, p.token)).status, { timeout: 10_000 }).toBe(401);
    } finally {
      await context.close();
    }
  });

  it('a self-exclusion leaves the restricted view, and an exclusion signs the open device out', async () => {
    screenshotOnFailure('protection-self-exclusion');
    const p = await registerPlayer(server, 'pr');
    const context = await signedInContext(browser, 'desktop', server, p.token);
    try {
      const page = await context.newPage();
      await page.goto(localized('/member/protection', 'en'));
      await hydrated(page);
      expect(await page.getByTestId('exclusion-start').isDisabled()).toBe(true);
      await page.getByTestId('exclusion-duration').selectOption('6m');
      await page.getByTestId('exclusion-confirm').fill(p.account);
      await page.getByTestId('exclusion-start').click();
      const banner = page.getByTestId('restricted-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toMatch(/self-exclusion lasts until \d{4}-\d\d-\d\d/);
      // Still signed in to the restricted view; play is refused with the reason.
      const launch = await server.api('GET', '/games/link/SLX', undefined, p.token);
      expect(launch.status).toBe(403);
      expect(launch.body.code).toBe('protection_excluded');
      await page.goto(localized('/member/withdrawals', 'en'));
      await hydrated(page);
      expect(page.url()).toContain('/en/member/withdrawals');
      // Every page of the restricted view says so.
      await page.getByTestId('restricted-notice').waitFor();
      expect(await page.getByTestId('restricted-notice').textContent()).toMatch(/Restricted: self-exclusion until \d{4}-\d\d-\d\d \d\d:\d\d \(GMT\+8\)/);
    } finally {
      await context.close();
    }

    // Another player has the site open on a phone; an exclusion entered for them signs that device out.
    const q = await registerPlayer(server, 'pr');
    const phone = await signedInContext(browser, 'mobile', server, q.token);
    try {
      const page = await phone.newPage();
      const socketReady = page
        .waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/'), timeout: 30_000 })
        .then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).startsWith('40'), timeout: 30_000 }));
      await page.goto(localized('/mobile/f-mine/mine', 'en'));
      await hydrated(page);
      await socketReady;
      const staff = await server.operatorToken();
      const players = await server.api<{ data: Array<{ id: number; account: string }> }>('GET', `/backoffice/players?q=${q.account}`, undefined, staff);
      const id = players.body.data!.data.find((x) => x.account === q.account)!.id;
      const ex = await server.api('POST', `/backoffice/players/${id}/protection/exclusions`, { duration: '24h', reason: 'asked by phone' }, staff);
      expect(ex.status, JSON.stringify(ex.body)).toBe(200);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 15_000 }).toBeNull();
    } finally {
      await phone.close();
    }
  });
});
