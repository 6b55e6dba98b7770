// The scheduled-job runner on job_schedules and job_runs: one instance at a time runs a job however many runners share
// the database, a job missed while every runner was down runs once at start as a catch-up, an operator's "run now"
// runs it and is cleared, a failing job records its error and is still scheduled, and every run leaves its row.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { staff } from '../../src/server/db/schema.ts';
import { MAX_CONCURRENT_JOBS, startJobs, type Job } from '../../src/server/jobs/runner.ts';
import { every, nextCronTime, taipeiCron } from '../../src/server/jobs/schedule.ts';

let database: TestDatabase;
const runners: Array<{ stop(): Promise<void> }> = [];
let seq = 0;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});
afterAll(async () => {
  await database.drop();
});

function logger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger &
    Record<'debug' | 'error' | 'warn', ReturnType<typeof vi.fn>>;
}

function start(jobs: Job[], opts: { leaseMs?: number; instance?: string; onFailure?: (job: string) => void; log?: FastifyBaseLogger } = {}) {
  const runner = startJobs(database, jobs, opts.log ?? logger(), { tickMs: 20, ...opts });
  runners.push(runner);
  return runner;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await sleep(20);
  }
}

const jobName = (what: string) => `t-${what}-${++seq}`;

interface RunRow {
  id: number;
  trigger: string;
  instance: string;
  started_at: Date;
  finished_at: Date | null;
  duration_ms: number | null;
  result: string;
  error: string | null;
}

async function runsOf(name: string): Promise<RunRow[]> {
  const res = await database.db.execute(sql`select * from job_runs where name = ${name} order by id`);
  return (res as unknown as { rows: RunRow[] }).rows.map((r) => ({
    ...r,
    started_at: new Date(r.started_at),
    finished_at: r.finished_at && new Date(r.finished_at),
  }));
}

interface ScheduleRow {
  next_run_at: Date;
  run_requested_at: Date | null;
  run_requested_by: number | null;
  locked_by: string | null;
  last_result: string | null;
  last_error: string | null;
  last_duration_ms: number | null;
}

async function scheduleOf(name: string): Promise<ScheduleRow | undefined> {
  const res = await database.db.execute(sql`select * from job_schedules where name = ${name}`);
  const row = (res as unknown as { rows: ScheduleRow[] }).rows[0];
  return row && { ...row, next_run_at: new Date(row.next_run_at) };
}

const finished = async (name: string, n: number) => {
  const runs = (await runsOf(name)).filter((r) => r.result !== 'running');
  return runs.length >= n ? runs : undefined;
};

