// A convenience-store code deposit through the AIO-format gateway, in the browser, on desktop and on a phone, in both
// languages: the player picks the store code, sees the method's limit, types an amount and submits; the browser posts
// the signed checkout form to the gateway's stand-in, whose page shows the code; back on the site the order shows the
// same code with its expiry, a copy button and the instructions. The store collects the payment (the stand-in's
// switch), the paid notice credits the order, and the page turns to paid without a reload. Ends with the ledger check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import path from 'node:path';
import { startSim, type Sim } from '../../sim/server.ts';
import {
  RESULTS_DIR,
  hasChromium,
  hydrated,
  launchBrowser,
  localized,
  newContext,
  registerPlayer,
  screenshotOnFailure,
  signedInContext,
  startServer,
  type Locale,
  type Server,
} from './helpers.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';

const WORDS = {
  'zh-TW': { range: '單筆存款 100.00 至 6,000.00', title: '超商代碼繳費', expires: (time: string) => `請於 ${time} 前繳費` },
  en: { range: 'Single deposit 100.00 to 6,000.00', title: 'Pay at a convenience store', expires: (time: string) => `Pay before ${time}` },
} as const;

describe.skipIf(!hasChromium)('convenience-store code deposits through the AIO-format gateway', () => {
  let sim: Sim;
  let server: Server;
  let browser: Browser;
  const env = { PAYMENT_GATEWAY_DIALECT: 'aio', AIO_RECONCILE_INTERVAL_MS: '0' };

  beforeAll(async () => {
    sim = await startSim({ port: 0, settleTickMs: 0, aio: { resendMs: [200, 200, 200, 200] } });
    process.env.GAME_PROVIDER_URL = sim.url;
    process.env.AIO_GATEWAY_URL = `${sim.url}/aio`;
    Object.assign(process.env, env);
    [server, browser] = await Promise.all([startServer('cashier-aio'), launchBrowser()]);
  });
  afterAll(async () => {
    delete process.env.GAME_PROVIDER_URL;
    delete process.env.AIO_GATEWAY_URL;
    for (const k of Object.keys(env)) delete process.env[k];
    await browser?.close();
    await server?.stop();
    await sim?.close();
  });

  const pay = (merchantTradeNo: string) =>
    fetch(`${sim.url}/sim/aio/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ merchantTradeNo }) }).then((r) =>
      r.json(),
    );

  async function openLive(page: Page, route: string): Promise<void> {
    const socketReady = page
      .waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/'), timeout: 30_000 })
      .then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).startsWith('40'), timeout: 30_000 }));
    await page.goto(route);
    await hydrated(page);
    await socketReady;
  }

  const cases: Array<{ kind: 'desktop' | 'mobile'; locale: Locale; route: string; back: string }> = [
    { kind: 'desktop', locale: 'zh-TW', route: '/member/deposit', back: '/member/deposit' },
    { kind: 'desktop', locale: 'en', route: '/member/deposit', back: '/en/member/deposit' },
    { kind: 'mobile', locale: 'zh-TW', route: '/mobile/f-wallet/deposit', back: '/mobile/f-wallet/deposit' },
    { kind: 'mobile', locale: 'en', route: '/mobile/f-wallet/deposit', back: '/en/mobile/f-wallet/deposit' },
  ];

  for (const c of cases) {
    it(`shows the store code with its expiry and credits the payment (${c.kind}, ${c.locale})`, async () => {
      screenshotOnFailure(`aio-cvs-${c.kind}-${c.locale}`);
      const player = await registerPlayer(server, 'ac');
      const context = await signedInContext(browser, c.kind, server, player.token);
      try {
        const page = await context.newPage();
        await openLive(page, localized(c.route, c.locale));
        await page.getByTestId('method-cvs').click();
        // The dialect's limit for store codes (6,000 at a personal merchant) is the one shown.
        await expect.poll(() => page.getByTestId('deposit-range').textContent()).toContain(WORDS[c.locale].range);
        await page.locator('#deposit-amount').fill('1500');
        await page.getByTestId('deposit-submit').click();

        // The browser posted the checkout form to the gateway, whose page shows the code.
        await page.waitForURL((u) => u.pathname === '/aio/Cashier/AioCheckOut/V5', { timeout: 30_000 });
        const code = (await page.getByTestId('aio-code').textContent())!.trim();
        expect(code).toMatch(/^LLL\d{8}$/);
        // The gateway's expiry (Taiwan time, yyyy/MM/dd HH:mm:ss) is the one the site shows with the code.
        const expires = (await page.getByTestId('aio-expires').textContent())!.trim().replace(/\//g, '-');
        await page.getByTestId('aio-back').click();
        await page.waitForURL((u) => u.pathname === c.back && u.searchParams.get('type') === '1', { timeout: 30_000 });
        await hydrated(page);

        const panel = page.getByTestId('payment-code');
        await expect.poll(() => page.getByTestId('cvs-code').textContent(), { timeout: 30_000 }).toBe(code);
        expect((await page.getByTestId('code-expires').textContent())!.trim()).toBe(WORDS[c.locale].expires(expires));
        expect(await page.getByTestId('cvs-code-copy').count()).toBe(1);
        expect(await page.getByTestId('deposit-order').locator('h2').textContent()).toBe(WORDS[c.locale].title);
        if (c.locale === 'zh-TW') expect(await panel.textContent()).not.toMatch(/[A-Za-z]{3,}(?<!LLL)/);
        await page.screenshot({ path: path.join(RESULTS_DIR, `aio-cvs-code-${c.kind}-${c.locale}.png`), fullPage: true });

        const id = (await page.getByTestId('deposit-order-id').textContent())!.trim();
        await pay(id);
        await expect.poll(() => page.getByTestId('deposit-order').getAttribute('data-status'), { timeout: 30_000 }).toBe('paid');
        await page.screenshot({ path: path.join(RESULTS_DIR, `aio-cvs-paid-${c.kind}-${c.locale}.png`), fullPage: true });
      } finally {
        await context.close();
      }
    });
  }

  it("lists each order's notices and their outcomes on the finance desk", async () => {
    const res = await server.api<{ data: Array<{ gateway: string; state: string; outcome: string }> }>(
      'GET',
      '/backoffice/finance/callbacks?page=1&pageSize=50',
      undefined,
      await server.operatorToken(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const aio = res.body.data!.data.filter((n) => n.gateway === 'aio');
    expect(aio.filter((n) => n.outcome === 'code_issued')).toHaveLength(cases.length);
    expect(aio.filter((n) => n.outcome === 'credited')).toHaveLength(cases.length);

    // In the back office: one order's notices, each with its outcome in words.
    const order = (aio.find((n) => n.outcome === 'credited') as { order_id?: string } | undefined)?.order_id ?? '';
    const context = await newContext(browser, 'desktop', server);
    try {
      await context.addInitScript(
        (token) => {
          if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', token);
        },
        await server.operatorToken(),
      );
      const page = await context.newPage();
      await page.goto('/backoffice/finance?tab=callbacks');
      await hydrated(page);
      await page.getByPlaceholder('存款單號').fill(order);
      await page.getByPlaceholder('存款單號').press('Enter');
      await expect.poll(() => page.getByTestId('callback-outcome').count(), { timeout: 15_000 }).toBe(2);
      expect(await page.getByTestId('callback-outcome').allTextContents()).toEqual(['已入帳', '已取得繳費代碼']);
      await page.screenshot({ path: path.join(RESULTS_DIR, 'aio-finance-notices.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('leaves the ledger balanced', async () => {
    // The embedded database belongs to the server process alone; PostgreSQL is shared.
    if (!server.databaseUrl) return;
    const database = await openDatabase({ url: server.databaseUrl });
    try {
      expect(await checkLedger(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
