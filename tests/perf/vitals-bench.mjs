// The field web vitals' bench (part of `npm run bench`; BENCH_SKIP_VITALS=1 leaves it out): the main journeys on a
// throttled phone (Debian's chromium, 4x CPU and Lighthouse's slow 4G through CDP) with the real beacon, whose reports
// the server counts; the p75 of LCP, INP and CLS per journey is read back from the server's own histograms (the
// difference of /metrics around each journey) against the goals. Then the beacon endpoint's server CPU per report
// against the no-op GET /api/health's, measured in the same run, and the bytes of script the beacon adds to a page.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, ROOT, ensureBuilt, startServer } from './server.mjs';

export const GOALS = { lcpMs: 1800, inpMs: 150, cls: 0.05, cpuShare: 0.1, scriptGzipBytes: 1024 };
const RUNS = Number(process.env.VITALS_BENCH_RUNS || 5);
const CPU_REQUESTS = Number(process.env.VITALS_BENCH_REQUESTS || 20000);
const METRICS_TOKEN = 'vitals-bench-scrape-token-0123456789';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
/** Lighthouse's mobile "slow 4G" as DevTools applies it: 150 ms RTT and 1.6 Mbps down, 750 kbps up, adjusted by its factors. */
const SLOW_4G = { offline: false, latency: 150 * 3.75, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };
const CPU_SLOWDOWN = 4;

/** The journeys: a page and what the player does on it (the interaction INP measures). */
const JOURNEYS = [
  { name: 'mobile lobby', template: 'lobby', path: '/mobile/f-game/games?group=slot', act: (p) => p.locator('[data-testid=platform-tile]').first().tap() },
  {
    name: 'promotions list',
    template: 'promotions',
    path: '/mobile/f-activity/activity-list?mode=0&front=0',
    act: (p) => p.locator('h1').first().tap(),
  },
  {
    name: 'deposit page',
    template: 'cashier',
    path: '/mobile/f-wallet/deposit',
    signedIn: true,
    act: async (p) => {
      await p.locator('[data-testid=method-cvs]').tap();
      await p.getByRole('button', { name: '1,000', exact: true }).tap();
    },
  },
  {
    name: 'transfer dialog',
    template: 'cashier',
    path: '/mobile/f-wallet/deposit-transfer',
    signedIn: true,
    act: (p) => p.locator('[data-testid=open-transfer]').tap(),
  },
];

const BOUNDS = {
  lcp: [0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.2, 1.5, 1.8, 2, 2.5, 3, 4, 5, 6, 8, 10, 15, 20],
  inp: [0.016, 0.032, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2, 5],
  cls: [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.5, 1, 2],
};
const SERIES = { lcp: 'web_vitals_lcp_seconds', inp: 'web_vitals_inp_seconds', cls: 'web_vitals_cls' };

/** The cumulative bucket counts of one series for a template on mobile, by bound ('+Inf' last). */
function buckets(text, series, template) {
  const out = new Map();
  const re = new RegExp(`^${series}_bucket\\{le="([^"]+)",template="${template}",device="mobile"\\} (\\d+)$`, 'gm');
  for (const m of text.matchAll(re)) out.set(m[1], Number(m[2]));
  return out;
}

/** histogram_quantile over the difference of two scrapes' cumulative buckets (the server's own reading of p75). */
export function quantileFromDiff(before, after, bounds, q) {
  const les = [...bounds.map(String), '+Inf'];
  const cum = les.map((le) => (after.get(le) ?? 0) - (before.get(le) ?? 0));
  const total = cum[cum.length - 1];
  if (!total) return null;
  const rank = q * total;
  for (let i = 0; i < les.length; i++) {
    if (cum[i] >= rank) {
      if (i === les.length - 1) return bounds[bounds.length - 1];
      const lo = i === 0 ? 0 : bounds[i - 1];
      const below = i === 0 ? 0 : cum[i - 1];
      const inBucket = cum[i] - below;
      return inBucket ? lo + (bounds[i] - lo) * ((rank - below) / inBucket) : bounds[i];
    }
  }
  return null;
}

