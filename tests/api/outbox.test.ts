// The transactional outbox: an event commits or rolls back with its transaction; a failing subscriber is retried
// with back-off and dead-lettered after OUTBOX_MAX_ATTEMPTS; a redriven dead letter takes effect once; deliveries of
// one player reach a subscriber in order; two workers never run one delivery at once; and a second delivery of every
// kind of event the domains publish changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { FakeGateway } from '../helpers/fake-gateway.ts';
import { kycPlayer, withdraw } from '../helpers/kyc.ts';
import { bearer, freshIp, playerWithToken } from '../helpers/players.ts';
import { createOutboxBus, type OutboxBus } from '../../src/server/events/bus.ts';
import { createOutboxWorker } from '../../src/server/events/worker.ts';
import { OUTBOX_MAX_ATTEMPTS, purgeDelivered, retryDelayMs } from '../../src/server/events/outbox.ts';
import type { EventMeta, EventMap } from '../../src/server/lib/events.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';

type TestEvents = EventMap & { 'partner.own_player_suspected': { playerId: number; partnerId: number; kinds: Array<'ip' | 'device'> } };
/** No domain subscribes to this event, so the tests' own subscriber is its only one; partnerId picks the scenario. */
const TEST_EVENT = 'partner.own_player_suspected';
const TEST_SUBSCRIBER = 'test.outbox_scenarios';

let t: TestApp;
let bus: OutboxBus<TestEvents>;
const gateway = new FakeGateway();
const scenarios = new Map<number, (payload: TestEvents[typeof TEST_EVENT], meta: EventMeta) => Promise<void> | void>();

beforeAll(async () => {
  t = await createTestApp({ OUTBOX_CLAIM_GRACE_MS: '0' }, { provider: new FakeProvider(), gateway });
  bus = t.app.services.events as unknown as OutboxBus<TestEvents>;
  bus.on(TEST_EVENT, { key: TEST_SUBSCRIBER, label: 'scenarios of the tests' }, (p, meta) => scenarios.get(p.partnerId)?.(p, meta));
});

afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

async function publish(scenario: number, playerId: number) {
  return db().transaction((tx) => bus.publish(tx, TEST_EVENT, { playerId, partnerId: scenario, kinds: [] }));
}

async function delivery(eventId: number, subscriber = TEST_SUBSCRIBER) {
  const res = await db().execute<{
    status: string;
    attempts: number;
    last_error: string | null;
    delay_ms: string | null;
  }>(sql`select status, attempts, last_error,
      (extract(epoch from (next_attempt_at - last_failed_at)) * 1000)::bigint::text as delay_ms
    from outbox_deliveries where event_id = ${eventId} and subscriber = ${subscriber}`);
  return res.rows[0];
}

/** Makes a waiting retry due now, as the passing of its back-off would. */
async function makeDue(eventId: number) {
  await db().execute(sql`update outbox_deliveries set next_attempt_at = now() where event_id = ${eventId}`);
}

