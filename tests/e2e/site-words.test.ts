// First-week fixes in the browser: the time-out asks in the site's own dialog and answers in Chinese on
// the zh-TW page; points and the VIP tables show comma thousands (SPEC.md section 9) on the player site and in the
// back office; trailing-slash twins redirect to the one address pages name as canonical, the language switch links
// that address, and a malformed URL shows the site's error page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, hydrated, launchBrowser, newContext, registerPlayer, screenshotOnFailure, signedInContext, startServer, type Server } from './helpers.ts';

/** A number of four or more digits written without separators, as a screen must never show one. */
const RAW_NUMBER = /(?<![\d,.])\d{4,}(?![\d,])/;

describe.skipIf(!hasChromium)('site words and numbers', () => {
  let server: Server;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('site-words'), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Fails the test if the page opens the browser's own alert, confirm or prompt. */
  function refuseBrowserDialogs(page: Page, seen: string[]): void {
    page.on('dialog', (d) => {
      seen.push(`${d.type()}: ${d.message()}`);
      void d.dismiss();
    });
  }

  it("a time-out on the zh-TW protection page asks in the site's dialog and answers in Chinese", async () => {
    screenshotOnFailure('site-words-timeout');
    const p = await registerPlayer(server, 'sw');
    const context = await signedInContext(browser, 'desktop', server, p.token);
    try {
      const page = await context.newPage();
      const browserDialogs: string[] = [];
      refuseBrowserDialogs(page, browserDialogs);
      await page.goto('/member/protection');
      await hydrated(page);
      await page.getByTestId('timeout-start').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('確定要暫停遊戲 24 小時嗎？');
      await dialog.getByRole('button', { name: '確定', exact: true }).click();
      await expect.poll(() => page.getByTestId('protection-message').textContent()).toBe('已開始暫停遊戲');
      await page.getByTestId('restricted-banner').waitFor();
      expect(browserDialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('points and the VIP tables show comma thousands, on the player site and in the back office', async () => {
    screenshotOnFailure('site-words-numbers');
    const p = await registerPlayer(server, 'sw');
    const operator = await server.operatorToken();
    const lookup = await server.api<{ id: number }>('GET', `/backoffice/players/lookup?account=${p.account}`, undefined, operator);
    const id = lookup.body.data!.id;
    const granted = await fetch(`${server.url}/api/backoffice/vip/players/${id}/points`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json', 'idempotency-key': `site-words-points-${id}` },
      body: JSON.stringify({ points: 100000, reason: 'site words e2e' }),
    });
    expect(granted.status, await granted.text()).toBe(200);

    const context = await signedInContext(browser, 'desktop', server, p.token);
    try {
      const page = await context.newPage();
      await page.goto('/member/vip-privilege');
      await hydrated(page);
      const mall = page.getByTestId('points-mall');
      await mall.scrollIntoViewIfNeeded();
      await expect.poll(() => page.getByTestId('mall-points').textContent(), { timeout: 45_000 }).toBe('100,000');
      await page.goto('/member/vip-privilege-detail');
      await hydrated(page);
      const table = page.getByTestId('vip-table');
      await table.waitFor();
      const cells = await table.locator('td').allTextContents();
      expect(cells.length).toBeGreaterThan(10);
      expect(cells.filter((c) => RAW_NUMBER.test(c))).toEqual([]);
      expect(cells.some((c) => /\d,\d{3}/.test(c))).toBe(true);
    } finally {
      await context.close();
    }

    const office = await newContext(browser, 'desktop', server);
    await office.addInitScript((token) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', token);
    }, operator);
    try {
      const page = await office.newPage();
      await page.goto('/backoffice/vip');
      const levels = page.getByTestId('bo-vip-levels');
      await levels.waitFor();
      const cells = await levels.locator('td').allTextContents();
      expect(cells.filter((c) => RAW_NUMBER.test(c))).toEqual([]);
      expect(cells.some((c) => /\d,\d{3}\.\d\d/.test(c))).toBe(true);
      await page.goto(`/backoffice/player?id=${id}`);
      await expect.poll(() => page.getByTestId('bo-player-points').textContent(), { timeout: 15_000 }).toBe('100,000');
    } finally {
      await office.close();
    }
  });

  it('trailing-slash twins redirect to the canonical address, which pages and the language switch name', async () => {
    for (const [twin, canonical] of [
      ['/register/', '/register'],
      ['/en/about/', '/en/about'],
      ['/mobile', '/mobile/'],
      ['/about/?x=1', '/about?x=1'],
    ]) {
      const res = await fetch(server.url + twin, { redirect: 'manual' });
      expect(res.status, twin).toBe(301);
      expect(res.headers.get('location'), twin).toBe(canonical);
    }
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      for (const [path, other] of [
        ['/about', '/en/about'],
        ['/en/register', '/register'],
      ]) {
        await page.goto(path);
        expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(path);
        const links = await page.locator('a[data-lang-link]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        expect(links).toContain(other);
        for (const href of links) expect(href, path).not.toMatch(/.\/(\?|$)/);
      }
      // A URL that cannot be decoded shows the site's own not-found page, in the language of its path.
      const bad = await page.goto('/en/%E0%A4%A');
      expect(bad?.status()).toBe(404);
      expect(await page.getByTestId('error-title').textContent()).toBe('This page could not be found');
      const api = await fetch(`${server.url}/api/x/%zz`, { headers: { 'x-locale': 'zh-TW' } });
      expect(api.status).toBe(400);
      expect(await api.json()).toMatchObject({ status: 'error', code: 'bad_request' });
    } finally {
      await context.close();
    }
  });
});
