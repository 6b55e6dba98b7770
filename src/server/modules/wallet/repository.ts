// SQL for provider accounts, platform transfers, activity wallets and money records.
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JournalKind } from '../../ledger/kinds.ts';
import { bonusWallets, platformTransfers, playerPlatforms, reconciliationFindings } from '../../db/schema.ts';
import { openPlayerAccountInTx as openLedgerAccountInTx, type PlayerAccountKind } from '../../ledger/accounts.ts';
import { accountsOf, journalByKey as ledgerJournalByKey, postingsPage } from '../../ledger/read.ts';
import type { JournalArguments } from '../../ledger/ledger.ts';
import { numberArray, rowsInItemOrder, textArray } from '../../db/arrays.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { BONUS_WALLET_STATUS, FINDING_STATUS, TRANSFER_STATUS } from '../../../shared/statuses.ts';

export type TransferRow = typeof platformTransfers.$inferSelect;
export type BonusWalletRow = typeof bonusWallets.$inferSelect;

export async function playerPlatform(db: DbOrTx, playerId: number, code: string, lock = false) {
  const q = db
    .select()
    .from(playerPlatforms)
    .where(and(eq(playerPlatforms.playerId, playerId), eq(playerPlatforms.gpCode, code)));
  const rows = lock ? await q.for('update') : await q;
  return rows[0];
}

export async function playerPlatformsOf(db: DbOrTx, playerId: number) {
  return db.select().from(playerPlatforms).where(eq(playerPlatforms.playerId, playerId));
}

export async function insertPlayerPlatform(db: DbOrTx, values: typeof playerPlatforms.$inferInsert): Promise<void> {
  await db.insert(playerPlatforms).values(values).onConflictDoNothing();
}

export async function bindPlatformWallet(db: DbOrTx, playerId: number, code: string, bonusWalletId: number | null): Promise<void> {
  await db
    .update(playerPlatforms)
    .set({ bonusWalletId })
    .where(and(eq(playerPlatforms.playerId, playerId), eq(playerPlatforms.gpCode, code)));
}

export async function insertTransfer(db: DbOrTx, values: typeof platformTransfers.$inferInsert): Promise<void> {
  await db.insert(platformTransfers).values(values);
}

export async function transferById(db: DbOrTx, id: string, lock = false): Promise<TransferRow | undefined> {
  const q = db.select().from(platformTransfers).where(eq(platformTransfers.id, id));
  return (lock ? await q.for('update') : await q)[0];
}

export async function transferByClientKey(db: DbOrTx, playerId: number, clientKey: string): Promise<TransferRow | undefined> {
  const rows = await db
    .select()
    .from(platformTransfers)
    .where(and(eq(platformTransfers.playerId, playerId), eq(platformTransfers.clientKey, clientKey)))
    .limit(1);
  return rows[0];
}

/**
 * Ends a transfer that is still pending and answers it as it now is, or undefined when it had already ended: the
 * conditional update is the lock, so two settlers cannot both end it.
 */
export async function finishPendingTransfer(
  db: DbOrTx,
  id: string,
  status: typeof TRANSFER_STATUS.applied | typeof TRANSFER_STATUS.refunded,
  reason: string,
): Promise<TransferRow | undefined> {
  const rows = await db
    .update(platformTransfers)
    .set({ status, reason, settledAt: sql`now()` })
    .where(and(eq(platformTransfers.id, id), eq(platformTransfers.status, TRANSFER_STATUS.pending)))
    .returning();
  return rows[0];
}

/** wallet_settle_transfer (sql/wallet_settle_transfer.sql) as a prepared query; its arguments are the placeholders' names. */
function settleQuery(db: Db) {
  const p = sql.placeholder;
  return db
    .select({ o_settled: sql<boolean>`o_settled` })
    .from(
      sql`wallet_settle_transfer(${p('id')}, ${p('status')}, ${p('reason')},
    ${p('kind')}, ${p('key')}, ${p('hash')}, ${p('playerId')}::bigint, ${p('memo')}, ${p('accounts')}::bigint[], ${p('amounts')}::bigint[])`,
    )
    .prepare('wallet_settle_transfer');
}

/** wallet_start_transfer_in (sql/wallet_start_transfer_in.sql) as a prepared query. */
function startQuery(db: Db) {
  const p = sql.placeholder;
  return db
    .select({ o_outcome: sql<string>`o_outcome`, o_account_id: sql<string | number | null>`o_account_id` })
    .from(
      sql`wallet_start_transfer_in(${p('id')}, ${p('playerId')}::bigint, ${p('gpCode')}, ${p('amountMinor')}::bigint, ${p('clientKey')},
    ${p('reason')}, ${p('nextCheckAt')}::timestamptz, ${p('checkGate')}::boolean, ${p('kind')}, ${p('key')}, ${p('hash')}, ${p('memo')},
    ${p('accounts')}::bigint[], ${p('amounts')}::bigint[])`,
    )
    .prepare('wallet_start_transfer_in');
}

