// The read replica (DATABASE_READ_URL) for real: a primary of the test's own (initdb in a temporary folder, replication
// allowed) and a hot standby made of it with pg_basebackup, the app pointed at both. Shown: a record list is served
// by the replica (with replay paused, it answers the replica's older view and the reader's replica count moves); the
// player's own write sends their next read to the primary (read your own writes); a replica further behind than the
// allowed lag serves nothing; the lag is a metric; a replica outage falls back to the primary without a failed request.
// Needs DATABASE_URL (CI sets it; only as the sign that PostgreSQL's binaries are meant to be used) and the binaries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { seedReference } from '../../src/server/seed.ts';
import { players } from '../../src/server/db/schema.ts';
import { AuthService } from '../../src/server/modules/auth/service.ts';
import { openCentralAccount } from '../../src/server/modules/auth/repository.ts';
import { WalletService } from '../../src/server/modules/wallet/service.ts';
import type { GameProvider } from '../../src/server/integrations/games/provider.ts';
import type { Publisher } from '../../src/server/realtime/publisher.ts';
import { postgresBin, removeScratch, scratch, startCluster, startStandby, type Cluster } from '../helpers/pg-cluster.ts';

// In CI (CI=true) missing binaries fail the test rather than skip it.
const ENABLED = Boolean(process.env.DATABASE_URL) && (Boolean(postgresBin()) || process.env.CI === 'true');
const MAX_LAG_MS = 4_000;
const CHECK_MS = 250;
const METRICS_TOKEN = 'replica-test-token';

const tmp = scratch('replica-');
let primary: Cluster;
let standby: Cluster;
let database: Database;
let app: FastifyInstance;
// Journals written behind the app's back (no event to the player, so no read-your-writes mark).
let quietWallet: WalletService;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function player(account: string): Promise<{ id: number; headers: Record<string, string> }> {
  const [row] = await database.db
    .insert(players)
    .values({ account, passwordHash: await AuthService.hashPassword('abc12345'), recommendCode: account.toUpperCase() })
    .returning({ id: players.id });
  await openCentralAccount(database.db, row!.id);
  await quietWallet.adjustCentral({ playerId: row!.id, amountMinor: 5_000n, memo: 'first', idempotencyKey: `rr-${row!.id}-0` });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { account, password: 'abc12345' },
    remoteAddress: `10.7.${row!.id % 250}.1`,
  });
  expect(login.statusCode, login.body).toBe(200);
  return { id: row!.id, headers: { authorization: `Bearer ${login.json().data.access_token}` } };
}

/** The player's adjustments as their record list shows them (GET /api/players/money/adjust). */
async function adjustments(headers: Record<string, string>): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/api/players/money/adjust', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.total as number;
}

async function caughtUp(): Promise<void> {
  const until = Date.now() + 20_000;
  for (;;) {
    await database.reads.check();
    const s = database.reads.status();
    if (s.serving && s.lagBytes === 0) return;
    if (Date.now() > until) throw new Error(`replica did not catch up: ${JSON.stringify(s)}`);
    await sleep(100);
  }
}

async function metric(name: string): Promise<string | undefined> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return new RegExp(`^${name} (\\S+)$`, 'm').exec(res.body)?.[1];
}

