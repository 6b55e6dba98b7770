// The GET /api/auth/me part of `npm run bench` alone, without a build: requests per second of /api/auth/me
// (signed in as the demo player) against the no-op /api/health of the same server under the same load.
// Run: DATABASE_URL=... REDIS_URL=... node --disable-warning=ExperimentalWarning tests/perf/auth-me-bench.mjs
import autocannon from 'autocannon';
import { startServer } from './server.mjs';

const LOAD = { connections: 10, durationS: Number(process.env.BENCH_DURATION_S ?? 5), warmupS: 3 };
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
  // The routes take turns for BENCH_ROUNDS rounds (3), as in `npm run bench`; the ratio is the median of the rounds'.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const rps = routes.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, route] of routes.entries()) {
      const r = await load(route, LOAD.durationS);
      rps[i].push(r['2xx'] / r.duration);
    }
  }
  const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [i, route] of routes.entries()) console.log(`${route.name.padEnd(26)} ${median(rps[i]).toFixed(0).padStart(8)} req/s, median of ${rps[i].map((x) => x.toFixed(0)).join(' / ')}`);
  console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}${process.env.REDIS_URL ? ' + Redis' : ''}`);
  const ratios = rps[1].map((x, i) => x / rps[0][i]);
  console.log(`auth/me ÷ health = ${median(ratios).toFixed(2)}, median of ${ratios.map((x) => x.toFixed(2)).join(', ')} (goal >= 0.8)`);
} finally {
  await server.stop();
}
