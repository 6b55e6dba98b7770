// /metrics: Prometheus figures behind a scrape token, with per-route latency and the business gauges.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { freshIp } from '../helpers/players.ts';

const TOKEN = 'scrape-token-for-tests-0123456789';
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  off = await createTestApp({ METRICS_TOKEN: '' });
});
afterAll(async () => {
  await t?.close();
  await off?.close();
});

const scrape = (app: TestApp, authorization?: string) =>
  app.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {}, remoteAddress: freshIp() });

describe('GET /metrics', () => {
  it('is not there without the scrape token, nor with a wrong one, nor when no token is configured', async () => {
    expect((await scrape(t)).statusCode).toBe(404);
    expect((await scrape(t, `Bearer ${TOKEN}x`)).statusCode).toBe(404);
    expect((await scrape(t, 'Bearer ')).statusCode).toBe(404);
    expect((await scrape(off)).statusCode).toBe(404);
    expect((await scrape(off, 'Bearer anything')).statusCode).toBe(404);
  });

  it('answers route latency, the process figures and the business gauges with the token', async () => {
    await t.app.inject({ url: '/api/system/settings', remoteAddress: freshIp() });
    await t.app.inject({ url: '/api/system/settings', remoteAddress: freshIp() });
    await t.app.inject({ method: 'HEAD', url: '/api/system/settings', remoteAddress: freshIp() });
    await t.app.inject({ url: '/api/system/website-nope', remoteAddress: freshIp() });
    await t.app.inject({ url: '/api/health', remoteAddress: freshIp() });
    await t.app.inject({ url: '/api/no-such-route', remoteAddress: freshIp() });
    // A refusal is timed under its own status code: an anonymous call to a route that needs a session.
    await t.app.inject({ url: '/api/auth/me', remoteAddress: freshIp() });
    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const body = res.body;
    expect(body).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="\/api\/system\/settings"/);
    expect(body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/system\/settings",status_code="200"\} 2/);
    expect(body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/auth\/me",status_code="401"\} 1/);
    // The balancers' no-op, HEAD requests and requests no route matched are not timed.
    expect(body).not.toContain('method="HEAD"');
    expect(body).not.toContain('website-nope');
    expect(body).not.toMatch(/route="\/api\/health"/);
    expect(body).not.toContain('no-such-route');
    expect(body).toContain('nodejs_eventloop_lag_seconds');
    // The money paths' statement batchers, read from their counts on each scrape.
    const starts = t.app.services.wallet.batching.starts;
    expect(body).toContain(`statement_batches_total{batch="wallet_starts",provider=""} ${starts.batches}`);
    expect(body).toContain(`statement_batched_items_total{batch="wallet_settlements",provider=""} ${t.app.services.wallet.batching.settlements.batchedItems}`);
    expect(body).toContain('# TYPE statement_batches_failed_total counter');
    for (const name of ['platform_transfers_pending 0', 'reconciliation_findings_open 0', 'sockets_connected 0']) expect(body).toContain(name);
    for (const name of ['deposits_last_24h', 'withdrawals_last_24h', 'bet_ingestion_lag_seconds']) expect(body).toContain(`# TYPE ${name} gauge`);
  });
});
