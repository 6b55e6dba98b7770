// Builds the API app against a fresh database for `inject` tests.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { seedReference } from '../../src/server/db/seed.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export interface TestApp { app: FastifyInstance; database: TestDatabase; close(): Promise<void> }

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  await seedReference(database.db);
  // Redis is left out unless a test asks for it, so counters do not leak between files.
  const config = { ...loadConfig({ ...process.env, REDIS_URL: '', ...env }), databaseUrl: database.url };
  const app = await buildApp({ config, database, logger: process.env.TEST_LOG === '1' });
  await app.ready();
  return {
    app,
    database,
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
