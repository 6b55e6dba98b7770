// The archive path of old ledger months: `npm run ledger:archive -- --before YYYY-MM` writes each account's
// closing balance at the end of every month before that one (ledger_closing_balances) and moves those months'
// partitions of postings and bet_records to the archive schema, all in one transaction (ledger_archive_before,
// sql/ledger_archive_before.sql). The ledger check then starts every account from its last closing balance.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The first day of a YYYY-MM month, or undefined when the text is not one. */
export function monthStart(text: string): string | undefined {
  return MONTH.test(text) ? `${text}-01` : undefined;
}

/** Archives every month before `before` (YYYY-MM, no later than the current month); answers the months archived. */
export async function archiveLedgerBefore(db: DbOrTx, before: string): Promise<string[]> {
  const start = monthStart(before);
  if (!start) throw new Error(`ledger archive: ${before} is not a month (YYYY-MM)`);
  const { rows } = await db.execute<{ month: string }>(sql`select to_char(m, 'YYYY-MM') as month from ledger_archive_before(${start}::date) as m`);
  return rows.map((r) => r.month);
}
