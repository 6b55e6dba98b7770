// Requests per second of GET routes of one server under the same load (autocannon), taking turns round after round:
// on a shared machine a neighbour's burst then weighs on one round of every route rather than on one route, and the
// median of the rounds' ratios sets it aside. Many short rounds rather than a few long ones: measured on a busy
// two-core machine, single rounds of the same code ranged from 0.6 to 1.2 of each other, and a median of three
// moved by a tenth from run to run.
import autocannon from 'autocannon';
import { median } from './pg.mjs';

export const ROUTE_LOAD = { connections: 10, durationS: 2, rounds: 10, warmupS: 3 };

/**
 * `routes`: [{ name, url, headers }]. Answers each route's results ({ ...route, rps: [per round], okRps, p50, p99,
 * non2xx, errors }) and `ratios`: per round, each route's req/s against the first route's.
 */
export async function compareRoutes(routes, load = ROUTE_LOAD) {
  const run = (route, duration) => autocannon({ url: route.url, headers: route.headers, connections: load.connections, duration });
  for (const route of routes) await run(route, load.warmupS);
  const runs = routes.map(() => []);
  for (let round = 0; round < load.rounds; round++) {
    for (const [i, route] of routes.entries()) runs[i].push(await run(route, load.durationS));
  }
  const results = routes.map((route, i) => {
    const rps = runs[i].map((r) => r['2xx'] / r.duration);
    const sum = (k) => runs[i].reduce((s, r) => s + r[k], 0);
    return {
      ...route,
      rps,
      okRps: median(rps),
      non2xx: sum('non2xx'),
      errors: sum('errors'),
      p50: median(runs[i].map((r) => r.latency.p50)),
      p99: median(runs[i].map((r) => r.latency.p99)),
    };
  });
  const ratios = results.map((r) => r.rps.map((x, k) => x / results[0].rps[k]));
  return { results, ratios };
}
