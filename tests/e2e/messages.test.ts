// Messages and popups in the browser: an operator sends a personal message and the player's
// badge rises without a reload, on desktop and on a phone, and the message reads in the message centre; a popup
// with close_mode 2 closes on Escape and does not come back within its cookie time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO, hasChromium, hydrated, launchBrowser, newContext, screenshotOnFailure, startServer, type Server } from './helpers.ts';

describe.skipIf(!hasChromium)('messages and popups', () => {
  let server: Server;
  let browser: Browser;
  let op: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('messages'), launchBrowser()]);
    op = await server.operatorToken();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Signs the demo player in through the API and opens the page with the token stored, as after a login. */
  async function signedInPage(context: BrowserContext, path: string): Promise<Page> {
    const login = await server.api<{ access_token: string }>('POST', '/auth/login', DEMO);
    expect(login.status).toBe(200);
    const token = login.body.data!.access_token;
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = await context.newPage();
    await page.goto(path);
    await hydrated(page);
    return page;
  }

  async function sendPersonal(title: string): Promise<number> {
    const res = await server.api<{ id: number; recipients: number }>(
      'POST',
      '/backoffice/player-messages',
      {
        kind: 'personal',
        title,
        title_en: `${title} (en)`,
        body: `<p>${title} body</p>`,
        segment: { type: 'accounts', accounts: DEMO.account },
      },
      op,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data!.recipients).toBe(1);
    return res.body.data!.id;
  }

  const count = async (page: Page, testId: string) =>
    Number(
      (await page
        .getByTestId(testId)
        .textContent({ timeout: 1000 })
        .catch(() => '0')) || '0',
    );

  it('desktop: the header badge rises live when an operator sends a personal message, and reading it lowers it', async () => {
    screenshotOnFailure('messages-desktop-badge');
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await signedInPage(context, '/');
      await expect.poll(() => page.getByTestId('header-messages').getAttribute('data-unread'), { timeout: 15_000 }).not.toBeNull();
      // The socket joins the player's room once the session has loaded; give it that moment before sending.
      await page.waitForTimeout(1500);
      const before = Number(await page.getByTestId('header-messages').getAttribute('data-unread'));
      const id = await sendPersonal('即時通知');
      await expect.poll(() => page.getByTestId('header-messages').getAttribute('data-unread'), { timeout: 15_000 }).toBe(String(before + 1));
      expect(await count(page, 'message-badge')).toBe(before + 1);

      await page.goto('/member/message-center?tab=personal');
      await hydrated(page);
      const row = page.locator(`[data-testid="message-list"] li[data-id="${id}"]`);
      await expect.poll(() => row.getAttribute('data-read'), { timeout: 15_000 }).toBe('0');
      await row.locator('a').click();
      await expect.poll(() => page.getByTestId('message-title').textContent(), { timeout: 15_000 }).toBe('即時通知');
      expect(await page.getByTestId('message-body').innerHTML()).toBe('<p>即時通知 body</p>');
      await expect.poll(() => page.getByTestId('header-messages').getAttribute('data-unread'), { timeout: 15_000 }).toBe(String(before));
    } finally {
      await context.close();
    }
  });

  it('mobile: the member tab badge rises live, and the mobile message centre lists the message', async () => {
    screenshotOnFailure('messages-mobile-badge');
    const context = await newContext(browser, 'mobile', server);
    try {
      const page = await signedInPage(context, '/mobile/');
      const tab = page.locator('a[data-tab="mine"]');
      await page.waitForTimeout(2000);
      const before = await count(page, 'mobile-message-badge');
      await sendPersonal('手機通知');
      await expect.poll(() => count(page, 'mobile-message-badge'), { timeout: 15_000 }).toBe(before + 1);
      await expect.poll(() => tab.textContent()).toContain(String(before + 1));

      // Every island of the page hydrates onto the server's HTML: the footer, hydrated late, once drew the badge the
      // message centre had already loaded, and React threw away the page's HTML (error 418).
      const pageErrors: string[] = [];
      page.on('pageerror', (err) => pageErrors.push(err.message));
      await page.goto('/en/mobile/f-message-center/message-center?tab=personal');
      await hydrated(page);
      await expect.poll(() => page.getByTestId('message-list').textContent(), { timeout: 15_000 }).toContain('手機通知 (en)');
      expect(pageErrors).toEqual([]);
      await page.getByTestId('mark-all').click();
      // Personal messages are all read once the mark-all request lands, which the click does not wait for:
      // poll the totals until it has, and the badge is left with the unread system messages only.
      const totals = () =>
        page.evaluate(async () => {
          const res = await fetch('/api/messages/player/list', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
          return (await res.json()).data.totals as { userMessageCount: number; personalMessageCount: number };
        });
      await expect.poll(async () => (await totals()).personalMessageCount, { timeout: 15_000 }).toBe(0);
      const system = await totals();
      await expect.poll(() => count(page, 'mobile-message-badge'), { timeout: 15_000 }).toBe(system.userMessageCount);
    } finally {
      await context.close();
    }
  });

  it('a popup with close_mode 2 closes on Escape and is not shown again within its cookie time', async () => {
    screenshotOnFailure('messages-popup-escape');
    const created = await server.api<{ id: number }>(
      'POST',
      '/backoffice/popups',
      {
        title: '限時公告',
        title_en: 'Notice',
        status: 1,
        sort: 0,
        show_mode: 2,
        show_type: 1,
        close_mode: 2,
        frame_setting: 1,
        page_1_title_color: '#ffffff',
        page_1_header_background: '#1d4ed8',
        page_1_background: '#ffffff',
        page_1_border_color: '#1d4ed8',
        page_1_width: 500,
        page_2_frame_type: 1,
        content_type: 2,
        image: null,
        image_alt: '',
        page_3_redirect_type: 3,
        page_3_redirect: '',
        html_code: '<p>popup body<script>window.__popupScript = 1</script></p>',
        html_code_en: '',
        starts_at: null,
        ends_at: null,
      },
      op,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data!.id;
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      // show_type 1: not on other pages.
      await page.goto('/about');
      await page.waitForTimeout(2500);
      expect(await page.getByTestId('popup-overlay').count()).toBe(0);

      await page.goto('/');
      const overlay = page.getByTestId('popup-overlay');
      await overlay.waitFor({ timeout: 15_000 });
      expect(await overlay.getAttribute('data-popup-id')).toBe(String(id));
      expect(await page.getByTestId('popup-title').textContent()).toBe('限時公告');
      expect(await overlay.textContent()).toContain('popup body');
      expect(await page.evaluate(() => (window as unknown as { __popupScript?: number }).__popupScript)).toBeUndefined();
      await page.keyboard.press('Escape');
      await overlay.waitFor({ state: 'detached', timeout: 5000 });

      // Within the cookie's 60 minutes the popup stays away, also after a reload.
      const cookie = (await context.cookies()).find((c) => c.name === `popup_${id}`);
      expect(cookie).toBeDefined();
      expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(59 * 60_000);
      await page.reload();
      await page.waitForTimeout(3000);
      expect(await page.getByTestId('popup-overlay').count()).toBe(0);

      // Once the cookie is gone (its time is up), the popup shows again.
      await context.clearCookies();
      await page.reload();
      await page.getByTestId('popup-overlay').waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
      await server.api('DELETE', `/backoffice/popups/${id}`, undefined, op);
    }
  });

  it('a popup with close_mode 1 ignores Escape and the backdrop; its close button closes it', async () => {
    screenshotOnFailure('messages-popup-close-mode-1');
    const created = await server.api<{ id: number }>(
      'POST',
      '/backoffice/popups',
      {
        title: 'Must read',
        title_en: '',
        status: 1,
        sort: 0,
        show_mode: 1,
        show_type: 2,
        close_mode: 1,
        frame_setting: 2,
        page_1_title_color: '#ffffff',
        page_1_header_background: '#aa0000',
        page_1_background: '#fffbe6',
        page_1_border_color: '#aa0000',
        page_1_width: 420,
        page_2_frame_type: 2,
        content_type: 2,
        image: null,
        image_alt: '',
        page_3_redirect_type: 3,
        page_3_redirect: '',
        html_code: '<p>deposit info</p>',
        html_code_en: '',
        starts_at: null,
        ends_at: null,
      },
      op,
    );
    expect(created.status).toBe(200);
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      await page.goto('/about');
      const overlay = page.getByTestId('popup-overlay');
      await overlay.waitFor({ timeout: 15_000 });
      await page.keyboard.press('Escape');
      await page.mouse.click(5, 5);
      await page.waitForTimeout(300);
      expect(await overlay.count()).toBe(1);
      await page.getByTestId('popup-close').click();
      await overlay.waitFor({ state: 'detached', timeout: 5000 });
      // show_mode 1: every time.
      await page.reload();
      await page.getByTestId('popup-overlay').waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
      await server.api('DELETE', `/backoffice/popups/${created.body.data!.id}`, undefined, op);
    }
  });
});
