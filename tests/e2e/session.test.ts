// One account, one session: a login in another browser ends the first one, which says so and signs out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  DEMO,
  TEXT,
  clickDialogButton,
  hasChromium,
  hydrated,
  launchBrowser,
  localized,
  newContext,
  screenshotOnFailure,
  startServer,
  type Locale,
  type Server,
} from './helpers.ts';

describe.skipIf(!hasChromium)('double login', () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('session'), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function headerLogin(page: Page, locale: Locale) {
    await page.goto(localized('/', locale));
    await hydrated(page);
    const header = page.getByTestId('header-auth');
    await header.locator('input[name="account"]').fill(DEMO.account);
    await header.locator('input[name="password"]').fill(DEMO.password);
    await header.getByRole('button', { name: TEXT[locale].login, exact: true }).click();
    await expect.poll(() => page.getByTestId('header-account').textContent()).toBe(DEMO.account);
  }

  it('a second login in another browser logs the first one out with the notice', async () => {
    screenshotOnFailure('double-login');
    const a = await newContext(browser, 'desktop', server);
    const b = await newContext(browser, 'desktop', server);
    try {
      const pageA = await a.newPage();
      // A signed-in page opens its realtime socket; the notice travels over it, so wait for the socket's
      // connect acknowledgement before the second login.
      const socketReady = pageA
        .waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/'), timeout: 30_000 })
        .then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).startsWith('40'), timeout: 30_000 }));
      await headerLogin(pageA, 'en');
      await socketReady;

      const pageB = await b.newPage();
      await headerLogin(pageB, 'zh-TW');

      const notice = pageA.getByTestId('session-ended');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(TEXT.en.otherDevice);
      expect(await pageA.getByTestId('header-account').count()).toBe(0);

      // OK takes the reader home, signed out.
      await clickDialogButton(pageA, TEXT.en.ok);
      await pageA.waitForURL((u) => u.pathname === '/en/');
      await hydrated(pageA);
      await pageA.getByTestId('header-auth').locator('input[name="password"]').waitFor();
      expect(await pageA.getByTestId('header-account').count()).toBe(0);
      expect(
        await pageA.evaluate(() =>
          Object.keys(localStorage)
            .filter((k) => /token/i.test(k))
            .map((k) => localStorage.getItem(k))
            .filter(Boolean),
        ),
      ).toEqual([]);

      // The second browser keeps its session.
      await pageB.reload();
      await expect.poll(() => pageB.getByTestId('header-account').textContent()).toBe(DEMO.account);
    } finally {
      await a.close();
      await b.close();
    }
  });

  // On a phone the notice was titled 關閉 ('Close'); it says the session ended, in both languages.
  for (const [locale, title] of [
    ['zh-TW', '登入狀態已結束'],
    ['en', 'Signed out'],
  ] as const) {
    it(`on a phone the double-login notice is titled ${title} (${locale})`, async () => {
      screenshotOnFailure(`double-login-mobile-${locale}`);
      const context = await newContext(browser, 'mobile', server);
      try {
        const page = await context.newPage();
        const socketReady = page
          .waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/'), timeout: 30_000 })
          .then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).startsWith('40'), timeout: 30_000 }));
        await page.goto(localized('/mobile/f-wallet/wallet', locale));
        await hydrated(page);
        await page.getByTestId('wallet-login-prompt').getByRole('button').click();
        const form = page.getByTestId('mobile-login');
        await form.locator('input[name="account"]').fill(DEMO.account);
        await form.locator('input[name="password"]').fill(DEMO.password);
        await form.getByRole('button', { name: TEXT[locale].login, exact: true }).click();
        await page.getByTestId('wallet-overview').waitFor();
        await socketReady;

        // The same account signs in somewhere else.
        expect((await server.api('POST', '/auth/login', DEMO)).status).toBe(200);

        await page.getByTestId('session-ended').waitFor();
        // The dialog is named by its heading (aria-labelledby), so its accessible name is the title.
        const dialog = page.getByRole('dialog', { name: title, exact: true });
        expect(await dialog.count()).toBe(1);
        expect(await dialog.locator('h2').textContent()).toBe(title);
        expect(await page.getByTestId('session-ended').textContent()).toContain(TEXT[locale].otherDevice);
      } finally {
        await context.close();
      }
    });
  }
});