/** wallet_settle_transfers (sql/wallet_settle_transfers.sql): many settlements in one statement. */
function settleManyQuery(db: Db) {
  const p = sql.placeholder;
  return db
    .select({ o_index: sql<number>`o_index`, o_settled: sql<boolean>`o_settled` })
    .from(
      sql`wallet_settle_transfers(${p('ids')}::text[],
    ${p('statuses')}::text[], ${p('reasons')}::text[], ${p('kinds')}::text[], ${p('keys')}::text[], ${p('hashes')}::text[], ${p('playerIds')}::bigint[],
    ${p('memos')}::text[], ${p('accounts')}::text[], ${p('amounts')}::text[])`,
    )
    .prepare('wallet_settle_transfers');
}

/** wallet_start_transfers_in (sql/wallet_start_transfers_in.sql): many starts in one statement. */
function startManyQuery(db: Db) {
  const p = sql.placeholder;
  return db
    .select({ o_index: sql<number>`o_index`, o_outcome: sql<string>`o_outcome`, o_account_id: sql<string | number | null>`o_account_id` })
    .from(
      sql`wallet_start_transfers_in(${p('ids')}::text[], ${p('playerIds')}::bigint[], ${p('gpCodes')}::text[], ${p('amountsMinor')}::bigint[],
    ${p('clientKeys')}::text[], ${p('reasons')}::text[], ${p('nextCheckAts')}::timestamptz[], ${p('checkGate')}::boolean, ${p('kinds')}::text[],
    ${p('keys')}::text[], ${p('hashes')}::text[], ${p('memos')}::text[], ${p('accounts')}::text[], ${p('amounts')}::text[])`,
    )
    .prepare('wallet_start_transfers_in');
}

/** The transfer's statements, prepared once per database (a named statement each on PostgreSQL). */
const preparedOf = preparedPerDb((db) => ({ settle: settleQuery(db), start: startQuery(db), settleMany: settleManyQuery(db), startMany: startManyQuery(db) }));

/** One settlement of settleTransferWithJournal: the transfer, its end and its journal. */
export interface SettleItem {
  id: string;
  status: typeof TRANSFER_STATUS.applied | typeof TRANSFER_STATUS.refunded;
  reason: string;
  journal: JournalArguments;
}

/**
 * Ends a pending transfer and writes its journal in one statement (sql/wallet_settle_transfer.sql): one round
 * trip and its own transaction. Answers whether this call ended it; false when it had already ended (nothing
 * written). A journal the ledger does not post raises and leaves the transfer pending.
 */
export async function settleTransferWithJournal(db: Db, q: SettleItem): Promise<boolean> {
  const journal = q.journal;
  // A named prepared statement, as the start's: one of the two statements of every transfer into play.
  const rows = await preparedOf(db)
    .settle.execute({
      id: q.id,
      status: q.status,
      reason: q.reason,
      kind: journal.kind,
      key: journal.idempotencyKey,
      hash: journal.hash,
      playerId: journal.playerId,
      memo: journal.memo,
      accounts: journal.accounts,
      amounts: journal.amounts,
    })
    .catch(ledgerRefusal);
  return rows[0]?.o_settled === true;
}

/**
 * Many settlements in one statement (sql/wallet_settle_transfers.sql), each exactly settleTransferWithJournal's
 * and answered in the same order; anything one of them raises rolls them all back and raises. The caller orders them by
 * player (the rows each locks are its player's).
 */
export async function settleTransfersWithJournals(db: Db, items: readonly SettleItem[]): Promise<boolean[]> {
  const j = items.map((i) => i.journal);
  const rows = await preparedOf(db)
    .settleMany.execute({
      ids: textArray(items.map((i) => i.id)),
      statuses: textArray(items.map((i) => i.status)),
      reasons: textArray(items.map((i) => i.reason)),
      kinds: textArray(j.map((x) => x.kind)),
      keys: textArray(j.map((x) => x.idempotencyKey)),
      hashes: textArray(j.map((x) => x.hash.toString('hex'))),
      playerIds: numberArray(j.map((x) => x.playerId ?? 0)),
      memos: textArray(j.map((x) => x.memo)),
      accounts: textArray(j.map((x) => x.accounts)),
      amounts: textArray(j.map((x) => x.amounts)),
    })
    .catch(ledgerRefusal);
  return rowsInItemOrder(rows, items.length).map((row) => row?.o_settled === true);
}

/**
 * The functions' refusal of a journal says what went wrong; its text is surfaced rather than the query's. The error
 * is the driver's own (a named statement) or drizzle's wrapping it (PGlite), so both are looked at.
 */
