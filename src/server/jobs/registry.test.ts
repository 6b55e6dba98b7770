import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { JOBS, jobCatalogue, scheduled } from './registry.ts';

describe('job registry', () => {
  const specs = Object.values(JOBS);
  const run = async () => undefined;

  it('gives every job its own name and its own advisory-lock id', () => {
    expect(new Set(specs.map((s) => s.name)).size).toBe(specs.length);
    expect(new Set(specs.map((s) => s.lockId)).size).toBe(specs.length);
  });

  it('takes the intervals from the configuration', () => {
    const config = loadConfig({ RECONCILE_INTERVAL_MS: '1234', RED_PACKET_TICK_MS: '0' });
    expect(scheduled(JOBS.reconcileTransfers, config, run)).toMatchObject({
      name: 'reconcile-transfers',
      lockId: 7_240_101,
      schedule: { kind: 'interval', everyMs: 1234 },
    });
    expect(scheduled(JOBS.redPacketRounds, config, run).schedule).toEqual({ kind: 'off' });
    expect(scheduled(JOBS.purgeUploads, config, run).schedule).toEqual({ kind: 'interval', everyMs: 3_600_000 });
  });

  it('runs the day close, the VIP nightly run and the settlement at their Taipei times', () => {
    const config = loadConfig({});
    expect(scheduled(JOBS.promotionsDaily, config, run).schedule).toEqual({ kind: 'cron', expression: '5 0 * * *' });
    expect(scheduled(JOBS.partnersSettle, config, run).schedule).toEqual({ kind: 'cron', expression: '10 0 * * *' });
    expect(scheduled(JOBS.vipNightly, config, run).schedule).toEqual({ kind: 'cron', expression: '30 0 * * *' });
  });

  it('honours an interval the configuration gives those jobs, 0 switching them off', () => {
    const config = loadConfig({ VIP_NIGHTLY_INTERVAL_MS: '200', PROMOTIONS_DAILY_INTERVAL_MS: '0', PARTNERS_SETTLE_INTERVAL_MS: '500' });
    expect(scheduled(JOBS.vipNightly, config, run).schedule).toEqual({ kind: 'interval', everyMs: 200 });
    expect(scheduled(JOBS.promotionsDaily, config, run).schedule).toEqual({ kind: 'off' });
    expect(scheduled(JOBS.partnersSettle, config, run).schedule).toEqual({ kind: 'interval', everyMs: 500 });
  });

  it('lists every job for the system desk with its schedule', () => {
    const list = jobCatalogue(loadConfig({}));
    expect(list.map((j) => j.name)).toEqual(specs.map((s) => s.name));
    expect(list.find((j) => j.name === 'promotions-daily')!.schedule).toEqual({
      kind: 'cron',
      expression: '5 0 * * *',
      timeZone: 'Asia/Taipei',
      dailyAt: '00:05',
    });
    expect(list.find((j) => j.name === 'purge-outbox')!.schedule).toMatchObject({ kind: 'interval' });
  });
});
