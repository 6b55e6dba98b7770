// `npm run ledger:check`: checks every ledger invariant against the configured database and exits
// non-zero with a readable report when one fails.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { checkLedger, formatViolations } from './check.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  const violations = await checkLedger(database.db);
  console.log(formatViolations(violations));
  process.exitCode = violations.length ? 1 : 0;
} finally {
  await database.close();
}