describe('scheduled jobs on the database', () => {
  it('never runs one job on two runners at once, the lease held while a run outlasts it', async () => {
    const name = jobName('overlap');
    let active = 0;
    let most = 0;
    const ranOn: string[] = [];
    // Each runner takes a different advisory lock for the job, so only the claim on job_schedules keeps them apart.
    const make = (lockId: number, who: string): Job => ({
      name,
      lockId,
      schedule: every(10),
      run: async () => {
        active++;
        most = Math.max(most, active);
        ranOn.push(who);
        // Longer than the lease: the runner must renew it, or the other runner would take the job over mid-run.
        await sleep(700);
        active--;
      },
    });
    const a = start([make(7_249_001, 'a')], { leaseMs: 300 });
    const b = start([make(7_249_002, 'b')], { leaseMs: 300 });
    const runs = await waitFor(() => finished(name, 4), 20_000);
    expect(most).toBe(1);
    expect(new Set(runs.map((r) => r.instance))).toEqual(new Set([...new Set(ranOn)].map((w) => (w === 'a' ? a.instance : b.instance))));
    for (let i = 1; i < runs.length; i++) expect(runs[i].started_at.getTime()).toBeGreaterThanOrEqual(runs[i - 1].finished_at!.getTime());
    for (const r of runs) expect(r).toMatchObject({ trigger: 'schedule', result: 'ok', error: null });
    for (const r of runs) expect(r.duration_ms).toBeGreaterThanOrEqual(690);
  });

  it('runs a job missed while every runner was down once at start, as a catch-up, and schedules its next Taipei time', async () => {
    const name = jobName('missed');
    // The last run was days ago: its 00:05 Taipei runs since were all missed.
    await database.db.execute(sql`insert into job_schedules (name, next_run_at) values (${name}, now() - interval '3 days')`);
    let runs = 0;
    start([{ name, lockId: 7_249_010, schedule: taipeiCron('5 0 * * *'), run: async () => void runs++ }]);
    const [run] = await waitFor(() => finished(name, 1));
    await sleep(300);
    expect(runs).toBe(1);
    expect(await runsOf(name)).toHaveLength(1);
    expect(run).toMatchObject({ trigger: 'catch_up', result: 'ok' });
    const row = (await scheduleOf(name))!;
    expect(row.next_run_at.getTime()).toBeGreaterThan(Date.now());
    expect(row.next_run_at.getTime()).toBe(nextCronTime('5 0 * * *', run.started_at).getTime());
    expect(row).toMatchObject({ last_result: 'ok', locked_by: null });
  });

  it('runs a job an operator asked for at the next tick and clears the request', async () => {
    const name = jobName('run-now');
    const [operator] = await database.db
      .insert(staff)
      .values({ username: `jobs${seq}`, passwordHash: 'not-used', role: 'admin' })
      .returning({ id: staff.id });
    let runs = 0;
    start([{ name, lockId: 7_249_020, schedule: taipeiCron('5 0 * * *'), run: async () => void runs++ }]);
    const registered = await waitFor(() => scheduleOf(name));
    expect(registered.next_run_at.getTime()).toBeGreaterThan(Date.now());
    await sleep(200);
    expect(runs).toBe(0);
    // What the system desk writes.
    await database.db.execute(sql`update job_schedules set run_requested_at = now(), run_requested_by = ${operator.id} where name = ${name}`);
    const [run] = await waitFor(() => finished(name, 1));
    expect(run).toMatchObject({ trigger: 'run_now', result: 'ok' });
    const row = (await scheduleOf(name))!;
    expect(row).toMatchObject({ run_requested_at: null, run_requested_by: null, last_result: 'ok' });
    expect(row.next_run_at.getTime()).toBe(registered.next_run_at.getTime());
    await sleep(200);
    expect(runs).toBe(1);
  });

  it('keeps a request made while the job runs for one more run', async () => {
    const name = jobName('asked-again');
    let runs = 0;
    start([
      {
        name,
        lockId: 7_249_030,
        schedule: taipeiCron('5 0 * * *'),
        run: async () => {
          runs++;
          if (runs === 1) {
            await database.db.execute(sql`update job_schedules set run_requested_at = now() where name = ${name}`);
          }
        },
      },
    ]);
    await waitFor(() => scheduleOf(name));
    await database.db.execute(sql`update job_schedules set run_requested_at = now() - interval '1 second' where name = ${name}`);
    const runRows = await waitFor(() => finished(name, 2));
    await sleep(200);
    expect(runRows.map((r) => r.trigger)).toEqual(['run_now', 'run_now']);
    expect(runs).toBe(2);
    expect((await scheduleOf(name))!.run_requested_at).toBeNull();
  });

  it('records a failed run with its error, counts it and still schedules the next run', async () => {
    const name = jobName('fails');
    const failures: string[] = [];
    const log = logger();
    let runs = 0;
    start(
      [
        {
          name,
          lockId: 7_249_040,
          schedule: every(100),
          run: async () => {
            runs++;
            throw new Error(`provider down ${'x'.repeat(3000)}`);
          },
        },
      ],
      { onFailure: (job) => failures.push(job), log },
    );
    const runRows = await waitFor(() => finished(name, 2));
    expect(runRows[0]).toMatchObject({ result: 'failed', trigger: 'schedule' });
    expect(runRows[0].error!.startsWith('Error: provider down xxx')).toBe(true);
    expect(runRows[0].error).toHaveLength(2000);
    const row = (await scheduleOf(name))!;
    expect(row.last_result).toBe('failed');
    expect(row.last_error).toHaveLength(2000);
    expect(failures.filter((f) => f === name).length).toBeGreaterThanOrEqual(2);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ job: name }), 'job failed');
    // The 'job ran' line two-instance tests read, with the run's start and end.
    const ran = log.debug.mock.calls.find((c) => c[1] === 'job ran' && (c[0] as { job: string }).job === name)?.[0] as { startedAt: number; endedAt: number };
    expect(ran.endedAt).toBeGreaterThanOrEqual(ran.startedAt);
    expect(runs).toBeGreaterThanOrEqual(2);
  });

  it('takes over a job whose runner died mid-run once its lease lapsed, marking that run failed', async () => {
    const name = jobName('orphan');
    await database.db.execute(sql`
      insert into job_schedules (name, next_run_at, locked_until, locked_by) values (${name}, now() - interval '10 seconds', now() - interval '1 second', 'dead-instance')`);
    await database.db.execute(sql`insert into job_runs (name, trigger, instance) values (${name}, 'schedule', 'dead-instance')`);
    start([{ name, lockId: 7_249_050, schedule: every(60_000), run: async () => undefined }]);
    const runRows = await waitFor(() => finished(name, 2));
    expect(runRows[0]).toMatchObject({ instance: 'dead-instance', result: 'failed' });
    expect(runRows[0].error).toMatch(/stopped before the run ended/);
    expect(runRows[1]).toMatchObject({ result: 'ok', trigger: 'schedule' });
  });

  it('takes back at start the jobs its own name held before a restart, without waiting for the lease', async () => {
    const name = jobName('restarted');
    await database.db.execute(sql`
      insert into job_schedules (name, next_run_at, locked_until, locked_by) values (${name}, now() - interval '1 second', now() + interval '1 hour', 'instance-a')`);
    await database.db.execute(sql`insert into job_runs (name, trigger, instance) values (${name}, 'schedule', 'instance-a')`);
    start([{ name, lockId: 7_249_055, schedule: every(60_000), run: async () => undefined }], { instance: 'instance-a' });
    const runRows = await waitFor(() => finished(name, 2));
    expect(runRows[0]).toMatchObject({ instance: 'instance-a', result: 'failed' });
    expect(runRows[1]).toMatchObject({ instance: 'instance-a', result: 'ok' });
  });

  it('does not run a job whose lease another runner holds, nor a job switched off', async () => {
    const held = jobName('held');
    const off = jobName('off');
    await database.db.execute(sql`
      insert into job_schedules (name, next_run_at, locked_until, locked_by) values (${held}, now() - interval '1 second', now() + interval '1 hour', 'other')`);
    let runs = 0;
    start([
      { name: held, lockId: 7_249_060, schedule: every(20), run: async () => void runs++ },
      { name: off, lockId: 7_249_061, schedule: every(0), run: async () => void runs++ },
    ]);
    await sleep(500);
    expect(runs).toBe(0);
    expect(await scheduleOf(off)).toBeUndefined();
  });

  it('runs at most MAX_CONCURRENT_JOBS at once when every job is due together, and the others after them', async () => {
    // Every job due at once, as when an instance starts after all were down: each run holds a pool connection for
    // its lock, so an unbounded start could take the whole pool.
    const names = Array.from({ length: MAX_CONCURRENT_JOBS + 4 }, () => jobName('crowd'));
    for (const name of names) await database.db.execute(sql`insert into job_schedules (name, next_run_at) values (${name}, now() - interval '1 day')`);
    let now = 0;
    let most = 0;
    const ran = new Set<string>();
    start(
      names.map((name, i) => ({
        name,
        lockId: 7_249_070 + i,
        schedule: every(60_000),
        run: async () => {
          most = Math.max(most, ++now);
          await sleep(150);
          now--;
          ran.add(name);
        },
      })),
    );
    await waitFor(async () => (ran.size === names.length ? true : undefined));
    expect(most).toBe(MAX_CONCURRENT_JOBS);
  });
});

