// Builds the API app against a fresh database for `inject` tests.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import type { GameProvider } from '../../src/server/integrations/games/provider.ts';
import type { PaymentGateway } from '../../src/server/integrations/payments/gateway.ts';
import type { Timer } from '../../src/server/lib/timer.ts';
import type { SeamlessLauncher } from '../../src/server/modules/seamless/service.ts';
import { loadConfig } from '../../src/server/config.ts';
import { seedReference } from '../../src/server/seed.ts';
import { expect } from 'vitest';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { staff } from '../../src/server/db/schema.ts';
import { AuthService } from '../../src/server/modules/auth/service.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
  /**
   * The errors behind the app's 500 answers, newest last (at most 20), which the answers themselves do not show: a
   * test can put them in its failure message when an answer it did not expect is a 500.
   */
  internalErrors: string[];
}

/** Errors kept per test app for internalErrors. */
const INTERNAL_ERRORS_KEPT = 20;

export async function createTestApp(
  env: Record<string, string> = {},
  opts: { provider?: GameProvider; gateway?: PaymentGateway; timer?: Timer; seamlessLauncher?: SeamlessLauncher } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  await seedReference(database.db);
  // Redis is left out unless a test asks for it, so counters do not leak between files.
  const config = { ...loadConfig({ ...process.env, REDIS_URL: '', ...env }), databaseUrl: database.url };
  const app = await buildApp({
    config,
    database,
    logger: process.env.TEST_LOG === '1',
    provider: opts.provider,
    gateway: opts.gateway,
    timer: opts.timer,
    seamlessLauncher: opts.seamlessLauncher,
  });
  const internalErrors: string[] = [];
  // The error handler answers before the status is known here, so the error waits for the answer's status.
  const failures = new WeakMap<object, Error>();
  app.addHook('onError', (request, _reply, err, done) => {
    failures.set(request, err);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const err = failures.get(request);
    if (err && reply.statusCode >= 500) {
      internalErrors.push(`${request.method} ${request.url}: ${err.stack ?? String(err)}`);
      if (internalErrors.length > INTERNAL_ERRORS_KEPT) internalErrors.shift();
    }
    done();
  });
  await app.ready();
  return {
    app,
    database,
    internalErrors,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** Reads the newest SMS code sent to a phone from the outbox, as an operator would. */
export async function lastSmsCode(t: TestApp, phone: string): Promise<string | undefined> {
  const { smsOutbox } = await import('../../src/server/db/schema.ts');
  const { desc, eq } = await import('drizzle-orm');
  const rows = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
  return rows[0]?.body.match(/\d{6}/)?.[0];
}

/** A registered player with a live session, made through the same service calls the API uses. */
export async function seedPlayer(t: TestApp, opts: { account?: string; phone?: string; centralMinor?: bigint } = {}) {
  const { players } = await import('../../src/server/db/schema.ts');
  const { AuthService } = await import('../../src/server/modules/auth/service.ts');
  const { openCentralAccount } = await import('../../src/server/modules/auth/repository.ts');
  const n = Math.floor(Math.random() * 1e8);
  const account = opts.account ?? `pl${n}`.slice(0, 12);
  const phone = opts.phone ?? `09${String(n).padStart(8, '0')}`;
  const [row] = await t.database.db
    .insert(players)
    .values({
      account,
      passwordHash: await AuthService.hashPassword('abc12345'),
      phone,
      recommendCode: `R${n}`.slice(0, 16),
    })
    .returning({ id: players.id });
  await openCentralAccount(t.database.db, row!.id);
  if (opts.centralMinor) {
    await t.app.services.wallet.adjustCentral({ playerId: row!.id, amountMinor: opts.centralMinor, memo: 'test funds', idempotencyKey: `seed-${row!.id}` });
  }
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account, password: 'abc12345' } });
  const token = login.json().data.access_token as string;
  return { playerId: row!.id, account, phone, token, headers: { authorization: `Bearer ${token}` } };
}

/** The password of the staff members tests make with signedInStaff. */
export const STAFF_PASSWORD = 'staffpass123';

/** Adds a staff member of that role (password only, as outside production) and signs them in: id and bearer token. */
export async function signedInStaff(t: TestApp, username: string, role: string): Promise<{ id: number; token: string }> {
  const passwordHash = await AuthService.hashPassword(STAFF_PASSWORD);
  const [row] = await t.database.db.insert(staff).values({ username, passwordHash, role }).returning({ id: staff.id });
  const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: { username, password: STAFF_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return { id: row!.id, token: res.json().data.access_token as string };
}
