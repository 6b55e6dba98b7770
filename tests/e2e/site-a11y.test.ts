// Accessibility beyond the Lighthouse score: axe-core's WCAG 2.1 A and AA rules, in the browser, over every kind
// of page players use (home, lobbies, the promotions hall and a promotion, register, member pages, the mobile
// deposit, activity list and member pages) and the back office's settings, on desktop and phone, in both
// languages, signed in and not, with the login, transfer, game-choice and confirm dialogs open. Zero
// violations. One server and one browser for the whole file; each scan reports every rule it broke with the
// offending elements, so a failure says what to fix.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DEMO,
  hasChromium,
  hydrated,
  launchBrowser,
  localized,
  newContext,
  screenshotOnFailure,
  signedInContext,
  startServer,
  type Locale,
  type Server,
} from './helpers.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const LOCALES: Locale[] = ['zh-TW', 'en'];
/** How long a page may take to finish its data calls before it is scanned as it stands. */
const SETTLE_TIMEOUT_MS = 5_000;

interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Waits for the page's islands and their first data, as far as they come in a few seconds. */
async function settle(page: Page): Promise<void> {
  await hydrated(page).catch(() => undefined);
  // Islands that hydrate once scrolled near (client:visible) are brought into view one by one and the page scrolled
  // back, so the scan sees them as a player who scrolls does.
  await page.evaluate(async () => {
    for (const island of document.querySelectorAll('astro-island[client="visible"][ssr]')) {
      (island.firstElementChild ?? island).scrollIntoView();
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
    window.scrollTo(0, 0);
  });
  await page
    .waitForFunction(() => !document.querySelector('astro-island[client="visible"][ssr]'), undefined, { timeout: SETTLE_TIMEOUT_MS })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: SETTLE_TIMEOUT_MS }).catch(() => undefined);
}

/**
 * Runs axe-core on the page as it is now and returns what it found, labelled `where`. With `within` (a CSS
 * selector), only that part: an open dialog, when the page under it has just been scanned.
 */
async function scan(page: Page, where: string, within?: string): Promise<Finding[]> {
  // Evaluated through the debugging protocol, so the site's content security policy does not stop it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ tags, within }) => {
      const axe = (
        window as unknown as {
          axe: {
            run(
              ctx: object,
              opts: object,
            ): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }>;
          };
        }
      ).axe;
      const result = await axe.run(within ? { include: [[within]] } : document, {
        runOnly: { type: 'tag', values: tags },
        // Two best-practice rules the outside scan held the site to as well: dialogs are named, and a scrolling
        // region can be reached by keyboard.
        rules: { 'aria-dialog-name': { enabled: true }, 'scrollable-region-focusable': { enabled: true } },
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({ rule: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 8).map((n) => n.target.join(' ')) }));
    },
    { tags: AXE_TAGS, within },
  );
  return violations.map((v) => ({ where, ...v }));
}

function report(findings: Finding[]): string {
  return findings.map((f) => `${f.where}: ${f.rule} (${f.impact}) ${f.help}\n    ${f.targets.join('\n    ')}`).join('\n');
}

