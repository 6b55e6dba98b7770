// A visitor registers on the desktop site and on the mobile site, in Chinese and in English, signs out,
// signs back in, and sees the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  PASSWORD,
  TEXT,
  clickDialogButton,
  freshAccount,
  freshPhone,
  hasChromium,
  hydrated,
  launchBrowser,
  localized,
  newContext,
  registerThroughForm,
  screenshotOnFailure,
  startServer,
  type Locale,
  type Server,
} from './helpers.ts';

describe.skipIf(!hasChromium)('register, sign out and sign in again', () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('register'), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const pathOf = (page: Page) => new URL(page.url()).pathname;

  for (const locale of ['zh-TW', 'en'] as Locale[]) {
    it(`desktop (${locale}): registers at ${localized('/register', locale)}, signs out, signs in from the header`, async () => {
      screenshotOnFailure(`desktop-register-${locale}`);
      const text = TEXT[locale];
      const context = await newContext(browser, 'desktop', server);
      try {
        const page = await context.newPage();
        const who = { account: freshAccount(locale === 'en' ? 'den' : 'dzh'), phone: freshPhone() };
        await page.goto(localized('/register', locale));
        await registerThroughForm(page, server, locale, who);
        await expect.poll(() => page.getByTestId('header-account').textContent()).toBe(who.account);

        // Sign out through the header, confirming the question.
        await page.getByTestId('sign-out').click();
        // Registration already ended on the home page, so wait for the sign-out's own navigation, not just the URL.
        const signedOut = page.waitForEvent('load');
        await clickDialogButton(page, text.ok);
        await signedOut;
        await page.waitForURL((u) => u.pathname === localized('/', locale));
        await hydrated(page);
        const header = page.getByTestId('header-auth');
        await header.locator('input[name="password"]').waitFor();
        expect(await page.getByTestId('header-account').count()).toBe(0);

        // Sign in again through the header's inline form.
        await header.locator('input[name="account"]').fill(who.account);
        await header.locator('input[name="password"]').fill(PASSWORD);
        await header.getByRole('button', { name: text.login, exact: true }).click();
        await expect.poll(() => page.getByTestId('header-account').textContent()).toBe(who.account);
        expect(pathOf(page)).toBe(localized('/', locale));

        // The session survives a reload: the account is still in the header.
        await page.reload();
        await expect.poll(() => page.getByTestId('header-account').textContent()).toBe(who.account);
      } finally {
        await context.close();
      }
    });
  }

  for (const locale of ['zh-TW', 'en'] as Locale[]) {
    it(`mobile (${locale}): registers at ${localized('/mobile/f-entry/register', locale)}, signs out, signs in from the login dialog`, async () => {
      screenshotOnFailure(`mobile-register-${locale}`);
      const text = TEXT[locale];
      const context = await newContext(browser, 'mobile', server);
      try {
        const page = await context.newPage();
        const who = { account: freshAccount(locale === 'en' ? 'men' : 'mzh'), phone: freshPhone() };

        // A phone that opens the desktop registration page is sent to the mobile one.
        await page.goto(localized('/register', locale));
        expect(pathOf(page)).toBe(localized('/mobile/f-entry/register', locale));
        await registerThroughForm(page, server, locale, who);

        await page.goto(localized('/mobile/f-mine/mine', locale));
        await expect.poll(() => page.getByTestId('mine-account').textContent()).toBe(who.account);

        await page.getByTestId('mobile-sign-out').click();
        // As on desktop: the page may already be the mobile home, so wait for the sign-out's own navigation.
        const signedOut = page.waitForEvent('load');
        await clickDialogButton(page, text.ok);
        await signedOut;
        await page.waitForURL((u) => u.pathname === localized('/mobile/', locale));
        await hydrated(page);

        // A visitor tapping the member tab gets the login dialog. (Until the page knows there is no
        // session the tab is a plain link to the member page, which offers the same dialog.)
        await page.locator('nav a[data-tab="mine"]').click();
        const dialog = page.getByTestId('mobile-login');
        const visitor = page.getByTestId('mine-visitor');
        await dialog.or(visitor).first().waitFor();
        if (!(await dialog.isVisible())) {
          await hydrated(page);
          await visitor.getByRole('button', { name: text.login, exact: true }).click();
        }
        await dialog.locator('input[name="account"]').fill(who.account);
        await dialog.locator('input[name="password"]').fill(PASSWORD);
        await dialog.getByRole('button', { name: text.login, exact: true }).click();
        await dialog.waitFor({ state: 'detached' });

        if (pathOf(page) !== localized('/mobile/f-mine/mine', locale)) {
          await page.locator('nav a[data-tab="mine"]').click();
          await page.waitForURL((u) => u.pathname === localized('/mobile/f-mine/mine', locale));
        }
        await expect.poll(() => page.getByTestId('mine-account').textContent()).toBe(who.account);
      } finally {
        await context.close();
      }
    });
  }
});
