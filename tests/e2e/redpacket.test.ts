// The red-packet rain (promotion mode 11) end to end: a round opens while a signed-in player is on the home
// page (desktop and mobile); the rain appears without a reload (the job publishes show-redEnvelope on the
// system channel), a click on a packet shows the server's message, and closing hides it (cookie
// closeRedEnvelope=1, since the round shows on the home page only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO, hasChromium, hydrated, launchBrowser, newContext, screenshotOnFailure, startServer, type Server } from './helpers.ts';

describe.skipIf(!hasChromium)('red-packet rain', () => {
  let server: Server;
  let browser: Browser;
  let op: string;
  const saved = process.env.RED_PACKET_TICK_MS;

  beforeAll(async () => {
    process.env.RED_PACKET_TICK_MS = '500';
    [server, browser] = await Promise.all([startServer('redpacket'), launchBrowser()]);
    op = await server.operatorToken();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (saved === undefined) delete process.env.RED_PACKET_TICK_MS;
    else process.env.RED_PACKET_TICK_MS = saved;
  });

  async function signedIn(kind: 'desktop' | 'mobile'): Promise<BrowserContext> {
    const res = await server.api<{ access_token: string }>('POST', '/auth/login', { account: DEMO.account, password: DEMO.password });
    const token = res.body.data!.access_token;
    const context = await newContext(browser, kind, server);
    await context.addInitScript((tk) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', tk);
    }, token);
    return context;
  }

  /** Opens a page and waits for its realtime socket to connect, so the round's opening is not missed. */
  async function openLive(page: Page, path: string): Promise<void> {
    const socketReady = page
      .waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/'), timeout: 30_000 })
      .then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).startsWith('40'), timeout: 30_000 }));
    await page.goto(path);
    await hydrated(page);
    await socketReady;
  }

  /** Cancels every round, so the page starts without a rain and the next round is the one on. */
  async function cancelAll(): Promise<void> {
    const rounds = await server.api<{ data: Array<{ id: number; status: string }> }>('GET', '/backoffice/red-packets/rounds?pageSize=100', undefined, op);
    for (const r of rounds.body.data!.data.filter((x) => x.status === 'scheduled')) {
      await server.api('POST', `/backoffice/red-packets/rounds/${r.id}/cancel`, undefined, op);
    }
  }

  async function scheduleRound(title: string): Promise<number> {
    const res = await server.api<{ id: number }>(
      'POST',
      '/backoffice/red-packets/rounds',
      {
        title,
        title_en: title,
        starts_at: new Date(Date.now() + 1500).toISOString(),
        ends_at: new Date(Date.now() + 10 * 60_000).toISOString(),
        pool: '50.00',
        packet_count: 5,
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
        show_page_type: 1,
      },
      op,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data!.id;
  }

  for (const kind of ['desktop', 'mobile'] as const) {
    it(`opens on the ${kind} home page without a reload, claims with a message and hides when closed`, async () => {
      screenshotOnFailure(`redpacket-${kind}`);
      const context = await signedIn(kind);
      try {
        await cancelAll();
        const page = await context.newPage();
        const home = kind === 'desktop' ? '/' : '/mobile/';
        await openLive(page, home);
        await expect(page.getByTestId('red-packet').count()).resolves.toBe(0);

        await scheduleRound(`e2e ${kind}`);
        const rain = page.getByTestId('red-packet-rain');
        await rain.waitFor({ state: 'visible', timeout: 20_000 });
        // Packets fall at 13 speeds.
        const speeds = await rain.locator('[data-speed]').evaluateAll((els) => new Set(els.map((e) => e.getAttribute('data-speed'))).size);
        expect(speeds).toBe(13);

        // A falling packet never stands still, so the click is dispatched rather than aimed.
        await rain.locator('button[data-speed]').first().dispatchEvent('click');
        const message = page.getByTestId('red-packet-message');
        await message.waitFor({ state: 'visible' });
        expect(await message.textContent()).toMatch(/恭喜您搶到紅包 [\d,]+\.\d\d 元/);

        // Closing the result refetches: this player has taken the round's packet, so the rain stops.
        await page.getByTestId('red-packet-ok').click();
        await rain.waitFor({ state: 'detached' });
        const mini = page.getByTestId('red-packet-mini');
        await mini.waitFor({ state: 'visible' });
        await mini.getByRole('button').first().click();
        await page.getByTestId('red-packet').waitFor({ state: 'detached' });
        const cookies = await context.cookies();
        expect(cookies.find((c) => c.name === 'closeRedEnvelope')?.value).toBe('1');

        // The cookie keeps it hidden on the next visit.
        await page.reload();
        await hydrated(page);
        await page.waitForTimeout(1500);
        expect(await page.getByTestId('red-packet').count()).toBe(0);
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});
