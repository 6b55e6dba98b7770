// USDT on TRON in the browser, on desktop and on a phone, in both languages: the player opens the deposit form, picks
// USDT and reads their own address with its QR code, the minimum and the rate; USDT sent to it on TronGrid's stand-in
// appears at once, counts its confirmations as blocks come, and is credited at the 19th, the balance changing without
// a reload. The finance desk's USDT tab lists it as credited. Ends with the ledger check of the server's database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSim, type Sim } from '../../sim/server.ts';
import {
  hasChromium,
  hydrated,
  launchBrowser,
  localized,
  registerPlayer,
  screenshotOnFailure,
  signedInContext,
  startServer,
  type Locale,
  type Server,
} from './helpers.ts';
import { RESULTS_DIR } from './helpers.ts';
import path from 'node:path';
import { checkLedger } from '../../src/server/ledger/check.ts';

// BIP-32 test vector 1's m/0H: a public test key, never one to receive real money.
const XPUB = 'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw';
const WORDS = {
  'zh-TW': { confirming: '確認中', credited: '已入帳', min: '最低 10.00 USDT（約 320.00 元）', nineteen: '確認數 19 / 19' },
  en: { confirming: 'Confirming', credited: 'Credited', min: 'Minimum 10.00 USDT (about 320.00 TWD)', nineteen: '19 / 19 confirmations' },
} as const;

describe.skipIf(!hasChromium)('USDT deposits on TRON', () => {
  let sim: Sim;
  let server: Server;
  let browser: Browser;
  const env = { TRON_XPUB: XPUB, TRON_WATCH_INTERVAL_MS: '300', TRON_API_RPS: '100' };

  beforeAll(async () => {
    // Blocks are made by the test, so each confirmation is one the test asked for.
    sim = await startSim({ port: 0, tron: { blockIntervalMs: 0, rateLimitPerSec: 1000 } });
    process.env.GAME_PROVIDER_URL = sim.url;
    Object.assign(process.env, env);
    [server, browser] = await Promise.all([startServer('cashier-usdt'), launchBrowser()]);
    const rate = await server.api('PUT', '/backoffice/finance/usdt/rate', { rate: '32', min_usdt: '10' }, await server.operatorToken());
    expect(rate.status, JSON.stringify(rate.body)).toBe(200);
  });
  afterAll(async () => {
    delete process.env.GAME_PROVIDER_URL;
    for (const k of Object.keys(env)) delete process.env[k];
    await browser?.close();
    await server?.stop();
    await sim?.close();
  });

  const control = (route: string, body: unknown) =>
    fetch(`${sim.url}/sim/tron/${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      (r) => r.json() as Promise<{ txid: string }>,
    );

  /** Opens the page and waits for its realtime socket's connect acknowledgement, so no event is missed. */
  async function openLive(page: Page, route: string): Promise<void> {
    const socketReady = page
      .waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/'), timeout: 30_000 })
      .then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).startsWith('40'), timeout: 30_000 }));
    await page.goto(route);
    await hydrated(page);
    await socketReady;
  }

  const cases: Array<{ kind: 'desktop' | 'mobile'; locale: Locale; route: string; balance: string }> = [
    { kind: 'desktop', locale: 'zh-TW', route: '/member/deposit', balance: 'header-balance' },
    { kind: 'desktop', locale: 'en', route: '/member/deposit', balance: 'header-balance' },
    { kind: 'mobile', locale: 'zh-TW', route: '/mobile/f-wallet/deposit', balance: 'deposit-balance' },
    { kind: 'mobile', locale: 'en', route: '/mobile/f-wallet/deposit', balance: 'deposit-balance' },
  ];

  for (const c of cases) {
    it(`shows the address, then the transfer arriving, its confirmations and the credit (${c.kind}, ${c.locale})`, async () => {
      screenshotOnFailure(`usdt-${c.kind}-${c.locale}`);
      const player = await registerPlayer(server, 'ut');
      const context = await signedInContext(browser, c.kind, server, player.token);
      try {
        const page = await context.newPage();
        await openLive(page, localized(c.route, c.locale));
        await page.getByTestId('method-usdt').click();
        const address = (await page.getByTestId('usdt-address-text').textContent())!.trim();
        expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
        expect(await page.getByTestId('usdt-min').textContent()).toBe(WORDS[c.locale].min);
        expect(await page.locator('[data-testid="usdt-address"] img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
        // No amount to type and no order to submit: the player just sends.
        expect(await page.getByTestId('deposit-submit').count()).toBe(0);
        await page.screenshot({ path: path.join(RESULTS_DIR, `usdt-address-${c.kind}-${c.locale}.png`), fullPage: true });

        const sent = await control('transfers', { transfers: [{ to: address, value: '25000000' }] });
        await control('blocks', { count: 1 });
        const row = page.locator(`[data-testid="usdt-transfer"][data-txid="${sent.txid}"]`);
        await expect.poll(() => row.getAttribute('data-outcome'), { timeout: 30_000 }).toBe('confirming');
        expect(await row.getByTestId('usdt-transfer-outcome').textContent()).toBe(WORDS[c.locale].confirming);
        await control('blocks', { count: 9 });
        await expect.poll(() => row.getByTestId('usdt-confirmations').textContent(), { timeout: 30_000 }).toContain('10');
        await page.screenshot({ path: path.join(RESULTS_DIR, `usdt-confirming-${c.kind}-${c.locale}.png`), fullPage: true });
        await control('blocks', { count: 9 });
        await expect.poll(() => row.getAttribute('data-outcome'), { timeout: 30_000 }).toBe('credited');
        expect(await row.getByTestId('usdt-transfer-outcome').textContent()).toBe(WORDS[c.locale].credited);
        // 25 USDT at 32 TWD, credited without a reload.
        await expect.poll(() => page.getByTestId(c.balance).textContent(), { timeout: 30_000 }).toBe('800.00');
        await page.screenshot({ path: path.join(RESULTS_DIR, `usdt-credited-${c.kind}-${c.locale}.png`), fullPage: true });
        if (c.locale === 'zh-TW') expect(await page.getByTestId('usdt-transfers').textContent()).not.toMatch(/confirm|credited|Transaction/i);
      } finally {
        await context.close();
      }
    });
  }

  it("lists the credited transfers on the finance desk's USDT tab", async () => {
    const desk = await server.api<{ counts: Record<string, number> }>('GET', '/backoffice/finance/usdt', undefined, await server.operatorToken());
    expect(desk.body.data?.counts.credited).toBe(cases.length);
    // The money the chain brought in is in the ledger as deposits, each journal balanced.
    const list = await server.api<{ data: Array<{ outcome: string; amount: string }> }>(
      'GET',
      '/backoffice/finance/usdt/transfers?outcome=credited',
      undefined,
      await server.operatorToken(),
    );
    expect(list.body.data?.data.map((r) => r.amount)).toEqual(cases.map(() => '800.00'));
    expect(await server.withDatabase((database) => checkLedger(database.db))).toEqual([]);
  });
});
