// The double-entry core (DESIGN.md section 4). Every movement of money is one journal whose postings
// sum to zero, written in the caller's transaction together with the cached balances it changes.
// Accounts are locked in ascending id order; player accounts never go below zero; a command's
// idempotency key makes a replay return the first journal, and a replay with other data is refused.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { preparedPerDb } from '../db/prepared.ts';
import { assetsOf } from './accounts.ts';
import { assetOfKind, type JournalKind } from './kinds.ts';
import { isReportedKind, reportJournal, reportJournals } from './daily.ts';

export interface Posting {
  accountId: number;
  amountMinor: bigint;
}

export interface JournalInput {
  kind: JournalKind;
  idempotencyKey: string;
  /** The command's own data; its hash tells a true replay from a different command reusing a key. */
  request: unknown;
  playerId?: number | null;
  ref?: string;
  memo?: string;
  staffId?: number | null;
  postings: Posting[];
}

/**
 * insufficient_funds: a player account would go below zero. idempotency_mismatch: the key was used for other data.
 * journal_not_found, already_reversed, reversal_not_reversible: the answers of reverseJournal (reversal.ts).
 */
export type LedgerErrorCode = 'insufficient_funds' | 'idempotency_mismatch' | 'journal_not_found' | 'already_reversed' | 'reversal_not_reversible';

/** An operating error a caller can answer the user with (as opposed to a broken invariant). */
export class LedgerError extends Error {
  readonly code: LedgerErrorCode;
  readonly accountId: number | undefined;
  constructor(code: LedgerErrorCode, accountId?: number) {
    super(code);
    this.code = code;
    this.accountId = accountId;
  }
}

/** A journal may touch at most this many accounts; real ones touch two to four. */
const MAX_POSTINGS = 16;

function assertInvariant(condition: unknown, message: string): asserts condition {
  // A broken invariant is a programmer error: crash loudly rather than write bad money data.
  if (!condition) throw new Error(`ledger invariant: ${message}`);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
}

export function requestHash(input: Pick<JournalInput, 'kind' | 'request' | 'postings'>): Buffer {
  const postings = [...input.postings].sort((a, b) => a.accountId - b.accountId).map((p) => [p.accountId, p.amountMinor]);
  // The hashed object keeps its old key 'legs': stored journals carry this hash, and a replay of a command
  // written before the rename must still match it.
  return createHash('sha256')
    .update(canonical({ kind: input.kind, request: input.request, legs: postings }))
    .digest();
}

export interface PostResult {
  journalId: number;
  replayed: boolean;
}

interface Prepared {
  input: JournalInput;
  postings: Array<[number, bigint]>;
  hash: Buffer;
}

/** Merges postings on the same account and checks the shape before anything touches the database. */
function prepare(input: JournalInput): Prepared {
  const merged = new Map<number, bigint>();
  for (const posting of input.postings) {
    assertInvariant(Number.isSafeInteger(posting.accountId) && posting.accountId > 0, 'account id');
    assertInvariant(typeof posting.amountMinor === 'bigint', 'amounts are bigint minor units');
    merged.set(posting.accountId, (merged.get(posting.accountId) ?? 0n) + posting.amountMinor);
  }
  const postings = [...merged].filter(([, amount]) => amount !== 0n).sort((a, b) => a[0] - b[0]);
  assertInvariant(postings.length >= 2 && postings.length <= MAX_POSTINGS, `a journal has 2..${MAX_POSTINGS} postings`);
  assertInvariant(postings.reduce((sum, [, amount]) => sum + amount, 0n) === 0n, 'postings sum to zero');
  assertInvariant(input.idempotencyKey.length > 0 && input.idempotencyKey.length <= 120, 'idempotency key length');
  return { input, postings, hash: requestHash(input) };
}

type Outcome = { o_journal_id: string | number | null; o_outcome: string; o_account_id: string | number | null };