describe.skipIf(!hasChromium)('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer('site-a11y'), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A page to scan; `open` then opens something on it (a dialog, a menu) that is scanned as well. */
  interface Visit {
    path: string;
    open?: { what: string; within?: string; act: (page: Page) => Promise<void> };
  }

  /** Visits each page in each language and scans it, then what `open` opened. */
  async function scanPages(context: BrowserContext, label: string, visits: Visit[]): Promise<Finding[]> {
    const page = await context.newPage();
    const findings: Finding[] = [];
    for (const locale of LOCALES) {
      for (const visit of visits) {
        const url = localized(visit.path, locale);
        await page.goto(url);
        await settle(page);
        findings.push(...(await scan(page, `${label} ${url}`)));
        if (visit.open) {
          await visit.open.act(page);
          findings.push(...(await scan(page, `${label} ${url} (${visit.open.what})`, visit.open.within)));
        }
      }
    }
    return findings;
  }

  /** A fresh token of the demo player (its newest sign-in ends the one before, so one context at a time). */
  async function demoToken(): Promise<string> {
    const res = await server.api<{ access_token: string }>('POST', '/auth/login', { account: DEMO.account, password: DEMO.password });
    if (!res.body.data?.access_token) throw new Error(`demo login failed: ${res.status}`);
    return res.body.data.access_token;
  }

  const DIALOG = '[role="dialog"]';
  /** Clicks a game tile and waits for the dialog it opens (the transfer dialog or the game choice). */
  const gameDialog = (what: string, game: string, testId: string): Visit['open'] => ({
    what,
    within: DIALOG,
    act: async (page) => {
      await page.locator(`[data-testid="game-tile"][data-game="${game}"]`).click();
      await page.getByTestId(testId).waitFor();
      // The game choice asks the provider for a demo link; scan once it has answered.
      await page.getByTestId('choice-checking').waitFor({ state: 'detached' });
    },
  });
  /** A visitor clicking a game is asked, in the site's confirm dialog, to log in first. */
  const loginFirst: Visit['open'] = {
    what: 'log-in-first confirm',
    within: DIALOG,
    act: async (page) => {
      await page.locator('[data-testid="game-tile"][data-game="lucky-7"]').click();
      await page.getByRole('dialog').waitFor();
    },
  };

  const desktopVisitor = (): Promise<Finding[]> =>
    withContext(newContext(browser, 'desktop', server), (context) =>
      scanPages(context, 'desktop visitor', [
        { path: '/' },
        { path: '/egame/game?group=slots', open: loginFirst },
        { path: '/other-games/games?group=sports' },
        { path: '/preferential-activity/all-preferential' },
        { path: '/preferential-activity/activity-detail?id=1' },
        { path: '/register' },
        { path: '/about' },
        { path: '/member/wallet' },
      ]),
    );

  const phoneVisitor = (): Promise<Finding[]> =>
    withContext(newContext(browser, 'mobile', server), (context) =>
      scanPages(context, 'phone visitor', [
        { path: '/mobile/' },
        { path: '/mobile/f-game/game?group=slots' },
        { path: '/mobile/f-activity/activity-list' },
        { path: '/mobile/f-activity/activity-detail?id=1' },
        { path: '/mobile/f-entry/register' },
        {
          path: '/mobile/f-wallet/wallet',
          open: {
            what: 'login dialog',
            within: DIALOG,
            act: async (page) => {
              await page.getByTestId('wallet-login-prompt').getByRole('button').click();
              await page.getByTestId('mobile-login').waitFor();
            },
          },
        },
      ]),
    );

  const desktopPlayer = async (): Promise<Finding[]> =>
    withContext(signedInContext(browser, 'desktop', server, await demoToken()), (context) =>
      scanPages(context, 'desktop player', [
        {
          path: '/',
          // The header's balance menu, scanned with the page.
          open: {
            what: 'balance menu',
            act: async (page) => {
              await page.getByTestId('balance-toggle').click();
              await page.getByTestId('balance-dropdown').waitFor();
            },
          },
        },
        { path: '/egame/game?group=slots', open: gameDialog('transfer dialog', 'lucky-7', 'entry-dialog') },
        { path: '/other-games/games?group=sports', open: gameDialog('game choice', 'football', 'game-choice') },
        { path: '/preferential-activity/all-preferential' },
        { path: '/preferential-activity/activity-detail?id=1' },
        { path: '/member/wallet' },
        { path: '/member/transfer' },
        { path: '/member/deposit' },
        { path: '/member/trans-record' },
        { path: '/member/message-center' },
        { path: '/member/vip-privilege' },
        {
          path: '/member/user-info',
          open: {
            what: 'sign-out confirm',
            within: DIALOG,
            act: async (page) => {
              await page.getByTestId('sign-out').click();
              await page.getByRole('dialog').waitFor();
            },
          },
        },
      ]),
    );

  const phonePlayer = async (): Promise<Finding[]> =>
    withContext(signedInContext(browser, 'mobile', server, await demoToken()), (context) =>
      scanPages(context, 'phone player', [
        { path: '/mobile/' },
        { path: '/mobile/f-game/game?group=slots', open: gameDialog('transfer dialog', 'lucky-7', 'entry-dialog') },
        { path: '/mobile/f-game/games?group=sports', open: gameDialog('game choice', 'football', 'game-choice') },
        { path: '/mobile/f-activity/activity-list' },
        { path: '/mobile/f-activity/activity-detail?id=1' },
        { path: '/mobile/f-wallet/wallet' },
        { path: '/mobile/f-wallet/deposit' },
        { path: '/mobile/f-wallet/deposit-transfer' },
        { path: '/mobile/f-mine/mine' },
        { path: '/mobile/f-message-center/message-center' },
        { path: '/mobile/f-trans-record/trans-record' },
        { path: '/mobile/f-vip/vip' },
      ]),
    );

  async function withContext(opening: Promise<BrowserContext>, run: (context: BrowserContext) => Promise<Finding[]>): Promise<Finding[]> {
    const context = await opening;
    try {
      return await run(context);
    } finally {
      await context.close();
    }
  }

  // Two browser pages at a time (a visitor beside the signed-in demo player, never two demo sessions at
  // once): the scans are the browser's work, so two cores finish them in about half the time.
  it('desktop visitor and phone player: zero violations', { timeout: 420_000 }, async () => {
    screenshotOnFailure('a11y-desktop-visitor-phone-player');
    const findings = (await Promise.all([desktopVisitor(), phonePlayer()])).flat();
    expect(findings, report(findings)).toEqual([]);
  });

  it('phone visitor and desktop player: zero violations', { timeout: 420_000 }, async () => {
    screenshotOnFailure('a11y-phone-visitor-desktop-player');
    const findings = (await Promise.all([phoneVisitor(), desktopPlayer()])).flat();
    expect(findings, report(findings)).toEqual([]);
  });

  it('back office settings (zh-TW and en): zero violations', async () => {
    screenshotOnFailure('a11y-backoffice');
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
      const findings: Finding[] = [];
      for (const path of ['/backoffice/settings', '/en/backoffice/settings']) {
        await page.goto(path);
        await page.getByTestId('bo-settings').waitFor({ timeout: 15_000 });
        await settle(page);
        findings.push(...(await scan(page, `back office ${path}`)));
      }
      expect(findings, report(findings)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
