// The operator's backups, done as docs/operations.md "Backups and restore" says: a logical dump (pg_dump -Fc) restored into a
// fresh database passes `npm run ledger:check` and takes a login; and point-in-time recovery from a base backup plus
// archived WAL lands exactly on the chosen moment (writes before it are there, writes after it are not) with the
// ledger intact. The second part runs a PostgreSQL cluster of its own (Debian's initdb, archive_mode on) in a
// temporary folder, so nothing of the machine's server is touched. Needs DATABASE_URL (CI sets it).
import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { clusterAt, freePort, pgTool, postgresBin, removeScratch, scratch, serverFolder, startCluster, type Cluster } from '../helpers/pg-cluster.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { seedReference } from '../../src/server/seed.ts';
import { players, uploads } from '../../src/server/db/schema.ts';
import { openCentralAccount } from '../../src/server/modules/auth/repository.ts';
import { WalletService } from '../../src/server/modules/wallet/service.ts';
import type { GameProvider } from '../../src/server/integrations/games/provider.ts';
import type { Publisher } from '../../src/server/realtime/publisher.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
// In CI (CI=true) missing binaries fail the test rather than skip it.
const ENABLED = Boolean(process.env.DATABASE_URL) && (Boolean(postgresBin()) || process.env.CI === 'true');

const tmp = scratch('backup-');
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  removeScratch(tmp);
}, 60_000);

/** What a database holds, summed up so two copies can be compared: money per account, journal and upload counts. */
async function fingerprint(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const q = async (text: string) => (await c.query(text)).rows;
    return {
      journals: await q('select count(*)::int as n, coalesce(max(id), 0)::text as last from journals'),
      postings: await q('select count(*)::int as n, coalesce(sum(amount_minor), 0)::text as s from postings'),
      balances: await q('select id::text, balance_minor::text from accounts order by id'),
      uploads: await q('select id::text, md5(bytes) as md5 from uploads order by id'),
      players: await q('select id::text, account, password_hash from players order by id'),
    };
  } finally {
    await c.end();
  }
}

