// SQL of the back office's money pages. Reads only, apart from the blacklist and a transfer's next check
// time: money itself moves through the wallet service, which owns the ledger's transactions.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { JournalKind } from '../../../ledger/kinds.ts';
import { bonusWallets, platformTransfers, playerPlatforms, reconciliationFindings } from '../../../db/schema.ts';
import { accountNameOf } from '../../auth/player-facts.ts';
import { staffNameOf, staffNames } from '../../staff/staff-facts.ts';
import { balanceSumOf, journalByKey as ledgerJournalByKey, postingsPage } from '../../../ledger/read.ts';
import { offsetOf, type Paging } from '../../../../shared/schemas/paging.ts';
import { TRANSFER_STATUS, type FindingStatus, type TransferStatus } from '../../../../shared/statuses.ts';

const countOf = (rows: Array<{ n: number }>) => rows[0]?.n ?? 0;

// Provider accounts and held money.

export async function providerAccountsOf(db: DbOrTx, playerId: number) {
  return db
    .select({ gpCode: playerPlatforms.gpCode, providerPlayer: playerPlatforms.providerPlayer, bonusWalletId: playerPlatforms.bonusWalletId })
    .from(playerPlatforms)
    .where(eq(playerPlatforms.playerId, playerId));
}

/** Money set aside for withdrawals that finance has not paid or released yet; the player's until then. */
export function withdrawHeldOf(db: DbOrTx, playerId: number): Promise<bigint> {
  return balanceSumOf(db, playerId, ['withdraw_hold']);
}

// Activity wallets: every status, which the wallet service's player-facing reads leave out.

export async function bonusWalletsOf(db: DbOrTx, playerId: number) {
  return db
    .select({
      wallet: bonusWallets,
      grantedByName: staffNameOf(bonusWallets.grantedBy),
    })
    .from(bonusWallets)
    .where(eq(bonusWallets.playerId, playerId))
    .orderBy(desc(bonusWallets.id));
}

export async function bonusWalletById(db: DbOrTx, id: number) {
  const rows = await db.select().from(bonusWallets).where(eq(bonusWallets.id, id)).limit(1);
  return rows[0];
}

/** The journal a command wrote under its idempotency key, with what it put into its player account. */
export async function journalByKey(db: DbOrTx, key: string) {
  const journal = await ledgerJournalByKey(db, key);
  return journal && { id: journal.id, ref: journal.ref, creditedMinor: journal.creditedMinor };
}

/** The player an adjustment's idempotency key already moved money for, to tell a replay from a reuse of the key. */
export async function journalPlayerByKey(db: DbOrTx, key: string): Promise<{ id: number; playerId: number | null } | undefined> {
  const journal = await ledgerJournalByKey(db, key);
  return journal && { id: journal.id, playerId: journal.playerId };
}

// Transfers.

export async function pendingTransfersOf(db: DbOrTx, playerId: number) {
  return db
    .select()
    .from(platformTransfers)
    .where(and(eq(platformTransfers.playerId, playerId), eq(platformTransfers.status, TRANSFER_STATUS.pending)))
    .orderBy(desc(platformTransfers.createdAt))
    .limit(100);
}

export async function transfersOf(db: DbOrTx, playerId: number, p: Paging & { status?: TransferStatus }) {
  const where = and(eq(platformTransfers.playerId, playerId), p.status ? eq(platformTransfers.status, p.status) : undefined);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(platformTransfers)
      .where(where)
      .orderBy(desc(platformTransfers.createdAt), desc(platformTransfers.id))
      .limit(p.pageSize)
      .offset(offsetOf(p)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(platformTransfers)
      .where(where),
  ]);
  return { rows, total: countOf(total) };
}

export async function transferById(db: DbOrTx, id: string) {
  const rows = await db
    .select({ transfer: platformTransfers, account: accountNameOf(platformTransfers.playerId) })
    .from(platformTransfers)
    .where(eq(platformTransfers.id, id))
    .limit(1);
  return rows[0];
}

/** Makes a pending transfer due now, so the next reconciliation run asks the provider about it. */
export async function makeDue(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(platformTransfers)
    .set({ nextCheckAt: sql`now()` })
    .where(and(eq(platformTransfers.id, id), eq(platformTransfers.status, TRANSFER_STATUS.pending)))
    .returning({ id: platformTransfers.id });
  return rows.length > 0;
}

export async function allPending(db: DbOrTx, p: Paging) {
  const where = eq(platformTransfers.status, TRANSFER_STATUS.pending);
  const [rows, total] = await Promise.all([
    db
      .select({ transfer: platformTransfers, account: accountNameOf(platformTransfers.playerId) })
      .from(platformTransfers)
      .where(where)
      .orderBy(asc(platformTransfers.createdAt))
      .limit(p.pageSize)
      .offset(offsetOf(p)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(platformTransfers)
      .where(where),
  ]);
  return { rows, total: countOf(total) };
}

// The ledger history of one player: every posting on any of their money accounts, newest first (points
// have their own list on the VIP section).

type LedgerRow = {
  posting_id: string;
  journal_id: string;
  kind: JournalKind;
  ref: string;
  memo: string;
  created_at: string | Date;
  account_kind: string;
  account_ref: string;
  amount_minor: string;
  balance_after_minor: string;
  staff_username: string | null;
};

export async function ledgerOf(db: DbOrTx, playerId: number, p: Paging) {
  const page = await postingsPage(db, playerId, { asset: 'money' }, { limit: p.pageSize, offset: offsetOf(p) });
  // Operators are named by the staff domain, whose table the ledger does not read.
  const names = await staffNames(
    db,
    page.rows.map((r) => r.staffId).filter((id): id is number => id !== null),
  );
  const rows: LedgerRow[] = page.rows.map((r) => ({
    posting_id: String(r.postingId),
    journal_id: String(r.journalId),
    kind: r.kind,
    ref: r.ref,
    memo: r.memo,
    created_at: r.createdAt,
    account_kind: r.accountKind,
    account_ref: r.accountRef,
    amount_minor: r.amountMinor.toString(),
    balance_after_minor: r.balanceAfterMinor.toString(),
    staff_username: r.staffId === null ? null : (names.get(r.staffId) ?? null),
  }));
  return { rows, total: page.total };
}

// Reconciliation findings, with the transfer each is about (balance mismatches have none).

export async function findings(db: DbOrTx, p: Paging & { status: FindingStatus }) {
  const where = eq(reconciliationFindings.status, p.status);
  const [rows, total] = await Promise.all([
    db
      .select({
        finding: reconciliationFindings,
        transfer: platformTransfers,
        // A balance finding may name no player (nor transfer): its account is then null.
        account: sql<string | null>`${accountNameOf(reconciliationFindings.playerId)}`,
      })
      .from(reconciliationFindings)
      .leftJoin(platformTransfers, eq(platformTransfers.id, reconciliationFindings.transferId))
      .where(where)
      .orderBy(desc(reconciliationFindings.id))
      .limit(p.pageSize)
      .offset(offsetOf(p)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reconciliationFindings)
      .where(where),
  ]);
  return { rows, total: countOf(total) };
}
