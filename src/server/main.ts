// Starts one app instance: opens the database (migrating it), seeds, serves the API, sockets and pages.
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo, seedReference } from './db/seed.ts';
import { buildApp } from './app.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await seedReference(database.db);
if (config.seedDemo) await seedDemo(database.db);

const app = await buildApp({ config, database, pages: process.env.SERVE_PAGES !== '0', jobs: true });

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