async function demoToken(url) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo1234', password: 'demo1234' }),
  });
  const token = (await res.json().catch(() => ({})))?.data?.access_token;
  if (!token) throw new Error(`demo login failed: ${res.status}`);
  return token;
}

/** One page view of a journey on the throttled phone, kept open until the server has counted its beacon. */
async function pageView(browser, url, journey, token, counted) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 });
  try {
    if (token) await context.addInitScript((tk) => localStorage.setItem('token', tk), token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let reporter = false;
    page.on('request', (r) => {
      if (/vitals-report/.test(r.url())) reporter = true;
    });
    await page.goto(`${url}${journey.path}`, { waitUntil: 'load', timeout: 120_000 });
    for (let i = 0; i < 600 && !reporter; i++) await page.waitForTimeout(100);
    await page.waitForTimeout(500);
    await journey.act(page).catch((err) => console.log(`  (${journey.name}: the interaction failed: ${String(err?.message ?? err).split('\n')[0]})`));
    await page.waitForTimeout(1500);
    // Leaving the page hides it, which sends its one beacon; closing the browser context before the (throttled)
    // beacon has arrived would cancel it.
    await page.goto('about:blank');
    for (let i = 0; i < 100 && !(await counted()); i++) await new Promise((r) => setTimeout(r, 100));
  } finally {
    await context.close();
  }
}

