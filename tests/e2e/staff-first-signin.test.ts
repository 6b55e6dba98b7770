// The first sign-in of the production demo operator in a browser: a new password, then an authenticator
// enrolled with a code, then the dashboard, so that no production operator works with the seeded password or
// without a second factor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { OPERATOR, hasChromium, hydrated, launchBrowser, newContext, screenshotOnFailure, startServer, type Server } from './helpers.ts';
import { totpAt } from '../../src/server/modules/staff/totp.ts';

describe.skipIf(!hasChromium)('first operator sign-in', () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('staff-first-signin'), launchBrowser()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('asks for a new password, then enrols an authenticator, then opens the dashboard', async () => {
    screenshotOnFailure('first-signin');
    const context = await newContext(browser, 'desktop', server);
    const page = await context.newPage();
    await page.goto(`${server.url}/en/backoffice`);
    await hydrated(page);
    const form = page.getByTestId('bo-login');
    await form.locator('input[name="username"]').fill(OPERATOR.username);
    await form.locator('input[name="password"]').fill(OPERATOR.password);
    await form.locator('button[type="submit"]').click();
    await form.locator('input[name="new_password"]').fill('my-new-operator-pass');
    await form.locator('button[type="submit"]').click();
    const setup = page.getByTestId('bo-totp-setup');
    await setup.waitFor();
    const secret = (await setup.locator('input[readonly]').inputValue()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await form.locator('input[name="totp_setup_code"]').fill(totpAt(secret, Date.now()));
    await form.locator('button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname.includes('/backoffice/') && !u.pathname.endsWith('/backoffice'), { timeout: 30_000 });
    await page.screenshot({ path: '/tmp/h/first-signin.png' });
    await context.close();
  });
});
