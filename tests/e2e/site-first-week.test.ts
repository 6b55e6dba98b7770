// What a first-week player tripped over (player side), each checked in the browser:
// the red-packet launcher follows a sign-in on the page; the header's 'forgot password' opens the recovery
// dialog on the first click; what a visitor types into the registration form before it is ready survives;
// consultation pictures preview (blob: in the policy), a non-picture named .png is refused by name when chosen,
// and field errors go once the field is filled; the red packet's close button and the session time cover
// nothing; 'points discount' opens the points mall; a refused deposit or game launch opens no tab.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import {
  DEMO,
  PASSWORD,
  clickDialogButton,
  freshAccount,
  freshPhone,
  hasChromium,
  hydrated,
  launchBrowser,
  newContext,
  registerPlayer,
  screenshotOnFailure,
  signedInContext,
  smsCode,
  startServer,
  type Server,
} from './helpers.ts';

/** Rectangles of two sets of elements that overlap (each side visible and with an area), as readable strings. */
async function overlaps(page: Page, subject: string, others: string, ignore = '[data-testid="red-packet-rain"] *'): Promise<string[]> {
  return page.evaluate(
    ([subjectSel, othersSel, ignoreSel]) => {
      const visible = (e: Element) => {
        const r = e.getBoundingClientRect();
        const style = getComputedStyle(e);
        return (
          r.width > 0 &&
          r.height > 0 &&
          style.visibility !== 'hidden' &&
          style.display !== 'none' &&
          r.bottom > 0 &&
          r.right > 0 &&
          r.top < window.innerHeight &&
          r.left < window.innerWidth
        );
      };
      const hits: string[] = [];
      for (const a of document.querySelectorAll(subjectSel)) {
        if (!visible(a)) continue;
        const ra = a.getBoundingClientRect();
        for (const b of document.querySelectorAll(othersSel)) {
          if (b === a || a.contains(b) || b.contains(a) || b.matches(ignoreSel) || !visible(b)) continue;
          const rb = b.getBoundingClientRect();
          const apart = ra.right <= rb.left || rb.right <= ra.left || ra.bottom <= rb.top || rb.bottom <= ra.top;
          if (!apart)
            hits.push(
              `${(a.textContent ?? '').trim().slice(0, 20)} over ${b.tagName} "${(b.textContent ?? b.getAttribute('aria-label') ?? '').trim().slice(0, 20)}"`,
            );
        }
      }
      return hits;
    },
    [subject, others, ignore] as const,
  );
}

