// The GET /api/auth/me part of `npm run bench` alone, without a build: requests per second of /api/auth/me
// (signed in as the demo player) against the no-op /api/health of the same server under the same load, measured as
// the bench measures it (route-ratio.mjs).
// Run: DATABASE_URL=... REDIS_URL=... node --disable-warning=ExperimentalWarning tests/perf/auth-me-bench.mjs
// Env: BENCH_ROUNDS (10), BENCH_DURATION_S (2 a round), BENCH_EXTRA (more paths to compare, comma-separated, sent signed in).
import { ROUTE_LOAD, compareRoutes } from './route-ratio.mjs';
import { median } from './pg.mjs';
import { startServer } from './server.mjs';

const load = {
  ...ROUTE_LOAD,
  durationS: Number(process.env.BENCH_DURATION_S ?? ROUTE_LOAD.durationS),
  rounds: Number(process.env.BENCH_ROUNDS ?? ROUTE_LOAD.rounds),
};
const server = await startServer({ RATE_LIMIT_PER_MIN: '100000000', SERVE_PAGES: '0' });
try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo1234', password: 'demo1234' }),
  });
  const token = (await login.json())?.data?.access_token;
  if (!token) throw new Error(`demo login failed: ${login.status}`);
  const routes = [
    { name: 'GET /api/health (no-op)', url: `${server.url}/api/health`, headers: {} },
    { name: 'GET /api/auth/me', url: `${server.url}/api/auth/me`, headers: { authorization: `Bearer ${token}` } },
    ...(process.env.BENCH_EXTRA ?? '')
      .split(',')
      .filter(Boolean)
      .map((p) => ({ name: `GET ${p}`, url: `${server.url}${p}`, headers: { authorization: `Bearer ${token}` } })),
  ];
  const { results, ratios } = await compareRoutes(routes, load);
  for (const r of results) console.log(`${r.name.padEnd(26)} ${r.okRps.toFixed(0).padStart(8)} req/s, median of ${r.rps.map((x) => x.toFixed(0)).join(' / ')}`);
  console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}${process.env.REDIS_URL ? ' + Redis' : ''}`);
  for (const [i, r] of results.entries()) {
    if (i === 0) continue;
    console.log(
      `${r.name} ÷ health = ${median(ratios[i]).toFixed(2)}, median of ${ratios[i].map((x) => x.toFixed(2)).join(', ')}${i === 1 ? ' (goal >= 0.8)' : ''}`,
    );
  }
} finally {
  await server.stop();
}
