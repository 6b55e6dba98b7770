// The daily summary in a browser, in both languages: an operator opens it, changes the range, sees the chart
// and the table agree day by day, and downloads the CSV (the heading in the page's language, one row a day, the totals).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import fs from 'node:fs';
import { hasChromium, launchBrowser, localized, newContext, registerPlayer, screenshotOnFailure, startServer, type Locale, type Server } from './helpers.ts';
import { boEn } from '../../src/i18n/backoffice-en.ts';
import { boZhTW } from '../../src/i18n/backoffice-zh-TW.ts';
import { formatDecimal } from '../../src/shared/money.ts';
import { DAY_MS, taipeiDate } from '../../src/shared/time.ts';
import { presetRange } from '../../src/islands/backoffice/reports/presets.ts';

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
    const grant = await server.api<{ wallet_id: number }>(
      'POST',
      `/backoffice/players/${me.body.data!.id}/bonus-wallets`,
      { name: 'Report test', amount: '12.34', bonus_bet: '0' },
      operator,
    );
    expect(grant.status).toBe(200);
    // The wallet has no bet target, so the player may move 2.00 of it out to central: a release in the bonuses report.
    expect((await server.api('POST', '/players/depositBonus', { money: '2.00', player_bonus_wallet_id: grant.body.data!.wallet_id }, token)).status).toBe(200);
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
    await context.addInitScript((tok) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', tok);
    }, operator);
    return { page: await context.newPage(), close: () => context.close() };
  }

  it('every report offers the quick ranges in Taipei days, and none reaches past today', async () => {
    screenshotOnFailure('bo-reports-presets');
    const { page, close } = await staffPage();
    const today = taipeiDate(new Date());
    try {
      for (const path of ['', '/retention', '/payments', '/players', '/protection', '/games', '/bonuses', '/liability']) {
        await page.goto(`/en/backoffice/reports${path}`);
        const presets = page.getByTestId('report-presets');
        await presets.waitFor();
        expect(await presets.getByRole('button').allTextContents(), path).toEqual(['Today', 'Yesterday', 'This week', 'Last week', 'This month', 'Last month']);
        for (const name of ['from', 'to']) expect(await page.locator(`input[name="${name}"]`).getAttribute('max'), path).toBe(today);
      }
      // On the daily summary a preset applies at once: last week is seven days, Monday to Sunday.
      await page.goto('/backoffice/reports');
      await page.getByTestId('daily-table').waitFor();
      const lastWeek = presetRange('last_week');
      await page.getByTestId('report-preset-last_week').click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="daily-row"]').length === 7);
      expect(await page.locator('input[name="from"]').inputValue()).toBe(lastWeek.from);
      expect(await page.locator('input[name="to"]').inputValue()).toBe(lastWeek.to);
      expect(await page.getByTestId('report-preset-last_week').getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByTestId('report-preset-last_week').textContent()).toBe('上週');
      expect(new Date(`${lastWeek.from}T00:00:00Z`).getUTCDay()).toBe(1);
      await page.getByTestId('report-preset-today').click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="daily-row"]').length === 1);
      expect(await page.locator('[data-testid="daily-row"] [data-testid="cell-day"]').allTextContents()).toEqual([today]);
      await page.screenshot({ path: '/tmp/bo-reports-presets.png' });
    } finally {
      await close();
    }
  });

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
        // Its headers sort on the server: the most frequent action first, then the fewest, the table staying on screen.
        const eventsHeader = page.locator('[data-testid="protection-actions"] th', { has: page.getByTestId('sort-events') });
        expect(await eventsHeader.getAttribute('aria-sort')).toBe('none');
        await Promise.all([
          page.waitForResponse((r) => r.url().includes('/reports/protection?') && r.url().includes('sort=events') && r.url().includes('order=desc')),
          page.getByTestId('sort-events').click(),
        ]);
        expect(await eventsHeader.getAttribute('aria-sort')).toBe('descending');
        await page.waitForFunction(() => {
          const cells = [...document.querySelectorAll('[data-testid="protection-row"] [data-testid="cell-events"]')].map((c) => Number(c.textContent));
          return cells.length > 0 && cells.every((n, i) => i === 0 || cells[i - 1]! >= n);
        });
        await page.getByTestId('sort-events').click();
        await page.waitForFunction(() => document.querySelector('[data-testid="sort-events"]')?.closest('th')?.getAttribute('aria-sort') === 'ascending');
        await page.waitForFunction(() => {
          const cells = [...document.querySelectorAll('[data-testid="protection-row"] [data-testid="cell-events"]')].map((c) => Number(c.textContent));
          return cells.length > 0 && cells.every((n, i) => i === 0 || cells[i - 1]! <= n);
        });
      } finally {
        await close();
      }
    }, 120_000);
  }
  for (const locale of ['zh-TW', 'en'] as Locale[]) {
    it(`shows the bonuses report (the operator's grant as its cost, sorted by a header from the keyboard) and the dashboard's trends (${locale})`, async () => {
      screenshotOnFailure(`bo-reports-bonuses-${locale}`);
      const bo = locale === 'en' ? boEn : boZhTW;
      const { page, close } = await staffPage();
      try {
        // Reached from the menu, like any report.
        await page.goto(localized('/backoffice/reports', locale));
        await page.getByRole('link', { name: bo['bo.nav.reports/bonuses'], exact: true }).click();
        await page.getByTestId('bonuses-sources').waitFor();
        // The operator's grant of 12.34 (beside what the demo data's promotions paid): its row, the totals row (every row
        // added up), the summary and the chart.
        const row = page
          .getByTestId('bonuses-source-row')
          .filter({ has: page.getByTestId('cell-source').getByText(bo['bo.reports.bonus.source.operator'], { exact: true }) });
        expect(await row.getByTestId('cell-amount').textContent()).toBe('12.34');
        expect(await row.getByTestId('cell-grants').textContent()).toBe('1');
        // The 2.00 the player moved out of that wallet is released under the source that funded it, and in the totals row.
        expect(await row.getByTestId('cell-released').textContent()).toBe('2.00');
        expect(await row.getByTestId('cell-releases').textContent()).toBe('1');
        expect(await page.getByTestId('bonuses-sources-totals').getByTestId('total-source-released').textContent()).toBe('2.00');
        const amounts = (await page.locator('[data-testid="bonuses-source-row"] [data-testid="cell-amount"]').allTextContents()).map((a) =>
          Math.round(Number(a.replace(/,/g, '')) * 100),
        );
        const net = formatDecimal((amounts.reduce((a, b) => a + b, 0) / 100).toFixed(2));
        expect(await page.getByTestId('bonuses-sources-totals').getByTestId('total-amount').textContent()).toBe(net);
        expect(await page.getByTestId('bonuses-net').innerText()).toContain(net);
        const chart = page.getByTestId('bonuses-chart');
        await chart.locator('canvas').waitFor();
        const sources = JSON.parse((await chart.getAttribute('data-labels'))!) as string[];
        expect(JSON.parse((await chart.getAttribute('data-series'))!)[0].values[sources.indexOf(bo['bo.reports.bonus.source.operator'])]).toBe(12.34);
        // The days: thirty of them, today's with the grant among the operators' and in the granted column.
        expect(await page.getByTestId('bonuses-day-row').count()).toBe(30);
        const today = page.getByTestId('bonuses-day-row').last();
        expect(await today.getByTestId('cell-day').textContent()).toBe(taipeiDate(new Date()));
        expect(await today.getByTestId('cell-operator').textContent()).toBe('12.34');
        expect(await page.getByTestId('bonuses-days-totals').getByTestId('total-net').textContent()).toBe(net);
        // The 2.00 moved out of the activity wallet: released, not a cost, in today's row, the totals and the summary.
        expect(await today.getByTestId('cell-released').textContent()).toBe('2.00');
        expect(await today.getByTestId('cell-releases').textContent()).toBe('1');
        expect(await page.getByTestId('bonuses-days-totals').getByTestId('total-released').textContent()).toBe('2.00');
        expect(await page.getByTestId('bonuses-released').innerText()).toContain('2.00');
        if (locale === 'zh-TW') expect(await page.locator('main').innerText()).not.toMatch(/\b(Grants|Players|Amount|Kind|Source|bo\.reports)\b/);

        // Sorting: the amount header is the sorted one; Tab to the grants header and Enter sorts by it, on the server.
        const th = (key: string) => page.locator('[data-testid="bonuses-sources"] th', { has: page.getByTestId(`sort-${key}`) });
        expect(await th('amount').getAttribute('aria-sort')).toBe('descending');
        expect(await th('grants').getAttribute('aria-sort')).toBe('none');
        await page.getByTestId('sort-grants').focus();
        const [answer] = await Promise.all([
          page.waitForResponse((r) => r.url().includes('/reports/bonuses?') && r.url().includes('sort=grants') && r.url().includes('order=desc')),
          page.keyboard.press('Enter'),
        ]);
        expect(answer.status()).toBe(200);
        expect(await th('grants').getAttribute('aria-sort')).toBe('descending');
        expect(await th('amount').getAttribute('aria-sort')).toBe('none');
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => document.querySelector('[data-testid="sort-grants"]')?.closest('th')?.getAttribute('aria-sort') === 'ascending');
        await page.getByTestId('bonuses-source-row').first().waitFor();

        // The sources' CSV: the page's language, a row a source with the grant's among them, then the totals.
        const from = taipeiDate(new Date(Date.now() - 29 * DAY_MS));
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-csv').click()]);
        expect(download.suggestedFilename()).toBe(`bonuses-sources_${from}_${taipeiDate(new Date())}.csv`);
        const lines = fs
          .readFileSync((await download.path())!, 'utf8')
          .slice(1)
          .trim()
          .split('\r\n');
        expect(lines[0]!.split(',')[0]).toBe(bo['bo.reports.bonus.source']);
        expect(lines).toHaveLength(amounts.length + 2);
        // Each row ends with its amount, what its wallets released and how many releases.
        expect(lines[0]!.split(',').slice(-3)).toEqual([bo['bo.reports.bonus.amount'], bo['bo.reports.bonus.released'], bo['bo.reports.bonus.releases']]);
        expect(
          lines
            .find((l) => l.startsWith(`${bo['bo.reports.bonus.source.operator']},`))!
            .split(',')
            .slice(-3),
        ).toEqual(['12.34', '2.00', '1']);
        expect(lines.at(-1)!.split(',')[0]).toBe(bo['bo.reports.totals']);
        expect(formatDecimal(lines.at(-1)!.split(',').at(-3)!)).toBe(net);
        expect(lines.at(-1)!.split(',').slice(-2)).toEqual(['2.00', '1']);

        // The dashboard: the month's line, whose days and NGR are the table's, and the bonuses by kind, the grant among the operators'.
        await page.goto(localized('/backoffice/dashboard', locale));
        const trend = page.getByTestId('dash-trend-chart');
        await trend.locator('canvas').waitFor();
        const labels = JSON.parse((await trend.getAttribute('data-labels'))!) as string[];
        expect(labels).toHaveLength(30);
        expect(labels.at(-1)).toBe(taipeiDate(new Date()));
        await page.getByTestId('dash-trend-table').locator('summary').click();
        expect(await page.getByTestId('dash-trend-row').locator('td:first-child').allTextContents()).toEqual(labels);
        const ngr = (JSON.parse((await trend.getAttribute('data-series'))!) as Array<{ label: string; values: number[] }>).find(
          (x) => x.label === bo['bo.reports.col.ngr'],
        )!;
        expect(ngr.values.map((v) => formatDecimal(v.toFixed(2)))).toEqual(
          await page.locator('[data-testid="dash-trend-row"] [data-testid="cell-ngr"]').allTextContents(),
        );
        const bonuses = page.getByTestId('dash-bonus-chart');
        await bonuses.locator('canvas').waitFor();
        const kinds = JSON.parse((await bonuses.getAttribute('data-labels'))!) as string[];
        const values = JSON.parse((await bonuses.getAttribute('data-series'))!)[0].values as number[];
        expect(values[kinds.indexOf(bo['bo.reports.col.bonus_operator'])]).toBe(12.34);
      } finally {
        await close();
      }
    }, 120_000);
  }
});
