// VIP points in the ledger: their own asset (accounts.asset = 'points'), moved by the same postJournal as
// money, so they get the same invariants (balanced, idempotent, player balances never negative). postJournal
// refuses a journal whose accounts do not all hold the asset of its kind; this wrapper checks once more, by the
// accounts alone, that a journal its callers mean as points touches nothing but points accounts, so money and
// points can never meet in one journal.
import type { DbOrTx } from '../db/client.ts';
import { assetsOf, type Asset } from './accounts.ts';
import { postJournal, type JournalInput, type PostResult } from './ledger.ts';

/** Throws (a programmer error) unless every posting of the journal is on an account of that asset. */
async function assertSingleAsset(tx: DbOrTx, input: Pick<JournalInput, 'postings'>, asset: Asset): Promise<void> {
  const assets = await assetsOf(
    tx,
    input.postings.map((p) => p.accountId),
  );
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