describe.skipIf(!ENABLED)('backups', () => {
  it('a pg_dump restored into a fresh database passes the ledger check and takes a login, uploads included', async () => {
    const source: TestApp = await createTestApp();
    cleanups.push(() => source.close());
    const a = await seedPlayer(source, { centralMinor: 123_456n });
    const b = await seedPlayer(source, { centralMinor: 7_890n });
    await source.app.services.wallet.adjustCentral({ playerId: b.playerId, amountMinor: -890n, memo: 'backup test', idempotencyKey: `bk-debit-${b.playerId}` });
    // An uploaded picture is a row of the uploads table (bytea): it is in the dump like everything else.
    const picture = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    await source.database.db
      .insert(uploads)
      .values({ playerId: a.playerId, mime: 'image/png', sizeBytes: picture.length, width: 20, height: 10, bytes: picture });

    // The dump, as an operator takes it: custom format, compressed, consistent without stopping the app.
    const dumpFile = path.join(tmp, 'site.dump');
    const started = Date.now();
    await run('pg_dump', ['--format=custom', '--file', dumpFile, '--dbname', source.database.url!]);
    expect(fs.statSync(dumpFile).size).toBeGreaterThan(1_000);

    // A fresh database, restored without owners (the restoring role owns everything).
    const restoredName = `restored_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${restoredName}`);
    await admin.end();
    const restoredUrl = new URL(process.env.DATABASE_URL!);
    restoredUrl.pathname = `/${restoredName}`;
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${restoredName} with (force)`);
      await c.end();
    });
    await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', restoredUrl.toString(), dumpFile]);
    console.log(`backup: pg_dump + pg_restore of ${(fs.statSync(dumpFile).size / 1024).toFixed(0)} KiB in ${Date.now() - started} ms`);

    expect(await fingerprint(restoredUrl.toString())).toEqual(await fingerprint(source.database.url!));

    // `npm run ledger:check` against the restored database: exit code 0 and its all-clear line.
    const check = await run(process.execPath, ['--disable-warning=ExperimentalWarning', 'src/server/ledger/cli.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: restoredUrl.toString(), REDIS_URL: '' },
    });
    expect(check.stdout).toContain('every invariant holds');

    // The app on the restored database: the migrations find nothing to do, the player signs in and sees the money.
    const restored = await openDatabase({ url: restoredUrl.toString() });
    cleanups.push(() => restored.close());
    const app = await buildApp({
      config: { ...loadConfig({ ...process.env, REDIS_URL: '' }), databaseUrl: restoredUrl.toString() },
      database: restored,
      logger: false,
    });
    cleanups.push(() => app.close());
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { account: a.account, password: 'abc12345' },
      remoteAddress: '10.9.9.9',
    });
    expect(login.statusCode, login.body).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${login.json().data.access_token}` } });
    expect(me.json().data.total_money).toBe('1234.56');
  }, 120_000);

  it('point-in-time recovery from a base backup and archived WAL stops exactly at the chosen moment', async () => {
    // The primary archives every finished WAL segment into a local folder, as docs/operations.md says to set up.
    const archive = serverFolder(path.join(tmp, 'wal-archive'));
    const primary: Cluster = await startCluster(tmp, 'primary', {
      wal_level: 'replica',
      archive_mode: 'on',
      archive_timeout: '0',
      archive_command: `test ! -f ${archive}/%f && cp %p ${archive}/%f`,
    });
    cleanups.push(() => primary.stop());
    await primary.query('create database site');
    const site: Database = await openDatabase({ url: primary.url('site'), poolMax: 4 });
    cleanups.push(() => site.close());
    await seedReference(site.db);
    const noPublish: Publisher = { toPlayer() {}, toSessions() {}, toSystem() {}, disconnectSessions() {} };
    const wallet = new WalletService({ db: site.db, provider: {} as GameProvider, publish: noPublish });
    const rows = await site.db
      .insert(players)
      .values([0, 1, 2].map((i) => ({ account: `pitr${i}`, passwordHash: 'unused', recommendCode: `PITR${i}` })))
      .returning({ id: players.id });
    for (const { id } of rows) {
      await openCentralAccount(site.db, id);
      await wallet.adjustCentral({ playerId: id, amountMinor: 10_000n, memo: 'before the base backup', idempotencyKey: `pitr-a-${id}` });
    }

    // The base backup (plain format, WAL left to the archive), taken while the primary runs.
    const base = path.join(tmp, 'base');
    serverFolder(base);
    await pgTool('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', base, '-X', 'none', '-c', 'fast']);

    // Writes after the backup, up to the moment to recover to ...
    for (const { id } of rows) await wallet.adjustCentral({ playerId: id, amountMinor: 500n, memo: 'kept', idempotencyKey: `pitr-b-${id}` });
    const [{ at }] = (await site.db.execute<{ at: string }>(sql`select clock_timestamp()::text as at`)).rows as [{ at: string }];
    await new Promise((r) => setTimeout(r, 1_100));
    // ... and a mistake after it, which the recovery is meant to undo.
    for (const { id } of rows) await wallet.adjustCentral({ playerId: id, amountMinor: -9_999n, memo: 'the mistake', idempotencyKey: `pitr-c-${id}` });
    const expected = (await site.db.execute<{ id: string; b: string }>(sql`select id::text, balance_minor::text as b from accounts order by id`)).rows;

    // The segment holding the last writes is closed and archived before the recovery reads the archive.
    const [{ wal }] = await primary.query<{ wal: string }>('select pg_walfile_name(pg_switch_wal()) as wal');
    const until = Date.now() + 30_000;
    while (!fs.existsSync(path.join(archive, wal))) {
      if (Date.now() > until) throw new Error(`segment ${wal} not archived`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await site.close();
    await primary.stop();

    // Recovery: the base backup, recovery.signal, a restore_command reading the archive and the target time.
    fs.writeFileSync(path.join(base, 'recovery.signal'), '');
    fs.appendFileSync(
      path.join(base, 'postgresql.conf'),
      ['', `restore_command = 'cp ${archive}/%f %p'`, `recovery_target_time = '${at}'`, "recovery_target_action = 'promote'", "archive_mode = 'off'", ''].join(
        '\n',
      ),
    );
    const recovered = clusterAt(base, await freePort());
    cleanups.push(() => recovered.stop());
    await recovered.start();
    const promoteUntil = Date.now() + 60_000;
    while ((await recovered.query<{ r: boolean }>('select pg_is_in_recovery() as r'))[0]!.r) {
      if (Date.now() > promoteUntil) throw new Error('recovery did not finish');
      await new Promise((r) => setTimeout(r, 200));
    }

    const back: Database = await openDatabase({ url: recovered.url('site'), poolMax: 2 });
    cleanups.push(() => back.close());
    const keys = (
      await back.db.execute<{ k: string }>(sql`select idempotency_key as k from journals where idempotency_key like 'adjust:pitr-%' order by id`)
    ).rows.map((r) => r.k);
    const kept = keys.filter((k) => k.includes('pitr-b-')).length;
    const undone = keys.filter((k) => k.includes('pitr-c-')).length;
    expect({ kept, undone, before: keys.filter((k) => k.includes('pitr-a-')).length }).toEqual({ kept: 3, undone: 0, before: 3 });
    // Balances are those of the chosen moment: the mistake's -99.99 is not in them.
    const balances = new Map(
      (await back.db.execute<{ id: string; b: string }>(sql`select id::text, balance_minor::text as b from accounts order by id`)).rows.map((r) => [
        r.id,
        BigInt(r.b),
      ]),
    );
    const central = (await back.db.execute<{ id: string }>(sql`select id::text from accounts where kind = 'central' order by id`)).rows.map((r) => r.id);
    for (const id of central) expect(balances.get(id)).toBe(10_500n);
    expect(expected.length).toBe(balances.size);
    expect(await checkLedger(back.db)).toEqual([]);
  }, 150_000);
});