/** The function's answer as postJournal's: a result, or the LedgerError a caller can answer with. */
function resultOf(row: Outcome | undefined): PostResult | LedgerError {
  assertInvariant(row, 'ledger_post_journal answers one row');
  switch (row.o_outcome) {
    case 'posted':
    case 'replayed':
      assertInvariant(row.o_journal_id !== null, 'a posted or replayed journal has an id');
      return { journalId: Number(row.o_journal_id), replayed: row.o_outcome === 'replayed' };
    case 'mismatch':
      return new LedgerError('idempotency_mismatch');
    case 'insufficient':
      // Nothing of the journal is left behind, so the caller may carry on in the same transaction.
      return new LedgerError('insufficient_funds', Number(row.o_account_id));
    default:
      throw new Error(`ledger invariant: unknown outcome ${row.o_outcome}`);
  }
}

/** The function's own guards raise 'ledger invariant: ...'; surface that text rather than the query's. */
function invariantError(err: unknown): never {
  const cause = (err as { cause?: { message?: unknown } }).cause?.message;
  if (typeof cause === 'string' && cause.startsWith('ledger invariant')) throw new Error(cause, { cause: err });
  throw err;
}

const param = (name: string) => sql.placeholder(name);

/**
 * The call to ledger_post_journal as a named prepared statement: every pooled connection parses and plans it once
 * instead of once per journal, which is a good part of a journal's cost inside PostgreSQL. Arrays go as literals
 * because drizzle would expand a JavaScript array into a list of parameters; every element is a checked integer.
 */
function postStatement(tx: DbOrTx) {
  return tx
    .select({ o_journal_id: sql<string | null>`o_journal_id`, o_outcome: sql<string>`o_outcome`, o_account_id: sql<string | null>`o_account_id` })
    .from(
      sql`ledger_post_asset_journal(${param('asset')}, ${param('kind')}, ${param('key')}, ${param('hash')}, ${param('player')}::bigint, ${param('ref')},
      ${param('memo')}, ${param('staff')}::bigint, ${param('accounts')}::bigint[], ${param('amounts')}::bigint[])`,
    )
    .prepare('ledger_post_asset_journal');
}

/** Built statements per database handle: the pool's is built once; a transaction's lives as long as it does. */
const statementOf = preparedPerDb<ReturnType<typeof postStatement>, DbOrTx>(postStatement);

/**
 * Writes one balanced journal inside the caller's transaction. Every account it names must hold the asset its
 * kind moves (money, or points for the points kinds): a journal that names an account of the other asset is a
 * programmer error and is refused before anything is written.
 */
export async function postJournal(tx: DbOrTx, input: JournalInput): Promise<PostResult> {
  const { postings, hash } = prepare(input);
  const statement = statementOf(tx);

  // One round trip: ledger_post_asset_journal (sql/ledger_post_asset_journal.sql, ledger_post_journal's row by
  // row walk of sql/ledger_post_journal.sql with the asset rule in each leg's update) checks for a replay, locks the
  // accounts in ascending id order, refuses an account of the other asset and an overdraft of a player account, and
  // writes the journal, its postings and the cached balances.
  const rows = await statement
    .execute({
      asset: assetOfKind(input.kind),
      kind: input.kind,
      key: input.idempotencyKey,
      hash,
      player: input.playerId ?? null,
      ref: input.ref ?? '',
      memo: input.memo ?? '',
      staff: input.staffId ?? null,
      accounts: `{${postings.map(([id]) => id).join(',')}}`,
      amounts: `{${postings.map(([, amount]) => amount.toString()).join(',')}}`,
    })
    .catch(invariantError);
  const result = resultOf(rows[0]);
  if (result instanceof LedgerError) throw result;
  // The reports' daily aggregates, for the few kinds they count (deposits, withdrawals, bonuses): one more round trip
  // for those journals only, none for bets and transfers.
  if (!result.replayed && isReportedKind(input.kind)) await reportJournal(tx, result.journalId);
  return result;
}

/** What another domain's SQL function hands to ledger_post_asset_journal to write a journal inside its own statement. */
export interface JournalArguments {
  asset: 'money';
  kind: JournalKind;
  idempotencyKey: string;
  hash: Buffer;
  playerId: number | null;
  memo: string;
  /** Postgres array literals of the merged postings in ascending account order, the order accounts are locked in. */
  accounts: string;
  amounts: string;
}

