import { describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import { batchingMetrics, type BatchCounts } from './metrics.ts';

describe('batchingMetrics', () => {
  it("answers each batcher's counts as they are at the scrape, by batch and provider", async () => {
    const registry = new Registry();
    const counts: BatchCounts[] = [
      { batch: 'wallet_starts', provider: '', counts: { batches: 3, batchedItems: 17, failedBatches: 0 } },
      { batch: 'seamless_debits', provider: 'SMB', counts: { batches: 5, batchedItems: 40, failedBatches: 1 } },
    ];
    batchingMetrics(registry, () => counts);
    let text = await registry.metrics();
    expect(text).toContain('statement_batches_total{batch="wallet_starts",provider=""} 3');
    expect(text).toContain('statement_batched_items_total{batch="seamless_debits",provider="SMB"} 40');
    expect(text).toContain('statement_batches_failed_total{batch="seamless_debits",provider="SMB"} 1');
    // The next scrape reads the counts again rather than adding to what the last one answered.
    counts[1]!.counts.batchedItems = 44;
    text = await registry.metrics();
    expect(text).toContain('statement_batched_items_total{batch="seamless_debits",provider="SMB"} 44');
    expect(text).toContain('statement_batches_total{batch="wallet_starts",provider=""} 3');
  });
});
