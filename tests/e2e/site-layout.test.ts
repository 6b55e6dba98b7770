// Words and layout in a browser: register focus stays in the form, declining the deposit question goes back
// where the player came from, no sign-up invitations for signed-in players, nav labels, targets and
// highlighting agree, logged-out member pages say what they are for, and the header clock
// writes its text only when it changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  DEMO,
  freshAccount,
  freshPhone,
  hasChromium,
  hydrated,
  launchBrowser,
  localized,
  newContext,
  registerThroughForm,
  screenshotOnFailure,
  startServer,
  type Server,
} from './helpers.ts';

describe.skipIf(!hasChromium)('words and layout', () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('site-layout'), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("register (zh-TW): a submit with errors focuses the form's own field, not the header's login box", async () => {
    screenshotOnFailure('ux-register-focus');
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      await page.goto(localized('/register', 'zh-TW'));
      await hydrated(page);
      await page.getByTestId('register-submit').click();
      await expect
        .poll(() =>
          page.evaluate(() => {
            const el = document.activeElement;
            return el ? `${el.closest('[data-testid="register-form"]') ? 'form' : 'elsewhere'}:${el.getAttribute('name')}` : 'none';
          }),
        )
        .toBe('form:account');
    } finally {
      await context.close();
    }
  });

  it('register (en): declining the deposit question goes back to the page the player came from, signed in', async () => {
    screenshotOnFailure('ux-register-decline');
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      await page.goto(localized('/about', 'en'));
      await hydrated(page);
      await page.getByTestId('footer-sign-up').getByRole('link').click();
      await page.waitForURL((u) => u.pathname === '/en/register');
      const who = { account: freshAccount('ux'), phone: freshPhone() };
      await registerThroughForm(page, server, 'en', who);
      await page.waitForURL((u) => u.pathname === '/en/about');
      await expect.poll(() => page.getByTestId('header-account').textContent(), { timeout: 15_000 }).toBe(who.account);
    } finally {
      await context.close();
    }
  });

  it('home (zh-TW and en): sign-up invitations show to visitors only', async () => {
    screenshotOnFailure('ux-sign-up-hidden');
    const visitor = await newContext(browser, 'desktop', server);
    try {
      const page = await visitor.newPage();
      await page.goto(localized('/', 'zh-TW'));
      await hydrated(page);
      expect(await page.getByTestId('hero-sign-up').isVisible()).toBe(true);
      expect(await page.getByTestId('footer-sign-up').isVisible()).toBe(true);
    } finally {
      await visitor.close();
    }
    const res = await server.api<{ access_token: string }>('POST', '/auth/login', { account: DEMO.account, password: DEMO.password, rememberAccount: false });
    const context = await newContext(browser, 'desktop', server);
    await context.addInitScript((tk) => {
      try {
        localStorage.setItem('token', tk);
      } catch {
        /* about:blank */
      }
    }, res.body.data!.access_token);
    try {
      const page = await context.newPage();
      for (const locale of ['zh-TW', 'en'] as const) {
        await page.goto(localized('/', locale));
        await hydrated(page);
        expect(await page.getByTestId('hero-sign-up').isVisible()).toBe(false);
        expect(await page.getByTestId('footer-sign-up').isVisible()).toBe(false);
      }
    } finally {
      await context.close();
    }
  });

  it('main nav (zh-TW): each item opens its own lobby and only that lobby highlights it', async () => {
    screenshotOnFailure('ux-nav');
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      await page.goto(localized('/', 'zh-TW'));
      const hrefs = await page
        .getByTestId('main-nav')
        .locator(':scope > ul > li > a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      // No lobby is reached from two items.
      expect(new Set(hrefs).size).toBe(hrefs.length);
      for (const [group, label] of [
        ['lottery', '彩票遊戲'],
        ['cards', '棋牌遊戲'],
        ['fish', '捕魚機'],
        ['slots', '老虎機'],
      ] as const) {
        await page.goto(`/egame/game?group=${group}`);
        const current = page.getByTestId('main-nav').locator('a[aria-current="page"]');
        expect(await current.count()).toBe(1);
        expect(await current.getAttribute('href')).toBe(`/egame/game?group=${group}`);
        expect((await current.textContent())?.trim()).toBe(label);
      }
    } finally {
      await context.close();
    }
  });

  it('back office settings (zh-TW and en): every setting is labelled and explained; the screen says which deposit methods are off and why', async () => {
    screenshotOnFailure('ux-bo-settings');
    const token = await server.operatorToken();
    const context = await newContext(browser, 'desktop', server);
    await context.addInitScript((tk) => {
      try {
        localStorage.setItem('bo_token', tk);
      } catch {
        /* about:blank */
      }
    }, token);
    try {
      const page = await context.newPage();
      for (const [path, label, off] of [
        ['/backoffice/settings', '收款帳號', '銀行轉帳：尚未設定收款帳號，因此關閉。'],
        ['/en/backoffice/settings', 'Receiving account number', 'Bank transfer: off until the receiving account number is set.'],
      ] as const) {
        await page.goto(path);
        const form = page.getByTestId('bo-settings');
        await form.waitFor({ timeout: 15_000 });
        expect(await page.locator('label[for="setting-receiving_bank_account"]').textContent()).toContain(label);
        // Every setting has an explanation.
        const inputs = await form.locator('[data-setting]').count();
        expect(await form.locator('[data-testid^="setting-help-"]').count()).toBe(inputs);
        await expect.poll(() => page.getByTestId('methods-off').textContent()).toContain(off);
      }
      // Typing a receiving account switches bank transfer on, on screen at once.
      await page.locator('#setting-receiving_bank_account').fill('004100200300');
      await expect.poll(() => page.locator('[data-testid="methods-off"] [data-off="bank_transfer"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('desktop header at 1366 px (en and zh-TW): one row each, and the login placeholders fit their boxes', async () => {
    screenshotOnFailure('ux-header-1366');
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    try {
      const page = await context.newPage();
      for (const locale of ['en', 'zh-TW'] as const) {
        await page.goto(`${server.url}${localized('/', locale)}`);
        await hydrated(page);
        await page.screenshot({ path: `test-results/ux-header-1366-${locale}.png`, clip: { x: 0, y: 0, width: 1366, height: 140 } });
        const rows = await page.evaluate(() => {
          const tops = (sel: string) =>
            new Set([...document.querySelectorAll<HTMLElement>(sel)].filter((e) => e.offsetParent).map((e) => Math.round(e.getBoundingClientRect().top))).size;
          const brand = document.querySelector('[data-testid="top-bar-brand"]')!.getBoundingClientRect();
          const auth = document.querySelector('[data-testid="header-auth"]')!.getBoundingClientRect();
          // The login form sits beside the brand block, not under it.
          return { nav: tops('[data-testid="main-nav"] > ul > li'), auth: auth.top < brand.bottom && auth.left >= brand.right ? 1 : 2 };
        });
        expect(rows, locale).toEqual({ nav: 1, auth: 1 });
        // Each placeholder's text fits inside its input.
        const cut = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLInputElement>('[data-testid="header-auth"] input[placeholder]')]
            .filter((input) => {
              const style = getComputedStyle(input);
              const ctx = document.createElement('canvas').getContext('2d')!;
              ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
              const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
              return ctx.measureText(input.placeholder).width > room + 1;
            })
            .map((i) => i.placeholder),
        );
        expect(cut, locale).toEqual([]);
      }
      // Signed in, the account strip (level, avatar, account, balance and six links) stays on the brand's row too.
      const login = await server.api<{ access_token: string }>('POST', '/auth/login', { account: DEMO.account, password: DEMO.password });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      await page.evaluate((token) => localStorage.setItem('token', token), login.body.data!.access_token);
      for (const locale of ['en', 'zh-TW'] as const) {
        await page.goto(`${server.url}${localized('/', locale)}`);
        await page.getByTestId('player-strip').waitFor();
        await page.screenshot({ path: `test-results/ux-header-1366-signed-in-${locale}.png`, clip: { x: 0, y: 0, width: 1366, height: 140 } });
        const sameRow = await page.evaluate(() => {
          const brand = document.querySelector('[data-testid="top-bar-brand"]')!.getBoundingClientRect();
          const strip = document.querySelector('[data-testid="player-strip"]')!.getBoundingClientRect();
          return strip.top < brand.bottom && strip.left >= brand.right;
        });
        expect(sameRow, `signed-in strip beside the brand (${locale})`).toBe(true);
      }
    } finally {
      await context.close();
    }
  });

  it('mobile (zh-TW and en): info pages opened from the mobile home keep the mobile layout with the same content', async () => {
    screenshotOnFailure('ux-mobile-info');
    const context = await newContext(browser, 'mobile', server);
    try {
      const page = await context.newPage();
      for (const locale of ['zh-TW', 'en'] as const) {
        await page.goto(localized('/mobile/', locale));
        const link = page.locator('a[href*="f-info/info?page=about"]').first();
        await link.click();
        await page.getByTestId('mobile-info').waitFor();
        // The mobile frame: the bottom tabs are there, the desktop main nav is not.
        expect(await page.getByTestId('main-nav').count()).toBe(0);
        expect(await page.locator('nav a[href$="/mobile/f-mine/mine"], nav a[href*="f-mine/mine"]').count()).toBeGreaterThan(0);
        // The same words as the desktop page.
        const title = await page.locator('[data-testid="mobile-info"] h1').textContent();
        const desktop = await context.newPage();
        await desktop.goto(localized('/about', locale));
        expect((await desktop.locator('article h1').textContent())?.trim()).toBe(title?.trim());
        await desktop.close();
      }
    } finally {
      await context.close();
    }
  });

  it('logged-out member pages (zh-TW and en) say what each page is for', async () => {
    screenshotOnFailure('ux-login-words');
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      const cases = [
        ['/member/bet-record', 'wallet-login-prompt', '請先登入以查看您的投注紀錄。', 'Please log in to see your bet records.'],
        ['/member/user-info', 'cashier-login-needed', '請先登入以查看及編輯您的個人資料。', 'Please log in to see and edit your personal info.'],
      ] as const;
      for (const [path, testId, zh, en] of cases) {
        for (const [locale, text] of [
          ['zh-TW', zh],
          ['en', en],
        ] as const) {
          await page.goto(localized(path, locale));
          await hydrated(page);
          await expect.poll(() => page.getByTestId(testId).first().textContent(), { timeout: 15_000 }).toContain(text);
        }
      }
    } finally {
      await context.close();
    }
  });
  it('header clock (zh-TW): GMT+8 with a Chinese weekday, ticking every 200 ms but writing its text once a second', async () => {
    screenshotOnFailure('ux-header-clock');
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      // Saturday 2026-11-28 23:59:58.500 in Taipei, so two seconds later the date and weekday have turned over too.
      // The page's clock runs from a minute before while the page loads, then stops there.
      const at = Date.parse('2026-11-28T15:59:58.500Z');
      await page.clock.install({ time: at - 60_000 });
      await page.goto(localized('/about', 'zh-TW'));
      await page.clock.pauseAt(at);
      const clock = page.locator('#gmt8-clock');
      await expect.poll(() => clock.textContent()).toBe('2026/11/28 23:59:58 (GMT+8) 星期六');
      await page.evaluate(() => {
        const w = window as unknown as { clockWrites: number };
        w.clockWrites = 0;
        new MutationObserver((records) => {
          w.clockWrites += records.length;
        }).observe(document.getElementById('gmt8-clock')!, { childList: true, characterData: true, subtree: true });
      });
      // Ten ticks of 200 ms over two seconds; the text changes twice, so it is written twice.
      await page.clock.runFor(2_000);
      expect(await clock.textContent()).toBe('2026/11/29 00:00:00 (GMT+8) 星期日');
      expect(await page.evaluate(() => (window as unknown as { clockWrites: number }).clockWrites)).toBe(2);
    } finally {
      await context.close();
    }
  });
});