function ledgerRefusal(err: unknown): never {
  for (let e = err as { message?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.message === 'string' && e.message.startsWith('ledger invariant')) throw new Error(e.message, { cause: err });
  }
  throw err;
}

/**
 * What wallet_start_transfer_in answers: started; the platform cannot take it now; or the reason the application must
 * take the full path.
 */
export type StartOutcome =
  { outcome: 'posted' | 'gate' | 'rebind' | 'not_found' | 'unavailable' | 'maintenance' } | { outcome: 'insufficient'; accountId: number };

/** One start of startTransferIn: the transfer, where it goes and its start journal. */
export interface StartItem {
  id: string;
  playerId: number;
  gpCode: string;
  amountMinor: bigint;
  clientKey: string | null;
  reason: string;
  nextCheckAt: Date;
  checkGate: boolean;
  journal: JournalArguments;
}

/**
 * Starts a central -> platform transfer in one statement (sql/wallet_start_transfer_in.sql): whether
 * the platform takes transfers now ('not_found', 'unavailable' when switched off or seamless, 'maintenance'), the
 * protection-gate lock, the binding's row lock, the pending transfer row and its start journal, in one round trip and
 * its own transaction. 'gate' and 'rebind' wrote nothing: the caller takes the full path (the gate's own checks, a
 * platform holding an activity wallet's money). The platform's refusals and 'insufficient' wrote nothing either. A
 * client key used twice raises the unique violation as the insert would. Sent as a named prepared statement: it is one
 * of the two statements of every transfer into play, and its text and plan never change.
 */
export async function startTransferIn(db: Db, q: StartItem): Promise<StartOutcome> {
  const j = q.journal;
  const rows = await preparedOf(db)
    .start.execute({
      id: q.id,
      playerId: q.playerId,
      gpCode: q.gpCode,
      amountMinor: q.amountMinor.toString(),
      clientKey: q.clientKey,
      reason: q.reason,
      nextCheckAt: q.nextCheckAt.toISOString(),
      checkGate: q.checkGate,
      kind: j.kind,
      key: j.idempotencyKey,
      hash: j.hash,
      memo: j.memo,
      accounts: j.accounts,
      amounts: j.amounts,
    })
    .catch(ledgerRefusal);
  return startOutcome(rows[0]);
}

/**
 * Many starts in one statement (sql/wallet_start_transfers_in.sql), each exactly startTransferIn's and answered
 * in the same order; anything one of them raises (a client key used twice) rolls them all back and raises. The caller
 * orders them by player, and they share checkGate (one wallet service sends them all).
 */
export async function startTransfersIn(db: Db, items: readonly StartItem[]): Promise<StartOutcome[]> {
  if (items.some((i) => i.checkGate !== items[0]?.checkGate)) throw new Error('startTransfersIn: the items of a batch ask the gate alike');
  const j = items.map((i) => i.journal);
  const rows = await preparedOf(db)
    .startMany.execute({
      ids: textArray(items.map((i) => i.id)),
      playerIds: numberArray(items.map((i) => i.playerId)),
      gpCodes: textArray(items.map((i) => i.gpCode)),
      amountsMinor: numberArray(items.map((i) => i.amountMinor)),
      clientKeys: textArray(items.map((i) => i.clientKey)),
      reasons: textArray(items.map((i) => i.reason)),
      nextCheckAts: textArray(items.map((i) => i.nextCheckAt.toISOString())),
      checkGate: items[0]?.checkGate ?? true,
      kinds: textArray(j.map((x) => x.kind)),
      keys: textArray(j.map((x) => x.idempotencyKey)),
      hashes: textArray(j.map((x) => x.hash.toString('hex'))),
      memos: textArray(j.map((x) => x.memo)),
      accounts: textArray(j.map((x) => x.accounts)),
      amounts: textArray(j.map((x) => x.amounts)),
    })
    .catch(ledgerRefusal);
  return rowsInItemOrder(rows, items.length).map(startOutcome);
}

function startOutcome(row: { o_outcome: string; o_account_id: string | number | null } | undefined): StartOutcome {
  switch (row?.o_outcome) {
    case 'posted':
    case 'gate':
    case 'rebind':
    case 'not_found':
    case 'unavailable':
    case 'maintenance':
      return { outcome: row.o_outcome };
    case 'insufficient':
      return { outcome: 'insufficient', accountId: Number(row.o_account_id) };
    default:
      throw new Error(`wallet_start_transfer_in answered ${String(row?.o_outcome)}`);
  }
}

