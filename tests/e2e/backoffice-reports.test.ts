// The daily summary in a browser (issue 23), in both languages: an operator opens it, changes the range, sees the chart
// and the table agree day by day, and downloads the CSV (the heading in the page's language, one row a day, the totals).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import fs from 'node:fs';
import { hasChromium, launchBrowser, localized, newContext, registerPlayer, screenshotOnFailure, startServer, type Locale, type Server } from './helpers.ts';
import { boEn } from '../../src/i18n/backoffice-en.ts';
import { boZhTW } from '../../src/i18n/backoffice-zh-TW.ts';
import { formatDecimal } from '../../src/shared/money.ts';
import { DAY_MS, taipeiDate } from '../../src/shared/time.ts';

describe.skipIf(!hasChromium)('the daily summary', () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('backoffice-reports'), launchBrowser()]);
    // Today's figures: two registrations and an operator's grant to one of them (a bonus, so NGR moves).
    const operator = await server.operatorToken();
    await registerPlayer(server, 'rep');
    const { token } = await registerPlayer(server, 'rep');
    const me = await server.api<{ id: number }>('GET', '/auth/me', undefined, token);
    const grant = await server.api('POST', `/backoffice/players/${me.body.data!.id}/bonus-wallets`, { name: 'Report test', amount: '12.34', bonus_bet: '0' }, operator);
    expect(grant.status).toBe(200);
    // A reality check and a lowered deposit limit, for the player-protection report.
    expect((await server.api('PUT', '/protection/reality-check', { minutes: 30 }, token)).status).toBe(200);
    expect((await server.api('PUT', '/protection/limits', { kind: 'deposit', period: 'day', value: '500.00' }, token)).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function staffPage(): Promise<{ page: Page; close: () => Promise<void> }> {
    const operator = await server.operatorToken();
    const context = await newContext(browser, 'desktop', server);
    await context.addInitScript((tok) => { if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', tok); }, operator);
    return { page: await context.newPage(), close: () => context.close() };
  }

  for (const locale of ['zh-TW', 'en'] as Locale[]) {
    it(`shows the range's days as a chart and a table that agree, and downloads them as CSV (${locale})`, async () => {
      screenshotOnFailure(`bo-reports-${locale}`);
      const bo = locale === 'en' ? boEn : boZhTW;
      const { page, close } = await staffPage();
      try {
        await page.goto(localized('/backoffice/reports', locale));
        await page.getByTestId('daily-table').waitFor();
        expect(await page.getByTestId('daily-row').count()).toBe(30);
        // A week ending today.
        const today = taipeiDate(new Date());
        const from = taipeiDate(new Date(Date.now() - 6 * DAY_MS));
        await page.locator('input[name="from"]').fill(from);
        await page.getByRole('button', { name: bo['bo.reports.apply'], exact: true }).click();
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="daily-row"]').length === 7);
        await page.locator('[data-testid="daily-chart"] canvas').waitFor();

        // The chart's days and series are the table's rows and columns.
        const chart = page.getByTestId('daily-chart');
        const labels = JSON.parse((await chart.getAttribute('data-labels'))!) as string[];
        const series = JSON.parse((await chart.getAttribute('data-series'))!) as Array<{ label: string; values: number[] }>;
        const days = await page.locator('[data-testid="daily-row"] [data-testid="cell-day"]').allTextContents();
        expect(labels).toEqual(days);
        expect(labels[0]).toBe(from);
        expect(labels.at(-1)).toBe(today);
        const ngrCells = await page.locator('[data-testid="daily-row"] [data-testid="cell-ngr"]').allTextContents();
        const ngr = series.find((s) => s.label === bo['bo.reports.col.ngr'])!;
        expect(ngr.values.map((v) => formatDecimal(v.toFixed(2)))).toEqual(ngrCells);
        const registrations = await page.locator('[data-testid="daily-row"] [data-testid="cell-registrations"]').allTextContents();
        expect(Number(registrations.at(-1))).toBeGreaterThanOrEqual(2);

        // The CSV: the page's language, one row a day, then the totals, which agree with the table's totals.
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-csv').click()]);
        expect(download.suggestedFilename()).toBe(`daily-summary_${from}_${today}.csv`);
        const file = fs.readFileSync((await download.path())!, 'utf8');
        expect(file.charCodeAt(0)).toBe(0xfeff);
        const lines = file.slice(1).trim().split('\r\n');
        expect(lines[0]!.split(',')[0]).toBe(bo['bo.reports.col.day']);
        expect(lines).toHaveLength(1 + 7 + 1);
        expect(lines.slice(1, 8).map((l) => l.split(',')[0])).toEqual(days);
        const heading = lines[0]!.split(',');
        const totals = lines.at(-1)!.split(',');
        expect(totals[0]).toBe(bo['bo.reports.totals']);
        const ngrTotal = totals[heading.indexOf(bo['bo.reports.col.ngr'])]!;
        expect(formatDecimal(ngrTotal)).toBe(await page.getByTestId('total-ngr').textContent());
      } finally {
        await close();
      }
    }, 120_000);
  }

  for (const locale of ['zh-TW', 'en'] as Locale[]) {
    it(`shows retention as a heat map whose chart agrees with it, payments' empty state, and protection in words (${locale})`, async () => {
      screenshotOnFailure(`bo-reports-more-${locale}`);
      const bo = locale === 'en' ? boEn : boZhTW;
      const { page, close } = await staffPage();
      try {
        // Retention: this week's cohort holds today's registrations; its week 0 is a heat-map cell, the chart has a point per cohort.
        await page.goto(localized('/backoffice/reports/retention', locale));
        await page.getByTestId('retention-table').waitFor();
        const weeks = await page.locator('[data-testid="retention-row"] td:first-child').allTextContents();
        const chart = page.getByTestId('retention-chart');
        expect(JSON.parse((await chart.getAttribute('data-labels'))!)).toEqual(weeks);
        const players = await page.locator('[data-testid="retention-row"] [data-testid="cell-players"]').allTextContents();
        expect(Number(players.at(-1))).toBeGreaterThanOrEqual(2);
        expect(await page.locator('[data-testid="retention-row"]').last().getByTestId('heat-cell').count()).toBe(1);
        expect(await page.getByTestId('total-players').textContent()).toBe(String(players.reduce((s, n) => s + Number(n.replace(/,/g, '')), 0)));
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-csv').click()]);
        const file = fs.readFileSync((await download.path())!, 'utf8');
        expect(file.charCodeAt(0)).toBe(0xfeff);
        const lines = file.slice(1).trim().split('\r\n');
        expect(lines[0]!.split(',')[0]).toBe(bo['bo.reports.col.week_start']);
        expect(lines.slice(1, -1).map((l) => l.split(',')[0])).toEqual(weeks);
        expect(lines.at(-1)!.split(',')[0]).toBe(bo['bo.reports.totals']);

        // Payments: nothing was paid on this site, so the page says so rather than drawing empty tables.
        await page.goto(localized('/backoffice/reports/payments', locale));
        await page.getByText(bo['bo.empty'], { exact: true }).waitFor();

        // Players: no one bet or deposited on this site, so the filtered list says so; its filters are on the page.
        await page.goto(localized('/backoffice/reports/players', locale));
        await page.locator('select[name="activity"]').waitFor();
        await page.getByText(bo['bo.empty'], { exact: true }).waitFor();

        // Protection: the reality check and the lowered limit, named in the page's language, never as codes.
        await page.goto(localized('/backoffice/reports/protection', locale));
        await page.getByTestId('protection-actions').waitFor();
        const text = await page.getByTestId('protection-actions').innerText();
        expect(text).toContain(bo['bo.code.pevent.reality_check_set']);
        expect(text).toContain(bo['bo.reports.limit.deposit']);
        expect(text).not.toMatch(/reality_check_set|limit_decreased|\bdeposit\b/);
        expect(Number(await page.getByTestId('total-events').textContent())).toBeGreaterThanOrEqual(2);
        await page.locator('[data-testid="protection-chart"] canvas').waitFor();
      } finally {
        await close();
      }
    }, 120_000);
  }
});
