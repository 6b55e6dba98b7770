// The system desk: the outbox's figures per event kind (waiting, oldest waiting, lag over the last hour, failures with
// the newest error, dead letters), the dead letters a page at a time, redriving one or every dead letter of a kind
// (only dead rows of that kind change, each redrive audited), the scheduled jobs with their runs, "run now" (the
// request is set and audited), the permissions of each call, bad input and the same figures on /metrics. The states
// are set up by writing the outbox and schedule tables directly, as the worker and the runner would have left them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, signedInStaff, type TestApp } from '../helpers/app.ts';
import { bearer } from '../helpers/players.ts';
import { auditLog, jobRuns, jobSchedules, outboxDeliveries, outboxEvents } from '../../src/server/db/schema.ts';
import type { DeadLetterView, OutboxKindView } from '../../src/shared/schemas/backoffice/system-desk.ts';

const METRICS_TOKEN = 'desk-metrics-token';
const MINUTE_MS = 60_000;
/** Far in the future, so a delivery worker running in the app never picks the test's waiting rows up. */
const LATER = new Date(Date.now() + 24 * 60 * MINUTE_MS);

let t: TestApp;
let admin: { id: number; token: string };
let finance: string;

const ago = (ms: number) => new Date(Date.now() - ms);

async function event(name: string, createdAt: Date, payload: object = { playerId: 7 }): Promise<number> {
  const [row] = await t.database.db.insert(outboxEvents).values({ name, payload, createdAt }).returning({ id: outboxEvents.id });
  return row.id;
}

type DeliveryState = Partial<typeof outboxDeliveries.$inferInsert>;
async function delivery(eventId: number, eventName: string, subscriber: string, state: DeliveryState): Promise<void> {
  await t.database.db.insert(outboxDeliveries).values({ eventId, eventName, subscriber, nextAttemptAt: LATER, ...state });
}

async function row(eventId: number, subscriber: string) {
  const [r] = await t.database.db
    .select()
    .from(outboxDeliveries)
    .where(and(eq(outboxDeliveries.eventId, eventId), eq(outboxDeliveries.subscriber, subscriber)));
  return r;
}

async function lastAudit(action: string) {
  const [r] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
  return r;
}

function call(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown, locale = 'en') {
  return t.app.inject({
    method,
    url: `/api/backoffice/system-desk${url}`,
    headers: { ...(token ? bearer(token) : {}), 'x-locale': locale },
    payload: payload as object,
  });
}

