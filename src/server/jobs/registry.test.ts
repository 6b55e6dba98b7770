import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { JOBS, scheduled } from './registry.ts';

describe('job registry', () => {
  const specs = Object.values(JOBS);

  it('gives every job its own name and its own advisory-lock id', () => {
    expect(new Set(specs.map((s) => s.name)).size).toBe(specs.length);
    expect(new Set(specs.map((s) => s.lockId)).size).toBe(specs.length);
  });

  it('takes the intervals from the configuration', () => {
    const config = loadConfig({ RECONCILE_INTERVAL_MS: '1234', RED_PACKET_TICK_MS: '0' });
    const run = async () => undefined;
    expect(scheduled(JOBS.reconcileTransfers, config, run)).toMatchObject({ name: 'reconcile-transfers', lockId: 7_240_101, intervalMs: 1234 });
    expect(scheduled(JOBS.redPacketRounds, config, run).intervalMs).toBe(0);
    expect(scheduled(JOBS.purgeUploads, config, run).intervalMs).toBe(3_600_000);
  });
});
