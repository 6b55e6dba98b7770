// `npm run ledger:archive -- --before YYYY-MM`: archives the ledger months before the given one (archive.ts), then runs
// the ledger check, which must still hold from the closing balances. Exits 1 on a violation, 2 on bad arguments or an
// unreachable database.
// The module hooks come first and the rest is imported dynamically after them (src/server/main.ts says why).
import { registerModuleHooks } from '../lib/module-hooks.ts';
import { parseArgs } from 'node:util';
import type { Database } from '../db/client.ts';

registerModuleHooks();

const { loadConfig } = await import('../config.ts');
const { openDatabase } = await import('../db/client.ts');
const { archiveLedgerBefore, monthStart } = await import('./archive.ts');
const { checkLedger, formatViolations } = await import('./check.ts');

const { values } = parseArgs({ options: { before: { type: 'string' } } });
if (!values.before || !monthStart(values.before)) {
  console.error('usage: npm run ledger:archive -- --before YYYY-MM');
  process.exit(2);
}
const config = loadConfig();
let database: Database;
try {
  database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
} catch (err) {
  console.error(`ledger archive: cannot open the database: ${(err as Error).message}`);
  process.exit(2);
}
try {
  const months = await archiveLedgerBefore(database.db, values.before);
  console.log(months.length ? `ledger archive: archived ${months.join(', ')}` : 'ledger archive: nothing to archive');
  const violations = await checkLedger(database.db);
  console.log(formatViolations(violations));
  process.exitCode = violations.length ? 1 : 0;
} finally {
  await database.close();
}