/** Ids of the events the tests redrive. */
const ids = { credited: [] as number[], registered: 0 };

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN });
  admin = await signedInStaff(t, 'deskadmin', 'admin');
  finance = (await signedInStaff(t, 'deskfinance', 'finance')).token;
  const credited = 'deposit.credited';
  // Three waiting deliveries of deposit.credited: the oldest written 10 minutes ago, two of them failed before.
  const e1 = await event(credited, ago(10 * MINUTE_MS));
  await delivery(e1, credited, 'vip', { createdAt: ago(10 * MINUTE_MS), attempts: 1, lastError: 'older failure', lastFailedAt: ago(5 * MINUTE_MS) });
  const e2 = await event(credited, ago(4 * MINUTE_MS));
  await delivery(e2, credited, 'vip', { createdAt: ago(4 * MINUTE_MS), attempts: 2, lastError: 'newest failure', lastFailedAt: ago(MINUTE_MS) });
  await delivery(e2, credited, 'risk', { createdAt: ago(4 * MINUTE_MS) });
  // Two delivered in the last hour (lag 100 ms and 300 ms), one two hours ago (outside the hour).
  for (const [lagMs, at] of [
    [100, ago(20 * MINUTE_MS)],
    [300, ago(30 * MINUTE_MS)],
    [5_000, ago(120 * MINUTE_MS)],
  ] as const) {
    const created = new Date(at.getTime() - lagMs);
    const e = await event(credited, created);
    await delivery(e, credited, 'promotions', { status: 'delivered', createdAt: created, deliveredAt: at, attempts: 1 });
  }
  // Two dead letters of deposit.credited (one carries a payload with markup), one of player.registered.
  for (const payload of [
    { playerId: 8, cardNumber: '4111222233334444' },
    { playerId: 9, note: '<script>alert(1)</script>' },
  ]) {
    const e = await event(credited, ago(60 * MINUTE_MS), payload);
    await delivery(e, credited, 'promotions', { status: 'dead', attempts: 8, lastError: 'gave up', lastFailedAt: ago(50 * MINUTE_MS) });
    ids.credited.push(e);
  }
  ids.registered = await event('player.registered', ago(90 * MINUTE_MS));
  await delivery(ids.registered, 'player.registered', 'register-bonus', {
    status: 'dead',
    attempts: 8,
    lastError: 'no bonus',
    lastFailedAt: ago(80 * MINUTE_MS),
  });
  // Two jobs the runner would have scheduled, one with three runs.
  await t.database.db.insert(jobSchedules).values([
    {
      name: 'desk-test-job',
      nextRunAt: LATER,
      lastStartedAt: ago(MINUTE_MS),
      lastFinishedAt: ago(MINUTE_MS - 1_500),
      lastDurationMs: 1_500,
      lastResult: 'failed',
      lastError: 'boom',
    },
    { name: 'desk-quiet-job', nextRunAt: LATER },
  ]);
  await t.database.db.insert(jobRuns).values([
    {
      name: 'desk-test-job',
      trigger: 'schedule',
      instance: 'a',
      startedAt: ago(30 * MINUTE_MS),
      finishedAt: ago(30 * MINUTE_MS - 900),
      durationMs: 900,
      result: 'ok',
    },
    {
      name: 'desk-test-job',
      trigger: 'catch_up',
      instance: 'b',
      startedAt: ago(20 * MINUTE_MS),
      finishedAt: ago(20 * MINUTE_MS - 1_000),
      durationMs: 1_000,
      result: 'ok',
    },
    {
      name: 'desk-test-job',
      trigger: 'run_now',
      instance: 'a',
      startedAt: ago(MINUTE_MS),
      finishedAt: ago(MINUTE_MS - 1_500),
      durationMs: 1_500,
      result: 'failed',
      error: 'boom',
    },
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('the outbox per event kind', () => {
  it('counts waiting, failing and dead deliveries, the oldest waiting, the newest error and the lag of the last hour', async () => {
    const res = await call('GET', '/outbox', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const kinds = res.json().data.kinds as OutboxKindView[];
    const credited = kinds.find((k) => k.event === 'deposit.credited')!;
    expect(credited).toMatchObject({ pending: 3, failing: 2, dead: 2, last_error: 'newest failure', delivered_last_hour: 2, lag_p50_ms: 200 });
    expect(credited.lag_p99_ms).toBeGreaterThan(290);
    expect(credited.lag_p99_ms).toBeLessThanOrEqual(300);
    expect(credited.oldest_pending_age_ms).toBeGreaterThan(10 * MINUTE_MS - 5_000);
    expect(credited.oldest_pending_age_ms).toBeLessThan(11 * MINUTE_MS);
    const registered = kinds.find((k) => k.event === 'player.registered')!;
    expect(registered).toMatchObject({ pending: 0, failing: 0, dead: 1, oldest_pending_at: null, last_error: null, delivered_last_hour: 0, lag_p50_ms: null });
  });

  it('lists dead letters newest first, by kind and a page at a time, with the payload as text', async () => {
    const all = await call('GET', '/dead-letters', admin.token);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.total).toBe(3);
    const page = await call('GET', '/dead-letters?event=deposit.credited&pageSize=1&page=1', admin.token);
    const data = page.json().data as { data: DeadLetterView[]; total: number };
    expect(data.total).toBe(2);
    expect(data.data).toHaveLength(1);
    expect(data.data[0]).toMatchObject({ event_id: ids.credited[1], subscriber: 'promotions', attempts: 8, last_error: 'gave up', payload_cut: false });
    expect(JSON.parse(data.data[0].payload)).toEqual({ playerId: 9, note: '<script>alert(1)</script>' });
    // A card number shows only its last four digits.
    const older = await call('GET', '/dead-letters?event=deposit.credited&pageSize=1&page=2', admin.token);
    const card = JSON.parse((older.json().data as { data: DeadLetterView[] }).data[0]!.payload) as { playerId: number; cardNumber: string };
    expect(card).toEqual({ playerId: 8, cardNumber: '••••••••4444' });
  });

  it('refuses a kind that is not an event name', async () => {
    const res = await call('GET', '/dead-letters?event=DROP%20TABLE', admin.token);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 'error', code: 'validation_failed' });
  });
});

