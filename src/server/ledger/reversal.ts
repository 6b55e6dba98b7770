// Corrections in an append-only ledger (DESIGN.md section 4): a journal is never edited or deleted; it is
// reversed by a second journal that is its mirror image (every posting negated), linked to it by
// journals.reverses_journal_id. That column is unique, and the reversal's idempotency key is derived from the
// original's id, so a journal is reversed at most once however many commands race for it: the first to commit
// writes the reversal, the others find its key taken and are refused with already_reversed.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { isJournalKind } from './kinds.ts';
import { LedgerError, postJournal, type PostResult } from './ledger.ts';

export interface ReversalInput {
  /**
   * The caller's own command key. The same key with the same data replays the first answer; any other command
   * reversing the same journal is refused with already_reversed.
   */
  key: string;
  /** Why the journal is reversed; stored as the reversal's memo. */
  reason: string;
  /** The operator who ordered it, when one did. */
  staffId?: number | null;
}

/** The idempotency key of a journal's one reversal. */
export const reversalKey = (journalId: number): string => `reversal:${journalId}`;

function assertInvariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`ledger invariant: ${message}`);
}

interface Original {
  id: number;
  kind: string;
  playerId: number | null;
  ref: string;
  reversesJournalId: number | null;
  postings: Array<{ accountId: number; amountMinor: bigint }>;
}

async function originalOf(tx: DbOrTx, journalId: number): Promise<Original | undefined> {
  const res = await tx.execute<{
    id: string | number;
    kind: string;
    player_id: string | number | null;
    ref: string;
    reverses_journal_id: string | number | null;
    account_id: string | number;
    amount_minor: string;
  }>(sql`
    select j.id, j.kind, j.player_id, j.ref, j.reverses_journal_id, p.account_id, p.amount_minor::text as amount_minor
    from journals j join postings p on p.journal_id = j.id
    where j.id = ${journalId} order by p.account_id`);
  const first = res.rows[0];
  if (!first) return undefined;
  return {
    id: Number(first.id),
    kind: first.kind,
    ref: first.ref,
    playerId: first.player_id === null ? null : Number(first.player_id),
    reversesJournalId: first.reverses_journal_id === null ? null : Number(first.reverses_journal_id),
    postings: res.rows.map((r) => ({ accountId: Number(r.account_id), amountMinor: BigInt(r.amount_minor) })),
  };
}

/**
 * Posts the mirror image of a journal in the caller's transaction: the same kind, player and ref, every posting
 * negated, the reason as its memo, linked to the original. Like any journal it is refused with
 * insufficient_funds when it would take a player account below zero (the money has moved on since), and then
 * leaves nothing behind, so it can be tried again later.
 *
 * A reversal is not itself reversible (reversal_not_reversible): undoing a correction re-applies the original
 * movement, which is a new decision to be posted as its own journal under its own command, and refusing it keeps
 * "reversed at most once" true of the money itself rather than of one row, so no chain of reversals can apply
 * the same movement twice.
 */
export async function reverseJournal(tx: DbOrTx, journalId: number, input: ReversalInput): Promise<PostResult> {
  assertInvariant(Number.isSafeInteger(journalId) && journalId > 0, 'journal id');
  assertInvariant(input.key.length > 0 && input.key.length <= 120, 'a reversal has a command key');
  assertInvariant(input.reason.trim().length > 0, 'a reversal states its reason');
  const original = await originalOf(tx, journalId);
  if (!original) throw new LedgerError('journal_not_found');
  if (original.reversesJournalId !== null) throw new LedgerError('reversal_not_reversible');
  assertInvariant(isJournalKind(original.kind), `journal ${journalId} has a known kind`);

  let posted: PostResult;
  try {
    posted = await postJournal(tx, {
      kind: original.kind,
      idempotencyKey: reversalKey(journalId),
      request: { reverses: journalId, key: input.key, reason: input.reason, staffId: input.staffId ?? null },
      playerId: original.playerId,
      ref: original.ref,
      memo: input.reason,
      staffId: input.staffId ?? null,
      postings: original.postings.map((p) => ({ accountId: p.accountId, amountMinor: -p.amountMinor })),
    });
  } catch (err) {
    // The reversal's key is taken by another command's reversal of the same journal.
    if (err instanceof LedgerError && err.code === 'idempotency_mismatch') throw new LedgerError('already_reversed');
    throw err;
  }
  if (posted.replayed) return posted;
  try {
    // The reversal row was written by this call a moment ago, in this transaction: linking it completes its
    // insert and edits no journal anyone else can see.
    await tx.execute(sql`update journals set reverses_journal_id = ${journalId} where id = ${posted.journalId} and reverses_journal_id is null`);
  } catch (err) {
    // Only a reversal written some other way than through this function can hold the link already.
    if (isUniqueViolation(err, 'journals_reverses_journal_uq')) throw new LedgerError('already_reversed');
    throw err;
  }
  return posted;
}
