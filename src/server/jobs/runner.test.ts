import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { startJobs } from './runner.ts';

// A database stand-in whose advisory lock always succeeds at once: the runner's bookkeeping is under test here.
const database = { withAdvisoryLock: async (_id: number, run: () => Promise<unknown>) => run() } as unknown as Database;
const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;

afterEach(() => vi.useRealTimers());

describe('job runner', () => {
  it('keeps one timer per job however many ticks have run', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const jobs = startJobs(
      database,
      [
        {
          name: 'a',
          lockId: 1,
          intervalMs: 10,
          run: async () => {
            runs++;
          },
        },
        {
          name: 'b',
          lockId: 2,
          intervalMs: 10,
          run: async () => {
            runs++;
          },
        },
      ],
      log,
    );
    for (let i = 0; i < 200; i++) await vi.advanceTimersByTimeAsync(10);
    expect(runs).toBeGreaterThan(200);
    expect(jobs.pendingTimers()).toBe(2);
    await jobs.stop();
  });

  it('keeps running after a job fails', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const jobs = startJobs(
      database,
      [
        {
          name: 'fails',
          lockId: 3,
          intervalMs: 10,
          run: async () => {
            runs++;
            throw new Error('boom');
          },
        },
      ],
      log,
    );
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(10);
    expect(runs).toBe(5);
    await jobs.stop();
  });
});