async function scrape(url) {
  return (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
}

function countOf(text, template) {
  const m = new RegExp(`^web_vitals_lcp_seconds_count\\{template="${template}",device="mobile"\\} (\\d+)$`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}

async function journeys(server) {
  // The phone's user agent for the whole browser: a beacon sent while its page is left goes out with the browser's.
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', `--user-agent=${PHONE_UA}`],
    headless: true,
  });
  const rows = [];
  try {
    for (const journey of JOURNEYS) {
      const before = await scrape(server.url);
      for (let run = 0; run < RUNS; run++) {
        const target = countOf(before, journey.template) + run + 1;
        const counted = async () => countOf(await scrape(server.url), journey.template) >= target;
        await pageView(browser, server.url, journey, journey.signedIn ? await demoToken(server.url) : undefined, counted);
      }
      // The beacons of the last views may still be on their way.
      let after = await scrape(server.url);
      for (let i = 0; i < 50 && countOf(after, journey.template) - countOf(before, journey.template) < RUNS; i++) {
        await new Promise((r) => setTimeout(r, 200));
        after = await scrape(server.url);
      }
      const q = (k) => quantileFromDiff(buckets(before, SERIES[k], journey.template), buckets(after, SERIES[k], journey.template), BOUNDS[k], 0.75);
      const counted = (k) => {
        const b = buckets(before, SERIES[k], journey.template).get('+Inf') ?? 0;
        return (buckets(after, SERIES[k], journey.template).get('+Inf') ?? 0) - b;
      };
      rows.push({
        ...journey,
        reports: counted('lcp'),
        inpReports: counted('inp'),
        lcpMs: q('lcp') * 1000,
        inpMs: q('inp') === null ? null : q('inp') * 1000,
        cls: q('cls'),
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** The server process's CPU time in milliseconds (user + system, from /proc). */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const BEACON_BODY = JSON.stringify({
  t: 'lobby',
  l: 'zh-TW',
  n: 'navigate',
  m: [
    { n: 'FCP', v: 948 },
    { n: 'TTFB', v: 790.2 },
    { n: 'LCP', v: 1056 },
    { n: 'INP', v: 16 },
    { n: 'CLS', v: 0 },
  ],
});

async function cpuPerRequest(server, request) {
  // A warm-up, then the measured run of a fixed number of requests.
  await autocannon({ url: server.url, connections: 8, amount: 2000, requests: [request] });
  const start = cpuMs(server.pid);
  const r = await autocannon({ url: server.url, connections: 8, amount: CPU_REQUESTS, requests: [request] });
  const spent = cpuMs(server.pid) - start;
  return { usPerRequest: (spent * 1000) / CPU_REQUESTS, non2xx: r.non2xx, errors: r.errors };
}

async function serverCpu(server) {
  let n = 0;
  // A different client address per report (the server trusts one proxy hop here), so the per-address limit sees
  // many players, as it would, rather than refusing one address.
  const vitals = {
    method: 'POST',
    path: '/api/vitals',
    headers: { 'content-type': 'application/json', 'user-agent': PHONE_UA },
    body: BEACON_BODY,
    setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': `10.${(++n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } }),
  };
  const health = { method: 'GET', path: '/api/health', headers: { 'user-agent': PHONE_UA } };
  // Taking turns, twice each, and keeping each route's lower figure: a neighbour's burst weighs on one round only.
  const h1 = await cpuPerRequest(server, health);
  const v1 = await cpuPerRequest(server, vitals);
  const h2 = await cpuPerRequest(server, health);
  const v2 = await cpuPerRequest(server, vitals);
  const healthUs = Math.min(h1.usPerRequest, h2.usPerRequest);
  const vitalsUs = Math.min(v1.usPerRequest, v2.usPerRequest);
  return { healthUs, vitalsUs, non2xx: v1.non2xx + v2.non2xx + h1.non2xx + h2.non2xx, errors: v1.errors + v2.errors };
}

/** The bytes the beacon adds to a page beyond web-vitals itself: the loader and the reporter less the library. */
async function scriptBytes() {
  const dir = path.join(ROOT, 'dist/client/_astro');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.js'));
  const gz = (f) => gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length;
  const loader = files.find((f) => f.startsWith('WebVitals.astro_astro_type_script'));
  const reporter = files.find((f) => f.startsWith('vitals-report.'));
  if (!loader || !reporter) throw new Error('the built site has no web vitals scripts');
  const lib = await build({
    stdin: { contents: "export { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';", resolveDir: ROOT, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
  });
  const libGz = gzipSync(lib.outputFiles[0].contents, { level: 9 }).length;
  return { loaderGz: gz(loader), reporterGz: gz(reporter), libGz, addedGz: gz(loader) + gz(reporter) - libGz };
}

export async function vitalsBench() {
  ensureBuilt();
  const server = await startServer({ METRICS_TOKEN, TRUST_PROXY: '1', RATE_LIMIT_PER_MIN: '100000000' });
  try {
    console.log(`\n== Field web vitals: ${RUNS} views of each journey, chromium with ${CPU_SLOWDOWN}x CPU and slow 4G, through the real beacon ==\n`);
    const rows = await journeys(server);
    console.log(`${'journey'.padEnd(18)}  reports  ${'LCP p75'.padStart(9)}  ${'INP p75'.padStart(9)}  ${'CLS p75'.padStart(8)}`);
    for (const r of rows)
      console.log(
        `${r.name.padEnd(18)}  ${String(r.reports).padStart(7)}  ${`${r.lcpMs?.toFixed(0)} ms`.padStart(9)}  ${(r.inpMs === null ? 'none' : `${r.inpMs.toFixed(0)} ms`).padStart(9)}  ${(r.cls?.toFixed(3) ?? 'none').padStart(8)}`,
      );
    const cpu = await serverCpu(server);
    console.log(
      `\nserver CPU per request: POST /api/vitals ${cpu.vitalsUs.toFixed(1)} µs, GET /api/health (no-op) ${cpu.healthUs.toFixed(1)} µs (${CPU_REQUESTS} each, twice, lower kept; ${cpu.non2xx} non-2xx, ${cpu.errors} errors)`,
    );
    const bytes = await scriptBytes();
    console.log(
      `beacon script gzip: loader ${bytes.loaderGz} B + reporter ${bytes.reporterGz} B - web-vitals alone ${bytes.libGz} B = ${bytes.addedGz} B added`,
    );
    return { rows, cpu, bytes, goals: GOALS, runs: RUNS };
  } finally {
    await server.stop();
  }
}
