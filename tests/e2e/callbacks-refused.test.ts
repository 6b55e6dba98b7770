// The finance desk's callback log in a browser: forged payment callbacks are refused, and the
// back office shows how many were refused in the last 24 hours, in the zh-TW and the English back office.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium, launchBrowser, newContext, screenshotOnFailure, startServer, type Server } from './helpers.ts';

describe.skipIf(!hasChromium)('refused callbacks in the back office', () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('callbacks-refused'), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the forged callbacks refused in the last 24 h', async () => {
    screenshotOnFailure('bo-callbacks-refused');
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.url}/api/payments/paybridge/callback`, {
        method: 'POST',
        body: JSON.stringify({ merchantOrderId: 'DPforged', state: 'paid', amount: '100.00' }),
        headers: { 'content-type': 'application/json', 'x-paybridge-signature': 'f'.repeat(64), 'x-paybridge-timestamp': String(Date.now()) },
      });
      expect(res.status).toBe(401);
    }
    const operator = await server.operatorToken();
    const context = await newContext(browser, 'desktop', server);
    try {
      await context.addInitScript((token) => {
        if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', token);
      }, operator);
      const page = await context.newPage();
      // The counts reach the database within a second of the refusals; the refresh button reads them again.
      await page.goto('/backoffice/finance?tab=callbacks');
      const figure = page.getByTestId('callbacks-refused');
      await figure.waitFor();
      await expect
        .poll(
          async () => {
            await page.getByRole('button', { name: '重新整理' }).click();
            return page.getByTestId('callbacks-refused-total').textContent();
          },
          { timeout: 15_000 },
        )
        .toBe('3');
      expect(await figure.textContent()).toContain('近 24 小時拒收的偽造或格式錯誤通知');
      expect(await figure.textContent()).toContain('paybridge：偽造或格式錯誤 3 筆，來源超過上限 0 筆');

      await page.goto('/en/backoffice/finance?tab=callbacks');
      await expect.poll(() => page.getByTestId('callbacks-refused-total').textContent(), { timeout: 15_000 }).toBe('3');
      expect(await page.getByTestId('callbacks-refused').textContent()).toContain('Forged or malformed callbacks refused in the last 24 h');
    } finally {
      await context.close();
    }
  });
});