describe.skipIf(!ENABLED)('read replica', () => {
  beforeAll(async () => {
    primary = await startCluster(tmp, 'primary');
    await primary.query('create database site');
    standby = await startStandby(primary, tmp, 'standby');
    const replica = { url: standby.url('site'), maxLagMs: MAX_LAG_MS, checkEveryMs: CHECK_MS, poolMax: 4 };
    database = await openDatabase({ url: primary.url('site'), poolMax: 8, replica });
    await seedReference(database.db);
    const noPublish: Publisher = { toPlayer() {}, toSessions() {}, toSystem() {}, disconnectSessions() {} };
    quietWallet = new WalletService({ db: database.db, provider: {} as GameProvider, publish: noPublish });
    const config = { ...loadConfig({ ...process.env, REDIS_URL: '', METRICS_TOKEN }), databaseUrl: primary.url('site'), replica };
    app = await buildApp({ config, database, logger: false });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close().catch(() => {});
    await database?.close().catch(() => {});
    await standby?.stop('immediate').catch(() => {});
    await primary?.stop().catch(() => {});
    removeScratch(tmp);
  }, 60_000);

  it("serves record lists from the replica, a player's own write from the primary, and reports the lag", async () => {
    const a = await player('replicaa1');
    const b = await player('replicab1');
    await caughtUp();
    expect(await metric('db_replica_serving')).toBe('1');
    expect(Number(await metric('db_replica_lag_seconds'))).toBeLessThan(MAX_LAG_MS / 1_000);

    // Caught up, both servers agree; the read went to the replica, not the primary.
    const before = database.reads.status().queries;
    expect(await adjustments(a.headers)).toBe(1);
    const after = database.reads.status().queries;
    expect(after.replica).toBeGreaterThan(before.replica);
    expect(after.primary).toBe(before.primary);
    // The replica is a standby (the server the reader used is in recovery).
    expect((await standby.query<{ r: boolean }>('select pg_is_in_recovery() as r'))[0]!.r).toBe(true);

    // Replay paused on the standby: a write on the primary is not there yet. The list still comes from the replica,
    // so it shows the older view (1), which only the replica can answer.
    await standby.query('select pg_wal_replay_pause()', [], 'site');
    await quietWallet.adjustCentral({ playerId: a.id, amountMinor: 100n, memo: 'second', idempotencyKey: `rr-${a.id}-1` });
    await quietWallet.adjustCentral({ playerId: b.id, amountMinor: 100n, memo: 'second', idempotencyKey: `rr-${b.id}-1` });
    expect(await adjustments(b.headers)).toBe(1);

    // Player A's own command (any signed-in write) sends their reads to the primary: they see the new record at once,
    // while B, who wrote nothing, still reads the replica's older view.
    const own = await app.inject({ method: 'PUT', url: '/api/auth/autoTransfer', headers: a.headers, payload: { auto_transfer: false } });
    expect(own.statusCode, own.body).toBe(200);
    expect(await adjustments(a.headers)).toBe(2);

    // Replay still paused: the replica falls further behind than allowed and stops serving; B now reads the primary.
    const until = Date.now() + MAX_LAG_MS + 10_000;
    while (database.reads.status().serving && Date.now() < until) {
      await sleep(CHECK_MS);
      await database.reads.check();
    }
    expect(database.reads.status()).toMatchObject({ serving: false });
    expect(database.reads.status().reason).toMatch(/behind/);
    expect(await adjustments(b.headers)).toBe(2);
    expect(Number(await metric('db_replica_lag_seconds'))).toBeGreaterThan(MAX_LAG_MS / 1_000);
    expect(await metric('db_replica_serving')).toBe('0');

    // Replay resumed: the replica catches up and serves again.
    await standby.query('select pg_wal_replay_resume()', [], 'site');
    await caughtUp();
    const again = database.reads.status().queries;
    expect(await adjustments(b.headers)).toBe(2);
    expect(database.reads.status().queries.replica).toBeGreaterThan(again.replica);
  }, 90_000);

  it.skipIf(!process.env.REDIS_URL)(
    "a write answered by one instance sends the writer's reads on another instance to the primary (Redis)",
    async () => {
      // Two more instances on the same primary and replica, sharing Redis as production instances do.
      const replica = { url: standby.url('site'), maxLagMs: MAX_LAG_MS, checkEveryMs: CHECK_MS, poolMax: 2 };
      const config = { ...loadConfig({ ...process.env }), databaseUrl: primary.url('site'), replica };
      const opened: Array<{ app: FastifyInstance; database: Database }> = [];
      try {
        for (let i = 0; i < 2; i++) {
          const db = await openDatabase({ url: primary.url('site'), poolMax: 4, replica });
          const instance = await buildApp({ config, database: db, logger: false });
          await instance.ready();
          opened.push({ app: instance, database: db });
        }
        const [one, two] = opened as [(typeof opened)[0], (typeof opened)[0]];
        const d = await player('replicad1');
        const e = await player('replicae1');
        await caughtUp();
        for (const o of opened) await o.database.reads.check();
        const list = async (on: FastifyInstance, headers: Record<string, string>) => {
          const res = await on.inject({ method: 'GET', url: '/api/players/money/adjust', headers });
          expect(res.statusCode, res.body).toBe(200);
          return res.json().data.total as number;
        };
        await standby.query('select pg_wal_replay_pause()', [], 'site');
        try {
          await quietWallet.adjustCentral({ playerId: d.id, amountMinor: 100n, memo: 'second', idempotencyKey: `rr-${d.id}-1` });
          await quietWallet.adjustCentral({ playerId: e.id, amountMinor: 100n, memo: 'second', idempotencyKey: `rr-${e.id}-1` });
          // D writes through instance one; their next read, answered by instance two, comes from the primary.
          const own = await one.app.inject({ method: 'PUT', url: '/api/auth/autoTransfer', headers: d.headers, payload: { auto_transfer: false } });
          expect(own.statusCode, own.body).toBe(200);
          const before = two.database.reads.status().queries;
          expect(await list(two.app, d.headers)).toBe(2);
          expect(two.database.reads.status().queries.primary).toBeGreaterThan(before.primary);
          // E wrote nothing: instance two still answers E from the replica's older view.
          expect(two.database.reads.status().serving).toBe(true);
          expect(await list(two.app, e.headers)).toBe(1);
        } finally {
          await standby.query('select pg_wal_replay_resume()', [], 'site');
        }
      } finally {
        for (const o of opened) {
          await o.app.close().catch(() => {});
          await o.database.close().catch(() => {});
        }
      }
    },
    90_000,
  );

  it('falls back to the primary when the replica goes away, without a failed request, and comes back with it', async () => {
    const c = await player('replicac1');
    await caughtUp();
    await standby.stop('immediate');
    // Straight after the outage, before any health check noticed: the read still answers (asked again of the primary).
    const before = database.reads.status().queries;
    expect(await adjustments(c.headers)).toBe(1);
    expect(database.reads.status().queries.primary).toBeGreaterThan(before.primary);
    await database.reads.check();
    expect(database.reads.status()).toMatchObject({ serving: false });
    expect(database.reads.status().reason).toMatch(/unreachable|lost|failed/);
    // Every read during the outage is answered, from the primary.
    for (let i = 0; i < 5; i++) expect(await adjustments(c.headers)).toBe(1);
    expect(await metric('db_replica_serving')).toBe('0');

    await standby.start();
    await caughtUp();
    const back = database.reads.status().queries;
    expect(await adjustments(c.headers)).toBe(1);
    expect(database.reads.status().queries.replica).toBeGreaterThan(back.replica);
  }, 90_000);
});
