// POST /api/vitals, the field web vitals' beacon: counted into /metrics and the hourly buckets the back office reads;
// oversized bodies, unknown metrics, bots and floods refused or left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInStaff, type TestApp } from '../helpers/app.ts';
import { freshIp } from '../helpers/players.ts';
import type { VitalsSummaryView } from '../../src/shared/schemas/backoffice/vitals.ts';
import { VITALS_REPORTS_PER_MINUTE } from '../../src/server/modules/vitals/routes.ts';

const TOKEN = 'scrape-token-for-vitals-0123456789';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t?.close();
});

const report = (payload: unknown, opts: { ua?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/vitals',
    headers: { 'content-type': 'application/json', 'user-agent': opts.ua ?? PHONE_UA },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    remoteAddress: opts.ip ?? freshIp(),
  });

const scrape = async () => (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` }, remoteAddress: freshIp() })).body;

const lobbyView = {
  t: 'lobby',
  l: 'zh-TW',
  n: 'navigate',
  m: [
    { n: 'LCP', v: 1900 },
    { n: 'CLS', v: 0.03 },
    { n: 'INP', v: 120 },
    { n: 'FCP', v: 900 },
    { n: 'TTFB', v: 150 },
  ],
};

describe('POST /api/vitals', () => {
  it("counts a page view's report in the histograms by template and device, and in the back office's p75", async () => {
    const before = await scrape();
    expect(before).not.toMatch(/web_vitals_lcp_seconds_count\{template="lobby",device="mobile"\}/);
    const res = await report(lobbyView);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await report({ ...lobbyView, m: [{ n: 'LCP', v: 3100 }] }, { ua: DESKTOP_UA })).statusCode).toBe(204);
    const body = await scrape();
    expect(body).toMatch(/web_vitals_lcp_seconds_count\{template="lobby",device="mobile"\} 1\n/);
    expect(body).toMatch(/web_vitals_lcp_seconds_bucket\{le="1.8",template="lobby",device="mobile"\} 0\n/);
    expect(body).toMatch(/web_vitals_lcp_seconds_bucket\{le="2",template="lobby",device="mobile"\} 1\n/);
    expect(body).toMatch(/web_vitals_lcp_seconds_sum\{template="lobby",device="mobile"\} 1.9\n/);
    expect(body).toMatch(/web_vitals_cls_bucket\{le="0.05",template="lobby",device="mobile"\} 1\n/);
    expect(body).toMatch(/web_vitals_inp_seconds_count\{template="lobby",device="mobile"\} 1\n/);
    expect(body).toMatch(/web_vitals_lcp_seconds_count\{template="lobby",device="desktop"\} 1\n/);
    // No label names the player or the page's address.
    expect(body.match(/web_vitals_lcp_seconds_count\{[^}]*\}/g)!.every((s) => /^web_vitals_lcp_seconds_count\{template="\w+",device="\w+"\}$/.test(s))).toBe(
      true,
    );

    const staff = await signedInStaff(t, 'vitalsops', 'admin');
    const summary = await t.app.inject({ url: '/api/backoffice/vitals', headers: { authorization: `Bearer ${staff.token}` }, remoteAddress: freshIp() });
    expect(summary.statusCode, summary.body).toBe(200);
    const data = summary.json<{ data: VitalsSummaryView }>().data;
    // One report between 1.8 s and 2 s: the 75th percentile is three quarters through that bucket, as Prometheus reads it.
    expect(data.day).toContainEqual({ template: 'lobby', device: 'mobile', metric: 'LCP', reports: 1, p75: 1950 });
    expect(data.week).toContainEqual({ template: 'lobby', device: 'desktop', metric: 'LCP', reports: 1, p75: 3000 + 1000 * 0.75 });
    expect(data.goals).toMatchObject({ LCP: 2500, INP: 200, CLS: 0.1 });
  });

  it('refuses an oversized body with 413 in the error shape', async () => {
    const res = await report({ ...lobbyView, pad: 'x'.repeat(2000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 'error', code: 'payload_too_large' });
  });

  it('refuses an unknown metric, template or language, a repeated metric and a value out of range with 422', async () => {
    for (const bad of [
      { ...lobbyView, m: [{ n: 'FID', v: 10 }] },
      { ...lobbyView, t: '/member/deposit?player=7' },
      { ...lobbyView, l: 'fr' },
      {
        ...lobbyView,
        m: [
          { n: 'LCP', v: 1 },
          { n: 'LCP', v: 2 },
        ],
      },
      { ...lobbyView, m: [{ n: 'LCP', v: -1 }] },
      { ...lobbyView, m: [] },
    ]) {
      const res = await report(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json()).toMatchObject({ status: 'error', code: 'validation_failed' });
    }
    const broken = await report('{"t":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ status: 'error', code: 'bad_json' });
  });

  it("accepts a bot's or a prerendered page's report without counting it", async () => {
    const promo = { ...lobbyView, t: 'promotions' };
    expect((await report(promo, { ua: BOT_UA })).statusCode).toBe(204);
    expect(
      (await report(promo, { ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36' })).statusCode,
    ).toBe(204);
    expect(
      (
        await report(promo, {
          ua: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
        })
      ).statusCode,
    ).toBe(204);
    expect((await report({ ...promo, n: 'prerender' })).statusCode).toBe(204);
    expect(await scrape()).not.toMatch(/template="promotions"/);
  });

  it('limits the reports of one address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < VITALS_REPORTS_PER_MINUTE + 20; i++) statuses.push((await report({ ...lobbyView, t: 'info' }, { ip })).statusCode);
    expect(statuses.slice(0, VITALS_REPORTS_PER_MINUTE - 10).every((s) => s === 204)).toBe(true);
    expect(statuses).toContain(429);
    const refused = await report({ ...lobbyView, t: 'info' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 'error', code: 'rate_limited' });
    // Another address is not held back.
    expect((await report({ ...lobbyView, t: 'info' })).statusCode).toBe(204);
  });
});
