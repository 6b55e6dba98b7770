import { chromium } from 'playwright-core';
import { startServer, CHROMIUM_PATH, CHROMIUM_FLAGS } from '../server.mjs';
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
for (const [p, vp] of [['/about', { width: 1366, height: 900 }], ['/en/about', { width: 1366, height: 900 }], ['/mobile/', { width: 390, height: 844 }]]) {
  const ctx = await browser.newContext({ viewport: vp });
  const page = await ctx.newPage();
  const sizes = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script') {
      const h = await r.allHeaders();
      const body = await r.body().catch(() => Buffer.alloc(0));
      sizes.push({ url: new URL(r.url()).pathname, enc: h['content-encoding'] ?? '', wire: Number(h['content-length'] ?? body.length), raw: body.length });
    }
  });
  await page.goto(server.url + p, { waitUntil: 'networkidle' });
  const total = sizes.reduce((s, x) => s + x.wire, 0);
  console.log(p, 'scripts', sizes.length, 'wire KB', (total / 1024).toFixed(1), 'raw KB', (sizes.reduce((s, x) => s + x.raw, 0) / 1024).toFixed(1));
  for (const s of sizes.sort((a, b) => b.raw - a.raw).slice(0, 6)) console.log('   ', s.url, s.enc, (s.wire / 1024).toFixed(1), (s.raw / 1024).toFixed(1));
  await ctx.close();
}
await browser.close();
await server.stop();
