// VIP points in the ledger: their own asset (accounts.asset = 'points'), moved by the same postJournal as
// money, so they get the same invariants (balanced, idempotent, player balances never negative). This
// wrapper refuses a journal whose postings are not all on points accounts before postJournal sees it, so money
// and points can never meet in one journal.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import type { Asset } from './accounts.ts';
import { postJournal, type JournalInput, type PostResult } from './ledger.ts';

/** The assets of the given accounts, by id. */
export async function assetsOf(tx: DbOrTx, accountIds: number[]): Promise<Map<number, Asset>> {
  const ids = [...new Set(accountIds)];
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) throw new Error('ledger invariant: account id');
  const res = await tx.execute<{ id: string | number; asset: string }>(
    sql`select id, asset from accounts where id in ${sql.raw(`(${ids.join(',')})`)}`);
  return new Map(res.rows.map((r) => [Number(r.id), r.asset as Asset]));
}

/** Throws (a programmer error) unless every posting of the journal is on an account of that asset. */
export async function assertSingleAsset(tx: DbOrTx, input: Pick<JournalInput, 'postings'>, asset: Asset): Promise<void> {
  const assets = await assetsOf(tx, input.postings.map((p) => p.accountId));
  for (const posting of input.postings) {
    const found = assets.get(posting.accountId);
    if (found !== asset) throw new Error(`ledger invariant: a ${asset} journal touches account ${posting.accountId} of asset ${found ?? 'unknown'}`);
  }
}

/** Posts a points journal (amounts are whole points) after checking that no posting is on a money account. */
export async function postPointsJournal(tx: DbOrTx, input: JournalInput): Promise<PostResult> {
  await assertSingleAsset(tx, input, 'points');
  return postJournal(tx, input);
}
