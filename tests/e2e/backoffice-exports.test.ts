// The export centre in a browser, in both languages, on a desktop and on a 390 px phone (where the back office is laid out 1280 px wide and zoomed out): empty before anything is
// exported; the Export button above the deposit queue queues a file and points to the centre; the centre lists each
// export with its grid and format in words, its status, progress bar and row count, downloads a finished file and
// cancels one still waiting. Screenshots go to /tmp/exports-shots/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, hydrated, launchBrowser, localized, newContext, screenshotOnFailure, startServer, type Locale, type Server } from './helpers.ts';

/** A code as the server stores it: dotted or underscored names. */
const CODE = /\b[a-z][a-z0-9]*[._][a-z0-9_.]+\b/;
const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/exports-shots';

describe.skipIf(!hasChromium)('the export centre', () => {
  let server: Server;
  let browser: Browser;
  let operator: string;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('exports'), launchBrowser()]);
    operator = await server.operatorToken();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(kind: 'desktop' | 'mobile', locale: Locale, path: string): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await newContext(browser, kind, server);
    await context.addInitScript((tk) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', tk);
    }, operator);
    const page = await context.newPage();
    if (kind === 'mobile') await page.setViewportSize(PHONE);
    await page.goto(localized(path, locale));
    await hydrated(page);
    return { page, close: () => context.close() };
  }

  const plainText = (page: Page) => page.getByTestId('bo-export-centre').innerText();

  it('is empty before anything is exported', async () => {
    screenshotOnFailure('exports-empty');
    const { page, close } = await open('desktop', 'zh-TW', '/backoffice/exports');
    try {
      await expect.poll(() => page.getByTestId('bo-empty').count()).toBe(1);
      expect(await page.getByTestId('bo-empty').innerText()).toContain('匯出');
      await page.screenshot({ path: `${SHOTS}/empty-zh-TW-desktop.png`, fullPage: true });
    } finally {
      await close();
    }
  });

  it('queues the deposit queue from its Export button and points to the centre', async () => {
    screenshotOnFailure('exports-button');
    const { page, close } = await open('desktop', 'zh-TW', '/backoffice/finance');
    try {
      await page.getByTestId('bo-export-deposits-csv').click();
      const outcome = page.getByTestId('bo-export-outcome');
      await expect.poll(() => outcome.innerText()).toContain('匯出中心');
      await page.screenshot({ path: `${SHOTS}/button-zh-TW-desktop.png` });
      await outcome.getByRole('link').click();
      await page.waitForURL(/\/backoffice\/exports$/);
      await hydrated(page);
      await expect.poll(() => page.locator('[data-testid="bo-export-row"][data-status="done"]').count(), { timeout: 20_000 }).toBe(1);
    } finally {
      await close();
    }
  });

  it('lists exports with their progress, downloads a file and cancels one waiting, in both languages', async () => {
    // An XLSX of the audit log, and one the centre cancels before a worker takes it (queued behind the others).
    expect((await server.api('POST', '/backoffice/exports', { grid: 'audit', format: 'xlsx' }, operator)).status).toBe(200);
    for (const locale of ['zh-TW', 'en'] as const) {
      for (const kind of ['desktop', 'mobile'] as const) {
        screenshotOnFailure(`exports-${locale}-${kind}`);
        const { page, close } = await open(kind, locale, '/backoffice/exports');
        try {
          const item = 'bo-export-row';
          await expect.poll(() => page.locator(`[data-testid="${item}"][data-status="done"]`).count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
          const first = page.getByTestId(item).first();
          expect(await first.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
          expect(await first.getByTestId('bo-export-rows').innerText()).toMatch(/\d/);
          expect(await first.innerText()).toContain(locale === 'en' ? 'Audit log' : '操作紀錄');
          if (locale === 'zh-TW') expect(await plainText(page)).not.toMatch(CODE);
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
          await page.screenshot({ path: `${SHOTS}/list-${locale}-${kind}.png`, fullPage: true });
          if (kind === 'desktop') {
            const [file] = await Promise.all([page.waitForEvent('download'), first.getByTestId('bo-export-download').click()]);
            expect(file.suggestedFilename()).toMatch(/^audit-log_\d{4}-\d{2}-\d{2}_\d+\.xlsx$/);
          }
        } finally {
          await close();
        }
      }
    }
  });

  it('cancels an export after the confirmation', async () => {
    screenshotOnFailure('exports-cancel');
    const { page, close } = await open('mobile', 'en', '/backoffice/exports');
    try {
      // Queued while the page is open: the worker may take it at once, so the test cancels whatever is still open.
      const res = await server.api<{ id: number }>('POST', '/backoffice/exports', { grid: 'deposits', format: 'xlsx', params: { status: 'paid' } }, operator);
      expect(res.status).toBe(200);
      await page.getByTestId('bo-exports-refresh').click();
      const card = page.locator('[data-testid="bo-export-row"]').first();
      const cancel = card.getByTestId('bo-export-cancel');
      if (await cancel.count()) {
        await cancel.click();
        await page.getByRole('dialog').getByTestId('confirm-ok').click();
        await expect.poll(() => page.getByTestId('bo-exports-notice').innerText()).toContain('cancelled');
        await expect.poll(() => card.getAttribute('data-status')).toBe('cancelled');
      } else {
        expect(await card.getAttribute('data-status')).toBe('done');
      }
      await page.screenshot({ path: `${SHOTS}/cancel-en-mobile.png`, fullPage: true });
    } finally {
      await close();
    }
  });
});