describe.skipIf(!hasChromium)('what a first-week player trips over', () => {
  let server: Server;
  let browser: Browser;
  let op: string;
  const saved = process.env.RED_PACKET_TICK_MS;

  beforeAll(async () => {
    process.env.RED_PACKET_TICK_MS = '500';
    [server, browser] = await Promise.all([startServer('site-first-week'), launchBrowser()]);
    op = await server.operatorToken();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (saved === undefined) delete process.env.RED_PACKET_TICK_MS;
    else process.env.RED_PACKET_TICK_MS = saved;
  });

  async function demoToken(): Promise<string> {
    const res = await server.api<{ access_token: string }>('POST', '/auth/login', { account: DEMO.account, password: DEMO.password });
    return res.body.data!.access_token;
  }

  /** Cancels every round, so the pages of later tests carry no rain. */
  async function cancelRounds(): Promise<void> {
    const rounds = await server.api<{ data: Array<{ id: number; status: string }> }>('GET', '/backoffice/red-packets/rounds?pageSize=100', undefined, op);
    for (const r of rounds.body.data!.data.filter((x) => x.status === 'scheduled')) {
      await server.api('POST', `/backoffice/red-packets/rounds/${r.id}/cancel`, undefined, op);
    }
  }

  /** A red-packet round on every page (showPageType 0) from now, once the job has opened it. */
  async function liveRound(): Promise<void> {
    await cancelRounds();
    const res = await server.api(
      'POST',
      '/backoffice/red-packets/rounds',
      {
        title: 'first week',
        title_en: 'first week',
        starts_at: new Date(Date.now() + 1000).toISOString(),
        ends_at: new Date(Date.now() + 20 * 60_000).toISOString(),
        pool: '500.00',
        packet_count: 50,
        min_packet: '5.00',
        max_packet: '15.00',
        min_level: 0,
        lookback_days: 0,
        min_deposit: '0',
        min_valid_bet: '0',
        flow_multiple: 1,
        approval_ceiling: '100.00',
        position: 'right',
        picture_id: null,
        show_page_type: 0,
      },
      op,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expect
      .poll(async () => (await server.api<{ haveRedEnvelope: boolean }>('GET', '/activity/redEnvelope')).body.data?.haveRedEnvelope, { timeout: 20_000 })
      .toBe(true);
  }

  it('a visitor who signs in on the home page during a red-packet round sees it without a reload, and not after signing out', async () => {
    screenshotOnFailure('first-week-redpacket-sign-in');
    await liveRound();
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      await page.goto('/');
      // No hydrated(): it would touch every session island, as a visitor does not.
      const header = page.getByTestId('header-auth');
      await header.locator('input[name="account"]').fill(DEMO.account);
      await header.locator('input[name="password"]').fill(DEMO.password);
      await header.getByRole('button', { name: '登入', exact: true }).click();
      await page.getByTestId('player-strip').waitFor();
      // The page was never reloaded: the round shows for the new session.
      await page.getByTestId('red-packet-rain').waitFor({ state: 'visible', timeout: 15_000 });
      expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

      // Signing out hides it (the page goes home as a visitor).
      await page.getByTestId('sign-out').dispatchEvent('click');
      await clickDialogButton(page, '確定');
      await page.getByTestId('player-strip').waitFor({ state: 'detached' });
      await page.waitForLoadState('load');
      await page.waitForTimeout(1500);
      expect(await page.getByTestId('red-packet').count()).toBe(0);
    } finally {
      await context.close();
      await cancelRounds();
    }
  }, 90_000);

  it("the header's 'forgot password' opens the recovery dialog on the first click, before the header has hydrated", async () => {
    screenshotOnFailure('first-week-forgot');
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      // The header's script waits until the link has been clicked.
      const held: Route[] = [];
      let holding = true;
      await page.route('**/_astro/HeaderAuth*.js', (route) => {
        if (holding) held.push(route);
        else void route.continue();
      });
      await page.goto('/');
      await page.getByTestId('header-forgot').click();
      await expect.poll(() => held.length).toBeGreaterThan(0);
      holding = false;
      for (const r of held) await r.continue();
      await page.getByRole('dialog').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    } finally {
      await context.close();
    }
  });

  it('what a visitor types into the registration form before it is ready is kept, and the registration goes through', async () => {
    screenshotOnFailure('first-week-register-early');
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      // As on a server just started: the form's script arrives after the visitor has begun typing.
      const held: Route[] = [];
      let holding = true;
      await page.route('**/_astro/RegisterForm*.js', (route) => {
        if (holding) held.push(route);
        else void route.continue();
      });
      await page.goto('/register');
      const form = page.getByTestId('register-form');
      const account = freshAccount('fw');
      const phone = freshPhone();
      await form.locator('input[name="account"]').fill(account);
      await form.locator('input[name="password"]').fill(PASSWORD);
      expect(held.length).toBeGreaterThan(0);
      // Not ready yet: the form cannot be sent (it would put the password in the address).
      expect(await form.getByTestId('register-submit').isDisabled()).toBe(true);
      holding = false;
      for (const r of held) await r.continue();
      await hydrated(page);
      await form.locator('input[name="password_confirm"]').fill(PASSWORD);
      await form.locator('input[name="phone"]').fill(phone);
      await form.getByTestId('send-code').click();
      await clickDialogButton(page, '確定');
      await form.locator('input[name="code"]').fill(await smsCode(server, phone));
      await form.locator('input[name="agreement"]').check();
      expect(await form.locator('input[name="account"]').inputValue()).toBe(account);
      expect(await form.locator('input[name="password"]').inputValue()).toBe(PASSWORD);
      await form.getByTestId('register-submit').click();
      await page.getByRole('dialog').getByRole('button', { name: '稍後再說', exact: true }).waitFor();
      expect(await page.getByTestId('error-account').count()).toBe(0);
      const login = await server.api('POST', '/auth/login', { account, password: PASSWORD });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
    } finally {
      await context.close();
    }
  });

  for (const kind of ['desktop', 'mobile'] as const) {
    it(`consultation (${kind}): previews show, a non-picture named .png is refused by name when chosen, field errors go once filled`, async () => {
      screenshotOnFailure(`first-week-consult-${kind}`);
      const p = await registerPlayer(server, 'fc');
      const context = await signedInContext(browser, kind, server, p.token);
      try {
        const page = await context.newPage();
        const violations: string[] = [];
        page.on('console', (m) => {
          if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
        });
        await page.goto(kind === 'desktop' ? '/member/feedback' : '/mobile/f-mine/feedback');
        await hydrated(page);
        const form = page.getByTestId('consult-form');
        await form.getByTestId('consult-submit').click();
        await expect.poll(() => form.getByRole('alert').count(), { timeout: 15_000 }).toBe(2);
        await form.locator('input[name="title"]').fill('Where is my deposit');
        // The title's error goes at once; the details' stays until they are written.
        await expect.poll(() => form.getByRole('alert').count(), { timeout: 15_000 }).toBe(1);
        await form.locator('textarea[name="information"]').fill('It has not arrived.');
        await expect.poll(() => form.getByRole('alert').count(), { timeout: 15_000 }).toBe(0);

        // A text file named like a picture is refused when chosen, by name; a real picture is added beside it.
        const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 80, b: 40 } } })
          .png()
          .toBuffer();
        await page.getByTestId('consult-file').setInputFiles([
          { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('these are not the pixels you are looking for') },
          { name: 'receipt.png', mimeType: 'image/png', buffer: png },
        ]);
        const refused = page.getByTestId('consult-image-error');
        await refused.waitFor();
        expect(await refused.textContent()).toContain('notes.png');
        expect(await refused.textContent()).not.toContain('receipt.png');
        await expect.poll(() => page.getByTestId('consult-preview').count()).toBe(1);
        // The preview really shows: the policy allows blob: pictures.
        await expect
          .poll(() =>
            page
              .getByTestId('consult-preview')
              .locator('img')
              .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
          )
          .toBe(40);
        expect(violations).toEqual([]);

        await form.getByTestId('consult-submit').click();
        await page.waitForURL(/feedback-detail\?id=\d+/);
      } finally {
        await context.close();
      }
    });
  }

  it('the red-packet close button and the session time cover nothing (desktop and phone)', async () => {
    screenshotOnFailure('first-week-placement');
    await liveRound();
    const token = await demoToken();
    const controls = 'a, button, input, [data-testid="game-tile"], [data-testid="platform-tile"]';
    for (const kind of ['desktop', 'mobile'] as const) {
      const context = await signedInContext(browser, kind, server, token);
      try {
        const page = await context.newPage();
        await page.goto(kind === 'desktop' ? '/' : '/mobile/');
        await hydrated(page);
        const close = page.getByTestId('red-packet-close');
        await close.waitFor({ state: 'visible', timeout: 15_000 });
        await page.getByTestId('session-time').waitFor();
        await page.screenshot({ path: `test-results/first-week-placement-${kind}.png` });
        // The header's links (messages and sign out on desktop, the language switch on a phone), the corner pop-up
        // and the phone's tabs stay clear of the close button.
        expect(
          await overlaps(page, '[data-testid="red-packet-close"]', `header a, header button, [data-testid="red-packet-mini"], nav[aria-label="Tabs"]`),
        ).toEqual([]);
        await close.click();
        await page.getByTestId('red-packet-rain').waitFor({ state: 'detached' });

        // The session time sits in the header beside its links, over nothing, wherever the page is scrolled. The
        // phone's header stays at the top (content scrolls under the whole bar), so there only the bar's own
        // links and the tabs are checked.
        const pages = kind === 'desktop' ? ['/', '/preferential-activity/all-preferential'] : ['/mobile/', '/mobile/f-activity/activity-list?mode=0&front=0'];
        const others = kind === 'desktop' ? controls : 'header a, header button, nav[aria-label="Tabs"] a';
        for (const path of pages) {
          await page.goto(path);
          await hydrated(page);
          await page.getByTestId('session-time').waitFor();
          expect(await page.locator('header [data-testid="session-time"]').count(), path).toBe(1);
          for (const at of [0, 0.5, 1]) {
            await page.evaluate((f) => window.scrollTo(0, f * (document.documentElement.scrollHeight - window.innerHeight)), at);
            await page.waitForTimeout(100);
            expect(await overlaps(page, '[data-testid="session-time"]', others, '[data-testid="red-packet"] *'), `${path} at ${at}`).toEqual([]);
          }
        }
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `test-results/first-week-session-time-${kind}.png` });
      } finally {
        await context.close();
      }
    }
    // Later tests start without a round.
    await cancelRounds();
  }, 300_000);

  it('with the session time in the desktop top bar, the signed-in bar keeps one row at 1366 px in both languages', async () => {
    screenshotOnFailure('first-week-top-bar-1366');
    const context = await signedInContext(browser, 'desktop', server, await demoToken());
    try {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1366, height: 800 });
      for (const path of ['/en/', '/']) {
        await page.goto(path);
        await page.getByTestId('player-strip').waitFor();
        await page.locator('[data-testid="top-bar-brand"] [data-testid="session-time"]').waitFor();
        await page.screenshot({
          path: `test-results/first-week-top-bar-1366-${path === '/' ? 'zh-TW' : 'en'}.png`,
          clip: { x: 0, y: 0, width: 1366, height: 140 },
        });
        const sameRow = await page.evaluate(() => {
          const brand = document.querySelector('[data-testid="top-bar-brand"]')!.getBoundingClientRect();
          const strip = document.querySelector('[data-testid="player-strip"]')!.getBoundingClientRect();
          return strip.top < brand.bottom && strip.left >= brand.right;
        });
        expect(sameRow, path).toBe(true);
      }
    } finally {
      await context.close();
    }
  });

  it("the header's 積分優惠 opens the points mall", async () => {
    screenshotOnFailure('first-week-points');
    const context = await signedInContext(browser, 'desktop', server, await demoToken());
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByTestId('main-nav').getByRole('link', { name: '優惠大廳' }).hover();
      await page.getByTestId('preferential-menu').getByRole('link', { name: '積分優惠', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/member/vip-privilege' && u.hash === '#points-mall');
      await hydrated(page);
      await page.getByTestId('mall-points').waitFor();
      await expect.poll(() => page.getByTestId('points-mall').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  /** Counts the tabs a page opens while `act` runs and for a moment after. */
  async function tabsOpened(context: BrowserContext, act: () => Promise<void>): Promise<number> {
    let opened = 0;
    const count = () => {
      opened += 1;
    };
    context.on('page', count);
    try {
      await act();
      await new Promise((r) => setTimeout(r, 1500));
    } finally {
      context.off('page', count);
    }
    return opened;
  }

  const refusal = (message: string) => ({
    status: 403,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ status: 'error', code: 'forbidden', message }),
  });

  it('a refused deposit opens no tab and says why in the page', async () => {
    screenshotOnFailure('first-week-deposit-refused');
    const p = await registerPlayer(server, 'fd');
    const context = await signedInContext(browser, 'desktop', server, p.token);
    try {
      const page = await context.newPage();
      await page.route('**/api/finance/deposit/create', (route) => route.fulfill(refusal('存款暫停中')));
      await page.goto('/member/deposit');
      await hydrated(page);
      await page.getByTestId('method-card').click();
      await page.locator('#deposit-amount').fill('1000');
      const opened = await tabsOpened(context, async () => {
        await page.getByTestId('deposit-submit').click();
        await page.getByText('存款暫停中').waitFor();
      });
      expect(opened).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a refused game launch opens no tab and says why in the page', async () => {
    screenshotOnFailure('first-week-launch-refused');
    const p = await registerPlayer(server, 'fg');
    expect((await server.api('PUT', '/auth/autoTransfer', { auto_transfer: true }, p.token)).status).toBe(200);
    const context = await signedInContext(browser, 'desktop', server, p.token);
    try {
      const page = await context.newPage();
      await page.route('**/api/games/link/**', (route) => route.fulfill(refusal('平台維護中')));
      await page.goto('/egame/game?group=slots');
      await hydrated(page);
      const opened = await tabsOpened(context, async () => {
        await page.locator('[data-testid="game-tile"][data-game="lucky-7"]').click();
        await page.getByRole('dialog').getByText('平台維護中').waitFor();
      });
      expect(opened).toBe(0);
    } finally {
      await context.close();
    }
  });
});