describe('publishing', () => {
  it('writes nothing when the transaction rolls back, and the event with its delivery when it commits', async () => {
    const before = await db().execute<{ n: number }>(sql`select count(*)::int as n from outbox_events`);
    await expect(
      db().transaction(async (tx) => {
        await bus.publish(tx, TEST_EVENT, { playerId: 1, partnerId: 0, kinds: [] });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    const after = await db().execute<{ n: number }>(sql`select count(*)::int as n from outbox_events`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    const e = await publish(0, 1);
    expect(e).toBeDefined();
    expect(await delivery(e!.eventId)).toMatchObject({ status: 'pending', attempts: 0 });
    await bus.deliver(e);
    expect(await delivery(e!.eventId)).toMatchObject({ status: 'delivered' });
  });

  it('keeps bigint amounts and dates as they were for the subscriber', async () => {
    let seen: unknown;
    scenarios.set(7, (p) => {
      seen = p;
    });
    const e = await db().transaction((tx) =>
      bus.publish(tx, TEST_EVENT, { playerId: 2, partnerId: 7, kinds: [], amountMinor: 12n, at: new Date('2026-01-02T03:04:05Z') } as never),
    );
    await bus.deliver(e);
    expect(seen).toEqual({ playerId: 2, partnerId: 7, kinds: [], amountMinor: 12n, at: new Date('2026-01-02T03:04:05Z') });
  });
});

describe('a request that dies after its commit', () => {
  it('leaves its events to the worker, which delivers them', async () => {
    const reg = await playerWithToken(t);
    const headers = bearer(reg.token);
    const playerId = Number((await t.app.inject({ url: '/api/auth/me', headers })).json().data.id);
    const signals = async () =>
      (await db().execute<{ n: number }>(sql`select count(*)::int as n from risk_signals where player_id = ${playerId} and kind = 'identity'`)).rows[0]!.n;
    const before = await signals();
    const deliver = bus.deliver.bind(bus);
    bus.deliver = async () => {
      throw new Error('the process died after the commit');
    };
    try {
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/info',
        headers,
        payload: { real_name: '王小明', gender: 'male', birthday: '1985-01-02' },
      });
      expect(saved.statusCode).toBe(500);
    } finally {
      bus.deliver = deliver;
    }
    expect(await signals()).toBe(before);
    for (let i = 0; i < 10 && (await t.app.outbox.worker.pollOnce()) > 0; i++);
    expect(await signals()).toBe(before + 1);
  });
});

describe('retries and dead letters', () => {
  it('retries a failing subscriber with doubling back-off and dead-letters it after the last attempt', async () => {
    let calls = 0;
    scenarios.set(1, () => {
      calls += 1;
      throw new Error(`still broken ${calls}`);
    });
    const e = (await publish(1, 10))!;
    await bus.deliver(e);
    for (let attempt = 1; attempt < OUTBOX_MAX_ATTEMPTS; attempt++) {
      const d = await delivery(e.eventId);
      expect(d).toMatchObject({ status: 'pending', attempts: attempt, last_error: expect.stringContaining(`still broken ${attempt}`) as string });
      expect(Number(d!.delay_ms)).toBe(retryDelayMs(attempt));
      // Not due yet: the worker leaves it alone.
      await t.app.outbox.worker.pollOnce();
      expect(calls).toBe(attempt);
      await makeDue(e.eventId);
      await t.app.outbox.worker.pollOnce();
    }
    expect(calls).toBe(OUTBOX_MAX_ATTEMPTS);
    expect(await delivery(e.eventId)).toMatchObject({ status: 'dead', attempts: OUTBOX_MAX_ATTEMPTS });
    await makeDue(e.eventId);
    await t.app.outbox.worker.pollOnce();
    expect(calls).toBe(OUTBOX_MAX_ATTEMPTS);
  });

  it('a dead letter redriven after the fault is fixed takes effect once', async () => {
    let fixed = false;
    const effects: number[] = [];
    scenarios.set(2, (_p, meta) => {
      if (!fixed) throw new Error('broken until fixed');
      if (!effects.includes(meta.eventId)) effects.push(meta.eventId);
      else throw new Error('delivered twice');
    });
    const e = (await publish(2, 11))!;
    await db().execute(sql`update outbox_deliveries set attempts = ${OUTBOX_MAX_ATTEMPTS - 1} where event_id = ${e.eventId}`);
    await bus.deliver(e);
    expect(await delivery(e.eventId)).toMatchObject({ status: 'dead' });
    fixed = true;
    // The system desk's redrive.
    await db().execute(
      sql`update outbox_deliveries set status = 'pending', attempts = 0, next_attempt_at = now() where event_id = ${e.eventId} and status = 'dead'`,
    );
    await t.app.outbox.worker.pollOnce();
    await t.app.outbox.worker.pollOnce();
    expect(effects).toEqual([e.eventId]);
    expect(await delivery(e.eventId)).toMatchObject({ status: 'delivered' });
  });
});

describe('order and concurrency', () => {
  it("delivers one player's events to a subscriber oldest first, holding the later ones while an earlier one waits to be retried", async () => {
    const seen: number[] = [];
    let failFirst = true;
    scenarios.set(3, (_p, meta) => {
      if (failFirst) {
        failFirst = false;
        throw new Error('first attempt fails');
      }
      seen.push(meta.eventId);
    });
    const events = await db().transaction(async (tx) => {
      const out = [];
      for (let i = 0; i < 5; i++) out.push((await bus.publish(tx, TEST_EVENT, { playerId: 12, partnerId: 3, kinds: [] }))!);
      return out;
    });
    await bus.deliver(...events);
    expect(seen).toEqual([]);
    await t.app.outbox.worker.pollOnce();
    expect(seen).toEqual([]);
    for (const e of events.slice(1)) expect(await delivery(e.eventId)).toMatchObject({ status: 'pending', attempts: 0 });
    await makeDue(events[0]!.eventId);
    // Each poll takes the oldest waiting delivery of the player; the worker polls again at once after one that ran any.
    for (let i = 0; i < 10 && (await t.app.outbox.worker.pollOnce()) > 0; i++);
    expect(seen).toEqual(events.map((e) => e.eventId));
  });

  it('two instances polling one database never run the same delivery at once, and run each once', async () => {
    const running = new Set<number>();
    const runs = new Map<number, number>();
    let overlaps = 0;
    const handler = async (_p: unknown, meta: EventMeta) => {
      if (running.has(meta.eventId)) overlaps += 1;
      running.add(meta.eventId);
      await new Promise((r) => setTimeout(r, 2));
      running.delete(meta.eventId);
      runs.set(meta.eventId, (runs.get(meta.eventId) ?? 0) + 1);
    };
    scenarios.set(4, handler);
    const log = () => {};
    const other = createOutboxBus<TestEvents>({ db: db(), log });
    other.on(TEST_EVENT, { key: TEST_SUBSCRIBER, label: 'the second instance' }, (p, meta) => (p.partnerId === 4 ? handler(p, meta) : undefined));
    const opts = { pollIntervalMs: 10, batchSize: 7, claimGraceMs: 0 };
    const workers = [t.app.outbox.worker, createOutboxWorker(other, opts, log)];
    const events = await db().transaction(async (tx) => {
      const out = [];
      for (let i = 0; i < 60; i++) out.push((await bus.publish(tx, TEST_EVENT, { playerId: 1000 + (i % 20), partnerId: 4, kinds: [] }))!);
      return out;
    });
    const pollUntilDone = async (w: (typeof workers)[number]) => {
      for (let i = 0; i < 100 && (await w.pollOnce()) > 0; i++);
    };
    await Promise.all([pollUntilDone(workers[0]!), pollUntilDone(workers[1]!), pollUntilDone(workers[0]!), pollUntilDone(workers[1]!)]);
    expect(overlaps).toBe(0);
    expect(events.every((e) => runs.get(e.eventId) === 1)).toBe(true);
    const byInstance = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from outbox_deliveries where event_id >= ${events[0]!.eventId} and event_id <= ${events.at(-1)!.eventId} and status = 'delivered'`,
    );
    expect(byInstance.rows[0]!.n).toBe(events.length);
  });

  it('purges events whose every delivery was delivered, and keeps those with a dead or pending one', async () => {
    await db().execute(sql`update outbox_events set created_at = now() - interval '2 days'`);
    const kept = await db().execute<{ n: number }>(sql`select count(distinct event_id)::int as n from outbox_deliveries where status <> 'delivered'`);
    let purged = 0;
    for (let n = await purgeDelivered(db(), 24 * 3600_000, 10); n > 0; n = await purgeDelivered(db(), 24 * 3600_000, 10)) purged += n;
    expect(purged).toBeGreaterThan(0);
    const left = await db().execute<{ n: number }>(sql`select count(*)::int as n from outbox_events`);
    expect(left.rows[0]!.n).toBe(kept.rows[0]!.n);
  });
});

// ---- a second delivery of every kind of event ----------------------------------------------------

/** Every table's rows as one hash, the outbox's own left out; VIP's evaluation stamp is a time, not an effect. */
async function effects(): Promise<Map<string, string>> {
  const tables = await db().execute<{ name: string }>(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r') and c.relname not in ('outbox_events', 'outbox_deliveries') order by 1`);
  const out = new Map<string, string>();
  for (const { name } of tables.rows) {
    const row = name === 'vip_status' ? sql`(to_jsonb(t) - 'evaluated_at')::text` : sql`t::text`;
    const res = await db().execute<{ h: string | null }>(sql`select md5(string_agg(${row}, '|' order by ${row})) as h from ${sql.identifier(name)} t`);
    out.set(name, res.rows[0]?.h ?? '');
  }
  return out;
}

function changed(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...a.keys()].filter((k) => a.get(k) !== b.get(k));
}

describe('a second delivery', () => {
  it('of every kind of event the domains publish changes nothing', async () => {
    const since = (await db().execute<{ id: string | null }>(sql`select max(id)::text as id from outbox_events`)).rows[0]!.id ?? '0';
    // Registration, sign-in, personal info and a card (kycPlayer), a withdrawal, a deposit asked for and credited,
    // a payer's account, bets, an operator's edit and a self-exclusion: every event name with a subscriber.
    const p = await kycPlayer(t);
    const q = await kycPlayer(t);
    const w = await withdraw(t, p, '600');
    expect(w.statusCode, w.body).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/finance/deposit/create',
      headers: q.headers,
      remoteAddress: freshIp(),
      payload: { method: 'card', amount: '1000' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const cb = gateway.callback(created.json().data.id as string, 'paid');
    const paid = await t.app.inject({ method: 'POST', url: '/api/payments/paybridge/callback', headers: cb.headers, payload: cb.body });
    expect(paid.body).toBe('OK');
    const synthetic = await db().transaction(async (tx) => [
      await bus.publish(tx, 'deposit.credited', { playerId: q.playerId, depositId: created.json().data.id as string, payerAccount: '0123456789' }),
      await bus.publish(tx, 'bets.ingested', { playerIds: [p.playerId, q.playerId] }),
      await bus.publish(tx, 'player.profile_changed', { playerId: q.playerId, phone: null, realName: q.realName, birthday: '1991-02-03' }),
    ]);
    await bus.deliver(...synthetic);
    const excluded = await t.app.inject({ method: 'POST', url: '/api/protection/timeout', headers: q.headers, payload: { duration: '7d' } });
    expect(excluded.statusCode, excluded.body).toBe(200);

    const rows = await db().execute<{ event_id: string; subscriber: string; event_name: string; status: string }>(sql`
      select event_id::text, subscriber, event_name, status from outbox_deliveries
      where event_id > ${since}::bigint and subscriber <> ${TEST_SUBSCRIBER} order by event_id, subscriber`);
    const names = new Set(rows.rows.map((r) => r.event_name));
    for (const name of [
      'player.registered',
      'player.signed_in',
      'personal.saved',
      'card.bound',
      'withdrawal.requested',
      'deposit.requested',
      'deposit.credited',
      'bets.ingested',
      'player.profile_changed',
      'player.excluded',
    ])
      expect(names, name).toContain(name);
    const subscribers = new Set(rows.rows.map((r) => r.subscriber));
    expect(subscribers.size).toBe(15);
    expect(rows.rows.filter((r) => r.status !== 'delivered')).toEqual([]);
    // The withdrawal's risk decision exists after the first delivery.
    const decided = await db().execute<{ n: number }>(sql`select count(*)::int as n from risk_decisions where withdrawal_id = ${w.json().data.id as string}`);
    expect(decided.rows[0]!.n).toBe(1);

    for (const r of rows.rows) {
      const before = await effects();
      await db().execute(
        sql`update outbox_deliveries set status = 'pending', attempts = 0, next_attempt_at = now() where event_id = ${r.event_id}::bigint and subscriber = ${r.subscriber}`,
      );
      await bus.deliver({ eventId: Number(r.event_id) });
      expect(await delivery(Number(r.event_id), r.subscriber), `${r.event_name} → ${r.subscriber}`).toMatchObject({ status: 'delivered' });
      expect(changed(before, await effects()), `${r.event_name} → ${r.subscriber}`).toEqual([]);
    }
    expect(await checkLedger(db())).toEqual([]);
  }, 240_000);
});
