// Scheduled work: each job runs every intervalMs on whichever instance wins its advisory lock, so exactly
// one instance runs it at a time however many are up.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';

export interface Job {
  name: string;
  lockId: number;
  intervalMs: number;
  run(): Promise<unknown>;
}

/** onFailure: hears each failed run by job name (the job_failures_total metric). */
export function startJobs(
  database: Database,
  jobs: Job[],
  log: FastifyBaseLogger,
  onFailure: (job: string) => void = () => {},
): { stop(): Promise<void>; pendingTimers(): number } {
  // One pending timer per job, replaced on every tick: keeping them all would grow by thousands a day.
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  for (const job of jobs) {
    if (job.intervalMs <= 0) continue;
    const tick = () => {
      if (stopped) return;
      // The run is logged (debug) with its start and end on the instance that won the lock, so operators
      // and the two-instance test (tests/lb) can see that one instance at a time runs each job.
      const run = async () => {
        const startedAt = Date.now();
        try {
          return await job.run();
        } finally {
          log.debug({ job: job.name, pid: process.pid, startedAt, endedAt: Date.now() }, 'job ran');
        }
      };
      const p = database
        .withAdvisoryLock(job.lockId, run)
        .catch((err: unknown) => {
          log.error({ err, job: job.name }, 'job failed');
          onFailure(job.name);
        })
        .finally(() => {
          running.delete(p);
          if (!stopped) timers.set(job.name, setTimeout(tick, job.intervalMs).unref());
        });
      running.add(p);
    };
    timers.set(job.name, setTimeout(tick, job.intervalMs).unref());
  }
  return {
    pendingTimers: () => timers.size,
    async stop() {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t);
      await Promise.allSettled([...running]);
    },
  };
}