describe('redrive', () => {
  it('puts one dead delivery back in the queue, changes nothing else, and audits it', async () => {
    const [target, other] = ids.credited;
    const res = await call('POST', '/dead-letters/redrive', admin.token, { event_id: target, subscriber: 'promotions' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ redriven: 1 });
    const now = await row(target, 'promotions');
    expect(now).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    expect(Math.abs(now.nextAttemptAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await row(other, 'promotions')).status).toBe('dead');
    expect((await row(ids.registered, 'register-bonus')).status).toBe('dead');
    const audit = await lastAudit('system.redrive');
    expect(audit).toMatchObject({ staffId: admin.id, target: `outbox_delivery:${target}` });
    expect((audit.detail as { before: unknown }).before).toEqual({ status: 'dead', attempts: 8 });
    expect((audit.detail as { after: unknown }).after).toEqual({ status: 'pending', attempts: 0 });
  });

  it('answers 409 in the reader’s language for a delivery that is not dead, and 404 for none', async () => {
    const again = await call('POST', '/dead-letters/redrive', admin.token, { event_id: ids.credited[0], subscriber: 'promotions' }, 'zh-TW');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 'error', code: 'delivery_not_dead' });
    expect(again.json().message).toMatch(/[\u4e00-\u9fff]/);
    const none = await call('POST', '/dead-letters/redrive', admin.token, { event_id: 999_999_999, subscriber: 'promotions' });
    expect(none.statusCode).toBe(404);
  });

  it('refuses bad input with the fields named', async () => {
    const res = await call('POST', '/dead-letters/redrive', admin.token, { event_id: 'x', subscriber: '' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error ?? {})).toEqual(expect.arrayContaining(['event_id', 'subscriber']));
    const extra = await call('POST', '/dead-letters/redrive-kind', admin.token, { event: 'deposit.credited', all: true });
    expect(extra.statusCode).toBe(422);
  });

  it('puts every dead delivery of one kind back in the queue, leaves other kinds dead, and audits the count', async () => {
    const res = await call('POST', '/dead-letters/redrive-kind', admin.token, { event: 'deposit.credited' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ redriven: 1 });
    expect((await row(ids.credited[1], 'promotions')).status).toBe('pending');
    expect((await row(ids.registered, 'register-bonus')).status).toBe('dead');
    // The waiting rows that were never dead kept their attempts.
    const failing = await t.database.db.select().from(outboxDeliveries).where(eq(outboxDeliveries.lastError, 'newest failure'));
    expect(failing[0]).toMatchObject({ status: 'pending', attempts: 2 });
    const audit = await lastAudit('system.redrive_kind');
    expect(audit).toMatchObject({ staffId: admin.id, target: 'event_kind:deposit.credited' });
    expect((audit.detail as { before: unknown }).before).toEqual({ dead: 1 });
    expect((audit.detail as { after: unknown }).after).toEqual({ dead: 0, redriven: 1 });
    const nothing = await call('POST', '/dead-letters/redrive-kind', admin.token, { event: 'deposit.credited' });
    expect(nothing.json().data).toEqual({ redriven: 0 });
  });
});

