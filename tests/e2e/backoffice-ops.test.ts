// The operator's screens in a browser, in Traditional Chinese: the audit log reads as sentences (no action code, the
// changed setting named with its old and new value) and filters by action on the server; the settings page offers the
// activity-wallet rule as a select of named choices rather than free text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium, launchBrowser, newContext, screenshotOnFailure, startServer, type Server } from './helpers.ts';

/** A code as the server stores it: dotted action names and underscored keys. */
const CODE = /\b[a-z]+[._][a-z_.]+\b/;

describe.skipIf(!hasChromium)('back-office operator screens in zh-TW', () => {
  let server: Server;
  let browser: Browser;
  let operator: string;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('backoffice-ops'), launchBrowser()]);
    operator = await server.operatorToken();
    // One audited change to read back: the activity-wallet rule from freeze to forfeit.
    const res = await fetch(`${server.url}/api/backoffice/settings`, {
      method: 'PUT', headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      body: JSON.stringify({ protection_activity_wallet_rule: 'forfeit' }),
    });
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function staffPage() {
    const context = await newContext(browser, 'desktop', server);
    await context.addInitScript((token) => { if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', token); }, operator);
    return { context, page: await context.newPage() };
  }

  it('the audit log shows sentences with the change in words, and filters by action', async () => {
    screenshotOnFailure('bo-ops-audit');
    const { context, page } = await staffPage();
    try {
      await page.goto('/backoffice/audit');
      await page.getByTestId('bo-audit-sentence').first().waitFor();
      const sentences = await page.getByTestId('bo-audit-sentence').allTextContents();
      expect(sentences.some((s) => s.includes('變更了系統設定'))).toBe(true);
      for (const s of sentences) expect(s).not.toMatch(CODE);
      const changes = (await page.getByTestId('bo-audit-changes').allTextContents()).join('\n');
      expect(changes).toContain('暫停或自我排除期間的活動錢包：凍結');
      expect(changes).not.toMatch(CODE);

      await page.locator('select[name="action"]').selectOption('auth.login');
      await Promise.all([page.waitForResponse((r) => r.url().includes('/api/backoffice/audit?') && r.url().includes('action=auth.login')), page.getByRole('button', { name: '搜尋' }).click()]);
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="bo-audit-sentence"]')].every((n) => n.textContent?.includes('登入後台')));
    } finally {
      await context.close();
    }
  });

  it('the activity-wallet rule is a select of named choices', async () => {
    screenshotOnFailure('bo-ops-settings');
    const { context, page } = await staffPage();
    try {
      await page.goto('/backoffice/settings');
      const select = page.locator('select[data-setting="protection_activity_wallet_rule"]');
      await select.waitFor();
      const options = await select.locator('option').allTextContents();
      expect(options).toHaveLength(2);
      for (const o of options) expect(o).not.toMatch(/freeze|forfeit/);
      expect(await select.inputValue()).toBe('forfeit');
    } finally {
      await context.close();
    }
  });
});
