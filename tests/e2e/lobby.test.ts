// The lobby end to end, against the stand-in game provider of sim/: a player opens a game from a lobby, plays
// ten rounds in the provider's tab, comes back, recovers the wallet and finds the ten bets in the bet records,
// on desktop (a slot, with the transfer dialog before the game) and on a phone (sports, through the game-choice
// dialog with automatic transfer). Visitors are asked to register or log in, and an operator's platform change
// (maintenance, hidden) reaches open lobbies over the 'change-gamePlatform' system event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startSim, type Sim } from '../../sim/server.ts';
import {
  DEMO,
  TEXT,
  clickDialogButton,
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

const SPINS = 10;
const STAKE = '1.00';
const LOGIN_FIRST = { 'zh-TW': '請前往註冊或登入, 即可進行遊戲', en: 'Please register or log in to play the game' } as const;

describe.skipIf(!hasChromium)('lobby and games', () => {
  let sim: Sim;
  let server: Server;
  let browser: Browser;
  const saved = { provider: process.env.GAME_PROVIDER_URL, ingest: process.env.BET_INGEST_INTERVAL_MS };

  beforeAll(async () => {
    sim = await startSim({ port: 0 });
    // startServer hands its environment to the app: the app talks to this sim and pulls bets every second.
    process.env.GAME_PROVIDER_URL = sim.url;
    process.env.BET_INGEST_INTERVAL_MS = '1000';
    [server, browser] = await Promise.all([startServer('lobby'), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sim?.close();
    if (saved.provider === undefined) delete process.env.GAME_PROVIDER_URL;
    else process.env.GAME_PROVIDER_URL = saved.provider;
    if (saved.ingest === undefined) delete process.env.BET_INGEST_INTERVAL_MS;
    else process.env.BET_INGEST_INTERVAL_MS = saved.ingest;
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

  async function mobileLogin(page: Page, locale: Locale) {
    // A visitor's wallet page offers the login dialog.
    await page.goto(localized('/mobile/f-wallet/wallet', locale));
    await hydrated(page);
    await page.getByTestId('wallet-login-prompt').getByRole('button').click();
    const form = page.getByTestId('mobile-login');
    await form.locator('input[name="account"]').fill(DEMO.account);
    await form.locator('input[name="password"]').fill(DEMO.password);
    await form.getByRole('button', { name: TEXT[locale].login, exact: true }).click();
    await page.getByTestId('wallet-overview').waitFor();
  }

  /** The player's API, with the token the page keeps. */
  async function playerApi<T>(page: Page, method: string, route: string, body?: unknown): Promise<T> {
    return page.evaluate(
      async ([m, r, b]) => {
        const res = await fetch(`/api${r}`, {
          method: m,
          headers: { authorization: `Bearer ${localStorage.getItem('token')}`, ...(b === undefined ? {} : { 'content-type': 'application/json' }) },
          body: b === undefined ? undefined : JSON.stringify(b),
        });
        return (await res.json()).data;
      },
      [method, route, body] as const,
    ) as Promise<T>;
  }

  /** Waits for the game's tab: opened blank on the click, then sent to the provider's play page. */
  async function gameTab(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
    const [tab] = await Promise.all([context.waitForEvent('page'), click()]);
    await tab.waitForURL((u) => u.pathname.startsWith('/play/'), { timeout: 30_000 });
    await tab.getByTestId('balance').waitFor();
    return tab;
  }

  /** Places one bet with `button` and waits until the page shows it among the player's bets. */
  async function betOnce(tab: Page, button: () => ReturnType<Page['getByTestId']>, n: number): Promise<void> {
    await expect.poll(() => button().isEnabled(), { timeout: 20_000 }).toBe(true);
    await button().click();
    await expect.poll(() => tab.getByTestId('my-bet').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(n);
  }

  /** The bet records page, polled until the ingested bets of the game add up to `count`. */
  async function recordsShow(page: Page, count: number): Promise<void> {
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
      .toBe(count);
  }

  it('a player opens a slot from the desktop lobby, spins ten times, recovers the wallet and finds the ten bets', async () => {
    screenshotOnFailure('lobby-desktop-slot');
    const locale: Locale = 'zh-TW';
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      await headerLogin(page, locale);
      await page.goto(localized('/egame/game?group=slots', locale));
      await hydrated(page);
      // The slots item of the main nav is the current section.
      expect(await page.getByTestId('main-nav').locator('a[aria-current="page"]').getAttribute('href')).toBe('/egame/game?group=slots');

      // Automatic transfer is off for the demo player: the transfer dialog comes first.
      await page.locator('[data-testid="game-tile"][data-game="lucky-7"]').click();
      const entry = page.getByTestId('entry-dialog');
      await entry.waitFor();
      await entry.locator('input[name="money"]').fill('100');
      const tab = await gameTab(context, () => entry.getByTestId('entry-transfer').click());
      // The wallet's success notice closes itself after 3 s.
      await page.getByTestId('entry-success').waitFor();
      await page.getByTestId('entry-success').waitFor({ state: 'detached', timeout: 6000 });
      await expect.poll(() => tab.getByTestId('balance').getAttribute('data-balance-minor'), { timeout: 10_000 }).toBe('10000');

      await tab.getByTestId('stake').fill(STAKE);
      for (let i = 1; i <= SPINS; i += 1) await betOnce(tab, () => tab.getByTestId('spin'), i);
      expect(await tab.getByTestId('mode').getAttribute('data-mode')).toBe('real');
      await tab.close();

      // Back in the lobby: recover everything from the platforms through the header's balance dropdown.
      await page.bringToFront();
      await page.getByTestId('balance-toggle').click();
      await page.getByTestId('dropdown-recover-all').click();
      await expect
        .poll(
          async () =>
            (await playerApi<Array<{ code: string; wallet: string }>>(page, 'POST', '/games/wallet', { forceUpdate: true })).find((w) => w.code === 'SLX')
              ?.wallet,
          { timeout: 20_000 },
        )
        .toBe('0.00');

      await page.goto(localized('/member/bet-record', locale));
      await recordsShow(page, SPINS);
      expect(await page.getByTestId('records-total').textContent()).toContain(String(SPINS));
      expect(await page.getByTestId('total-stake').textContent()).toBe('10.00');
      const statuses = await page.getByTestId('record-status').allTextContents();
      expect(statuses).toEqual(Array(SPINS).fill('已結算'));
      // The money adds up: the central wallet is 10,000.00 plus the ten spins' win/loss.
      const records = await playerApi<{ totals: { win_loss: string } }>(page, 'GET', '/players/bet/records?pageSize=10');
      const me = await playerApi<{ amount: string }>(page, 'GET', '/auth/me');
      expect(Math.round(Number(me.amount) * 100)).toBe(1_000_000 + Math.round(Number(records.totals.win_loss) * 100));
    } finally {
      await context.close();
    }
  });

  it('on a phone, a sports game through the game-choice dialog with automatic transfer: ten bets, recovered and recorded', async () => {
    screenshotOnFailure('lobby-mobile-sports');
    const locale: Locale = 'en';
    const context = await newContext(browser, 'mobile', server);
    try {
      const page = await context.newPage();
      await mobileLogin(page, locale);
      await playerApi(page, 'PUT', '/auth/autoTransfer', { auto_transfer: true });
      const before = await playerApi<{ amount: string }>(page, 'GET', '/auth/me');

      // The desktop lobby's address sends a phone to the mobile lobby, query and all.
      await page.goto(localized('/other-games/games?group=sports', locale));
      await page.waitForURL((u) => u.pathname === '/en/mobile/f-game/games' && u.searchParams.get('group') === 'sports');
      await hydrated(page);
      await page.locator('[data-testid="game-tile"][data-game="football"]').click();
      const choice = page.getByTestId('game-choice');
      await choice.waitFor();
      // The stand-in offers a demo of football, so the dialog offers the free trial as well.
      await choice.getByTestId('choice-try').waitFor();
      const tab = await gameTab(context, () => choice.getByTestId('choice-play').click());
      // The whole central wallet moved to the platform before the game opened.
      const moved = page.getByTestId('auto-transfer-result');
      await moved.waitFor();
      expect(await moved.getAttribute('data-status')).toBe('applied');
      await expect
        .poll(() => tab.getByTestId('balance').getAttribute('data-balance-minor'), { timeout: 10_000 })
        .toBe(String(Math.round(Number(before.amount) * 100)));

      await tab.getByTestId('stake').fill(STAKE);
      for (let i = 1; i <= SPINS; i += 1) await betOnce(tab, () => tab.getByTestId('bet-home').first(), i);
      await tab.close();
      // The matches settle on their own clock; the operator's switch settles them now.
      const settled = await fetch(`${sim.url}/sim/bets/SPB/settle-now`, { method: 'POST' });
      expect(settled.ok).toBe(true);

      await page.bringToFront();
      await page.goto(localized('/mobile/f-wallet/wallet', locale));
      await hydrated(page);
      await page.getByTestId('recover-all').click();
      await expect
        .poll(
          async () =>
            (await playerApi<Array<{ code: string; wallet: string }>>(page, 'POST', '/games/wallet', { forceUpdate: true })).find((w) => w.code === 'SPB')
              ?.wallet,
          { timeout: 20_000 },
        )
        .toBe('0.00');

      await page.goto(localized('/member/bet-record', locale));
      await page.waitForURL((u) => u.pathname === '/en/mobile/f-bet-record/bet-record');
      await page.getByTestId('filter-platform').selectOption('SPB');
      await recordsShow(page, SPINS);
      await expect
        .poll(
          async () => {
            await page.getByTestId('records-search').click();
            await page.waitForTimeout(300);
            return page.getByTestId('record-status').allTextContents();
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toEqual(Array(SPINS).fill('Settled'));
      expect(await page.getByTestId('total-stake').textContent()).toBe('10.00');
    } finally {
      await context.close();
    }
  });

  it('a visitor who clicks a game is asked to register or log in, in both languages', async () => {
    screenshotOnFailure('lobby-visitor');
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      for (const locale of ['zh-TW', 'en'] as const) {
        // A lobby keeps a socket for visitors too, for the 'change-gamePlatform' system event.
        const socket = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/'), timeout: 30_000 });
        await page.goto(localized('/egame/game?group=slots', locale));
        await hydrated(page);
        await socket;
        await page.getByTestId('header-auth').locator('input[name="password"]').waitFor();
        await page.locator('[data-testid="game-tile"][data-game="lucky-7"]').click();
        const alert = page.getByRole('dialog').getByRole('alert');
        await alert.waitFor();
        expect(await alert.textContent()).toBe(LOGIN_FIRST[locale]);
        expect(context.pages()).toHaveLength(1);
        await clickDialogButton(page, locale === 'en' ? 'Close' : '關閉');
      }
    } finally {
      await context.close();
    }
  });

  it('an operator puts a platform into maintenance: open lobbies show the overlay at once, without a reload', async () => {
    screenshotOnFailure('lobby-maintenance');
    const token = await server.operatorToken();
    const platforms = await server.api<Array<{ id: number; code: string; group: string }>>('GET', '/backoffice/platforms', undefined, token);
    const slx = platforms.body.data!.find((p) => p.code === 'SLX' && p.group === 'slots')!;
    const setPlatform = async (body: Record<string, unknown>) => {
      const res = await server.api('PUT', `/backoffice/platforms/${slx.id}`, body, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const context = await newContext(browser, 'desktop', server);
    try {
      const page = await context.newPage();
      // The visitor's lobby holds a socket in the system room; wait for its connect acknowledgement.
      const socketReady = page
        .waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/'), timeout: 30_000 })
        .then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).startsWith('40'), timeout: 30_000 }));
      await page.goto('/egame/game?group=slots');
      await hydrated(page);
      await socketReady;
      const tile = page.locator('[data-testid="lobby-platforms"] [data-testid="platform-tile"][data-code="SLX"]');
      await tile.waitFor();
      expect(await tile.getByTestId('maintenance-overlay').count()).toBe(0);
      expect((await tile.boundingBox())?.width).toBe(156);
      const url = page.url();

      await setPlatform({ maintain_status: 0, maintain_start: '2030-01-01T10:00:00+08:00', maintain_end: '2030-01-01T12:30:00+08:00' });
      // 'change-gamePlatform' reloads the lists in place: the overlay with the window in Taipei time, split after 20 characters.
      await tile.getByTestId('maintenance-overlay').waitFor();
      expect(await tile.getByTestId('maintenance-time').locator('span.block').allTextContents()).toEqual(['2030-01-01 10:00:00~', '2030-01-01 12:30:00']);
      expect(page.url()).toBe(url);
      // A game of that platform is not started: the click says so instead of opening a tab.
      await page.locator('[data-testid="game-tile"][data-game="lucky-7"]').click();
      const alert = page.getByRole('dialog').getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe('此平台維護中');
      await clickDialogButton(page, '確定');
      expect(context.pages()).toHaveLength(1);

      // The slots panel of the main nav lists the same tile, with the overlay, when hovered.
      const slotsItem = page.getByTestId('main-nav').locator('li', { has: page.locator('a[href="/egame/game?group=slots"]') });
      await slotsItem.hover();
      const navTile = slotsItem.locator('[data-testid="platform-tile"][data-code="SLX"]');
      await navTile.getByTestId('maintenance-overlay').waitFor();
      expect(await navTile.getAttribute('href')).toBe('/egame/game?group=slots&code=SLX');

      // Maintenance over: the overlay goes the same way.
      await setPlatform({ maintain_status: 1, maintain_start: null, maintain_end: null });
      await expect.poll(() => tile.getByTestId('maintenance-overlay').count(), { timeout: 10_000 }).toBe(0);
      // Hidden from the front (front_show 0): the tile leaves the lobby, then comes back.
      await setPlatform({ front_show: 0 });
      await tile.waitFor({ state: 'detached' });
      await setPlatform({ front_show: 1 });
      await tile.waitFor();
    } finally {
      await context.close();
      await setPlatform({ maintain_status: 1, maintain_start: null, maintain_end: null, front_show: 1 }).catch(() => undefined);
    }
  });
});
