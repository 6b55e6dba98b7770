// The liability reconciliation in a browser, in both languages, at desktop and phone width: a week of days whose
// closing ties to the ledger, today's bonus in its column, the zh-TW headings in Chinese, the per-player rows, the CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import fs from 'node:fs';
import { hasChromium, launchBrowser, localized, newContext, registerPlayer, screenshotOnFailure, startServer, type Locale, type Server } from './helpers.ts';
import { boEn } from '../../src/i18n/backoffice-en.ts';
import { boZhTW } from '../../src/i18n/backoffice-zh-TW.ts';
import { taipeiDate } from '../../src/shared/time.ts';

describe.skipIf(!hasChromium)('the liability reconciliation', () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('backoffice-liability'), launchBrowser()]);
    const operator = await server.operatorToken();
    const { token } = await registerPlayer(server, 'liab');
    const me = await server.api<{ id: number }>('GET', '/auth/me', undefined, token);
    const grant = await server.api(
      'POST',
      `/backoffice/players/${me.body.data!.id}/bonus-wallets`,
      { name: '對帳', amount: '12.34', bonus_bet: '0' },
      operator,
    );
    expect(grant.status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [locale, kind] of [
    ['zh-TW', 'desktop'],
    ['en', 'mobile'],
    ['zh-TW', 'mobile'],
    ['en', 'desktop'],
  ] as Array<[Locale, 'desktop' | 'mobile']>) {
    it(`shows a week that ties to the ledger, per player too, and downloads it (${locale}, ${kind})`, async () => {
      screenshotOnFailure(`bo-liability-${locale}-${kind}`);
      const bo = locale === 'en' ? boEn : boZhTW;
      const context = await newContext(browser, kind, server);
      await context.addInitScript(
        (tok) => {
          if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', tok);
        },
        await server.operatorToken(),
      );
      const page = await context.newPage();
      try {
        await page.goto(localized('/backoffice/reports/liability', locale));
        await page.getByTestId('liability-days').waitFor();
        expect(await page.getByTestId('liability-row').count()).toBe(7);
        const today = page.getByTestId('liability-row').last();
        expect(await today.locator('td').first().textContent()).toBe(taipeiDate(new Date()));
        expect(Number((await today.getByTestId('cell-bonuses').textContent())!.replace(/,/g, ''))).toBeGreaterThanOrEqual(12.34);
        expect(await today.getByTestId('cell-closing').textContent()).toBe(await today.getByTestId('cell-ledger_closing').textContent());
        expect(await today.getByTestId('cell-difference').textContent()).toBe('0.00');
        await page.getByText(bo['bo.reports.liab.tied']).waitFor();
        const headings = (await page.locator('[data-testid="liability-days"] th').allTextContents()).join(' ');
        expect(headings).toContain(bo['bo.reports.liab.ledger_closing']);
        if (locale === 'zh-TW') expect(headings).not.toMatch(/[A-Za-z]/);
        await page.getByTestId('liability-show-players').click();
        await page.getByTestId('liability-players-table').locator('tbody tr').first().waitFor();
        await page.screenshot({ path: `/tmp/trust-liability-${locale}-${kind}.png`, fullPage: true });
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-csv').click()]);
        const lines = fs
          .readFileSync(await download.path(), 'utf8')
          .slice(1)
          .trim()
          .split('\r\n');
        expect(lines[0].split(',')).toContain(bo['bo.reports.liab.difference']);
        expect(lines).toHaveLength(1 + 7 + 1);
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});