export async function postponeTransfer(db: DbOrTx, id: string, reason: string, delayMs: number): Promise<void> {
  await db
    .update(platformTransfers)
    .set({
      reason,
      attempts: sql`${platformTransfers.attempts} + 1`,
      nextCheckAt: sql`now() + ${delayMs} * interval '1 millisecond'`,
    })
    .where(and(eq(platformTransfers.id, id), eq(platformTransfers.status, TRANSFER_STATUS.pending)));
}

export async function duePendingTransfers(db: DbOrTx, limit: number): Promise<TransferRow[]> {
  return db
    .select()
    .from(platformTransfers)
    .where(and(eq(platformTransfers.status, TRANSFER_STATUS.pending), lte(platformTransfers.nextCheckAt, sql`now()`)))
    .orderBy(asc(platformTransfers.nextCheckAt))
    .limit(limit);
}

export async function pendingCount(db: DbOrTx, playerId: number, code: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(platformTransfers)
    .where(and(eq(platformTransfers.playerId, playerId), eq(platformTransfers.gpCode, code), eq(platformTransfers.status, TRANSFER_STATUS.pending)));
  return rows[0]?.n ?? 0;
}

export async function playerAccountBalances(db: DbOrTx, playerId: number) {
  return accountsOf(db, playerId);
}

export async function bonusWalletsOf(db: DbOrTx, playerId: number, statuses: number[] = [BONUS_WALLET_STATUS.active]): Promise<BonusWalletRow[]> {
  return db
    .select()
    .from(bonusWallets)
    .where(and(eq(bonusWallets.playerId, playerId), inArray(bonusWallets.status, statuses)))
    .orderBy(asc(bonusWallets.id));
}

export async function bonusWalletById(db: DbOrTx, id: number, lock = false): Promise<BonusWalletRow | undefined> {
  const q = db.select().from(bonusWallets).where(eq(bonusWallets.id, id));
  return (lock ? await q.for('update') : await q)[0];
}

export async function insertBonusWallet(db: DbOrTx, values: typeof bonusWallets.$inferInsert): Promise<BonusWalletRow> {
  return (await db.insert(bonusWallets).values(values).returning())[0]!;
}

export async function setBonusStatus(db: DbOrTx, id: number, status: number): Promise<void> {
  await db.update(bonusWallets).set({ status }).where(eq(bonusWallets.id, id));
}

export async function transfersOf(db: DbOrTx, playerId: number, from: Date, to: Date, limit: number, offset: number) {
  const where = and(eq(platformTransfers.playerId, playerId), gte(platformTransfers.createdAt, from), lte(platformTransfers.createdAt, to));
  const [rows, total] = await Promise.all([
    db.select().from(platformTransfers).where(where).orderBy(desc(platformTransfers.createdAt)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(platformTransfers)
      .where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** A player's postings with their journal, newest first: the money records. */
export async function moneyRecords(
  db: DbOrTx,
  playerId: number,
  kinds: readonly JournalKind[] | undefined,
  from: Date,
  to: Date,
  limit: number,
  offset: number,
) {
  const page = await postingsPage(db, playerId, { accountKinds: ['central', 'bonus'], journalKinds: kinds, from, to }, { limit, offset });
  return {
    rows: page.rows.map((r) => ({
      id: String(r.postingId),
      kind: r.kind,
      ref: r.ref,
      memo: r.memo,
      created_at: r.createdAt,
      account_kind: r.accountKind,
      account_ref: r.accountRef,
      amount_minor: r.amountMinor.toString(),
      balance_after_minor: r.balanceAfterMinor.toString(),
    })),
    total: page.total,
  };
}

export async function openFinding(db: DbOrTx, values: typeof reconciliationFindings.$inferInsert): Promise<void> {
  await db
    .insert(reconciliationFindings)
    .values(values)
    .onConflictDoUpdate({
      target: [reconciliationFindings.transferId, reconciliationFindings.kind],
      set: { detail: values.detail, status: FINDING_STATUS.open, resolvedAt: null },
    });
}

export async function resolveFindings(db: DbOrTx, transferId: string): Promise<void> {
  await db
    .update(reconciliationFindings)
    .set({ status: FINDING_STATUS.resolved, resolvedAt: sql`now()` })
    .where(and(eq(reconciliationFindings.transferId, transferId), eq(reconciliationFindings.status, FINDING_STATUS.open)));
}

export async function journalByKey(db: DbOrTx, key: string): Promise<{ id: number; ref: string } | undefined> {
  const journal = await ledgerJournalByKey(db, key);
  return journal && { id: journal.id, ref: journal.ref };
}

/** Opens a player account inside a money transaction, for a wallet created in the same transaction. */
export function openPlayerAccountInTx(db: DbOrTx, playerId: number, kind: PlayerAccountKind, ref: string): Promise<number> {
  return openLedgerAccountInTx(db, playerId, kind, ref);
}
