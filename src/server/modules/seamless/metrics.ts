// The seamless wallet's Prometheus figures: every provider call by outcome (per instance, as counters are), and on
// each scrape the open reconciliation findings and the open rounds past their provider's limit.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/client.ts';
import { openFindingCount, overdueRoundCounts } from './repository.ts';

export interface SeamlessMetrics {
  call(provider: string, call: string, status: string, replayed: boolean): void;
}

export function seamlessMetrics(registry: Registry, db: Db): SeamlessMetrics {
  const calls = new Counter({
    name: 'seamless_wallet_calls_total',
    help: 'Seamless wallet API calls answered, by provider, call, status code and whether it was a replay',
    labelNames: ['provider', 'call', 'status', 'replayed'],
    registers: [registry],
  });
  new Gauge({
    name: 'seamless_findings_open',
    help: 'Seamless reconciliation findings waiting for an operator',
    registers: [registry],
    async collect() {
      this.set(await openFindingCount(db));
    },
  });
  new Gauge({
    name: 'seamless_rounds_overdue',
    help: "Seamless rounds still open past their provider's round limit",
    labelNames: ['provider'],
    registers: [registry],
    async collect() {
      const counts = await overdueRoundCounts(db);
      this.reset();
      for (const r of counts) this.set({ provider: r.code }, r.n);
    },
  });
  return { call: (provider, call, status, replayed) => calls.inc({ provider, call, status, replayed: replayed ? 'yes' : 'no' }) };
}
