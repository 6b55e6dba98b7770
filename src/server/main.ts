// Starts one app instance: opens the database (migrating it), seeds, serves the API, sockets and pages.
import { loadConfig, productionProblems } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo, seedFirstOperator, seedReference } from './seed.ts';
import { buildApp } from './app.ts';

// A production server with public secrets or implicit demo data is worse than none: refuse to start. This reads the
// environment itself, before loadConfig, because it judges the raw values (unset, defaults) that loadConfig fills in.
if (process.env.NODE_ENV === 'production') {
  const problems = productionProblems(process.env);
  if (problems.length) {
    console.error(`Refusing to start in production:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee README.md, "Production settings".`);
    process.exit(1);
  }
}
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: config.dbPoolMax, replica: config.replica });
await seedReference(database.db);
// In production the demo operator's well-known password is a first-sign-in one, like a bootstrap operator's.
if (config.seedDemo) await seedDemo(database.db, { operatorMustChangePassword: config.nodeEnv === 'production' });
if (await seedFirstOperator(database.db, config.bootstrapAdminPassword)) console.log('created the first operator, admin; its first sign-in sets a new password');

const app = await buildApp({ config, database, pages: config.servePages, jobs: true });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => database.close()).finally(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`database: ${database.kind}${config.redisUrl ? ', redis on' : ''}`);
