// Site-wide pages: a closed website sends every page to the maintenance page, and an unknown route
// answers 404 with a way home.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { TEXT, hasChromium, launchBrowser, newContext, screenshotOnFailure, setWebsiteStatus, startServer, type Server } from './helpers.ts';

describe.skipIf(!hasChromium)('maintenance and not found', () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('site'), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a closed website sends pages to /maintenance with the message, and reopening restores them', async () => {
    screenshotOnFailure('maintenance');
    const msg = '系統升級中，預計一小時後恢復';
    const msgEn = 'Upgrading, back within the hour';
    await setWebsiteStatus(server, { status: false, msg, msg_en: msgEn });
    const desktop = await newContext(browser, 'desktop', server);
    const phone = await newContext(browser, 'mobile', server);
    try {
      const page = await desktop.newPage();
      for (const [from, to, message] of [
        ['/', '/maintenance', msg],
        ['/about', '/maintenance', msg],
        ['/en/register', '/en/maintenance', msgEn],
        ['/member/wallet', '/maintenance', msg],
      ] as const) {
        const res = await page.goto(from);
        expect(new URL(page.url()).pathname, `${from} lands on ${to}`).toBe(to);
        expect(res?.status()).toBe(200);
        expect((await page.getByTestId('maintenance-message').textContent())?.trim()).toBe(message);
      }
      const mobilePage = await phone.newPage();
      await mobilePage.goto('/mobile/f-entry/register');
      expect(new URL(mobilePage.url()).pathname).toBe('/maintenance');
      expect((await mobilePage.getByTestId('maintenance-message').textContent())?.trim()).toBe(msg);

      await setWebsiteStatus(server, { status: true });
      for (const p of ['/', '/about', '/en/register']) {
        await page.goto(p);
        expect(new URL(page.url()).pathname, `${p} is served again`).toBe(p);
        expect(await page.getByTestId('maintenance-message').count()).toBe(0);
      }
    } finally {
      await setWebsiteStatus(server, { status: true });
      await desktop.close();
      await phone.close();
    }
  });

  it('an unknown route shows the 404 page with a link home, in both languages', async () => {
    screenshotOnFailure('not-found');
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      for (const [route, title, home] of [
        ['/no-such-page', TEXT['zh-TW'].notFound, '/'],
        ['/en/no-such-page', TEXT.en.notFound, '/en/'],
      ] as const) {
        const res = await page.goto(route);
        expect(res?.status(), route).toBe(404);
        expect(new URL(page.url()).pathname).toBe(route);
        expect((await page.getByTestId('error-title').textContent())?.trim()).toBe(title);
        const back = page.getByTestId('back-home');
        expect(await back.getAttribute('href')).toBe(home);
        await back.click();
        await page.waitForURL((u) => u.pathname === home);
      }
    } finally {
      await context.close();
    }
  });
});
