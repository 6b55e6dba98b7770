// The GET /api/auth/me part of `npm run bench` alone, without a build: requests per second of /api/auth/me
// (signed in as the demo player) against the no-op /api/health of the same server under the same load.
// Run: DATABASE_URL=... REDIS_URL=... node --disable-warning=ExperimentalWarning tests/perf/auth-me-bench.mjs
import autocannon from 'autocannon';
import { startServer } from './server.mjs';

const LOAD = { connections: 10, durationS: Number(process.env.BENCH_DURATION_S ?? 10), warmupS: 3 };
const server = await startServer({ RATE_LIMIT_PER_MIN: '100000000', SERVE_PAGES: '0' });
try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'demo1234', password: 'demo1234' }),
  });
  const token = (await login.json())?.data?.access_token;
  if (!token) throw new Error(`demo login failed: ${login.status}`);
  const routes = [
    { name: 'GET /api/health (no-op)', url: `${server.url}/api/health`, headers: {} },
    { name: 'GET /api/auth/me', url: `${server.url}/api/auth/me`, headers: { authorization: `Bearer ${token}` } },
    // Extra routes to compare, comma-separated paths (BENCH_EXTRA=/api/system/settings), sent signed in.
    ...(process.env.BENCH_EXTRA ?? '').split(',').filter(Boolean).map((p) => ({ name: `GET ${p}`, url: `${server.url}${p}`, headers: { authorization: `Bearer ${token}` } })),
  ];
  const load = (route, duration) => autocannon({ url: route.url, headers: route.headers, connections: LOAD.connections, duration });
  for (const route of routes) await load(route, LOAD.warmupS);
  const results = [];
  for (const route of routes) {
    const r = await load(route, LOAD.durationS);
    results.push({ ...route, okRps: r['2xx'] / r.duration, non2xx: r.non2xx });
  }
  for (const r of results) console.log(`${r.name.padEnd(26)} ${r.okRps.toFixed(0).padStart(8)} req/s (non-2xx ${r.non2xx})`);
  console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}${process.env.REDIS_URL ? ' + Redis' : ''}`);
  console.log(`auth/me ÷ health = ${(results[1].okRps / results[0].okRps).toFixed(2)} (goal >= 0.5)`);
} finally {
  await server.stop();
}