/**
 * A money journal checked and hashed as postJournal checks it (balanced, two or more accounts, a key), for a caller
 * whose own SQL function posts it with ledger_post_asset_journal in the same statement as the rest of its work, in one
 * round trip (the seamless wallet's calls, wallet_settle_transfer). Such a statement must refuse anything but a
 * 'posted' outcome so its own write rolls back with a refused journal. Kinds the daily reports count need a second
 * statement (reportJournal) and go through postJournal instead; points are not accepted either.
 */
export function journalArguments(input: JournalInput): JournalArguments {
  assertInvariant(assetOfKind(input.kind) === 'money', 'a journal written inside another statement moves money');
  assertInvariant(!isReportedKind(input.kind), `a ${input.kind} journal is counted by the daily reports and needs postJournal`);
  const { postings, hash } = prepare(input);
  return {
    asset: 'money',
    kind: input.kind,
    idempotencyKey: input.idempotencyKey,
    hash,
    playerId: input.playerId ?? null,
    memo: input.memo ?? '',
    accounts: `{${postings.map(([id]) => id).join(',')}}`,
    amounts: `{${postings.map(([, amount]) => amount.toString()).join(',')}}`,
  };
}

/**
 * The batch's form of ledger_post_asset_journal's check: one read of every account the batch names, then each
 * journal's accounts against the asset of its kind, before anything is written. An unknown account is left to
 * ledger_post_journals, which refuses it with its own message.
 */
async function assertAssets(tx: DbOrTx, prepared: Prepared[]): Promise<void> {
  const assets = await assetsOf(
    tx,
    prepared.flatMap((p) => p.postings.map(([id]) => id)),
  );
  for (const { input, postings } of prepared) {
    const asset = assetOfKind(input.kind);
    for (const [id] of postings) {
      const found = assets.get(id);
      assertInvariant(found === undefined || found === asset, `a ${asset} journal touches account ${id} of asset ${found}`);
    }
  }
}

/** Journals written by one postJournals call at most; a bet-log page is 500 records. */
const MAX_BATCH_JOURNALS = 1_000;

/**
 * Writes many journals in the caller's transaction in one round trip, through ledger_post_journals: every
 * account they touch is locked once in ascending id order (so a batch cannot deadlock with single journals
 * or other batches over accounts), then the journals are applied in the given order, each with its own
 * idempotency key and outcome. The answer holds, per input, the PostResult or the LedgerError postJournal
 * would have thrown; a refused journal leaves nothing behind while the others are written.
 */
export async function postJournals(tx: DbOrTx, inputs: JournalInput[]): Promise<Array<PostResult | LedgerError>> {
  if (!inputs.length) return [];
  assertInvariant(inputs.length <= MAX_BATCH_JOURNALS, `a batch has at most ${MAX_BATCH_JOURNALS} journals`);
  const prepared = inputs.map(prepare);
  await assertAssets(tx, prepared);
  // One JSON parameter carries the batch: drizzle would expand JavaScript arrays into parameter lists, and
  // JSON needs no hand-written escaping. Amounts travel as strings so no bigint passes through a double.
  const batch = JSON.stringify(
    prepared.map((p, i) => ({
      i,
      kind: p.input.kind,
      key: p.input.idempotencyKey,
      hash: p.hash.toString('hex'),
      player: p.input.playerId ?? null,
      ref: p.input.ref ?? '',
      memo: p.input.memo ?? '',
      staff: p.input.staffId ?? null,
      accounts: p.postings.map(([id]) => String(id)),
      amounts: p.postings.map(([, amount]) => amount.toString()),
    })),
  );
  const res = await tx
    .execute<Outcome & { o_index: number }>(
      sql`
    select o_index, o_journal_id, o_outcome, o_account_id from ledger_post_journals(${batch}::jsonb)`,
    )
    .catch(invariantError);
  const byIndex = new Map(res.rows.map((r) => [Number(r.o_index), r]));
  const results = prepared.map((_, i) => resultOf(byIndex.get(i)));
  await reportJournals(
    tx,
    results.flatMap((r, i) => (r instanceof LedgerError || r.replayed || !isReportedKind(inputs[i]!.kind) ? [] : [r.journalId])),
  );
  return results;
}