describe('the app’s scheduled jobs', () => {
  it('registers every enabled job of the registry, the day close at its Taipei time, and runs them', async () => {
    const { buildApp } = await import('../../src/server/app.ts');
    const { loadConfig } = await import('../../src/server/config.ts');
    const { JOBS } = await import('../../src/server/jobs/registry.ts');
    const { seedReference } = await import('../../src/server/seed.ts');
    await seedReference(database.db);
    const off = [
      'RECONCILE_INTERVAL_MS',
      'BET_INGEST_INTERVAL_MS',
      'DEPOSIT_EXPIRY_INTERVAL_MS',
      'RED_PACKET_TICK_MS',
      'TRON_WATCH_INTERVAL_MS',
      'SMS_REPORT_INTERVAL_MS',
      'VIP_POINTS_INTERVAL_MS',
    ];
    const env = {
      ...process.env,
      REDIS_URL: '',
      PROMOTIONS_DAILY_INTERVAL_MS: '',
      VIP_NIGHTLY_INTERVAL_MS: '100',
      PARTNERS_SETTLE_INTERVAL_MS: '100',
      ...Object.fromEntries(off.map((k) => [k, '0'])),
    };
    const config = { ...loadConfig(env), databaseUrl: database.url };
    const app = await buildApp({ config, database, logger: false, jobs: true });
    try {
      const before = new Date();
      await app.ready();
      const runs = await waitFor(async () => {
        const [nightly, settle] = [await finished(JOBS.vipNightly.name, 1), await finished(JOBS.partnersSettle.name, 1)];
        return nightly && settle ? [...nightly, ...settle] : undefined;
      });
      for (const r of runs) expect(r, r.error ?? '').toMatchObject({ result: 'ok', trigger: 'schedule' });
      const res = await database.db.execute(sql`select name from job_schedules where name not like 't-%' order by name`);
      const names = (res as unknown as { rows: Array<{ name: string }> }).rows.map((r) => r.name);
      const offNames: string[] = [
        JOBS.reconcileTransfers,
        JOBS.ingestBets,
        JOBS.expireDeposits,
        JOBS.aioReconcile,
        JOBS.redPacketRounds,
        JOBS.usdtWatch,
        JOBS.smsReports,
        JOBS.vipPoints,
      ].map((j) => j.name);
      expect(names).toEqual(
        Object.values(JOBS)
          .map((j) => j.name)
          .filter((n) => !offNames.includes(n))
          .sort(),
      );
      const close = (await scheduleOf(JOBS.promotionsDaily.name))!;
      expect(close.next_run_at.getTime()).toBe(nextCronTime('5 0 * * *', before).getTime());
    } finally {
      await app.close();
    }
  });
});
