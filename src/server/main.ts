// Starts one app instance: opens the database (migrating it), seeds, serves the API, sockets and pages.
// The module hooks must be registered before drizzle-orm is resolved (lib/module-hooks.ts says why), and every static
// import of a module is resolved before the importing module runs: so this file's only static import is the hooks,
// and the app's modules are imported dynamically after it.
import { registerModuleHooks } from './lib/module-hooks.ts';

registerModuleHooks();

const { loadConfig, productionProblems } = await import('./config.ts');
const { openDatabase } = await import('./db/client.ts');
const { seedDemo, seedFirstOperator, seedReference } = await import('./seed.ts');
const { buildApp } = await import('./app.ts');

// A production server with public secrets or implicit demo data is worse than none: refuse to start. This reads the
// environment itself, before loadConfig, because it judges the raw values (unset, defaults) that loadConfig fills in.
if (process.env.NODE_ENV === 'production') {
  const problems = productionProblems(process.env);
  if (problems.length) {
    console.error(`Refusing to start in production:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee docs/operations.md, "Production settings".`);
    process.exit(1);
  }
}
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: config.dbPoolMax, replica: config.replica });
await seedReference(database.db);
// In production the demo operator's well-known password is a first-sign-in one, like a bootstrap operator's.
if (config.seedDemo) await seedDemo(database.db, { operatorMustChangePassword: config.nodeEnv === 'production' });
if (await seedFirstOperator(database.db, config.bootstrapAdminPassword))
  console.log('created the first operator, admin; its first sign-in sets a new password');

const app = await buildApp({ config, database, pages: config.servePages, jobs: true });

/** A shutdown that has not finished by then is cut short: orchestrators send SIGKILL soon after (Kubernetes at 30 s). */
const SHUTDOWN_LIMIT_MS = 9_500;
/**
 * By then every ordinary request has had seconds to finish; what still holds a connection is long-lived (a socket that
 * reconnected here before the balancer took this instance out), so the connections are cut to let the close finish.
 */
const CUT_CONNECTIONS_AFTER_MS = 7_000;

// Graceful shutdown (docs/operations.md, "Health and readiness"): readiness fails first, so the balancer takes this instance out
// while it still answers whatever reaches it; then sockets are told to reconnect elsewhere, the server stops taking
// connections, in-flight requests and the running jobs finish, and the database pool closes.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    app.log.info({ signal, drainDelayMs: config.drainDelayMs }, 'shutting down: draining');
    setTimeout(() => {
      app.log.error({ afterMs: Date.now() - started }, 'shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    setTimeout(() => {
      app.log.warn('shutdown: cutting the connections still open');
      app.server.closeAllConnections();
    }, CUT_CONNECTIONS_AFTER_MS).unref();
    app.startDraining();
    void new Promise((resolve) => setTimeout(resolve, config.drainDelayMs))
      .then(() => app.close())
      .then(() => database.close())
      .then(() => app.log.info({ afterMs: Date.now() - started }, 'shut down'))
      .finally(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`database: ${database.kind}${config.redisUrl ? ', redis on' : ''}`);