describe('scheduled jobs', () => {
  it('lists every job with its last run, duration, result, error and next run', async () => {
    const res = await call('GET', '/jobs', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const jobs = res.json().data.jobs as Array<Record<string, unknown>>;
    expect(jobs.find((j) => j.name === 'desk-test-job')).toMatchObject({
      last_duration_ms: 1_500,
      last_result: 'failed',
      last_error: 'boom',
      running: false,
      run_requested_at: null,
      next_run_at: LATER.toISOString(),
    });
    expect(jobs.find((j) => j.name === 'desk-quiet-job')).toMatchObject({ last_result: null, last_started_at: null });
  });

  it("pages a job's runs newest first, and answers 404 for a job that is not scheduled (422 for a name no job can have)", async () => {
    const res = await call('GET', '/jobs/desk-test-job/runs?pageSize=2', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as { data: Array<{ trigger: string; result: string }>; total: number };
    expect(page.total).toBe(3);
    expect(page.data.map((r) => [r.trigger, r.result])).toEqual([
      ['run_now', 'failed'],
      ['catch_up', 'ok'],
    ]);
    expect((await call('GET', '/jobs/no-such-job/runs', admin.token)).statusCode).toBe(404);
    expect((await call('GET', '/jobs/Bad%20Name/runs', admin.token)).statusCode).toBe(422);
  });

  it('asks for a run now, naming the staff member, and audits the request', async () => {
    const res = await call('POST', '/jobs/desk-test-job/run-now', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const [schedule] = await t.database.db.select().from(jobSchedules).where(eq(jobSchedules.name, 'desk-test-job'));
    expect(schedule.runRequestedBy).toBe(admin.id);
    expect(schedule.runRequestedAt?.toISOString()).toBe(res.json().data.run_requested_at);
    const audit = await lastAudit('system.run_job');
    expect(audit).toMatchObject({ staffId: admin.id, target: 'job:desk-test-job' });
    expect((audit.detail as { before: unknown }).before).toEqual({ run_requested_at: null });
    expect((audit.detail as { after: unknown }).after).toEqual({ run_requested_at: res.json().data.run_requested_at });
    expect((await call('POST', '/jobs/no-such-job/run-now', admin.token)).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('answers 401 to an anonymous caller before reading the body', async () => {
    for (const [method, url, body] of [
      ['GET', '/outbox', undefined],
      ['POST', '/dead-letters/redrive', { event_id: 'x' }],
      ['POST', '/jobs/desk-test-job/run-now', undefined],
    ] as const) {
      const res = await call(method, url, undefined, body);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('answers 403 to a role without the desk, redrive or run-now permissions, and changes nothing', async () => {
    for (const [method, url, body] of [
      ['GET', '/outbox', undefined],
      ['GET', '/dead-letters', undefined],
      ['GET', '/jobs', undefined],
      ['POST', '/dead-letters/redrive', { event_id: ids.registered, subscriber: 'register-bonus' }],
      ['POST', '/dead-letters/redrive-kind', { event: 'player.registered' }],
      ['POST', '/jobs/desk-quiet-job/run-now', undefined],
    ] as const) {
      const res = await call(method, url, finance, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ status: 'error', code: 'forbidden' });
    }
    expect((await row(ids.registered, 'register-bonus')).status).toBe('dead');
    const [quiet] = await t.database.db.select().from(jobSchedules).where(eq(jobSchedules.name, 'desk-quiet-job'));
    expect(quiet.runRequestedAt).toBeNull();
  });
});

describe('/metrics', () => {
  it('reports the outbox per event kind and each job’s last result and success', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    const text = res.body;
    // deposit.credited: three waiting plus the two redriven; player.registered: one dead.
    expect(text).toContain('outbox_pending{event="deposit.credited"} 5');
    expect(text).toContain('outbox_dead{event="player.registered"} 1');
    expect(text).toContain('outbox_dead{event="deposit.credited"} 0');
    const age = Number(/outbox_oldest_pending_age_seconds\{event="deposit.credited"\} ([\d.]+)/.exec(text)?.[1]);
    expect(age).toBeGreaterThan(595);
    expect(text).toContain('job_last_result{job_name="desk-test-job"} 0');
    expect(text).not.toContain('job_last_result{job_name="desk-quiet-job"}');
    const success = Number(/job_last_success_timestamp_seconds\{job_name="desk-test-job"\} ([\d.e+]+)/.exec(text)?.[1]);
    expect(Math.abs(success - (Date.now() - 20 * MINUTE_MS + 1_000) / 1000)).toBeLessThan(60);
  });
});
