// The system desk in a browser, in both languages, on a desktop and on a 390 px phone: the events tab shows each kind's
// figures with its readable name (a kind the catalogue does not know shows as code, never as bare text on a zh-TW
// page), the dead letters list opens a payload as text and redrives one after the confirmation dialog, and the jobs
// tab lists each job's last run with a job's recent runs below. Screenshots go to /tmp/desk-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, hydrated, launchBrowser, localized, newContext, screenshotOnFailure, startServer, type Locale, type Server } from './helpers.ts';
import { jobRuns, jobSchedules, outboxDeliveries, outboxEvents } from '../../src/server/db/schema.ts';

/** A code as the server stores it: dotted event names, underscored keys, dashed job names. */
const CODE = /\b[a-z][a-z0-9]*[._-][a-z0-9_.-]+\b/;
const MINUTE_MS = 60_000;
/** Far ahead, so a delivery worker or job runner in the server leaves the test's rows alone. */
const LATER = new Date(Date.now() + 24 * 60 * MINUTE_MS);
const PHONE = { width: 390, height: 844 };

describe.skipIf(!hasChromium)('the system desk', () => {
  let server: Server;
  let browser: Browser;
  let operator: string;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('system-desk'), launchBrowser()]);
    operator = await server.operatorToken();
    await server.withDatabase(async ({ db }) => {
      const ago = (ms: number) => new Date(Date.now() - ms);
      const event = async (name: string, payload: object, at: Date) =>
        (await db.insert(outboxEvents).values({ name, payload, createdAt: at }).returning({ id: outboxEvents.id }))[0]!.id;
      const waiting = await event('deposit.credited', { playerId: 1, depositId: 'D1' }, ago(6 * MINUTE_MS));
      await db.insert(outboxDeliveries).values({
        eventId: waiting,
        eventName: 'deposit.credited',
        subscriber: 'vip-evaluation',
        createdAt: ago(6 * MINUTE_MS),
        nextAttemptAt: LATER,
        attempts: 2,
        lastError: 'connect ECONNREFUSED 127.0.0.1:5432',
        lastFailedAt: ago(MINUTE_MS),
      });
      for (const [name, subscriber] of [
        ['deposit.credited', 'promotions-after-deposit'],
        ['deposit.credited', 'promotions-after-deposit'],
        ['some.new_kind', 'new-subscriber'],
      ] as const) {
        const id = await event(name, { playerId: 2, note: '<img src=x onerror=alert(1)>' }, ago(40 * MINUTE_MS));
        await db.insert(outboxDeliveries).values({
          eventId: id,
          eventName: name,
          subscriber,
          status: 'dead',
          attempts: 8,
          lastError: 'promotion budget table missing',
          lastFailedAt: ago(30 * MINUTE_MS),
          nextAttemptAt: LATER,
        });
      }
      await db
        .insert(jobSchedules)
        .values({
          name: 'desk-e2e-job',
          nextRunAt: LATER,
          lastStartedAt: ago(MINUTE_MS),
          lastFinishedAt: ago(MINUTE_MS),
          lastDurationMs: 2_300,
          lastResult: 'failed',
          lastError: 'timeout',
        })
        .onConflictDoNothing();
      await db.insert(jobRuns).values([
        {
          name: 'desk-e2e-job',
          trigger: 'schedule',
          instance: 'host:1',
          startedAt: ago(60 * MINUTE_MS),
          finishedAt: ago(60 * MINUTE_MS),
          durationMs: 800,
          result: 'ok',
        },
        {
          name: 'desk-e2e-job',
          trigger: 'run_now',
          instance: 'host:2',
          startedAt: ago(MINUTE_MS),
          finishedAt: ago(MINUTE_MS),
          durationMs: 2_300,
          result: 'failed',
          error: 'timeout',
        },
      ]);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function deskPage(kind: 'desktop' | 'mobile', locale: Locale): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await newContext(browser, kind, server);
    await context.addInitScript((tk) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', tk);
    }, operator);
    const page = await context.newPage();
    if (kind === 'mobile') await page.setViewportSize(PHONE);
    await page.goto(localized('/backoffice/system-desk', locale));
    await hydrated(page);
    return { page, close: () => context.close() };
  }

  /** The desk's text outside code elements: on a zh-TW page it must hold no code. */
  const plainText = (page: Page) =>
    page.locator('[data-testid="system-desk"]').evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      for (const c of copy.querySelectorAll('code, pre, [data-code]')) c.remove();
      return copy.innerText;
    });

  /**
   * The desk adds no sideways scroll to the page: wide tables scroll inside their own box. (The back-office layout
   * itself is at least 1200 px wide, so a phone shows it zoomed out.)
   */
  const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

  for (const locale of ['zh-TW', 'en'] as const) {
    for (const kind of ['desktop', 'mobile'] as const) {
      it(`shows the events, dead letters and jobs (${locale}, ${kind})`, async () => {
        screenshotOnFailure(`sysdesk-${locale}-${kind}`);
        const { page, close } = await deskPage(kind, locale);
        try {
          const credited = page.locator('[data-testid="sysdesk-kind"][data-event="deposit.credited"]');
          await expect.poll(() => credited.count()).toBe(1);
          expect(await credited.getByTestId('kind-pending').innerText()).toBe('1');
          expect(await credited.getByTestId('kind-failing').innerText()).toBe('1');
          expect(await credited.getByTestId('kind-last-error').innerText()).toContain('ECONNREFUSED');
          expect(await credited.locator('h2').innerText()).toContain(locale === 'en' ? 'Deposit credited' : '存款入帳');
          // A kind the catalogue does not name is shown as code.
          expect(await page.locator('[data-testid="sysdesk-kind"][data-event="some.new_kind"] h2 code').innerText()).toBe('some.new_kind');
          expect(await noSideScroll(page)).toBe(true);
          await page.screenshot({ path: `/tmp/desk-${locale}-${kind}-events.png`, fullPage: true });
          if (locale === 'zh-TW') expect(await plainText(page)).not.toMatch(CODE);

          await page.getByTestId('sysdesk-tab-dead').click();
          await expect.poll(() => page.getByTestId('sysdesk-dead-row').count()).toBeGreaterThan(0);
          const first = page.getByTestId('sysdesk-dead-row').first();
          await first.getByRole('button', { name: locale === 'en' ? 'Show' : '顯示' }).click();
          // The payload's markup is text, not an element.
          expect(await page.getByTestId('sysdesk-payload').first().innerText()).toContain('<img src=x onerror=alert(1)>');
          expect(await page.locator('[data-testid="sysdesk-dead"] img').count()).toBe(0);
          expect(await noSideScroll(page)).toBe(true);
          await page.screenshot({ path: `/tmp/desk-${locale}-${kind}-dead.png`, fullPage: true });
          if (locale === 'zh-TW') expect(await plainText(page)).not.toMatch(CODE);

          await page.getByTestId('sysdesk-tab-jobs').click();
          const job = page.locator('[data-testid="sysdesk-job-row"][data-job="desk-e2e-job"]');
          await expect.poll(() => job.count()).toBe(1);
          expect(await job.locator('[data-result]').first().getAttribute('data-result')).toBe('failed');
          await job.getByRole('button', { name: locale === 'en' ? 'Recent runs' : '執行紀錄' }).click();
          await expect.poll(() => page.getByTestId('sysdesk-run-row').count()).toBe(2);
          expect(await noSideScroll(page)).toBe(true);
          await page.screenshot({ path: `/tmp/desk-${locale}-${kind}-jobs.png`, fullPage: true });
          if (locale === 'zh-TW') expect(await plainText(page)).not.toMatch(CODE);
        } finally {
          await close();
        }
      });
    }
  }

  it('redrives one dead letter after the confirmation, and the list and figures follow', async () => {
    screenshotOnFailure('sysdesk-redrive');
    const { page, close } = await deskPage('desktop', 'zh-TW');
    try {
      const credited = page.locator('[data-testid="sysdesk-kind"][data-event="deposit.credited"]');
      await expect.poll(() => credited.getByTestId('kind-dead').innerText()).toBe('2');
      // The dead count opens the dead letters of that kind.
      await credited.getByTestId('kind-dead').getByRole('button').click();
      await expect.poll(() => page.getByTestId('sysdesk-dead-row').count()).toBe(2);
      expect(await page.getByTestId('sysdesk-dead-kind').inputValue()).toBe('deposit.credited');
      const target = page.getByTestId('sysdesk-dead-row').first();
      const eventId = await target.getAttribute('data-event-id');
      await target.getByTestId('sysdesk-redrive').click();
      // The question names the event by number and kind, in words.
      const question = await page.getByRole('dialog').innerText();
      expect(question).toContain(`${eventId}（存款入帳）`);
      expect(question).not.toMatch(CODE);
      await page.screenshot({ path: '/tmp/desk-zh-TW-desktop-confirm.png' });
      await page.getByRole('dialog').getByTestId('confirm-ok').click();
      await expect.poll(() => page.getByTestId('sysdesk-dead-notice').innerText()).toContain('1');
      await expect.poll(() => page.getByTestId('sysdesk-dead-row').count()).toBe(1);
      expect(await page.locator(`[data-testid="sysdesk-dead-row"][data-event-id="${eventId}"]`).count()).toBe(0);
      await page.screenshot({ path: '/tmp/desk-zh-TW-desktop-redrive.png', fullPage: true });
      const res = await server.api<{ total: number }>('GET', '/backoffice/system-desk/dead-letters?event=deposit.credited', undefined, operator);
      expect(res.body.data?.total).toBe(1);
    } finally {
      await close();
    }
  });
});
