// The field web vitals' beacon in a real browser: a page view loads the reporter only after the page has loaded,
// sends exactly one beacon when the page is hidden, labelled with the page's template and language (the device from
// the user agent) and nothing about the player, and the server counts it for the back office.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, IPHONE_UA, hasChromium, newContext, screenshotOnFailure, startServer, type Server } from './helpers.ts';

const METRICS_TOKEN = 'e2e-vitals-scrape-token-0123456789';

/**
 * Counts the page's beacons and keeps their bodies in sessionStorage, synchronously, so the next page of the tab can
 * read them: a beacon sent while a page is left never shows among the browser's requests to the test.
 */
const RECORD_BEACONS = () => {
  const send = navigator.sendBeacon.bind(navigator);
  const RealBlob = window.Blob;
  const bodies = new WeakMap<Blob, string>();
  window.Blob = class extends RealBlob {
    constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
      super(parts, options);
      if (parts?.every((p) => typeof p === 'string')) bodies.set(this, parts.join(''));
    }
  };
  navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
    if (String(url).includes('/api/vitals')) {
      const list = JSON.parse(sessionStorage.getItem('beacons') ?? '[]') as unknown[];
      list.push(data instanceof RealBlob ? (bodies.get(data) ?? null) : typeof data === 'string' ? data : null);
      sessionStorage.setItem('beacons', JSON.stringify(list));
    }
    return send(url, data);
  };
};

interface Beacon {
  t: string;
  l: string;
  n?: string;
  m: Array<{ n: string; v: number }>;
}

describe.skipIf(!hasChromium)('field web vitals', () => {
  let server: Server;
  let browser: Browser;
  const saved = process.env.METRICS_TOKEN;
  beforeAll(async () => {
    // startServer hands its environment to the app: /metrics answers this scrape token.
    process.env.METRICS_TOKEN = METRICS_TOKEN;
    // The phone's user agent for the whole browser: a beacon sent while its page is left goes out after the page's own
    // user agent override is gone, with the browser's (HeadlessChrome, which the server rightly counts as a bot).
    [server, browser] = await Promise.all([
      startServer('vitals'),
      chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--user-agent=${IPHONE_UA}`], headless: true }),
    ]);
  }, 120_000);
  afterAll(async () => {
    if (saved === undefined) delete process.env.METRICS_TOKEN;
    else process.env.METRICS_TOKEN = saved;
    await browser?.close();
    await server?.stop();
  });

  it('a page view sends exactly one beacon with its template and language, and the server counts it', async () => {
    screenshotOnFailure('vitals beacon');
    const context = await newContext(browser, 'mobile', server);
    await context.addInitScript(RECORD_BEACONS);
    let reporterLoaded = false;
    context.on('request', (r) => {
      if (/vitals-report/.test(r.url())) reporterLoaded = true;
    });
    const metrics = async () => (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    try {
      const page = await context.newPage();
      await page.goto('/mobile/f-game/games?group=slot', { waitUntil: 'load' });
      // The reporter comes after the page's load, when the browser is idle.
      await expect.poll(() => reporterLoaded, { timeout: 15_000 }).toBe(true);
      // An interaction, so the page has something to report as INP; nothing is sent while the page is shown.
      await page.locator('h1').first().click();
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => sessionStorage.getItem('beacons'))).toBeNull();
      // Leaving the page hides it: that is when the one beacon goes. The next page reads what the last one sent.
      await page.goto('/about', { waitUntil: 'load' });
      const sent = JSON.parse((await page.evaluate(() => sessionStorage.getItem('beacons'))) ?? '[]') as Array<string | null>;
      expect(sent).toHaveLength(1);
      const body = JSON.parse(sent[0] ?? '{}') as Beacon;
      expect(body).toMatchObject({ t: 'lobby', l: 'zh-TW', n: 'navigate' });
      // The labels and the figures, nothing else: no address, no player.
      expect(Object.keys(body).sort()).toEqual(['l', 'm', 'n', 't']);
      const names = body.m.map((x) => x.n);
      for (const name of ['LCP', 'FCP', 'TTFB', 'CLS']) expect(names).toContain(name);
      expect(new Set(names).size).toBe(names.length);

      // The server counted that one report, by template and by the device its user agent names.
      await expect.poll(metrics, { timeout: 10_000 }).toMatch(/web_vitals_lcp_seconds_count\{template="lobby",device="mobile"\} 1\n/);
      expect(await metrics()).toMatch(/web_vitals_cls_count\{template="lobby",device="mobile"\} 1\n/);
      const token = await server.operatorToken();
      const res = await server.api<{ day: Array<{ template: string; device: string; metric: string; reports: number }> }>(
        'GET',
        '/backoffice/vitals',
        undefined,
        token,
      );
      expect(res.body.data?.day.find((r) => r.template === 'lobby' && r.device === 'mobile' && r.metric === 'LCP')?.reports).toBe(1);
    } finally {
      await context.close();
    }
  });
});
