// `npm run ledger:check`: checks every ledger invariant against the configured database and exits
// non-zero with a readable report when one fails (2 when the database cannot be opened).
// The module hooks come first and the rest is imported dynamically after them (src/server/main.ts says why).
import { registerModuleHooks } from '../lib/module-hooks.ts';
import type { Database } from '../db/client.ts';

registerModuleHooks();

const { loadConfig } = await import('../config.ts');
const { openDatabase } = await import('../db/client.ts');
const { checkLedger, formatViolations } = await import('./check.ts');

const config = loadConfig();
let database: Database;
try {
  database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
} catch (err) {
  console.error(`ledger check: cannot open the database: ${(err as Error).message}`);
  process.exit(2);
}
try {
  const violations = await checkLedger(database.db);
  console.log(formatViolations(violations));
  process.exitCode = violations.length ? 1 : 0;
} finally {
  await database.close();
}
