// Back-office lists in a browser: every list shows its states through one ListState, so a failed
// load is an alert with the server's message and a retry button that brings the rows back, an empty result is a
// status line, and both speak the page's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium, launchBrowser, newContext, screenshotOnFailure, startServer, type Server } from './helpers.ts';
import { boEn } from '../../src/i18n/backoffice-en.ts';
import { boZhTW } from '../../src/i18n/backoffice-zh-TW.ts';

describe.skipIf(!hasChromium)('back-office list states', () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('backoffice-lists'), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function staffPage() {
    const operator = await server.operatorToken();
    const context = await newContext(browser, 'desktop', server);
    // The staff token is in place before the back office's first script runs (about:blank has no storage).
    await context.addInitScript((token) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', token);
    }, operator);
    return { context, page: await context.newPage() };
  }

  it('a failed load is an alert with a retry that brings the rows back', async () => {
    screenshotOnFailure('bo-lists-retry');
    const { context, page } = await staffPage();
    try {
      let failing = true;
      await page.route('**/api/backoffice/audit?**', async (route) => {
        if (!failing) return route.continue();
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ status: 'error', code: 'internal', message: 'The audit log is resting.' }),
        });
      });
      await page.goto('/en/backoffice/audit');
      const alert = page.getByTestId('bo-load-error');
      await alert.waitFor();
      expect(await alert.getAttribute('role')).toBe('alert');
      expect(await alert.textContent()).toContain('The audit log is resting.');
      expect(await page.getByTestId('bo-audit').count()).toBe(0);

      failing = false;
      await alert.getByRole('button', { name: boEn['bo.retry'] }).click();
      await page.getByTestId('bo-audit').waitFor();
      expect(await page.getByTestId('bo-load-error').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("an empty result is a status line in the page's language", async () => {
    screenshotOnFailure('bo-lists-empty');
    const { context, page } = await staffPage();
    try {
      await page.goto('/backoffice/players');
      await page.getByTestId('bo-players').waitFor();
      await page.locator('input[name="q"]').fill('nobody0000');
      // The player list's filters are applied by one button (status, level, dates, balance and tags beside the text).
      await page.getByTestId('filter-apply').click();
      const empty = page.getByTestId('bo-empty');
      await empty.waitFor();
      expect(await empty.getAttribute('role')).toBe('status');
      expect(await empty.textContent()).toBe(boZhTW['bo.empty']);
    } finally {
      await context.close();
    }
  });
});
