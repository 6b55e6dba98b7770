// A seamless game end to end, against the stand-in's seamless provider (sim/seamless): the demo player opens
// the seamless slot from the desktop lobby (no transfer dialog: it plays from the central wallet), spins in the
// provider's tab, sees the header balance of the lobby follow each spin live, and finds the round in the bet records.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { seamlessSignature } from '../../src/server/modules/seamless/signature.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSim, type Sim } from '../../sim/server.ts';
import {
  DEMO,
  TEXT,
  hasChromium,
  hydrated,
  launchBrowser,
  localized,
  newContext,
  screenshotOnFailure,
  startServer,
  type Locale,
  type Server,
} from './helpers.ts';

const SPINS = 3;
/** The demo player's central wallet, 10,000.00, in minor units. */
const DEMO_FUNDS_MINOR = 1_000_000;

/** A shown amount ('9,995.00', '…') in minor units, or NaN while it is not one. */
const minorOf = (text: string | null) => (text && /^-?[\d,]+\.\d{2}$/.test(text.trim()) ? Math.round(Number(text.trim().replace(/,/g, '')) * 100) : NaN);

describe.skipIf(!hasChromium)('a seamless game from the lobby', () => {
  let sim: Sim;
  let server: Server;
  let browser: Browser;
  const secret = `e2e-seamless-${randomBytes(12).toString('hex')}`;
  const saved = { provider: process.env.GAME_PROVIDER_URL, seamless: process.env.SEAMLESS_SECRET };

  beforeAll(async () => {
    sim = await startSim({ port: 0, seamlessSecret: secret });
    // The site runs as production does, which refuses the development key: both sides get this run's own.
    process.env.GAME_PROVIDER_URL = sim.url;
    process.env.SEAMLESS_SECRET = secret;
    [server, browser] = await Promise.all([startServer('seamless-play'), launchBrowser()]);
    // The provider calls the wallet API of this site.
    sim.state.seamlessWalletUrl = server.url;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sim?.close();
    if (saved.provider === undefined) delete process.env.GAME_PROVIDER_URL;
    else process.env.GAME_PROVIDER_URL = saved.provider;
    if (saved.seamless === undefined) delete process.env.SEAMLESS_SECRET;
    else process.env.SEAMLESS_SECRET = saved.seamless;
  });

  async function headerLogin(page: Page, locale: Locale) {
    await page.goto(localized('/', locale));
    await hydrated(page);
    const header = page.getByTestId('header-auth');
    await header.locator('input[name="account"]').fill(DEMO.account);
    await header.locator('input[name="password"]').fill(DEMO.password);
    await header.getByRole('button', { name: TEXT[locale].login, exact: true }).click();
    await expect.poll(() => page.getByTestId('header-account').textContent(), { timeout: 15_000 }).toBe(DEMO.account);
  }

  it('opens the seamless slot at once, spins, the header balance follows, and the round is in the bet records', async () => {
    screenshotOnFailure('seamless-play');
    const locale: Locale = 'zh-TW';
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      await headerLogin(page, locale);
      await page.goto(localized('/egame/game?group=slots', locale));
      await hydrated(page);
      const tile = page.locator('[data-testid="game-tile"][data-code="SMS"]');
      // The tile says the game plays from the central wallet and activity wallets stay on transfer platforms.
      expect(await tile.getByTestId('seamless-note').textContent()).toBe('直接使用中心錢包遊玩；活動錢包僅適用於轉帳平台。');
      expect(await page.locator('[data-testid="platform-tile"][data-code="SMS"]').getByTestId('seamless-badge').count()).toBe(1);
      await expect.poll(() => page.getByTestId('header-balance').textContent().then(minorOf), { timeout: 15_000 }).toBe(DEMO_FUNDS_MINOR);

      // No transfer dialog: the game's tab opens straight away on the provider's page, with the central balance.
      const [tab] = await Promise.all([context.waitForEvent('page'), tile.click()]);
      await tab.waitForURL((u) => u.pathname.startsWith('/seamless/play/SMS/'), { timeout: 30_000 });
      expect(await page.getByTestId('entry-dialog').count()).toBe(0);
      await expect.poll(() => tab.locator('#balance').textContent().then(minorOf), { timeout: 20_000 }).toBe(DEMO_FUNDS_MINOR);

      let expected = DEMO_FUNDS_MINOR;
      for (let i = 1; i <= SPINS; i += 1) {
        await tab.locator('#result').evaluate((el) => {
          el.textContent = '';
        });
        await tab.locator('#play').click();
        await expect.poll(() => tab.locator('#result').textContent(), { timeout: 20_000 }).toMatch(/^派彩 \d+\.\d{2}$/);
        const won = minorOf((await tab.locator('#result').textContent())!.replace('派彩 ', ''));
        // Each spin stakes 1.00 (the page's first stake) and pays what the result says.
        expected += won - 100;
        expect(await tab.locator('#balance').textContent().then(minorOf)).toBe(expected);
        // The lobby's header hears of the debit and credit over the socket, well before its 10 s refresh.
        await expect.poll(() => page.getByTestId('header-balance').textContent().then(minorOf), { timeout: 8_000, interval: 200 }).toBe(expected);
      }
      await tab.close();

      await page.goto(localized('/member/bet-record', locale));
      await hydrated(page);
      await page.getByTestId('bet-records').waitFor();
      await expect
        .poll(
          async () => {
            await page.getByTestId('records-search').click();
            await page.waitForTimeout(300);
            return page.getByTestId('record-row').count();
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBe(SPINS);
      expect(await page.getByTestId('record-status').allTextContents()).toEqual(Array(SPINS).fill('已結算'));
      expect(await page.getByTestId('total-stake').textContent()).toBe(`${SPINS}.00`);
    } finally {
      await context.close();
    }
  });

  it("the operator's seamless page in zh-TW: the key masked and rotated, the log by player, an open round reconciled and closed", async () => {
    screenshotOnFailure('seamless-backoffice');
    const operator = await server.operatorToken();
    const demoId = await server.withDatabase(async ({ db }) => {
      const found = await db.execute<{ id: string }>(sql`select id from players where account = ${DEMO.account}`);
      return Number(found.rows[0]!.id);
    });
    // A bet whose win never came, opened two hours ago: past the platform's limit, unknown to the provider's report.
    const raw = JSON.stringify({ player: String(demoId), round_id: 'e2e-stale', transaction_id: 'e2e-stale-d', game_code: 'lucky-7', amount: '200' });
    const timestamp = String(Date.now());
    const debit = await fetch(`${server.url}/api/seamless/SMS/debit`, {
      method: 'POST',
      body: raw,
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': seamlessSignature(secret, timestamp, raw) },
    });
    expect((await debit.json()).status).toBe('OK');
    await server.withDatabase(({ db }) => db.execute(sql`update seamless_rounds set opened_at = now() - interval '2 hours' where round_id = 'e2e-stale'`));

    const context = await newContext(browser, 'desktop', server);
    await context.addInitScript((tk) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('bo_token', tk);
    }, operator);
    try {
      const page = await context.newPage();
      await page.goto('/backoffice/seamless');
      const platforms = page.getByTestId('seamless-platforms');
      const row = platforms.locator('tr[data-code="SMS"]');
      await row.waitFor();
      expect(await row.locator('select[name="wallet_model"]').inputValue()).toBe('seamless');
      // The key is shown masked: never the key itself.
      const maskedBefore = await row.getByTestId('seamless-key-masked').textContent();
      expect(maskedBefore).toBe(`••••${secret.slice(-4)}`);
      expect(await page.content()).not.toContain(secret);
      await row.getByTestId('seamless-key-rotate').click();
      await page.getByTestId('confirm-ok').click();
      const fresh = await row.getByTestId('seamless-key-new').textContent();
      expect(fresh).toMatch(/^[0-9a-f]{64}$/);
      await expect.poll(() => row.getByTestId('seamless-key-masked').textContent()).toBe(`••••${fresh!.slice(-4)}`);

      // The transaction log of the demo player: the three spins' bets and wins and the stale bet, named in words.
      await page.getByTestId('seamless-tab-transactions').click();
      const filters = page.getByTestId('seamless-tx-filters');
      await filters.locator('input[name="player_id"]').fill(String(demoId));
      await page.getByTestId('seamless-tx-apply').click();
      const log = page.getByTestId('seamless-transactions');
      await expect.poll(() => log.locator('tbody tr').count(), { timeout: 15_000 }).toBe(SPINS * 2 + 1);
      const logText = await log.textContent();
      expect(logText).toContain('投注');
      expect(logText).not.toMatch(/\b(debit|credit|settled|OK)\b/);

      // The stale round is listed, reconciliation finds the provider does not know it, and the operator closes it.
      await page.getByTestId('seamless-tab-rounds').click();
      await page.getByTestId('seamless-open-rounds').getByText('e2e-stale').waitFor();
      await page.getByTestId('seamless-reconcile').click();
      await page.getByTestId('seamless-reconcile-notice').waitFor();
      await page.getByTestId('seamless-tab-findings').click();
      const finding = page.locator('[data-testid="seamless-findings"] tr[data-round="e2e-stale"]');
      await finding.waitFor();
      expect(await finding.textContent()).toContain('遊戲商查無此局');
      await finding.locator('input[name="note"]').fill('遊戲商無此局，投注維持輸局');
      await finding.getByTestId('seamless-close').click();
      await page.getByTestId('confirm-ok').click();
      await page.getByTestId('seamless-resolve-notice').waitFor();
      await expect.poll(() => page.locator('[data-testid="seamless-findings"] tr[data-round="e2e-stale"]').count()).toBe(0);
      await page.getByTestId('seamless-findings-resolved').click();
      await page.locator('[data-testid="seamless-findings"] tr[data-round="e2e-stale"]').getByText('結束且不補發').waitFor();
    } finally {
      await context.close();
    }
  });
});
